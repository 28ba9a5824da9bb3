// Schemas of the seller's catalogue calls (/shopProduct/*), checked against isomorphic/contracts/catalogue-seller.ts.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type {
  ColourCardInput, CopyFlag, CopyFlagDecision, CopyFlagQuery, PlatformProduct, PlatformProductQuery, ProductInput, SellerColourCard, SellerProduct, SellerProductDetail, SellerProductPage,
} from '../../../isomorphic/contracts/catalogue-seller';
import type { PriceStep } from '../../../isomorphic/domain/price-ladder';
import { PriceLadderLimits } from '../../../isomorphic/domain/price-ladder';
import { assertSame, Id, Nullable, PageOf, PageQuery, type Same } from '../../http/schemas';
import { ImageRefSchema } from '../company/company-settings.schemas';

const Path = Type.String({ maxLength: 300 });
const Code = Type.Integer({ minimum: 0, maximum: 999_999 });
/** The api's coercion reads null as 0 here: 0 and null both mean "not given" (no width, attribute or price). */
const OrNull = <T extends TSchema>(schema: T) => Nullable(schema);
const Cents = Type.Integer({ minimum: 0, maximum: 2_147_483_647, description: 'cents' });

export const PriceStepSchema = Type.Object({
  from: Type.Integer({ minimum: 0, maximum: PriceLadderLimits.maxQuantity * 10, description: 'from this quantity on (whole units)' }),
  price: Cents,
}, { additionalProperties: false });

export const ColourCardInputSchema = Type.Object({
  id: Type.Optional(Id),
  name: Type.String({ maxLength: 100 }),
  nameEn: Type.Optional(Type.String({ maxLength: 100 })),
  hex: Type.String({ maxLength: 7, description: '#RRGGBB' }),
  image: Type.Optional(Path),
}, { additionalProperties: false });

const productFields = {
  kind: Type.Integer({ minimum: 1, maximum: 2, description: '1 lace pattern, 2 garment' }),
  title: Type.String({ maxLength: 200 }),
  titleEn: Type.Optional(Type.String({ maxLength: 200 })),
  code: Type.String({ maxLength: 100 }),
  patternType: Code,
  shape: Code,
  unit: Code,
  widthCm: Type.Optional(OrNull(Type.Integer({ minimum: 0, maximum: 100_000, description: 'cm' }))),
  composition: Type.Optional(Type.String({ maxLength: 500 })),
  description: Type.Optional(Type.String({ maxLength: 5000 })),
  descriptionEn: Type.Optional(Type.String({ maxLength: 5000 })),
  edge: Type.Optional(OrNull(Code)),
  craft: Type.Optional(OrNull(Code)),
  stretch: Type.Optional(OrNull(Code)),
  weightPerMetre: Type.Optional(OrNull(Type.Integer({ minimum: 0, maximum: 1_000_000, description: 'grams per metre (1-10,000)' }))),
  platePrice: Type.Optional(OrNull(Cents)),
  ladder: Type.Array(PriceStepSchema, { maxItems: 20 }),
  pictures: Type.Array(Path, { maxItems: 50 }),
  cover: Type.Optional(Path),
  colourCards: Type.Array(ColourCardInputSchema, { maxItems: 100 }),
};

export const ProductInputSchema = Type.Object(productFields, { additionalProperties: false });
export const UpdateProductBody = Type.Object({ id: Id, ...productFields }, { additionalProperties: false });
export const OnSaleBody = Type.Object({ id: Id, onSale: Type.Boolean() }, { additionalProperties: false });
export const IdBody = Type.Object({ id: Id }, { additionalProperties: false });
export const ColourCardEditBody = Type.Object({
  id: Id, name: Type.String({ maxLength: 100 }), nameEn: Type.Optional(Type.String({ maxLength: 100 })), hex: Type.String({ maxLength: 7 }), image: Type.Optional(Path),
}, { additionalProperties: false });
export const TakeDownBody = Type.Object({
  id: Id, reason: Type.Optional(Type.String({ maxLength: 1000 })), restore: Type.Optional(Type.Boolean({ description: 'true puts a taken-down product back off sale' })),
}, { additionalProperties: false });
export const SellerListBody = Type.Object({
  ...PageQuery,
  status: Type.Optional(Type.Union([Type.Literal(''), Type.Literal('onSale'), Type.Literal('offSale'), Type.Literal('takenDown')])),
}, { additionalProperties: false });

const ladder = Type.Array(Type.Object({ from: Type.Integer(), price: Type.Integer() }));

