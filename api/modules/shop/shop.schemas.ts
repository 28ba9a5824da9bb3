// Schemas of the shop manager's calls. Strings are bounded loosely here and exactly by
// isomorphic/domain/shop.ts in the services, which answer coded bilingual messages.
import { Type, type Static } from '@sinclair/typebox';
import type { Certificate, CertificateForReview, Device, MapSettings, Partner, ShopWebsite, WebsiteSettings } from '../../../isomorphic/contracts/shop';
import { assertSame, Id, Nullable, type Same } from '../../http/schemas';
import { CompanyInfoSchema } from '../company/company.schemas';
import { ImagePath, ImageRefSchema, OrNull } from '../company/company-settings.schemas';

const Text = (max: number) => Type.String({ maxLength: max });
const Code = Type.Integer({ minimum: 0, maximum: 1000 });

export const CertificateSchema = Type.Object({
  id: Type.Integer(),
  type: Type.Integer(),
  name: Type.String(),
  number: Type.String(),
  issuer: Type.String(),
  validFrom: Type.String(),
  validTo: Nullable(Type.String()),
  images: Type.Array(ImageRefSchema),
  verifyStatus: Type.Integer({ description: '0 awaiting verification, 1 verified, 2 not accepted' }),
  verifyNote: Type.String(),
  badged: Type.Boolean({ description: 'verified and valid today: the badge shows' }),
  expired: Type.Boolean(),
});

export const CertificateForReviewSchema = Type.Composite([CertificateSchema, Type.Object({ companyId: Type.Integer(), companyName: Type.String(), updatedAt: Type.String() })]);

export const CertificateInputSchema = Type.Object({
  id: Type.Optional(Id),
  type: Code,
  name: Type.Optional(Text(200)),
  number: Text(200),
  issuer: Text(200),
  validFrom: Text(20),
  validTo: OrNull(Text(20)),
  images: Type.Array(ImagePath, { maxItems: 20 }),
}, { additionalProperties: false });

export const SaveCertificatesBody = Type.Object({ list: Type.Array(CertificateInputSchema, { maxItems: 50 }) }, { additionalProperties: false });

export const VerifyCertificateBody = Type.Object({
  id: Id,
  verified: Type.Boolean(),
  /** the certificate's updatedAt as the operator saw it: a certificate changed since is not decided */
  updatedAt: Type.String({ minLength: 1, maxLength: 40 }),
  /** required (2-200 characters) to refuse */
  note: Type.Optional(Text(200)),
}, { additionalProperties: false });

export const PartnerSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  kind: Type.Integer(),
  contact: Type.String(),
  tel: Type.String(),
  province: Type.String(),
  city: Type.String(),
  provinceName: Type.String(),
  cityName: Type.String(),
  intro: Type.String(),
  logo: Nullable(ImageRefSchema),
});

const partnerFields = {
  name: Text(100),
  kind: Code,
  contact: Type.Optional(Text(100)),
  tel: Type.Optional(Text(40)),
  province: Type.Optional(Text(12)),
  city: Type.Optional(Text(12)),
  intro: Type.Optional(Text(1000)),
  logo: Type.Optional(ImagePath),
};
export const AddPartnerBody = Type.Object(partnerFields, { additionalProperties: false });
export const UpdatePartnerBody = Type.Object({ id: Id, ...partnerFields }, { additionalProperties: false });

export const DeviceSchema = Type.Object({
  id: Type.Integer(),
  kind: Type.Integer(),
  name: Type.String(),
  gauge: Type.String({ description: '"sparsely": the machine gauge, e.g. E18' }),
  needles: Nullable(Type.Integer()),
  count: Type.Integer(),
  remark: Type.String(),
});

const deviceFields = {
  kind: Code,
  name: Type.Optional(Text(100)),
  gauge: Type.Optional(Text(50)),
  needles: Type.Optional(OrNull(Type.Integer({ minimum: -1, maximum: 10_000_000 }))),
  count: Type.Integer({ minimum: -1, maximum: 10_000_000 }),
  remark: Type.Optional(Text(500)),
};
export const AddDeviceBody = Type.Object(deviceFields, { additionalProperties: false });
export const UpdateDeviceBody = Type.Object({ id: Id, ...deviceFields }, { additionalProperties: false });
export const IdBody = Type.Object({ id: Id }, { additionalProperties: false });

export const WebsiteSettingsSchema = Type.Object({
  templateId: Type.String({ description: 'template_1 … template_10' }),
  sections: Type.Array(Type.String(), { description: 'banner, intro, album, products, certificates, equipment, partners, location; in page order' }),
});
export const SaveWebsiteBody = Type.Object({
  templateId: Text(20),
  sections: Type.Array(Text(20), { maxItems: 20 }),
}, { additionalProperties: false });

export const MapSettingsSchema = Type.Object({
  provider: Type.Union([Type.Literal('amap'), Type.Literal('none')]),
  key: Type.String(),
  securityCode: Type.String(),
  version: Type.String(),
});

export const ShopWebsiteSchema = Type.Object({
  company: CompanyInfoSchema,
  website: WebsiteSettingsSchema,
  verified: Type.Boolean(),
  certificates: Type.Array(CertificateSchema),
  devices: Type.Array(DeviceSchema),
  partners: Type.Array(PartnerSchema),
  album: Type.Array(ImageRefSchema),
  fax: Type.String(),
  registeredCapital: Nullable(Type.Integer()),
  companyType: Nullable(Type.Integer()),
  annualTurnover: Nullable(Type.Integer()),
  businessModel: Nullable(Type.Integer()),
  markets: Type.String(),
  customers: Type.String(),
  maps: MapSettingsSchema,
});

assertSame<Same<Static<typeof CertificateSchema>, Certificate>>();
assertSame<Same<Static<typeof CertificateForReviewSchema>, CertificateForReview>>();
assertSame<Same<Static<typeof PartnerSchema>, Partner>>();
assertSame<Same<Static<typeof DeviceSchema>, Device>>();
assertSame<Same<Static<typeof WebsiteSettingsSchema>, WebsiteSettings>>();
assertSame<Same<Static<typeof MapSettingsSchema>, MapSettings>>();
assertSame<Same<Static<typeof ShopWebsiteSchema>, ShopWebsite>>();
