// Nobody sees or moves what is not theirs, and two conflicting actions at the same moment leave exactly one effect.
import t from 'tap';
import { BuyType, Delivery } from '../../../isomorphic/domain/catalogue';
import { Codes } from '../../../isomorphic/domain/codes';
import { OrderStatus, stateOf } from '../../../isomorphic/domain/order';
import type { OrderDetail, OrderSummary } from '../../../isomorphic/contracts/order';
import { dialects } from '../../helpers/db';
import { createMarket } from '../../helpers/market';
import { newDeal, newKey, orderIn, orderRow, placeOne } from '../../helpers/order-driver';

for (const { dialect, skip } of await dialects()) {
  t.test(`order ownership and concurrency on ${dialect}`, { skip }, async (t) => {
    const m = await createMarket(dialect);
    t.teardown(() => m.close());
    const deal = await newDeal(m);
    const stranger = await m.buyer();
    const rivalSeller = await m.seller();
    const colleague = await m.seller(deal.seller.companyId);

    t.test("another buyer or another company's seller: the order does not exist, and nothing changes", async (t) => {
      const id = await orderIn(deal, BuyType.PLATE_CUT, OrderStatus.PLATE_AWAITING_SHIPMENT);
      const before = await orderRow(m, id);
      const tries: Array<[string, () => Promise<{ status: number; body: { code: number } }>]> = [
        ['stranger reads', () => m.get(`/order/getOrderDetails?id=${id}`, stranger.token)],
        ['stranger cancels', () => m.post('/order/cancelOrder', { id }, stranger.token)],
        ['stranger confirms receipt', () => m.post('/order/receiptGoods', { id }, stranger.token)],
        ['stranger declares a payment', () => m.post('/order/declarePayment', { id, payerName: 'x', reference: 'y' }, stranger.token)],
        ['stranger applies for after-sale', () => m.post('/order/applyAfterSale', { id, reason: 'mine now' }, stranger.token)],
        ['rival seller reads', () => m.get(`/shopOrder/getOrderDetails?id=${id}`, rivalSeller.token)],
        ['rival seller reads as a buyer', () => m.get(`/order/getOrderDetails?id=${id}`, rivalSeller.token)],
        ['rival seller ships', () => m.post('/shopOrder/shipOrder', { id, carrier: 'x', trackingNo: 'y' }, rivalSeller.token)],
        ['rival seller cancels', () => m.post('/shopOrder/cancelOrder', { id }, rivalSeller.token)],
        ['rival seller confirms a payment', () => m.post('/shopOrder/confirmPayment', { id }, rivalSeller.token)],
        ['the buyer uses the seller calls', () => m.post('/shopOrder/shipOrder', { id, carrier: 'x', trackingNo: 'y' }, deal.buyer.token)],
        ['the seller uses the buyer calls', () => m.post('/order/receiptGoods', { id }, deal.seller.token)],
      ];
      for (const [name, attempt] of tries) {
        const r = await attempt();
        if (name === 'the buyer uses the seller calls') {
          t.equal(r.body.code, Codes.NOT_A_SELLER, `${name}: not a seller`);
          t.equal(r.status, 403);
        } else {
          t.equal(r.body.code, Codes.ORDER_NOT_FOUND, `${name}: order does not exist`);
          t.equal(r.status, 404, `${name}: 404`);
        }
      }
      t.same(await orderRow(m, id), before, 'the order is untouched');
      t.equal((await m.db.selectFrom('after_sale').select('id').where('order_id', '=', id).execute()).length, 0);
      t.equal((await m.db.selectFrom('order_payment').select('id').where('order_id', '=', id).where('status', '=', 'pending').execute()).length, 0);

      const unsigned = await m.get(`/order/getOrderDetails?id=${id}`);
      t.equal(unsigned.body.code, Codes.SESSION_EXPIRED, 'signed out: sent to /login');

      const asColleague = await m.post<OrderDetail>('/shopOrder/shipOrder', { id, carrier: '顺丰', trackingNo: 'SF9' }, colleague.token);
      t.equal(asColleague.body.code, 0, 'any user of the seller company acts for it');
      const sellerReads = await m.get<OrderDetail>(`/order/getOrderDetails?id=${id}`, deal.seller.token);
      t.equal(sellerReads.body.data.viewerRole, 'seller', 'the detail call serves the seller of the order too');
      t.same(sellerReads.body.data.actions, []);
      const buyerReads = await m.get<OrderDetail>(`/order/getOrderDetails?id=${id}`, deal.buyer.token);
      t.same(buyerReads.body.data.actions, ['receive']);
      t.equal(buyerReads.body.data.consignee.region, 'Guangdong, Guangzhou', 'the address the order keeps (in Chinese) read in the page\'s language, English here');
      const inChinese = await m.app.inject({ method: 'GET', url: `/order/getOrderDetails?id=${id}`, headers: { 'x-lang': 'zh', 'x-token': deal.buyer.token } });
      t.equal((inChinese.json() as { data: OrderDetail }).data.consignee.region, '广东省 广州市', 'and in Chinese to a Chinese page');
    });

    t.test('lists show only my own orders', async (t) => {
      const mine = await placeOne(deal, BuyType.SAMPLE_CUT);
      const rivalDeal = { ...deal, seller: rivalSeller, product: await m.product(rivalSeller.companyId) };
      const theirs = await placeOne({ ...rivalDeal, buyer: stranger, addressId: await m.address(stranger.id) }, BuyType.SAMPLE_CUT);
      const buyerList = await m.post<{ list: OrderSummary[] }>('/order/getUserOrders', { pageNum: 1, pageSize: 100 }, deal.buyer.token);
      t.ok(buyerList.body.data.list.some((o) => o.id === mine));
      t.notOk(buyerList.body.data.list.some((o) => o.id === theirs || o.buyerId !== deal.buyer.id), 'only my orders');
      const sellerList = await m.post<{ list: OrderSummary[] }>('/shopOrder/listOrders', { pageNum: 1, pageSize: 100 }, deal.seller.token);
      t.ok(sellerList.body.data.list.length > 0);
      t.ok(sellerList.body.data.list.every((o) => o.companyId === deal.seller.companyId), "only my company's orders");
      t.ok(sellerList.body.data.list.some((o) => o.id === mine));
      const strangerAsSeller = await m.post('/shopOrder/listOrders', { pageNum: 1, pageSize: 10 }, stranger.token);
      t.equal(strangerAsSeller.body.code, Codes.NOT_A_SELLER);
    });

    t.test("another buyer's address or another company's line cannot be used", async (t) => {
      const strangerAddress = await m.address(stranger.id);
      const before = await m.db.selectFrom('trade_order').select('id').execute();
      const r = await m.post('/order/placeOrder', {
        buyType: BuyType.SAMPLE_CUT, consigneeId: strangerAddress, delivery: Delivery.FREIGHT_COLLECT, idempotencyKey: newKey(),
        orders: [{ companyId: deal.seller.companyId, productParams: [{ num: 1, colorId: deal.product.colours[0], productId: deal.product.id }] }],
      }, deal.buyer.token);
      t.equal(r.body.code, Codes.ADDRESS_NOT_FOUND);
      t.equal((await m.db.selectFrom('trade_order').select('id').execute()).length, before.length, 'no order');
      const own = await m.post('/order/placeOrder', {
        buyType: BuyType.SAMPLE_CUT, consigneeId: await m.address(deal.seller.id), delivery: Delivery.FREIGHT_COLLECT, idempotencyKey: newKey(),
        orders: [{ companyId: deal.seller.companyId, productParams: [{ num: 1, colorId: deal.product.colours[0], productId: deal.product.id }] }],
      }, deal.seller.token);
      t.equal(own.body.code, Codes.OWN_PRODUCT, 'a seller cannot order from their own shop');
    });

    // Either branch below makes the same number of assertions: which side wins is timing, the count is not.
    t.test('cancel and ship at the same moment: exactly one takes effect', async (t) => {
      const winners = new Set<string>();
      for (let i = 0; i < 6; i++) {
        const id = await placeOne(deal, BuyType.SAMPLE_CUT);
        const expectedState = OrderStatus.SAMPLE_AWAITING_SHIPMENT;
        const [cancel, ship] = await Promise.all([
          m.post('/order/cancelOrder', { id, expectedState }, deal.buyer.token),
          m.post('/shopOrder/shipOrder', { id, expectedState, carrier: '顺丰', trackingNo: `SF${i}` }, deal.seller.token),
        ]);
        const oks = [cancel, ship].filter((r) => r.body.code === 0);
        t.equal(oks.length, 1, `round ${i}: exactly one succeeded`);
        const loser = cancel.body.code === 0 ? ship : cancel;
        t.equal(loser.body.code, Codes.ORDER_STATUS_CHANGED, `round ${i}: the other is told the status changed`);
        t.equal(loser.status, 409);
        const row = await orderRow(m, id);
        const state = stateOf({ status: row.status, subStatus: row.sub_status });
        if (cancel.body.code === 0) {
          winners.add('cancel');
          t.equal(state, OrderStatus.BUYER_CANCELLED, `round ${i}: cancelled, as the winner said`);
          t.equal(row.tracking_no, '', 'no tracking number on a cancelled order');
          t.equal(row.sample_sent_at, null);
        } else {
          winners.add('ship');
          t.equal(state, OrderStatus.SAMPLE_AWAITING_RECEIPT, `round ${i}: shipped, as the winner said`);
          t.equal(row.tracking_no, `SF${i}`, 'the tracking number of the shipment');
          t.equal(row.cancelled_at, null);
        }
        const events = await m.db.selectFrom('order_event').select('action').where('order_id', '=', id).orderBy('id').execute();
        t.equal(events.length, 2, `round ${i}: one event besides the placing`);
      }
      t.ok(winners.size >= 1, `winners seen: ${[...winners].join(', ')}`);
    });

    t.test('two payment confirmations, or two declarations, at once: one effect', async (t) => {
      const id = await placeOne(deal, BuyType.PLATE_CUT);
      const declares = await Promise.all([1, 2].map((n) => m.post('/order/declarePayment', { id, payerName: 'x', reference: `TX${n}` }, deal.buyer.token)));
      t.equal(declares.filter((r) => r.body.code === 0).length, 1, 'one declaration recorded');
      t.ok(declares.some((r) => ([Codes.PAYMENT_PENDING, Codes.ORDER_STATUS_CHANGED] as number[]).includes(r.body.code)), 'the other is refused');
      t.equal((await m.db.selectFrom('order_payment').select('id').where('order_id', '=', id).execute()).length, 1);
      const confirms = await Promise.all([deal.seller.token, colleague.token].map((token) => m.post('/shopOrder/confirmPayment', { id }, token)));
      t.equal(confirms.filter((r) => r.body.code === 0).length, 1, 'paid once');
      const row = await orderRow(m, id);
      t.equal(row.paid_amount, row.goods_amount, 'the amount is counted once');
      t.equal(row.status, OrderStatus.PLATE_AWAITING_SHIPMENT);
    });
  });
}