export const SellerProductSchema = Type.Object({
  id: Type.Integer(), kind: Type.Integer(), title: Type.String(), titleEn: Type.String(), code: Type.String(), cover: Nullable(ImageRefSchema), unit: Type.Integer(),
  status: Type.Integer({ description: '1 on sale, 0 off sale, 2 taken down by the platform' }), takedownReason: Type.String(),
  platePrice: Nullable(Type.Integer()), ladder, colourCount: Type.Integer(), updatedAt: Type.String({ format: 'date-time' }),
  photoSearch: Type.Union([Type.Literal('searchable'), Type.Literal('pending'), Type.Literal('notListed')], { description: 'whether photo search finds it yet' }),
  similarTo: Type.Array(Type.Object({ id: Type.Integer(), title: Type.String(), titleEn: Type.String() }), { description: "pattern-copy detection: other companies' on-sale products whose pictures are nearly the same" }),
});

export const SellerColourCardSchema = Type.Object({ id: Type.Integer(), name: Type.String(), nameEn: Type.String(), hex: Type.String(), image: Nullable(ImageRefSchema) });

export const SellerProductDetailSchema = Type.Composite([SellerProductSchema, Type.Object({
  patternType: Type.Integer(), shape: Type.Integer(), widthCm: Nullable(Type.Integer()), composition: Type.String(), description: Type.String(), descriptionEn: Type.String(),
  edge: Nullable(Type.Integer()), craft: Nullable(Type.Integer()), stretch: Nullable(Type.Integer()), weightPerMetre: Nullable(Type.Integer()),
  pictures: Type.Array(ImageRefSchema), colourCards: Type.Array(SellerColourCardSchema),
})]);

export const SellerProductPageSchema = Type.Composite([PageOf(SellerProductSchema), Type.Object({
  counts: Type.Object({ all: Type.Integer(), onSale: Type.Integer(), offSale: Type.Integer(), takenDown: Type.Integer() }),
})]);

const StatusFilter = Type.Union([Type.Literal(''), Type.Literal('onSale'), Type.Literal('offSale'), Type.Literal('takenDown')]);
export const PlatformProductListBody = Type.Object({
  ...PageQuery,
  keyword: Type.Optional(Type.String({ maxLength: 40, description: 'part of the title (zh or en), the pattern code or the company name' })),
  status: Type.Optional(StatusFilter),
}, { additionalProperties: false });
export const PlatformProductSchema = Type.Object({
  id: Type.Integer(), title: Type.String(), titleEn: Type.String(), code: Type.String(), cover: Nullable(ImageRefSchema), status: Type.Integer(), takedownReason: Type.String(),
  companyId: Type.Integer(), companyName: Type.String(), companyNameEn: Type.String(), updatedAt: Type.String({ format: 'date-time' }),
});
export const PlatformProductPageSchema = PageOf(PlatformProductSchema);
export const CopyFlagListBody = Type.Object({
  ...PageQuery,
  status: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('dismissed'), Type.Literal('takenDown')])),
}, { additionalProperties: false });
export const CopyFlagSchema = Type.Object({
  id: Type.Integer(), similarity: Type.Number(), status: Type.Integer({ description: '0 open, 1 dismissed, 2 product taken down' }), reason: Type.String(),
  createdAt: Type.String({ format: 'date-time' }), decidedAt: Nullable(Type.String({ format: 'date-time' })),
  product: PlatformProductSchema, other: PlatformProductSchema,
});
export const CopyFlagPageSchema = PageOf(CopyFlagSchema);
export const CopyFlagDecisionBody = Type.Object({
  id: Id, action: Type.Union([Type.Literal('dismiss'), Type.Literal('takeDown')]), reason: Type.String({ maxLength: 1000 }),
}, { additionalProperties: false });

assertSame<Same<Static<typeof PlatformProductSchema>, PlatformProduct>>();
assertSame<Same<Static<typeof PlatformProductListBody>, PlatformProductQuery>>();
assertSame<Same<Static<typeof CopyFlagSchema>, CopyFlag>>();
assertSame<Same<Static<typeof CopyFlagListBody>, CopyFlagQuery>>();
assertSame<Same<Static<typeof CopyFlagDecisionBody>, CopyFlagDecision>>();
assertSame<Same<Static<typeof PriceStepSchema>, PriceStep>>();
assertSame<Same<Static<typeof ColourCardInputSchema>, ColourCardInput>>();
assertSame<Same<Static<typeof ProductInputSchema>, ProductInput>>();
assertSame<Same<Static<typeof SellerProductSchema>, SellerProduct>>();
assertSame<Same<Static<typeof SellerColourCardSchema>, SellerColourCard>>();
assertSame<Same<Static<typeof SellerProductDetailSchema>, SellerProductDetail>>();
assertSame<Same<Static<typeof SellerProductPageSchema>, SellerProductPage>>();
