// Request and response schemas of the enquiry calls. Texts are bounded at twice the rule's length, so a
// message a little too long gets the rule's own message (ENQUIRY_TEXT) rather than a schema error.
import { Type, type Static } from '@sinclair/typebox';
import { assertSame, Id, PageQuery, type Same } from '../../http/schemas';
import { EnquiryLimits, enquiryTargetKinds } from '../../../isomorphic/domain/enquiry';
import type { EnquiryAsk, EnquiryAsker, EnquiryItem, EnquiryListQuery, EnquiryReply, EnquiryReplyBody, EnquiryThread, EnquiryUnread } from '../../../isomorphic/contracts/enquiry';

const Text = Type.String({ maxLength: EnquiryLimits.textMax * 2 });
const Kind = Type.Integer({ minimum: Math.min(...enquiryTargetKinds), maximum: Math.max(...enquiryTargetKinds) });
const Side = Type.Union([Type.Literal('asker'), Type.Literal('seller')]);

export const AskBody = Type.Object({ kind: Kind, targetId: Id, text: Text }, { additionalProperties: false });
assertSame<Same<Static<typeof AskBody>, EnquiryAsk>>();

export const ListBody = Type.Object({
  ...PageQuery,
  box: Type.Union([Type.Literal('received'), Type.Literal('sent')]),
  kind: Type.Optional(Kind),
  state: Type.Optional(Type.Union([Type.Literal('unanswered'), Type.Literal('answered'), Type.Literal('unread')])),
  keyword: Type.Optional(Type.String({ maxLength: EnquiryLimits.keywordMax })),
  askerId: Type.Optional(Id),
}, { additionalProperties: false });
assertSame<Same<Static<typeof ListBody>, EnquiryListQuery>>();

export const ThreadBody = Type.Object({ id: Id }, { additionalProperties: false });
export const ReplyBody = Type.Object({ id: Id, text: Text }, { additionalProperties: false });
assertSame<Same<Static<typeof ReplyBody>, EnquiryReplyBody>>();
export const AskUserQuery = Type.Object({ userId: Id }, { additionalProperties: false });

export const EnquiryItemSchema = Type.Object({
  id: Type.Integer(), kind: Type.Integer(), kindLabel: Type.String(), targetId: Type.Integer(), targetPath: Type.String(), subject: Type.String(),
  text: Type.String(), side: Side, askerId: Type.Integer(), askerName: Type.String(), askerCompany: Type.String(), sellerName: Type.String(),
  replyCount: Type.Integer(), answered: Type.Boolean(), unread: Type.Boolean(), createdAt: Type.String(), lastAt: Type.String(),
});
assertSame<Same<Static<typeof EnquiryItemSchema>, EnquiryItem>>();

export const EnquiryReplySchema = Type.Object({
  id: Type.Integer(), side: Side, authorName: Type.String(), text: Type.String(), mine: Type.Boolean(), createdAt: Type.String(),
});
assertSame<Same<Static<typeof EnquiryReplySchema>, EnquiryReply>>();

export const EnquiryThreadSchema = Type.Object({ enquiry: EnquiryItemSchema, replies: Type.Array(EnquiryReplySchema) });
assertSame<Same<Static<typeof EnquiryThreadSchema>, EnquiryThread>>();

export const EnquiryUnreadSchema = Type.Object({ received: Type.Integer({ minimum: 0 }) });
assertSame<Same<Static<typeof EnquiryUnreadSchema>, EnquiryUnread>>();

export const EnquiryAskerSchema = Type.Object({
  id: Type.Integer(), nickname: Type.String(), userType: Type.Integer(), userTypeLabel: Type.String(), mobile: Type.String(),
  companyId: Type.Union([Type.Integer(), Type.Null()]), companyName: Type.String(), companyNameEn: Type.String(), enquiries: Type.Integer(), firstAskedAt: Type.String(),
});
assertSame<Same<Static<typeof EnquiryAskerSchema>, EnquiryAsker>>();
