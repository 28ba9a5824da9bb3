// The platform's after-sale desk, for platform operators only (config auth 'operator', decided by
// isPlatformOperator in account/guard.ts); everyone else is refused (210403). Each decision is audited.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ApiDeps } from '../../deps';
import { ok, requestLang } from '../../http/envelope';
import { Id, PageQuery } from '../../http/schemas';
import { signedInUser } from '../account/guard';
import { recordAudit } from '../platform/platform.service';
import { decideAfterSale, openAfterSales } from './after-sale.service';
import { buyerOf, findOrder } from './order.lifecycle';
import { AfterSaleSchema, DecideAfterSaleBody, OrderDetailSchema, orderResponses } from './order.schemas';
import { orderDetail, toAfterSale } from './order.views';

export async function platformRoutes(fastify: FastifyInstance, opts: { deps: ApiDeps }): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = opts.deps.db.db;
  const views = { db, storage: opts.deps.storage };
  const tags = ['platform'];
  const security = [{ token: [] }];

  app.post('/platform/afterSale/list', {
    config: { auth: 'operator' },
    schema: { tags, security, summary: 'Open after-sale requests (0 applied, 1 intervened), oldest first', body: Type.Object(PageQuery), response: orderResponses(Type.Array(AfterSaleSchema)) },
  }, async (request) => {
    const { pageNum, pageSize } = request.body;
    const rows = await openAfterSales(db, pageSize, (pageNum - 1) * pageSize);
    return ok(request, rows.map((r) => toAfterSale(r, requestLang(request))));
  });

  app.post('/platform/afterSale/decide', {
    config: { auth: 'operator' },
    schema: { tags, security, summary: 'Decide an after-sale request: 1 intervene, 2 approve (order terminated), 3 reject (order continues)', body: DecideAfterSaleBody, response: orderResponses(AfterSaleSchema) },
  }, async (request) => {
    const user = signedInUser(request);
    const now = new Date();
    const decided = await decideAfterSale(db, user.id, request.body, now, (trx, before, after) => recordAudit(trx, {
      operatorId: user.id, action: 'afterSale.decide', targetType: 'afterSale', targetId: after.id,
      before: { status: before.status, platformNote: before.platform_note }, after: { status: after.status, platformNote: after.platform_note, orderId: after.order_id }, note: after.platform_note, now,
    }));
    return ok(request, toAfterSale(decided, requestLang(request)));
  });

  app.get('/platform/afterSale/order', {
    config: { auth: 'operator' },
    schema: { tags, security, summary: "The order of an after-sale request with its timeline (as its buyer sees it)", querystring: Type.Object({ id: Id }), response: orderResponses(OrderDetailSchema) },
  }, async (request) => {
    const order = await findOrder(db, request.query.id);
    return ok(request, await orderDetail(views, buyerOf({ id: order.buyer_id, company_id: null }), order, requestLang(request)));
  });
}
