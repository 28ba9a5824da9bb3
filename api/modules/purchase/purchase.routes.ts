// Purchase-request calls (SPEC §7 /productBuy, /buyTask): posting and the buyer's moves (signed in),
// one request by id and the open requests (anyone; details only to merchants and the request's buyer).
// This plugin also runs the sweep that writes "closed" on requests past their deadline.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ModuleOptions } from '../../deps';
import { ok, requestLang, responses } from '../../http/envelope';
import { Id, PageOf } from '../../http/schemas';
import { signedInUser } from '../account/guard';
import {
  ActBody, DetailSchema, EditResponseBody, HallBody, ListItemSchema, MatchesSchema, MineBody, ReleaseBody, RespondBody, ResponseSchema, SelectBody, SelectedSchema, ViewSchema, WithdrawBody,
} from './purchase.schemas';
import * as purchase from './purchase.service';

const SWEEP_MS = 60_000;

export async function purchaseRoutes(fastify: FastifyInstance, { deps }: ModuleOptions): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ctx: purchase.PurchaseDeps = { db: deps.db.db, storage: deps.storage };
  const tags = ['purchase'];
  const security = [{ token: [] }];

  app.post('/productBuy/release', { config: { auth: 'user' }, schema: { tags, security, summary: 'Post a purchase request (buyers, type 3); its picture is matched against the catalogue in the background', body: ReleaseBody, response: responses(DetailSchema) } }, async (request) => {
    const posted = await purchase.releasePurchase(ctx, signedInUser(request), request.body, requestLang(request));
    purchase.matchLater(ctx, posted.id, app.log);
    return ok(request, posted, { zh: '求购已发布', en: 'Purchase request posted' });
  });

  app.get('/productBuy/matches', { config: { auth: 'user' }, schema: { tags, security, summary: "The patterns on sale that look like my request's picture (its buyer only); state 'pending' while the photo search runs", querystring: Type.Object({ id: Id }, { additionalProperties: false }), response: responses(MatchesSchema) } }, async (request) =>
    ok(request, await purchase.purchaseMatches(ctx, signedInUser(request), request.query.id)));

  app.get('/productBuy/get', { config: { auth: 'optional' }, schema: { tags, summary: 'One request: details for merchants and its buyer, a teaser and the reason for anyone else', querystring: Type.Object({ id: Id }), response: responses(ViewSchema) } }, async (request) =>
    ok(request, await purchase.purchaseView(ctx, request.user, request.query.id, requestLang(request))));

  app.post('/productBuy/myProductBuys', { config: { auth: 'user' }, schema: { tags, security, summary: 'My purchase requests, newest first', body: MineBody, response: responses(PageOf(ListItemSchema)) } }, async (request) =>
    ok(request, await purchase.myPurchases(ctx, signedInUser(request), request.body, requestLang(request))));

  app.post('/productBuy/act', { config: { auth: 'user' }, schema: { tags, security, summary: 'Close, cancel, finish, republish (optionally with a new picture) or confirm the deal of my request', body: ActBody, response: responses(DetailSchema) } }, async (request) => {
    const done = await purchase.actOnPurchase(ctx, signedInUser(request), request.body, requestLang(request));
    if (request.body.action === 'republish' && request.body.imagePath) purchase.matchLater(ctx, done.id, app.log);
    return ok(request, done, { zh: '操作成功', en: 'Done' });
  });

  app.post('/buyTask/listBuyTask', { config: { auth: 'optional' }, schema: { tags, summary: 'Requests in purchase, newest first; description and picture only for merchants', body: HallBody, response: responses(PageOf(ListItemSchema)) } }, async (request) =>
    ok(request, await purchase.listOpenPurchases(ctx, request.user, request.body, requestLang(request))));

  app.post('/buyTask/myResponded', { config: { auth: 'seller' }, schema: { tags, security, summary: 'Requests my company responded to (myReceiving)', body: MineBody, response: responses(PageOf(ListItemSchema)) } }, async (request) =>
    ok(request, await purchase.respondedPurchases(ctx, signedInUser(request), request.body, requestLang(request))));

  app.post('/buyTask/respond', { config: { auth: 'seller' }, schema: { tags, security, summary: "Respond to a request in purchase for my company (once; a price ladder in my unit)", body: RespondBody, response: responses(ResponseSchema) } }, async (request) =>
    ok(request, await purchase.respond(ctx, signedInUser(request), request.body, requestLang(request)), { zh: '报价已提交', en: 'Response sent' }));

  app.post('/buyTask/editResponse', { config: { auth: 'seller' }, schema: { tags, security, summary: "Change my company's response until the buyer selects", body: EditResponseBody, response: responses(ResponseSchema) } }, async (request) =>
    ok(request, await purchase.editResponse(ctx, signedInUser(request), request.body, requestLang(request)), { zh: '报价已修改', en: 'Response saved' }));

  app.post('/buyTask/withdrawResponse', { config: { auth: 'seller' }, schema: { tags, security, summary: "Withdraw my company's response", body: WithdrawBody, response: responses(ResponseSchema) } }, async (request) =>
    ok(request, await purchase.withdrawResponse(ctx, signedInUser(request), request.body.id, requestLang(request)), { zh: '报价已撤回', en: 'Response withdrawn' }));

  app.get('/productBuy/responses', { config: { auth: 'user' }, schema: { tags, security, summary: "A request's responses, side by side (the buyer: all, cheapest for the quantity first; a supplier: its own)", querystring: Type.Object({ id: Id }), response: responses(Type.Array(ResponseSchema)) } }, async (request) =>
    ok(request, await purchase.responsesFor(ctx, signedInUser(request), request.query.id, requestLang(request))));

  app.post('/productBuy/select', { config: { auth: 'user' }, schema: { tags, security, summary: 'Choose a response: one bulk order awaiting the seller\'s confirmation (selecting again answers the same order)', body: SelectBody, response: responses(SelectedSchema) } }, async (request) =>
    ok(request, await purchase.selectResponse(ctx, signedInUser(request), request.body), { zh: '已选定供应商，大货订单已生成', en: 'Supplier chosen; the bulk order was placed' }));

  let running = false;
  const sweep = async () => {
    if (running) return;
    running = true;
    try {
      const closed = await purchase.closeExpiredPurchases(ctx.db);
      if (closed.length) app.log.info({ closed }, 'purchase sweep');
      const asked = await purchase.requeueStaleMatches(ctx, app.log);
      if (asked) app.log.info({ asked }, 'purchase sweep: photo matching asked again');
    } catch (err) {
      app.log.error({ err }, 'purchase sweep failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => { void sweep(); }, SWEEP_MS);
  timer.unref();
  app.addHook('onClose', async () => { clearInterval(timer); purchase.stopMatching(ctx.db); });
}
