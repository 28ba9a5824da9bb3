// Request and response schemas of settlement and the operator's settlement queue. Strings are bounded a
// little above their rules so that a too-long value gets the rule's own message, never a generic one.
import { Type } from '@sinclair/typebox';
import { Id, Nullable, PageOf, PageQuery } from '../../http/schemas';

const Text = (max: number) => Type.String({ maxLength: max });
const Path = Type.String({ maxLength: 300 });
const AreaCode = Type.String({ maxLength: 12, pattern: '^[0-9]*$' });

export const SettlementFields = {
  companyName: Text(60), abbreviation: Text(30), mainBusiness: Text(40), intro: Type.Optional(Text(600)),
  landId: Type.Optional(Nullable(Id)), provinceCode: AreaCode, cityCode: AreaCode, address: Text(200),
  licencePath: Path, companyImagePath: Path, remark: Text(300), agreed: Type.Boolean(),
};
export const ApplyBody = Type.Object(SettlementFields, { additionalProperties: false });
export const ResubmitBody = Type.Object({ id: Id, ...SettlementFields }, { additionalProperties: false });
export const IdBody = Type.Object({ id: Id }, { additionalProperties: false });

export const LandSchema = Type.Object({
  id: Type.Integer(), name: Type.String(), nameEn: Type.String(), provinceCode: Type.String(), cityCode: Type.String(), speciality: Type.String(),
  specialityEn: Type.String(), open: Type.Boolean(), sort: Type.Integer(),
});

export const ApplicationSchema = Type.Object({
  id: Type.Integer(), userId: Type.Integer(), kind: Type.Union([Type.Literal('seller'), Type.Literal('buyer')]), companyName: Type.String(),
  abbreviation: Type.String(), mainBusiness: Type.String(), intro: Type.String(), landId: Nullable(Type.Integer()), provinceCode: Type.String(),
  cityCode: Type.String(), address: Type.String(), licencePath: Type.String(), licenceUrl: Type.String(), companyImagePath: Type.String(),
  companyImageUrl: Type.String(), remark: Type.String(), status: Type.Integer(), statusLabel: Type.String(), rejectReason: Type.String(),
  companyId: Nullable(Type.Integer()), decidedAt: Nullable(Type.String()), version: Type.Integer(), createdAt: Type.String(), updatedAt: Type.String(),
});

export const OverviewSchema = Type.Object({
  settled: Type.Boolean(), userType: Type.Integer(), kind: Type.Union([Type.Literal('seller'), Type.Literal('buyer')]),
  current: Nullable(ApplicationSchema), lands: Type.Array(LandSchema),
});

export const QueuedSchema = Type.Intersect([ApplicationSchema, Type.Object({
  applicant: Nullable(Type.Object({ id: Type.Integer(), nickname: Type.String(), mobile: Type.String(), userType: Type.Integer() })),
  landName: Type.String(),
})]);

export const QueueBody = Type.Object({ ...PageQuery, status: Type.Optional(Type.Integer({ minimum: 0, maximum: 3 })) }, { additionalProperties: false });
export const QueuePage = PageOf(QueuedSchema);
export const ApproveBody = Type.Object({ id: Id, companyId: Type.Optional(Id), expectedVersion: Type.Optional(Type.Integer({ minimum: 0 })) }, { additionalProperties: false });
export const RejectBody = Type.Object({ id: Id, reason: Text(400), expectedVersion: Type.Optional(Type.Integer({ minimum: 0 })) }, { additionalProperties: false });
export const SaveLandBody = Type.Object({
  id: Type.Optional(Id), name: Text(60), nameEn: Text(80), provinceCode: AreaCode, cityCode: AreaCode,
  speciality: Text(60), specialityEn: Text(120), open: Type.Boolean(), sort: Type.Integer({ minimum: 0, maximum: 10_000 }),
}, { additionalProperties: false });
