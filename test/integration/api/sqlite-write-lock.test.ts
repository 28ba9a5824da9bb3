// SQLite: while another process holds the database's write lock (a backup, an operator's sqlite3 shell), a
// request that writes waits for it (busy_timeout) instead of failing. A transaction that read before its first
// write used to get SQLITE_BUSY at once, without waiting, and the buyer a 500: the soak found one cart add so.
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import t from 'tap';
import { BuyType } from '../../../isomorphic/domain/catalogue';
import { createMarket } from '../../helpers/market';
import { newDeal, newKey } from '../../helpers/order-driver';

/** Holds the file's write lock from another connection (another thread, so the api's waits do not stop it) for `ms`. */
function holdWriteLock(file: string, ms: number): Promise<{ released: Promise<number> }> {
  const worker = new Worker(`
    const { parentPort, workerData } = require('node:worker_threads');
    const SQLite = require(workerData.module);
    const db = new SQLite(workerData.file);
    db.exec('BEGIN EXCLUSIVE');
    parentPort.postMessage('locked');
    setTimeout(() => { db.exec('COMMIT'); db.close(); parentPort.postMessage(Date.now()); }, workerData.ms);
  `, { eval: true, workerData: { file, ms, module: createRequire(import.meta.url).resolve('better-sqlite3') } });
  return new Promise((resolve, reject) => {
    let released!: (at: number) => void;
    const done = new Promise<number>((r) => { released = r; });
    worker.on('error', reject);
    worker.on('message', (m: unknown) => {
      if (m === 'locked') resolve({ released: done });
      else released(m as number);
    });
  });
}

t.test('orders and cart lines wait for another process\'s write lock and succeed', async (t) => {
  const m = await createMarket('sqlite');
  t.teardown(() => m.close());
  const file = path.join(m.testDb.dir, 'test.sqlite');
  const deal = await newDeal(m);
  const line = { num: 3, colorId: deal.product.colours[0], productId: deal.product.id };

  const lock = await holdWriteLock(file, 800);
  const order = await m.post<{ orders: Array<{ id: number }> }>('/order/placeOrder', {
    buyType: BuyType.BULK, consigneeId: deal.addressId, delivery: 1, idempotencyKey: newKey(),
    orders: [{ companyId: deal.seller.companyId, productParams: [line], remark: '', stockPeriod: 5 }],
  }, deal.buyer.token);
  const answeredAt = Date.now();
  t.equal(order.status, 200, 'the order is placed, not refused with a 500');
  t.equal(order.body.code, 0, order.body.message);
  t.ok(answeredAt >= await lock.released, 'it was answered once the lock was released: it waited');
  const orderRow = await m.db.selectFrom('trade_order').select('id').where('buyer_id', '=', deal.buyer.id).execute();
  t.equal(orderRow.length, 1, 'one order row is written');

  const lock2 = await holdWriteLock(file, 800);
  const cart = await m.post('/shoppingCart/addShoppingCart', { buyType: BuyType.BULK, productId: line.productId, colorId: line.colorId, buyNum: 5 }, deal.buyer.token);
  t.equal(cart.status, 200, 'the cart add is answered 200');
  t.equal(cart.body.code, 0, cart.body.message);
  await lock2.released;
  const lines = await m.db.selectFrom('shopping_cart').select('id').where('user_id', '=', deal.buyer.id).execute();
  t.equal(lines.length, 1, 'one cart line is written');
});
