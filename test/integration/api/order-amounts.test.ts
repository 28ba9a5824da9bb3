// Order totals stay within what the amount columns hold (PostgreSQL `integer`): price × quantity past
// OrderLimits.maxOrderAmount is refused with 300040 at placing, at the seller's pricing and at the balance,
// never a 500; a total of exactly the maximum is stored as it is. On SQLite and PostgreSQL.
import t from 'tap';
import { BuyType, Delivery } from '../../../isomorphic/domain/catalogue';
import { Codes } from '../../../isomorphic/domain/codes';
import { OrderLimits, PaymentStage } from '../../../isomorphic/domain/order';
import { dialects } from '../../helpers/db';
import { createMarket } from '../../helpers/market';
import { newDeal, newKey, orderIn, orderRow, placeOne } from '../../helpers/order-driver';

const TOO_LARGE = { zh: '', en: 'An order cannot exceed ¥10,000,000; please split it into several orders' };

for (const { dialect, skip } of await dialects()) {
  t.test(`order amounts (${dialect})`, { skip }, async (t) => {
    const m = await createMarket(dialect);
    t.teardown(() => m.close());

    const place = async (price: number, num: number, kind: number = BuyType.BULK) => {
      const d = await newDeal(m, price);
      return m.post<{ orders: Array<{ id: number }> }>('/order/placeOrder', {
        buyType: kind, consigneeId: d.addressId, delivery: Delivery.FREIGHT_COLLECT, idempotencyKey: newKey(),
        orders: [{ companyId: d.seller.companyId, productParams: [{ num, colorId: d.product.colours[0], productId: d.product.id }], remark: '', stockPeriod: 5 }],
      }, d.buyer.token);
    };

    t.test('placing: past the maximum is refused with 300040; exactly the maximum is kept', async (t) => {
      // ¥1,000 a yard × 1,000,000 yards: ¥1,000,000,000, a hundred times the maximum (and past 2^31 cents).
      const over = await place(100_000, 1_000_000);
      t.equal(over.status, 400);
      t.same(over.body, { code: Codes.ORDER_AMOUNT_TOO_LARGE, message: TOO_LARGE.en, data: null });
      const plate = await place(100_000, 1_000_000, BuyType.PLATE_CUT);
      t.equal(plate.body.code, Codes.ORDER_AMOUNT_TOO_LARGE, 'a cut plate too');
      const atMax = await place(OrderLimits.maxOrderAmount / 1_000_000, 1_000_000);
      t.equal(atMax.body.code, 0, 'a total of exactly ¥10,000,000 is placed');
      const row = await orderRow(m, atMax.body.data.orders[0].id);
      t.equal(Number(row.goods_amount), OrderLimits.maxOrderAmount, 'and stored whole');
    });

    t.test('the seller pricing a bulk order past the maximum is refused', async (t) => {
      const d = await newDeal(m, null);
      const id = await placeOne(d, BuyType.BULK);
      const lines = await m.db.selectFrom('order_line').select('id').where('order_id', '=', id).execute();
      const r = await m.post('/shopOrder/confirmOrder', { id, paymentMode: 'full', lines: lines.map((l) => ({ lineId: l.id, unitPrice: 1_000_000_000 })) }, d.seller.token);
      t.equal(r.body.code, Codes.ORDER_AMOUNT_TOO_LARGE, '3 × ¥10,000,000 is refused');
      t.equal((await orderRow(m, id)).goods_amount, null, 'the order is left unpriced');
    });

    t.test('a balance that takes the total past the maximum is refused', async (t) => {
      const d = await newDeal(m, 1500);
      const id = await orderIn(d, BuyType.BULK, PaymentStage.AWAITING_BALANCE_CONFIRMATION);
      const before = await orderRow(m, id);
      const r = await m.post('/shopOrder/confirmBalance', { id, balanceAmount: 5_000_000_000 }, d.seller.token);
      t.equal(r.body.code, Codes.ORDER_AMOUNT_TOO_LARGE);
      const after = await orderRow(m, id);
      t.equal(after.balance_amount, before.balance_amount, 'the balance is unchanged');
    });
  });
}
