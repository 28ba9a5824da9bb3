// Buyer's order calls of SPEC §7 (and the order detail, which the seller of the order may read too).
// This plugin also runs the order sweep (system cancellation, trade success after the after-sale window).
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ApiDeps } from '../../deps';
import { ok } from '../../http/envelope';
import { requestLang } from '../../http/envelope';
import { Id, PageOf } from '../../http/schemas';
import { ApiError } from '../../http/errors';
import { Codes } from '../../../isomorphic/domain/codes';
import { signedInUser } from '../account/guard';
import { BuyTypeSchema } from '../cart/cart.schemas';
import { applyAfterSale } from './after-sale.service';
import { cancelOrder, completeOrder, receiveGoods } from './order.actions';
import { buyerOf, findOrderFor, type OrderRow, type Party } from './order.lifecycle';
import { declarePayment } from './order.payment';
import { placeOrder } from './order.placement';
import {
  AfterSaleSchema, ApplyAfterSaleBody, CancelBody, DeclarePaymentBody, IdAction, OrderDetailSchema, OrderListBody, OrderStatSchema,
  OrderSummarySchema, orderResponses, PlaceOrderBody,
} from './order.schemas';
import { defaultOrderSettings, type OrderSettings } from './order.settings';
import { cancelOverdueOrders, completeReceivedOrders } from './order.sweep';
import { runEvery } from '../../http/every';
import { listOrders, orderDetail, statOrders, summarize, toAfterSale } from './order.views';
import { offlineTransferDriver, type PaymentDriver } from './payment.driver';

export interface OrderModuleOptions { deps: ApiDeps; settings?: Partial<OrderSettings>; paymentDriver?: PaymentDriver }

export async function orderRoutes(fastify: FastifyInstance, opts: OrderModuleOptions): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const settings: OrderSettings = { ...defaultOrderSettings, ...opts.deps.config.orders, ...opts.settings };
  const driver = opts.paymentDriver ?? offlineTransferDriver;
  const db = opts.deps.db.db;
  const views = { db, storage: opts.deps.storage };
  const tags = ['order'];
  const security = [{ token: [] }];
  const detail = async (request: FastifyRequest, party: Party, order: OrderRow) => orderDetail(views, party, order, requestLang(request));

  app.post('/order/placeOrder', {
    config: { auth: 'user' },
    schema: {
      tags, security, body: PlaceOrderBody, response: orderResponses(Type.Object({ orders: Type.Array(OrderSummarySchema) })),
      summary: 'Place one order per company in one transaction; prices come from the catalogue; the same idempotencyKey returns the same orders',
    },
  }, async (request) => {
    const user = signedInUser(request);
    const rows = await placeOrder(db, user, request.body);
    return ok(request, { orders: await summarize(views, buyerOf(user), rows, requestLang(request)) }, { zh: '下单成功', en: 'Order placed' });
  });

  app.post('/order/getUserOrders', {
    config: { auth: 'user' },
    schema: { tags, security, summary: 'My orders as a buyer, newest first, by buy type and status group', body: OrderListBody, response: orderResponses(PageOf(OrderSummarySchema)) },
  }, async (request) => {
    const user = signedInUser(request);
    return ok(request, await listOrders(views, buyerOf(user), request.body, requestLang(request)));
  });

  app.get('/order/getOrderDetails', {
    config: { auth: 'user' },
    schema: {
      tags, security, summary: 'One order with lines, consignee, amounts, trace times and timeline: for its buyer or its seller; anyone else gets 300001',
      querystring: Type.Object({ id: Id }), response: orderResponses(OrderDetailSchema),
    },
  }, async (request) => {
    const user = signedInUser(request);
    const asBuyer = buyerOf(user);
    const order = await findOrderFor(db, asBuyer, request.query.id).catch(async (err) => {
      if (!(err instanceof ApiError) || err.code !== Codes.ORDER_NOT_FOUND || user.company_id === null) throw err;
      return null;
    });
    if (order) return ok(request, await detail(request, asBuyer, order));
    const asSeller: Party = { role: 'seller', userId: user.id, companyId: user.company_id };
    return ok(request, await detail(request, asSeller, await findOrderFor(db, asSeller, request.query.id)));
  });

  app.get('/order/statOrderNums', {
    config: { auth: 'user' },
    schema: { tags, security, summary: 'Counts of my orders (as buyer) per status group, for the tabs', querystring: Type.Object({ buyType: Type.Optional(BuyTypeSchema) }), response: orderResponses(OrderStatSchema) },
  }, async (request) => {
    const user = signedInUser(request);
    return ok(request, await statOrders(db, buyerOf(user), request.query.buyType));
  });

  app.post('/order/cancelOrder', {
    config: { auth: 'user' },
    schema: { tags, security, summary: 'Cancel my unpaid order (9910)', body: CancelBody, response: orderResponses(OrderDetailSchema) },
  }, async (request) => {
    const party = buyerOf(signedInUser(request));
    return ok(request, await detail(request, party, await cancelOrder(db, party, request.body)), { zh: '订单已取消', en: 'Order cancelled' });
  });

  app.post('/order/receiptGoods', {
    config: { auth: 'user' },
    schema: { tags, security, summary: 'Confirm receipt (samples and plates: trade success; bulk: received)', body: IdAction, response: orderResponses(OrderDetailSchema) },
  }, async (request) => {
    const party = buyerOf(signedInUser(request));
    return ok(request, await detail(request, party, await receiveGoods(db, party, request.body)), { zh: '已确认收货', en: 'Receipt confirmed' });
  });

  app.post('/order/confirmTradeSuccess', {
    config: { auth: 'user' },
    schema: { tags, security, summary: 'Confirm a received bulk order as a trade success (otherwise the system does after the after-sale window)', body: IdAction, response: orderResponses(OrderDetailSchema) },
  }, async (request) => {
    const party = buyerOf(signedInUser(request));
    return ok(request, await detail(request, party, await completeOrder(db, party, request.body)), { zh: '交易成功', en: 'Trade succeeded' });
  });

  app.post('/order/declarePayment', {
    config: { auth: 'user' },
    schema: {
      tags, security, body: DeclarePaymentBody, response: orderResponses(OrderDetailSchema),
      summary: `Declare a payment of the amount now due (full, deposit or balance) through the payment driver (default: offline bank transfer, confirmed by the seller)`,
    },
  }, async (request) => {
    const party = buyerOf(signedInUser(request));
    return ok(request, await detail(request, party, await declarePayment(db, driver, party, request.body)), { zh: '付款信息已提交，等待卖家确认', en: 'Payment declared, awaiting the seller' });
  });

  app.post('/order/applyAfterSale', {
    config: { auth: 'user' },
    schema: { tags, security, summary: 'Apply for after-sale on my paid or shipped order; the platform decides', body: ApplyAfterSaleBody, response: orderResponses(AfterSaleSchema) },
  }, async (request) => {
    const party = buyerOf(signedInUser(request));
    return ok(request, toAfterSale(await applyAfterSale(db, party, request.body), requestLang(request)), { zh: '售后申请已提交', en: 'After-sale request submitted' });
  });

  runEvery(app, 'order sweep', settings.sweepIntervalMs, async (now) => {
    const cancelled = await cancelOverdueOrders(db, now, settings.unpaidMaxAgeMs);
    const completed = await completeReceivedOrders(db, now, settings.receivedCompleteAfterMs);
    return cancelled.length || completed.length ? { cancelled, completed } : null;
  });
}
