import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ModuleOptions } from '../../deps';
import type { CustomRequest } from '../../../isomorphic/contracts/catalogue';
import { ok, responses } from '../../http/envelope';
import { assertSame, PageOf, PageQuery, type Same } from '../../http/schemas';
import { signedInUser } from '../account/guard';
import { listMyRequests, requestCustomGarment, requestCustomPattern, type CustomDeps } from './custom.service';

export const CustomRequestSchema = Type.Object({
  id: Type.Integer(),
  kind: Type.Union([Type.Literal('pattern'), Type.Literal('garment')]),
  status: Type.Integer({ description: '0 submitted, 1 quoted, 2 closed' }),
  imageUrls: Type.Array(Type.String()),
  fields: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])),
  createdAt: Type.String({ format: 'date-time' }),
});
assertSame<Same<Static<typeof CustomRequestSchema>, CustomRequest>>();

// Loose types here (numbers, strings, arrays): the rules with their own messages are the service's.
const Images = Type.Array(Type.String({ maxLength: 200 }), { maxItems: 20, description: 'storeAs of uploaded images (at most 3)' });
const Num = Type.Number();
const Text = Type.String({ maxLength: 2000 });

export async function customRoutes(fastify: FastifyInstance, { deps }: ModuleOptions): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const cd: CustomDeps = { db: deps.db.db, storage: deps.storage };

  app.post('/flower/customPattern', {
    config: { auth: 'user' },
    schema: {
      tags: ['custom'],
      summary: 'A custom pattern request: 1 to 3 reference images you uploaded, width and height in cm, quantity, remark',
      security: [{ token: [] }],
      body: Type.Object({ images: Images, widthCm: Num, heightCm: Num, quantity: Num, remark: Type.Optional(Text) }),
      response: responses(CustomRequestSchema),
    },
  }, async (request) => {
    const user = signedInUser(request);
    return ok(request, await requestCustomPattern(cd, user.id, request.body));
  });

  app.post('/clothes/customProduct', {
    config: { auth: 'user' },
    schema: {
      tags: ['custom'],
      summary: 'A custom garment request: fabric coding, colour, occasion, style, age range 1-100 (max not below min), optional quantity, remark and up to 3 images',
      security: [{ token: [] }],
      body: Type.Object({
        fabricCoding: Text, colour: Text, occasion: Text, style: Text, ageMin: Num, ageMax: Num,
        quantity: Type.Optional(Type.Union([Num, Type.Null()])), remark: Type.Optional(Text), images: Type.Optional(Images),
      }),
      response: responses(CustomRequestSchema),
    },
  }, async (request) => {
    const user = signedInUser(request);
    const { quantity, ...rest } = request.body;
    return ok(request, await requestCustomGarment(cd, user.id, { ...rest, ...(quantity === null || quantity === undefined ? {} : { quantity }) }));
  });

  app.get('/custom/myRequests', {
    config: { auth: 'user' },
    schema: {
      tags: ['custom'],
      summary: 'The signed-in buyer\'s custom requests, newest first',
      security: [{ token: [] }],
      querystring: Type.Object({ ...PageQuery, kind: Type.Optional(Type.Union([Type.Literal(''), Type.Literal('pattern'), Type.Literal('garment')])) }),
      response: responses(PageOf(CustomRequestSchema)),
    },
  }, async (request) => {
    const user = signedInUser(request);
    const { kind, pageNum, pageSize } = request.query;
    return ok(request, await listMyRequests(cd, user.id, { kind: kind === '' ? undefined : kind, pageNum, pageSize }));
  });
}
