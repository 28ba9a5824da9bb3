// The lifecycle table of isomorphic/domain/order.ts, tested row by row on every dialect: each allowed
// (state, actor, action) reaches its next state and records its trace times and event; every other
// (state, actor, action) is refused and changes nothing; then explicit refusal rows with their own codes.
import t from 'tap';
import { BuyType, Delivery } from '../../../isomorphic/domain/catalogue';
import { Codes } from '../../../isomorphic/domain/codes';
import {
  AfterSaleStatus, allowedActions, buyTypes, OrderStatus, orderLifecycle, PaymentStage, ShippingFlag, stateOf, statesOf, traceFields,
  type Actor, type OrderAction,
} from '../../../isomorphic/domain/order';
import type { OrderDetail, OrderStatCounts, OrderSummary } from '../../../isomorphic/contracts/order';
import { decideAfterSale } from '../../../api/modules/order/after-sale.service';
import { cancelOverdueOrders, completeReceivedOrders } from '../../../api/modules/order/order.sweep';
import { traceColumn } from '../../../api/modules/order/order.lifecycle';
import { dialects } from '../../helpers/db';
import { createMarket } from '../../helpers/market';
import { currentState, kindName, newDeal, newKey, orderIn, orderRow, perform, placeOne } from '../../helpers/order-driver';

/** The (actor, action) pairs a party can attempt, for the refusal matrix. */
const attempts: Array<[Actor, OrderAction]> = [
  ['buyer', 'declarePayment'], ['buyer', 'receive'], ['buyer', 'complete'], ['buyer', 'cancel'],
  ['seller', 'confirm'], ['seller', 'confirmPayment'], ['seller', 'confirmBalance'], ['seller', 'ship'], ['seller', 'cancel'],
  ['system', 'cancel'], ['system', 'complete'],
];

