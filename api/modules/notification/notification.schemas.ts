import { Type } from '@sinclair/typebox';
import { Id, PageQuery } from '../../http/schemas';

export const NoticeSchema = Type.Object({
  id: Type.Integer(), kind: Type.String(), title: Type.String(), body: Type.String(), link: Type.String(), read: Type.Boolean(), createdAt: Type.String(),
});
export const NoticePageSchema = Type.Object({ list: Type.Array(NoticeSchema), total: Type.Integer(), unread: Type.Integer(), pageNum: Type.Integer(), pageSize: Type.Integer() });
export const ListNoticesBody = Type.Object({ ...PageQuery, unreadOnly: Type.Optional(Type.Boolean()) }, { additionalProperties: false });
export const MarkReadBody = Type.Object({ ids: Type.Array(Id, { minItems: 1, maxItems: 100 }) }, { additionalProperties: false });
export const UnreadSchema = Type.Object({ unread: Type.Integer() });
export const ChangedSchema = Type.Object({ changed: Type.Integer(), unread: Type.Integer() });
