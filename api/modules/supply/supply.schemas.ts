// Request and response schemas of the supply calls.
import { Type, type Static } from '@sinclair/typebox';
import { assertSame, Id, Nullable, PageQuery, type Same } from '../../http/schemas';
import type { SupplyCounts, SupplyDetail, SupplyListItem, SupplyRelease, SupplyTeaser, SupplyView } from '../../../isomorphic/contracts/supply';
import { RefusalSchema } from '../purchase/purchase.schemas';

const Code = Type.Integer({ minimum: 0, maximum: 999_999 });

export const SupplyFields = {
  imagePath: Type.String({ maxLength: 300 }), catalogue: Code, sample: Type.Boolean(), quantity: Type.Integer({ minimum: 0, maximum: 2_147_483_647 }),
  unit: Code, description: Type.String({ maxLength: 80 }),
};
export const ReleaseSupplyBody = Type.Object(SupplyFields, { additionalProperties: false });
assertSame<Same<Static<typeof ReleaseSupplyBody>, SupplyRelease>>();
export const EditSupplyBody = Type.Object({ id: Id, ...SupplyFields }, { additionalProperties: false });
export const SupplyStatusBody = Type.Object({
  id: Id, action: Type.Union([Type.Literal('close'), Type.Literal('reopen'), Type.Literal('delete')]),
}, { additionalProperties: false });
export const MySuppliesQuery = Type.Object({ ...PageQuery, status: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 })) }, { additionalProperties: false });
export const SupplyHallBody = Type.Object({ ...PageQuery, catalogue: Type.Optional(Code), unit: Type.Optional(Code) }, { additionalProperties: false });

export const SupplyTeaserSchema = Type.Object({
  id: Type.Integer(), companyId: Nullable(Type.Integer()), companyName: Type.String(), companyNameEn: Type.String(), catalogue: Type.Integer(),
  catalogueLabel: Type.String(), unit: Type.Integer(), unitLabel: Type.String(), status: Type.Integer(), statusLabel: Type.String(),
  favouriteCount: Type.Integer(), createdAt: Type.String(),
});
assertSame<Same<Static<typeof SupplyTeaserSchema>, SupplyTeaser>>();
export const SupplyDetailSchema = Type.Composite([SupplyTeaserSchema, Type.Object({
  imagePath: Type.String(), imageUrl: Type.String(), sample: Type.Boolean(), quantity: Type.Integer(), description: Type.String(), mine: Type.Boolean(), updatedAt: Type.String(),
})]);
assertSame<Same<Static<typeof SupplyDetailSchema>, SupplyDetail>>();
export const SupplyViewSchema = Type.Object({ teaser: SupplyTeaserSchema, detail: Nullable(SupplyDetailSchema), hidden: Nullable(RefusalSchema) });
assertSame<Same<Static<typeof SupplyViewSchema>, SupplyView>>();
export const SupplyListItemSchema = Type.Composite([SupplyTeaserSchema, Type.Object({
  description: Nullable(Type.String()), imageUrl: Nullable(Type.String()), quantity: Nullable(Type.Integer()), mine: Type.Boolean(),
})]);
assertSame<Same<Static<typeof SupplyListItemSchema>, SupplyListItem>>();
export const SupplyCountsSchema = Type.Object({ inSupply: Type.Integer(), closed: Type.Integer(), total: Type.Integer() });
assertSame<Same<Static<typeof SupplyCountsSchema>, SupplyCounts>>();
