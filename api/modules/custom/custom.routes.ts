import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ModuleOptions } from '../../deps';
import { ok, responses } from '../../http/envelope';
import { signedInUser } from '../account/guard';
import { CustomGarmentBody, CustomPatternBody, CustomRequestPageSchema, CustomRequestSchema, MyRequestsQuery } from './custom.schemas';
import { listMyRequests, requestCustomGarment, requestCustomPattern, type CustomDeps } from './custom.service';

export async function customRoutes(fastify: FastifyInstance, { deps }: ModuleOptions): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const cd: CustomDeps = { db: deps.db.db, storage: deps.storage };

  app.post('/flower/customPattern', {
    config: { auth: 'user' },
    schema: {
      tags: ['custom'],
      summary: 'A custom pattern request: 1 to 3 reference images you uploaded, width and height in cm, quantity, remark',
      security: [{ token: [] }],
      body: CustomPatternBody,
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
      body: CustomGarmentBody,
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
      querystring: MyRequestsQuery,
      response: responses(CustomRequestPageSchema),
    },
  }, async (request) => {
    const user = signedInUser(request);
    const { kind, pageNum, pageSize } = request.query;
    return ok(request, await listMyRequests(cd, user.id, { kind: kind === '' ? undefined : kind, pageNum, pageSize }));
  });
}
