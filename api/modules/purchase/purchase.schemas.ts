// Request and response schemas of the purchase calls. Strings are bounded a little above their rules so
// that a too-long value gets the rule's own message, never a generic one.
import { Type, type Static } from '@sinclair/typebox';
import { assertSame, Id, Nullable, PageQuery, type Same } from '../../http/schemas';
import type { PurchaseDetail, PurchaseListItem, PurchaseMatches, PurchaseRelease, PurchaseResponse, PurchaseResponseInput, PurchaseTeaser, PurchaseView } from '../../../isomorphic/contracts/purchase';

const Code = Type.Integer({ minimum: 0, maximum: 999_999 });
const Path = Type.String({ maxLength: 300 });
const When = Type.String({ maxLength: 40, description: 'ISO-8601 date-time' });

export const ReleaseBody = Type.Object({
  imagePath: Path, catalogue: Code, sampleType: Code, acceptProduce: Type.Boolean(), quantity: Type.Integer({ minimum: 0, maximum: 2_147_483_647 }),
  unit: Code, description: Type.String({ maxLength: 80 }), deadline: When,
}, { additionalProperties: false });
assertSame<Same<Static<typeof ReleaseBody>, PurchaseRelease>>();

export const ActBody = Type.Object({
  id: Id,
  action: Type.Union([Type.Literal('close'), Type.Literal('cancel'), Type.Literal('finish'), Type.Literal('republish'), Type.Literal('success')]),
  deadline: Type.Optional(When),
  expectedVersion: Type.Optional(Type.Integer({ minimum: 0 })),
  /** republish only: a new picture (photo matching runs on it again) */
  imagePath: Type.Optional(Path),
}, { additionalProperties: false });

const StatusFilter = Type.Optional(Type.Integer({ minimum: 0, maximum: 99 }));
export const MineBody = Type.Object({ ...PageQuery, status: StatusFilter }, { additionalProperties: false });
export const HallBody = Type.Object({
  ...PageQuery, catalogue: Type.Optional(Code), unit: Type.Optional(Code), sampleType: Type.Optional(Code),
}, { additionalProperties: false });

export const TeaserSchema = Type.Object({
  id: Type.Integer(), catalogue: Type.Integer(), catalogueLabel: Type.String(), sampleType: Type.Integer(), sampleTypeLabel: Type.String(),
  unit: Type.Integer(), unitLabel: Type.String(), status: Type.Integer(), statusLabel: Type.String(), deadline: Type.String(),
  responseCount: Type.Integer(), createdAt: Type.String(),
});
assertSame<Same<Static<typeof TeaserSchema>, PurchaseTeaser>>();

export const DetailSchema = Type.Composite([TeaserSchema, Type.Object({
  imagePath: Type.String(), imageUrl: Type.String(), acceptProduce: Type.Boolean(), quantity: Type.Integer(), description: Type.String(),
  mine: Type.Boolean(), actions: Type.Array(Type.String()), selectedResponseId: Nullable(Type.Integer()), orderId: Nullable(Type.Integer()), version: Type.Integer(),
})]);
assertSame<Same<Static<typeof DetailSchema>, PurchaseDetail>>();

export const RefusalSchema = Type.Object({ code: Type.Integer(), message: Type.String() });
export const ViewSchema = Type.Object({ teaser: TeaserSchema, detail: Nullable(DetailSchema), hidden: Nullable(RefusalSchema) });
assertSame<Same<Static<typeof ViewSchema>, PurchaseView>>();

export const ListItemSchema = Type.Composite([TeaserSchema, Type.Object({ description: Nullable(Type.String()), imageUrl: Nullable(Type.String()), mine: Type.Boolean(), matchesMine: Type.Boolean() })]);
assertSame<Same<Static<typeof ListItemSchema>, PurchaseListItem>>();

const Ladder = Type.Array(Type.Object({ from: Type.Integer({ minimum: 0, maximum: 2_147_483_647 }), price: Type.Integer({ minimum: 0, maximum: 2_147_483_647 }) }, { additionalProperties: false }), { maxItems: 10 });
const ResponseFields = {
  ladder: Ladder, unit: Code, perUnit: Type.Number({ minimum: 0, maximum: 1_000_000 }), leadDays: Type.Integer({ minimum: -1, maximum: 10_000 }),
  cutSample: Type.Boolean(), pictures: Type.Array(Path, { maxItems: 10 }), note: Type.String({ maxLength: 300 }),
  /** optional: one of my company's products on sale; left out: none */
  productId: Type.Optional(Id),
};
export const RespondBody = Type.Object({ requestId: Id, ...ResponseFields }, { additionalProperties: false });
assertSame<Same<Static<typeof RespondBody>, PurchaseResponseInput>>();
export const EditResponseBody = Type.Object({ id: Id, ...ResponseFields }, { additionalProperties: false });
export const WithdrawBody = Type.Object({ id: Id }, { additionalProperties: false });
export const SelectBody = Type.Object({
  requestId: Id, responseId: Id, delivery: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })), consigneeId: Type.Optional(Id), remark: Type.Optional(Type.String({ maxLength: 200 })),
}, { additionalProperties: false });
export const SelectedSchema = Type.Object({ requestId: Type.Integer(), orderId: Type.Integer(), orderNo: Type.String() });

const Step = Type.Object({ from: Type.Integer(), price: Type.Integer() });
export const ResponseSchema = Type.Object({
  id: Type.Integer(), requestId: Type.Integer(), companyId: Type.Integer(), companyName: Type.String(), companyNameEn: Type.String(),
  ladder: Type.Array(Step), normalisedLadder: Type.Array(Step), unit: Type.Integer(), unitLabel: Type.String(), perUnit: Type.Number(),
  minimum: Type.Integer(), leadDays: Type.Integer(), cutSample: Type.Boolean(), pictureUrls: Type.Array(Type.String()), pictures: Type.Array(Type.String()),
  note: Type.String(), productId: Nullable(Type.Integer()),
  product: Nullable(Type.Object({ id: Type.Integer(), title: Type.String(), titleEn: Type.String(), code: Type.String(), coverUrl: Type.String() })),
  status: Type.Integer(), statusLabel: Type.String(), priceForRequest: Nullable(Type.Integer()), createdAt: Type.String(), updatedAt: Type.String(),
});
assertSame<Same<Static<typeof ResponseSchema>, PurchaseResponse>>();

export const MatchSchema = Type.Object({
  productId: Type.Integer(), score: Type.Number(), companyId: Type.Integer(), companyName: Type.String(), companyNameEn: Type.String(),
  title: Type.String(), titleEn: Type.String(), code: Type.String(), coverUrl: Type.String(), price: Nullable(Type.Integer()), unit: Type.Integer(),
});
export const MatchesSchema = Type.Object({
  state: Type.Union([Type.Literal('none'), Type.Literal('pending'), Type.Literal('done'), Type.Literal('failed')]), list: Type.Array(MatchSchema),
});
assertSame<Same<Static<typeof MatchesSchema>, PurchaseMatches>>();
