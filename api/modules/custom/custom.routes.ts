import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ModuleOptions } from '../../deps';
import { ok, responses } from '../../http/envelope';
import { signedInUser } from '../account/guard';
import { shopOwner } from '../company/shop-owner';
import {
  CustomGarmentBody, CustomPatternBody, CustomQuoteBody, CustomRequestPageSchema, CustomRequestSchema, MyRequestsQuery, SellerCustomRequestPageSchema,
  SellerCustomRequestSchema, SellerRequestQuery, SellerRequestsQuery,
} from './custom.schemas';
import {
  getSellerRequest, listMyRequests, listSellerRequests, requestCustomGarment, requestCustomPattern, saveQuote, type CustomDeps, type QuotingSeller,
} from './custom.service';

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

  // Sellers (issue 17): the requests that match their company, and their answer to one.
  const seller = (request: Parameters<typeof shopOwner>[0]): QuotingSeller => shopOwner(request);

  app.get('/custom/sellerRequests', {
    config: { auth: 'seller' },
    schema: {
      tags: ['custom'],
      summary: 'The custom requests shown to the seller\'s company (open ones of a kind it sells, and those it answered), newest first, each with its own answer',
      security: [{ token: [] }],
      querystring: SellerRequestsQuery,
      response: responses(SellerCustomRequestPageSchema),
    },
  }, async (request) => ok(request, await listSellerRequests(cd, seller(request), request.query)));

  app.get('/custom/sellerRequest', {
    config: { auth: 'seller' },
    schema: {
      tags: ['custom'],
      summary: 'One custom request shown to the seller\'s company (400150 for any other)',
      security: [{ token: [] }],
      querystring: SellerRequestQuery,
      response: responses(SellerCustomRequestSchema),
    },
  }, async (request) => ok(request, await getSellerRequest(cd, seller(request), request.query.id)));

  app.post('/custom/quote', {
    config: { auth: 'seller' },
    schema: {
      tags: ['custom'],
      summary: 'The seller\'s company quotes on (price in cents, lead time in days, note) or declines a request shown to it, replacing its earlier answer while the request is open',
      security: [{ token: [] }],
      body: CustomQuoteBody,
      response: responses(SellerCustomRequestSchema),
    },
  }, async (request) => ok(request, await saveQuote(cd, seller(request), request.body), request.body.decline ? { zh: '已婉拒', en: 'Declined' } : { zh: '报价已发送', en: 'Quote sent' }));
}
