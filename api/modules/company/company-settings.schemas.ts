// Schemas of the seller's shop settings calls. Strings are bounded loosely here (so no request is
// unbounded) and exactly by isomorphic/domain/shop.ts in the service, which answers a coded message.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type { ImageRef, ShopQrCode, ShopSettings } from '../../../isomorphic/contracts/shop';
import { assertSame, Nullable, type Same } from '../../http/schemas';

export const ImageRefSchema = Type.Object({ path: Type.String(), url: Type.String() });
/** A storage path from /file/upload (storeAs), or '' for none. */
export const ImagePath = Type.String({ maxLength: 200 });

/**
 * A value or null in a request body, as one `type: [t, 'null']` keyword: with the api's type coercion an
 * anyOf of the two would turn null into 0 or '' in its first branch.
 */
export const OrNull = <T extends TSchema>(schema: T) => Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type as string, 'null'] });

const Text = (max: number) => Type.String({ maxLength: max });
const Int = (max: number) => OrNull(Type.Integer({ minimum: -1, maximum: max }));

export const ShopSettingsSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  nameEn: Type.String(),
  abbreviation: Type.String(),
  mainBusiness: Type.String(),
  mainBusinessEn: Type.String(),
  intro: Type.String(),
  introEn: Type.String(),
  logo: Nullable(ImageRefSchema),
  banner: Nullable(ImageRefSchema),
  album: Type.Array(ImageRefSchema),
  tel: Type.String(),
  fax: Type.String(),
  smsMobiles: Type.Array(Type.String()),
  province: Type.String(),
  city: Type.String(),
  provinceName: Type.String(),
  cityName: Type.String(),
  address: Type.String(),
  lat: Nullable(Type.Number()),
  lng: Nullable(Type.Number()),
  registeredCapital: Nullable(Type.Integer()),
  companyType: Nullable(Type.Integer()),
  staffCount: Nullable(Type.Integer()),
  annualTurnover: Nullable(Type.Integer()),
  markets: Type.String(),
  businessModel: Nullable(Type.Integer()),
  customers: Type.String(),
  workshopArea: Nullable(Type.Integer()),
  establishedAt: Nullable(Type.String()),
});

export const UpdateCompanyBody = Type.Object({
  name: Type.Optional(Text(100)),
  nameEn: Type.Optional(Text(200)),
  abbreviation: Type.Optional(Text(100)),
  mainBusiness: Type.Optional(Text(100)),
  mainBusinessEn: Type.Optional(Text(200)),
  intro: Type.Optional(Text(2000)),
  introEn: Type.Optional(Text(4000)),
  logo: Type.Optional(ImagePath),
  banner: Type.Optional(ImagePath),
  album: Type.Optional(Type.Array(ImagePath, { maxItems: 30 })),
  tel: Type.Optional(Text(40)),
  fax: Type.Optional(Text(40)),
  smsMobiles: Type.Optional(Type.Array(Text(20), { maxItems: 10 })),
  province: Type.Optional(Text(12)),
  city: Type.Optional(Text(12)),
  address: Type.Optional(Text(400)),
  lat: Type.Optional(OrNull(Type.Number({ minimum: -1000, maximum: 1000 }))),
  lng: Type.Optional(OrNull(Type.Number({ minimum: -1000, maximum: 1000 }))),
}, { additionalProperties: false });

export const UpdateCompanyExtendBody = Type.Object({
  registeredCapital: Type.Optional(Int(1_000_000_000)),
  companyType: Type.Optional(Int(1000)),
  staffCount: Type.Optional(Int(100_000_000)),
  annualTurnover: Type.Optional(Int(1000)),
  markets: Type.Optional(Text(400)),
  businessModel: Type.Optional(Int(1000)),
  customers: Type.Optional(Text(800)),
  workshopArea: Type.Optional(Int(1_000_000_000)),
  establishedAt: Type.Optional(OrNull(Text(20))),
}, { additionalProperties: false });

export const ShopQrCodeSchema = Type.Object({ url: Type.String(), png: Type.String(), svg: Type.String() });

assertSame<Same<Static<typeof ImageRefSchema>, ImageRef>>();
assertSame<Same<Static<typeof ShopSettingsSchema>, ShopSettings>>();
assertSame<Same<Static<typeof ShopQrCodeSchema>, ShopQrCode>>();
