import { Type } from '@sinclair/typebox';
import { Id, PageOf, PageQuery } from '../../http/schemas';

export const CompanySchema = Type.Object({
  id: Type.Integer(), name: Type.String(), nameEn: Type.String(), kind: Type.Integer(), status: Type.Integer(), statusReason: Type.String(), logoUrl: Type.String(), createdAt: Type.String(),
});
export const CompanyListBody = Type.Object({ ...PageQuery, status: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 })), keyword: Type.Optional(Type.String({ maxLength: 40 })) }, { additionalProperties: false });
export const CompanyPage = Type.Object({ list: Type.Array(CompanySchema), total: Type.Integer() });
export const SuspendBody = Type.Object({ companyId: Id, reason: Type.String({ maxLength: 400 }) }, { additionalProperties: false });

export const AuditSchema = Type.Object({
  id: Type.Integer(), operatorId: Type.Integer(), operatorName: Type.String(), action: Type.String(), actionLabel: Type.String(), targetType: Type.String(),
  targetId: Type.Integer(), before: Type.String(), after: Type.String(), note: Type.String(), createdAt: Type.String(),
});
export const AuditBody = Type.Object({
  ...PageQuery,
  action: Type.Optional(Type.String({ maxLength: 40 })), targetType: Type.Optional(Type.String({ maxLength: 20 })), targetId: Type.Optional(Id),
  operatorId: Type.Optional(Id), from: Type.Optional(Type.String({ maxLength: 30 })), to: Type.Optional(Type.String({ maxLength: 30 })),
}, { additionalProperties: false });
export const AuditPage = PageOf(AuditSchema);
