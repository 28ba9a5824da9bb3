// Schemas of the custom-request calls. The bodies take loose types (numbers, strings, arrays): the rules
// with their own messages are the service's (isomorphic/domain/custom-request.ts).
import { Type, type Static } from '@sinclair/typebox';
import type { CustomRequest } from '../../../isomorphic/contracts/catalogue';
import type { CustomQuote, CustomQuoteBody as QuoteBodyType, SellerCustomRequest } from '../../../isomorphic/contracts/custom-quote';
import { CustomQuoteLimits } from '../../../isomorphic/domain/custom-quote';
import { assertSame, Id, Nullable, PageOf, PageQuery, type Same } from '../../http/schemas';

export const CustomQuoteSchema = Type.Object({
  id: Type.Integer(),
  requestId: Type.Integer(),
  companyId: Type.Integer(),
  companyName: Type.String(),
  companyNameEn: Type.String(),
  status: Type.Integer({ description: '1 quoted, 2 declined' }),
  price: Nullable(Type.Integer({ description: 'cents, for the quantity asked' })),
  leadDays: Nullable(Type.Integer()),
  note: Type.String(),
  updatedAt: Type.String({ format: 'date-time' }),
});
assertSame<Same<Static<typeof CustomQuoteSchema>, CustomQuote>>();

export const CustomRequestSchema = Type.Object({
  id: Type.Integer(),
  kind: Type.Union([Type.Literal('pattern'), Type.Literal('garment')]),
  status: Type.Integer({ description: '0 submitted, 1 quoted, 2 closed' }),
  imageUrls: Type.Array(Type.String()),
  fields: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])),
  createdAt: Type.String({ format: 'date-time' }),
  openUntil: Type.String({ format: 'date-time', description: 'quotes are taken until then' }),
  quotes: Type.Array(CustomQuoteSchema, { description: 'sellers\' answers, newest first' }),
});
assertSame<Same<Static<typeof CustomRequestSchema>, CustomRequest>>();
export const CustomRequestPageSchema = PageOf(CustomRequestSchema);

const Images = Type.Array(Type.String({ maxLength: 200 }), { maxItems: 20, description: 'storeAs of uploaded images (at most 3)' });
const Num = Type.Number();
const Text = Type.String({ maxLength: 2000 });

export const CustomPatternBody = Type.Object(
  { images: Images, widthCm: Num, heightCm: Num, quantity: Num, remark: Type.Optional(Text) },
  { additionalProperties: false },
);

export const CustomGarmentBody = Type.Object({
  fabricCoding: Text, colour: Text, occasion: Text, style: Text, ageMin: Num, ageMax: Num,
  quantity: Type.Optional(Type.Union([Num, Type.Null()])), remark: Type.Optional(Text), images: Type.Optional(Images),
}, { additionalProperties: false });

export const MyRequestsQuery = Type.Object(
  { ...PageQuery, kind: Type.Optional(Type.Union([Type.Literal(''), Type.Literal('pattern'), Type.Literal('garment')])) },
  { additionalProperties: false },
);

export const SellerCustomRequestSchema = Type.Object({
  id: Type.Integer(),
  kind: Type.Union([Type.Literal('pattern'), Type.Literal('garment')]),
  imageUrls: Type.Array(Type.String()),
  fields: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])),
  createdAt: Type.String({ format: 'date-time' }),
  openUntil: Type.String({ format: 'date-time' }),
  open: Type.Boolean({ description: 'still takes quotes' }),
  myQuote: Nullable(CustomQuoteSchema),
});
assertSame<Same<Static<typeof SellerCustomRequestSchema>, SellerCustomRequest>>();
export const SellerCustomRequestPageSchema = PageOf(SellerCustomRequestSchema);

export const SellerRequestsQuery = Type.Object({ ...PageQuery }, { additionalProperties: false });
export const SellerRequestQuery = Type.Object({ id: Id }, { additionalProperties: false });

// Loose numbers: the rules with their own messages are checkQuote's.
export const CustomQuoteBody = Type.Object({
  requestId: Id,
  decline: Type.Boolean(),
  price: Type.Optional(Nullable(Type.Number({ description: 'cents, for the quantity asked' }))),
  leadDays: Type.Optional(Nullable(Type.Number({ description: 'days' }))),
  note: Type.Optional(Type.String({ maxLength: CustomQuoteLimits.noteMax * 4 })),
}, { additionalProperties: false });
assertSame<Same<Static<typeof CustomQuoteBody>, QuoteBodyType>>();
