// An order's number is unique: the 6 random digits after the second it was placed in are drawn again while
// another order has them, so two orders placed in the same second never fail the placement on the unique
// index (a CI run once lost its demo seed to that). On SQLite and PostgreSQL.
import t from 'tap';
import { BuyType } from '../../../isomorphic/domain/catalogue';
import { freshOrderNo, newOrderNo } from '../../../api/modules/order/order.placement';
import { dialects } from '../../helpers/db';
import { createMarket } from '../../helpers/market';
import { newDeal, orderRow, placeOne } from '../../helpers/order-driver';

for (const { dialect, skip } of await dialects()) {
  t.test(`order numbers (${dialect})`, { skip }, async (t) => {
    const m = await createMarket(dialect);
    t.teardown(() => m.close());
    const d = await newDeal(m, 1250);
    const first = await orderRow(m, await placeOne(d, BuyType.SAMPLE_CUT));
    t.match(first.order_no, /^\d{20}$/, 'a placed order has a 20-digit number');

    const now = new Date();
    const fresh = newOrderNo(now);
    const drawn: string[] = [];
    // The source draws the placed order's number first, then a free one.
    const source = () => { const no = drawn.length ? fresh : first.order_no; drawn.push(no); return no; };
    const no = await freshOrderNo(m.db, now, source);
    t.equal(no, fresh, 'a number already taken is drawn again');
    t.same(drawn, [first.order_no, fresh], 'twice: the taken one, then the free one');

    const second = await orderRow(m, await placeOne(d, BuyType.SAMPLE_CUT));
    t.not(second.order_no, first.order_no, 'the next order placed has a number of its own');
  });
}