for (const { dialect, skip } of await dialects()) {
  t.test(`order lifecycle on ${dialect}`, { skip }, async (t) => {
    const m = await createMarket(dialect);
    t.teardown(() => m.close());
    const deal = await newDeal(m);

    t.test('every row of the table moves the order to its next state, with its trace times and event', async (t) => {
      for (const row of orderLifecycle) {
        const name = `${kindName[row.kind]}: ${row.from} —${row.actor} ${row.action}→ ${row.to}`;
        const id = await orderIn(deal, row.kind, row.from);
        const before = await orderRow(m, id);
        const outcome = await perform(deal, id, row.actor, row.action, { to: row.to, prepare: true });
        t.ok(outcome.ok, `${name}: accepted ${outcome.message}`);
        const after = await orderRow(m, id);
        t.equal(stateOf({ status: after.status, subStatus: after.sub_status }), row.to, `${name}: next state`);
        for (const field of row.stamps) t.ok(after[traceColumn[field]], `${name}: ${field} recorded`);
        t.ok(after.version > before.version, `${name}: version bumped`);
        const event = await m.db.selectFrom('order_event').selectAll().where('order_id', '=', id).orderBy('id', 'desc').executeTakeFirstOrThrow();
        t.same([event.actor, event.action, event.from_state, event.to_state], [row.actor, row.action, row.from, row.to], `${name}: event recorded`);
      }
    });

    t.test('every (state, actor, action) outside the table is refused and changes nothing', async (t) => {
      for (const kind of buyTypes) {
        for (const state of statesOf(kind)) {
          const id = await orderIn(deal, kind, state);
          for (const [actor, action] of attempts) {
            if (allowedActions(kind, state, actor).includes(action)) continue;
            const before = await orderRow(m, id);
            const events = await m.db.selectFrom('order_event').select('id').where('order_id', '=', id).execute();
            const outcome = await perform(deal, id, actor, action);
            const name = `${kindName[kind]}: ${state} —${actor} ${action}`;
            t.notOk(outcome.ok, `${name}: refused`);
            t.equal(outcome.code, Codes.ORDER_ACTION_NOT_ALLOWED, `${name}: code ${outcome.code} ${outcome.message}`);
            // A system attempt backdates the order's idle time so the sweep considers it; put it back first.
            await m.db.updateTable('trade_order').set({ status_at: before.status_at, received_at: before.received_at }).where('id', '=', id).execute();
            t.same(await orderRow(m, id), before, `${name}: order unchanged`);
            const eventsAfter = await m.db.selectFrom('order_event').select('id').where('order_id', '=', id).execute();
            t.equal(eventsAfter.length, events.length, `${name}: no event`);
          }
        }
      }
    });

    // Refusals with their own codes: each row names the state, who tries what, and the answer.
    const refusalRows: Array<{ name: string; kind: number; state: number; setup?: (id: number) => Promise<void>; act: (id: number) => Promise<{ body: { code: number } }>; code: number }> = [
      {
        name: 'plate 3000: the seller confirms a payment nobody declared', kind: BuyType.PLATE_CUT, state: OrderStatus.PLATE_AWAITING_PAYMENT,
        act: (id) => m.post('/shopOrder/confirmPayment', { id }, deal.seller.token), code: Codes.PAYMENT_NOT_DECLARED,
      },
      {
        name: 'plate 3000: the buyer declares a second payment while one waits', kind: BuyType.PLATE_CUT, state: OrderStatus.PLATE_AWAITING_PAYMENT,
        setup: async (id) => { await perform(deal, id, 'buyer', 'declarePayment'); },
        act: (id) => m.post('/order/declarePayment', { id, payerName: 'x', reference: 'y' }, deal.buyer.token), code: Codes.PAYMENT_PENDING,
      },
      {
        name: 'plate 3000: the buyer cancels while a declared payment waits', kind: BuyType.PLATE_CUT, state: OrderStatus.PLATE_AWAITING_PAYMENT,
        setup: async (id) => { await perform(deal, id, 'buyer', 'declarePayment'); },
        act: (id) => m.post('/order/cancelOrder', { id }, deal.buyer.token), code: Codes.PAYMENT_PENDING,
      },
      {
        name: 'bulk 2000: a deposit not below the total', kind: BuyType.BULK, state: OrderStatus.BULK_AWAITING_CONFIRMATION,
        act: async (id) => {
          const lines = await m.db.selectFrom('order_line').select('id').where('order_id', '=', id).execute();
          return m.post('/shopOrder/confirmOrder', { id, paymentMode: 'deposit', depositAmount: 4500, lines: lines.map((l) => ({ lineId: l.id, unitPrice: 1500 })) }, deal.seller.token);
        },
        code: Codes.ORDER_PRICE_INVALID,
      },
      {
        name: 'bulk 2000: a deposit without an amount', kind: BuyType.BULK, state: OrderStatus.BULK_AWAITING_CONFIRMATION,
        act: (id) => m.post('/shopOrder/confirmOrder', { id, paymentMode: 'deposit' }, deal.seller.token), code: Codes.ORDER_PRICE_INVALID,
      },
      {
        name: 'bulk 2000: a price for a line of another order', kind: BuyType.BULK, state: OrderStatus.BULK_AWAITING_CONFIRMATION,
        act: (id) => m.post('/shopOrder/confirmOrder', { id, paymentMode: 'full', lines: [{ lineId: 999999, unitPrice: 100 }] }, deal.seller.token), code: Codes.ORDER_PRICE_INVALID,
      },
      {
        name: 'sample 1010: shipping without carrier and tracking number', kind: BuyType.SAMPLE_CUT, state: OrderStatus.SAMPLE_AWAITING_SHIPMENT,
        act: (id) => m.post('/shopOrder/shipOrder', { id, carrier: ' ' }, deal.seller.token), code: Codes.SHIPPING_DETAILS_REQUIRED,
      },
      {
        name: 'bulk 2030: receipt while an after-sale is open', kind: BuyType.BULK, state: OrderStatus.BULK_AWAITING_RECEIPT,
        setup: async (id) => { await m.post('/order/applyAfterSale', { id, reason: 'wrong colour' }, deal.buyer.token); },
        act: (id) => m.post('/order/receiptGoods', { id }, deal.buyer.token), code: Codes.ORDER_FROZEN_BY_AFTER_SALE,
      },
      {
        name: 'sample 1010: a page that still shows an older state', kind: BuyType.SAMPLE_CUT, state: OrderStatus.SAMPLE_AWAITING_SHIPMENT,
        act: (id) => m.post('/order/cancelOrder', { id, expectedState: OrderStatus.SAMPLE_AWAITING_RECEIPT }, deal.buyer.token), code: Codes.ORDER_STATUS_CHANGED,
      },
      {
        name: 'sample 1020: after-sale applied twice', kind: BuyType.SAMPLE_CUT, state: OrderStatus.SAMPLE_AWAITING_RECEIPT,
        setup: async (id) => { await m.post('/order/applyAfterSale', { id, reason: 'torn' }, deal.buyer.token); },
        act: (id) => m.post('/order/applyAfterSale', { id, reason: 'again' }, deal.buyer.token), code: Codes.AFTER_SALE_NOT_ALLOWED,
      },
      {
        name: 'plate 3000: after-sale before anything was paid', kind: BuyType.PLATE_CUT, state: OrderStatus.PLATE_AWAITING_PAYMENT,
        act: (id) => m.post('/order/applyAfterSale', { id, reason: 'no' }, deal.buyer.token), code: Codes.AFTER_SALE_NOT_ALLOWED,
      },
    ];

    t.test('explicit refusal rows', async (t) => {
      for (const row of refusalRows) {
        const id = await orderIn(deal, row.kind, row.state);
        if (row.setup) await row.setup(id);
        const before = await orderRow(m, id);
        const r = await row.act(id);
        t.equal(r.body.code, row.code, row.name);
        t.same(await orderRow(m, id), before, `${row.name}: order unchanged`);
      }
    });

    t.test('a bulk order with a deposit: amounts, sub-states, overdue flag and the whole trace', async (t) => {
      const id = await placeOne(deal, BuyType.BULK);
      const seller = deal.seller.token, buyer = deal.buyer.token;
      const lines = await m.db.selectFrom('order_line').select('id').where('order_id', '=', id).execute();
      const confirmed = await m.post<OrderDetail>('/shopOrder/confirmOrder', { id, paymentMode: 'deposit', depositAmount: 2000, lines: [{ lineId: lines[0].id, unitPrice: 3000 }], stockPeriod: 10 }, seller);
      t.equal(confirmed.body.code, 0);
      t.match(confirmed.body.data, { status: OrderStatus.BULK_AWAITING_PAYMENT, subStatus: PaymentStage.AWAITING_DEPOSIT, goodsAmount: 9000, depositAmount: 2000, balanceAmount: 7000, amountDue: 2000, stockPeriod: 10, actions: [] });
      const buyerView = await m.get<OrderDetail>(`/order/getOrderDetails?id=${id}`, buyer);
      t.same(buyerView.body.data.actions, ['declarePayment', 'cancel'], 'the buyer may pay the deposit or cancel');
      t.equal(buyerView.body.data.stateLabel, 'Awaiting deposit');
      const declared = await m.post<OrderDetail>('/order/declarePayment', { id, payerName: '林小姐', reference: 'ICBC-001' }, buyer);
      t.same(declared.body.data.actions, [], 'nothing to do for the buyer while the seller checks');
      t.match(declared.body.data.payments, [{ purpose: 'deposit', amount: 2000, status: 'pending', driver: 'offline', reference: 'ICBC-001' }]);
      const sellerView = await m.get<OrderDetail>(`/shopOrder/getOrderDetails?id=${id}`, seller);
      t.same(sellerView.body.data.actions, ['confirmPayment'], 'the seller confirms the payment (and cannot cancel while it waits)');
      const rejected = await m.post<OrderDetail>('/shopOrder/rejectPayment', { id, note: 'not arrived' }, seller);
      t.match(rejected.body.data.payments, [{ status: 'rejected', decisionNote: 'not arrived' }]);
      t.equal(rejected.body.data.subStatus, PaymentStage.AWAITING_DEPOSIT, 'still awaiting the deposit');
      await m.post('/order/declarePayment', { id, payerName: '林小姐', reference: 'ICBC-002' }, buyer);
      const deposit = await m.post<OrderDetail>('/shopOrder/confirmPayment', { id }, seller);
      t.match(deposit.body.data, { subStatus: PaymentStage.AWAITING_BALANCE_CONFIRMATION, paidAmount: 2000, amountDue: null });
      const balance = await m.post<OrderDetail>('/shopOrder/confirmBalance', { id, balanceAmount: 6500 }, seller);
      t.match(balance.body.data, { subStatus: PaymentStage.AWAITING_BALANCE_PAYMENT, goodsAmount: 8500, balanceAmount: 6500, amountDue: 6500 });
      await m.post('/order/declarePayment', { id, payerName: '林小姐', reference: 'ICBC-003' }, buyer);
      const paid = await m.post<OrderDetail>('/shopOrder/confirmPayment', { id }, seller);
      t.match(paid.body.data, { status: OrderStatus.BULK_AWAITING_SHIPMENT, subStatus: null, paidAmount: 8500, shippingFlag: ShippingFlag.NOT_OVERDUE });
      const shipBy = new Date(paid.body.data.shipBy!).getTime();
      t.ok(Math.abs(shipBy - (Date.now() + 10 * 86400_000)) < 60_000, 'ship-by is the stock period after full payment');
      await m.db.updateTable('trade_order').set({ ship_by: new Date(Date.now() - 1000).toISOString() }).where('id', '=', id).execute();
      const late = await m.get<OrderDetail>(`/order/getOrderDetails?id=${id}`, buyer);
      t.equal(late.body.data.shippingFlag, ShippingFlag.OVERDUE, 'past the ship-by date: shipping overdue');
      await m.post('/shopOrder/shipOrder', { id, carrier: '德邦物流', trackingNo: 'DB42' }, seller);
      await m.post('/order/receiptGoods', { id }, buyer);
      const done = await m.post<OrderDetail>('/order/confirmTradeSuccess', { id }, buyer);
      t.match(done.body.data, { status: OrderStatus.BULK_SUCCESS, stateLabel: 'Trade succeeded', carrier: '德邦物流', trackingNo: 'DB42', viewerRole: 'buyer' });
      t.same(done.body.data.trace.map((x) => x.field), traceFields.filter((f) => !['sampleSentAt', 'cancelledAt'].includes(f)), 'every trace time of a bulk order');
      t.same(done.body.data.timeline.map((e) => e.action), [
        'place', 'confirm', 'declarePayment', 'rejectPayment', 'declarePayment', 'confirmPayment', 'confirmBalance', 'declarePayment', 'confirmPayment', 'ship', 'receive', 'complete',
      ], 'the timeline tells the whole story');
      t.equal(done.body.data.timeline[0].actionLabel, 'Order placed');
    });

    t.test('samples: free, sent, received; the trace has the sample sent time', async (t) => {
      const id = await placeOne(deal, BuyType.SAMPLE_CUT);
      const placed = await m.get<OrderDetail>(`/order/getOrderDetails?id=${id}`, deal.buyer.token);
      t.match(placed.body.data, { status: OrderStatus.SAMPLE_AWAITING_SHIPMENT, goodsAmount: 0, amountDue: null });
      t.same(placed.body.data.lines.map((l) => [l.unitPrice, l.amount]), [[0, 0]], 'samples are free');
      await m.post('/shopOrder/shipOrder', { id, carrier: '顺丰', trackingNo: 'SF1' }, deal.seller.token);
      const done = await m.post<OrderDetail>('/order/receiptGoods', { id }, deal.buyer.token);
      t.same(done.body.data.trace.map((x) => x.field), ['createdAt', 'sampleSentAt', 'receivedAt', 'tradeSuccessAt']);
      t.equal(done.body.data.trace[1].label, 'Sample sent time');
    });

    t.test('self pickup needs no tracking number', async (t) => {
      const id = await placeOne(deal, BuyType.SAMPLE_CUT, Delivery.SELF_PICKUP);
      const r = await m.post<OrderDetail>('/shopOrder/shipOrder', { id }, deal.seller.token);
      t.equal(r.body.code, 0);
      t.equal(r.body.data.status, OrderStatus.SAMPLE_AWAITING_RECEIPT);
    });

    t.test('the sweep cancels only unpaid orders idle too long without a declared payment', async (t) => {
      const fresh = await placeOne(deal, BuyType.PLATE_CUT);
      const idle = await placeOne(deal, BuyType.PLATE_CUT);
      const declared = await placeOne(deal, BuyType.PLATE_CUT);
      const paidAndIdle = await orderIn(deal, BuyType.PLATE_CUT, OrderStatus.PLATE_AWAITING_SHIPMENT);
      await perform(deal, declared, 'buyer', 'declarePayment');
      const old = new Date(Date.now() - 100 * 3600_000).toISOString();
      await m.db.updateTable('trade_order').set({ status_at: old }).where('id', 'in', [idle, declared, paidAndIdle]).execute();
      const cancelled = await cancelOverdueOrders(m.db, new Date(), 72 * 3600_000);
      t.same(cancelled, [idle]);
      t.equal(await currentState(m, idle), OrderStatus.SYSTEM_CANCELLED);
      t.equal(await currentState(m, fresh), OrderStatus.PLATE_AWAITING_PAYMENT);
      t.equal(await currentState(m, declared), OrderStatus.PLATE_AWAITING_PAYMENT, 'a declared payment waits for the seller');
      t.equal(await currentState(m, paidAndIdle), OrderStatus.PLATE_AWAITING_SHIPMENT, 'paid orders are never cancelled by the system');
      const detail = await m.get<OrderDetail>(`/order/getOrderDetails?id=${idle}`, deal.buyer.token);
      t.match(detail.body.data, { stateLabel: 'Cancelled by the system', timeline: [{ action: 'place' }, { action: 'cancel', actor: 'system' }] });
      t.ok(detail.body.data.trace.some((x) => x.field === 'cancelledAt'));
    });

    t.test('after-sale: the platform intervenes, rejects (the order continues) or approves (terminated)', async (t) => {
      const operator = await m.buyer();
      const a = await orderIn(deal, BuyType.BULK, OrderStatus.BULK_RECEIVED);
      const applied = await m.post<{ id: number; status: number }>('/order/applyAfterSale', { id: a, reason: '颜色不符' }, deal.buyer.token);
      t.equal(applied.body.code, 0);
      t.equal(applied.body.data.status, AfterSaleStatus.APPLIED);
      const notPlatform = await m.post('/platform/afterSale/decide', { afterSaleId: applied.body.data.id, decision: 1 }, operator.token);
      t.equal(notPlatform.body.code, Codes.FORBIDDEN, 'only platform operators decide');
      await m.db.updateTable('trade_order').set({ received_at: new Date(Date.now() - 30 * 86400_000).toISOString() }).where('id', '=', a).execute();
      t.notOk((await completeReceivedOrders(m.db, new Date(), 7 * 86400_000)).includes(a), 'no trade success while an after-sale is open');
      await decideAfterSale(m.db, operator.id, { afterSaleId: applied.body.data.id, decision: AfterSaleStatus.INTERVENED, note: 'looking' });
      await decideAfterSale(m.db, operator.id, { afterSaleId: applied.body.data.id, decision: AfterSaleStatus.REJECTED, note: 'colour matches the card' });
      const again = await decideAfterSale(m.db, operator.id, { afterSaleId: applied.body.data.id, decision: AfterSaleStatus.APPROVED }).catch((e) => e);
      t.equal(again.code, Codes.AFTER_SALE_DECISION_NOT_ALLOWED, 'a decided request stays decided');
      const continued = await m.post<OrderDetail>('/order/confirmTradeSuccess', { id: a }, deal.buyer.token);
      t.equal(continued.body.data.status, OrderStatus.BULK_SUCCESS, 'rejected: the order continues');
      t.match(continued.body.data.afterSales, [{ status: 3, platformNote: 'colour matches the card', statusLabel: 'Rejected by the platform, order continues' }]);

      const b = await orderIn(deal, BuyType.PLATE_CUT, OrderStatus.PLATE_AWAITING_SHIPMENT);
      const appliedB = await m.post<{ id: number }>('/order/applyAfterSale', { id: b, reason: '不想要了' }, deal.buyer.token);
      await decideAfterSale(m.db, operator.id, { afterSaleId: appliedB.body.data.id, decision: AfterSaleStatus.APPROVED, note: 'refund' });
      const terminated = await m.get<OrderDetail>(`/shopOrder/getOrderDetails?id=${b}`, deal.seller.token);
      t.match(terminated.body.data, { afterSaleStatus: AfterSaleStatus.APPROVED, actions: [] });
      const ship = await m.post('/shopOrder/shipOrder', { id: b, carrier: 'x', trackingNo: 'y' }, deal.seller.token);
      t.equal(ship.body.code, Codes.ORDER_FROZEN_BY_AFTER_SALE, 'a terminated order does not move');
    });

    t.test('tabs: counts per status group and the list filtered by them', async (t) => {
      const solo = await newDeal(m);
      await placeOne(solo, BuyType.PLATE_CUT);
      await orderIn(solo, BuyType.PLATE_CUT, OrderStatus.PLATE_AWAITING_SHIPMENT);
      await orderIn(solo, BuyType.PLATE_CUT, OrderStatus.BUYER_CANCELLED);
      await placeOne(solo, BuyType.SAMPLE_CUT);
      const stat = await m.get<OrderStatCounts>(`/order/statOrderNums?buyType=${BuyType.PLATE_CUT}`, solo.buyer.token);
      t.match(stat.body.data, { all: 3, awaitingPayment: 1, awaitingShipment: 1, cancelled: 1, succeeded: 0, afterSale: 0 });
      const all = await m.get<OrderStatCounts>('/order/statOrderNums', solo.buyer.token);
      t.match(all.body.data, { all: 4, awaitingShipment: 2 });
      const sellerStat = await m.get<OrderStatCounts>('/shopOrder/statOrderNums', solo.seller.token);
      t.same(sellerStat.body.data, all.body.data, 'the seller sees the same orders from the other side');
      const list = await m.post<{ list: OrderSummary[]; total: number }>('/order/getUserOrders', { buyType: BuyType.PLATE_CUT, statusGroup: 'awaitingShipment', pageNum: 1, pageSize: 10 }, solo.buyer.token);
      t.equal(list.body.data.total, 1);
      t.equal(list.body.data.list[0].status, OrderStatus.PLATE_AWAITING_SHIPMENT);
      const page = await m.post<{ list: OrderSummary[]; total: number }>('/order/getUserOrders', { pageNum: 2, pageSize: 3 }, solo.buyer.token);
      t.equal(page.body.data.total, 4);
      t.equal(page.body.data.list.length, 1, 'paginated');
      const bad = await m.post('/order/getUserOrders', { statusGroup: 'nonsense' }, solo.buyer.token);
      t.equal(bad.body.code, Codes.BAD_REQUEST);
    });

    t.test('placing: prices from the catalogue, one transaction, idempotent', async (t) => {
      const other = await m.seller();
      const unpriced = await m.product(other.companyId, { price: null });
      const priced = await m.product(other.companyId, { price: 800 });
      const base = { consigneeId: deal.addressId, delivery: Delivery.FREIGHT_COLLECT };
      const ordersBefore = await m.db.selectFrom('trade_order').select('id').execute();

      const plate = await m.post('/order/placeOrder', {
        ...base, buyType: BuyType.PLATE_CUT, idempotencyKey: newKey(),
        orders: [
          { companyId: deal.seller.companyId, productParams: [{ num: 2, colorId: deal.product.colours[0], productId: deal.product.id }] },
          { companyId: other.companyId, productParams: [{ num: 1, colorId: unpriced.colours[0], productId: unpriced.id }] },
        ],
      }, deal.buyer.token);
      t.equal(plate.body.code, Codes.PRICE_REQUIRED, 'cut plate of a product without a price is refused');
      t.match(plate.body.message, /price by negotiation/);
      t.equal((await m.db.selectFrom('trade_order').select('id').execute()).length, ordersBefore.length, 'nothing created: one transaction for all companies');

      const withPrice = await m.post('/order/placeOrder', {
        ...base, buyType: BuyType.BULK, idempotencyKey: newKey(),
        orders: [{ companyId: other.companyId, productParams: [{ num: 5, colorId: priced.colours[1], productId: priced.id, price: 1 }] }],
      }, deal.buyer.token);
      t.equal(withPrice.body.code, Codes.BAD_REQUEST, 'a price in the request is refused: prices come from the catalogue');
      t.match(withPrice.body.message, /unknown field "orders\.0\.productParams\.0\.price"/);
      const bulk = await m.post<{ orders: OrderSummary[] }>('/order/placeOrder', {
        ...base, buyType: BuyType.BULK, idempotencyKey: newKey(),
        orders: [{ companyId: other.companyId, productParams: [
          { num: 10, colorId: unpriced.colours[0], productId: unpriced.id },
          { num: 5, colorId: priced.colours[1], productId: priced.id },
        ] }],
      }, deal.buyer.token);
      t.equal(bulk.body.code, 0);
      const [order] = bulk.body.data.orders;
      t.equal(order.goodsAmount, null, 'bulk without a price waits for the seller');
      t.same(order.lines.map((l) => [l.unitPrice, l.amount]), [[null, null], [800, 4000]], 'prices from the catalogue, not the request');

      const wrongCompany = await m.post('/order/placeOrder', {
        ...base, buyType: BuyType.PLATE_CUT, idempotencyKey: newKey(),
        orders: [{ companyId: deal.seller.companyId, productParams: [{ num: 1, colorId: priced.colours[0], productId: priced.id }] }],
      }, deal.buyer.token);
      t.equal(wrongCompany.body.code, Codes.BAD_REQUEST, 'a product under the wrong company is refused');

      const noAddress = await m.post('/order/placeOrder', {
        buyType: BuyType.PLATE_CUT, delivery: Delivery.FREIGHT_COLLECT, idempotencyKey: newKey(),
        orders: [{ companyId: other.companyId, productParams: [{ num: 1, colorId: priced.colours[0], productId: priced.id }] }],
      }, deal.buyer.token);
      t.equal(noAddress.body.code, Codes.CONSIGNEE_REQUIRED);

      const key = newKey();
      const body = {
        ...base, buyType: BuyType.PLATE_CUT, idempotencyKey: key,
        orders: [
          { companyId: deal.seller.companyId, productParams: [{ num: 2, colorId: deal.product.colours[0], productId: deal.product.id }], remark: '加急' },
          { companyId: other.companyId, productParams: [{ num: 4, colorId: priced.colours[0], productId: priced.id }] },
        ],
      };
      const first = await m.post<{ orders: OrderSummary[] }>('/order/placeOrder', body, deal.buyer.token);
      const second = await m.post<{ orders: OrderSummary[] }>('/order/placeOrder', body, deal.buyer.token);
      t.equal(first.body.code, 0);
      t.equal(first.body.data.orders.length, 2, 'one order per company');
      t.same(first.body.data.orders.map((o) => o.goodsAmount), [2500, 3200]);
      t.same(second.body.data.orders.map((o) => o.id), first.body.data.orders.map((o) => o.id), 'a double submit returns the same orders');
      const reused = await m.post('/order/placeOrder', { ...body, orders: [body.orders[1]] }, deal.buyer.token);
      t.equal(reused.body.code, Codes.IDEMPOTENCY_KEY_REUSED, 'the same key with another content is refused');
      const [racedA, racedB] = await Promise.all([
        m.post<{ orders: OrderSummary[] }>('/order/placeOrder', { ...body, idempotencyKey: `${key}-race` }, deal.buyer.token),
        m.post<{ orders: OrderSummary[] }>('/order/placeOrder', { ...body, idempotencyKey: `${key}-race` }, deal.buyer.token),
      ]);
      t.equal(racedA.body.code, 0);
      t.equal(racedB.body.code, 0);
      t.same(racedA.body.data.orders.map((o) => o.id), racedB.body.data.orders.map((o) => o.id), 'simultaneous double submit: the same orders');
    });
  });
}
