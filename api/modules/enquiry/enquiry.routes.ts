// Enquiry calls (SPEC §7 /enquiry): ask the owner of a product, an offer or a request; the inbox and the
// sent box; one thread, a reply under it; who asked (for the party asked only). All for signed-in users;
// who may read which thread is decided in the service, by id.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ModuleOptions } from '../../deps';
import { ok, requestLang, responses } from '../../http/envelope';
import { PageOf } from '../../http/schemas';
import { signedInUser } from '../account/guard';
import { AskBody, AskUserQuery, EnquiryAskerSchema, EnquiryUnreadSchema, EnquiryItemSchema, EnquiryThreadSchema, ListBody, ReplyBody, ThreadBody } from './enquiry.schemas';
import * as enquiry from './enquiry.service';

export async function enquiryRoutes(fastify: FastifyInstance, { deps }: ModuleOptions): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ctx: enquiry.EnquiryDeps = { db: deps.db.db, storage: deps.storage };
  const tags = ['enquiry'];
  const security = [{ token: [] }];

  app.post('/enquiry/askPurchase', { config: { auth: 'user' }, schema: { tags, security, summary: 'Ask the owner of a product (1), a supply offer (2) or a purchase request (3)', body: AskBody, response: responses(EnquiryThreadSchema) } }, async (request) =>
    ok(request, await enquiry.ask(ctx, signedInUser(request), request.body, requestLang(request)), { zh: '询盘已发送', en: 'Enquiry sent' }));

  app.post('/enquiry/list', { config: { auth: 'user' }, schema: { tags, security, summary: 'Enquiries to me or my company (received), or the ones I sent, with filters', body: ListBody, response: responses(PageOf(EnquiryItemSchema)) } }, async (request) =>
    ok(request, await enquiry.list(ctx, signedInUser(request), request.body, requestLang(request))));

  app.post('/enquiry/thread', { config: { auth: 'user' }, schema: { tags, security, summary: 'One enquiry and its replies (its two parties only); marks them read', body: ThreadBody, response: responses(EnquiryThreadSchema) } }, async (request) =>
    ok(request, await enquiry.thread(ctx, signedInUser(request), request.body.id, requestLang(request))));

  app.post('/enquiry/reply', { config: { auth: 'user' }, schema: { tags, security, summary: 'Reply under an enquiry (its two parties only)', body: ReplyBody, response: responses(EnquiryThreadSchema) } }, async (request) =>
    ok(request, await enquiry.reply(ctx, signedInUser(request), request.body, requestLang(request)), { zh: '回复已发送', en: 'Reply sent' }));

  app.get('/enquiry/unreadCount', { config: { auth: 'user' }, schema: { tags, security, summary: 'How many enquiries to me or my company have news I have not read (the menus\' badge)', response: responses(EnquiryUnreadSchema) } }, async (request) =>
    ok(request, await enquiry.unreadCount(ctx, signedInUser(request))));

  app.get('/enquiry/askUser', { config: { auth: 'user' }, schema: { tags, security, summary: 'The asking user, for the party they asked', querystring: AskUserQuery, response: responses(EnquiryAskerSchema) } }, async (request) =>
    ok(request, await enquiry.askUser(ctx, signedInUser(request), request.query.userId, requestLang(request))));
}
