// The seller's order calls: a user whose company is the order's company lists, confirms (price, deposit
// or full payment), confirms payments and the balance, ships and cancels. Others' orders answer 300001.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ModuleOptions } from '../../deps';
import { ok, requestLang } from '../../http/envelope';
import { Id, PageOf } from '../../http/schemas';
import { signedInUser } from '../account/guard';
import { BuyTypeSchema } from '../cart/cart.schemas';
import { cancelOrder, confirmBalance, confirmOrder, shipOrder } from './order.actions';
import { findOrderFor, sellerOf, type OrderRow, type Party } from './order.lifecycle';
import { confirmPayment, rejectPayment } from './order.payment';
import {
  CancelBody, ConfirmBalanceBody, ConfirmOrderBody, IdAction, OrderDetailSchema, OrderListBody, OrderStatSchema, OrderSummarySchema,
  orderResponses, RejectPaymentBody, ShipBody,
} from './order.schemas';
import { listOrders, orderDetail, statOrders } from './order.views';

export async function shopOrderRoutes(fastify: FastifyInstance, { deps }: ModuleOptions): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = deps.db.db;
  const views = { db, storage: deps.storage };
  const tags = ['shopOrder'];
  const security = [{ token: [] }];
  const seller = async (request: FastifyRequest) => sellerOf(signedInUser(request));
  const detail = (request: FastifyRequest, party: Party, order: OrderRow) => orderDetail(views, party, order, requestLang(request));

  app.post('/shopOrder/listOrders', {
    config: { auth: 'seller' },
    schema: { tags, security, summary: "My company's orders, newest first, by buy type and status group", body: OrderListBody, response: orderResponses(PageOf(OrderSummarySchema)) },
  }, async (request) => ok(request, await listOrders(views, await seller(request), request.body, requestLang(request))));

  app.get('/shopOrder/statOrderNums', {
    config: { auth: 'seller' },
    schema: { tags, security, summary: "Counts of my company's orders per status group", querystring: Type.Object({ buyType: Type.Optional(BuyTypeSchema) }), response: orderResponses(OrderStatSchema) },
  }, async (request) => ok(request, await statOrders(db, await seller(request), request.query.buyType)));

  app.get('/shopOrder/getOrderDetails', {
    config: { auth: 'seller' },
    schema: { tags, security, summary: 'One order of my company', querystring: Type.Object({ id: Id }), response: orderResponses(OrderDetailSchema) },
  }, async (request) => {
    const party = await seller(request);
    return ok(request, await detail(request, party, await findOrderFor(db, party, request.query.id)));
  });

  app.post('/shopOrder/confirmOrder', {
    config: { auth: 'seller' },
    schema: { tags, security, summary: 'Confirm a bulk order: prices per line, then full payment (201010) or a deposit (201020)', body: ConfirmOrderBody, response: orderResponses(OrderDetailSchema) },
  }, async (request) => {
    const party = await seller(request);
    return ok(request, await detail(request, party, await confirmOrder(db, party, request.body)), { zh: '订单已确认', en: 'Order confirmed' });
  });

  app.post('/shopOrder/confirmPayment', {
    config: { auth: 'seller' },
    schema: { tags, security, summary: "Confirm the buyer's declared payment arrived", body: IdAction, response: orderResponses(OrderDetailSchema) },
  }, async (request) => {
    const party = await seller(request);
    return ok(request, await detail(request, party, await confirmPayment(db, party, request.body.id, request.body.expectedState)), { zh: '已确认收款', en: 'Payment confirmed' });
  });

  app.post('/shopOrder/rejectPayment', {
    config: { auth: 'seller' },
    schema: { tags, security, summary: 'The declared payment did not arrive: reject it (the buyer may declare again)', body: RejectPaymentBody, response: orderResponses(OrderDetailSchema) },
  }, async (request) => {
    const party = await seller(request);
    return ok(request, await detail(request, party, await rejectPayment(db, party, request.body.id, request.body.note)), { zh: '已退回付款信息', en: 'Payment declaration rejected' });
  });

  app.post('/shopOrder/confirmBalance', {
    config: { auth: 'seller' },
    schema: { tags, security, summary: 'After the deposit: confirm the balance the buyer pays next (201030 → 201040)', body: ConfirmBalanceBody, response: orderResponses(OrderDetailSchema) },
  }, async (request) => {
    const party = await seller(request);
    return ok(request, await detail(request, party, await confirmBalance(db, party, request.body)), { zh: '尾款已确认', en: 'Balance confirmed' });
  });

  app.post('/shopOrder/shipOrder', {
    config: { auth: 'seller' },
    schema: { tags, security, summary: 'Ship (or send the sample) with carrier and tracking number (optional for self pickup and home delivery)', body: ShipBody, response: orderResponses(OrderDetailSchema) },
  }, async (request) => {
    const party = await seller(request);
    return ok(request, await detail(request, party, await shipOrder(db, party, request.body)), { zh: '已发货', en: 'Shipped' });
  });

  app.post('/shopOrder/cancelOrder', {
    config: { auth: 'seller' },
    schema: { tags, security, summary: 'Cancel an unpaid order of my company (9920)', body: CancelBody, response: orderResponses(OrderDetailSchema) },
  }, async (request) => {
    const party = await seller(request);
    return ok(request, await detail(request, party, await cancelOrder(db, party, request.body)), { zh: '订单已取消', en: 'Order cancelled' });
  });
}
