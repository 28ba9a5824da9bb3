// A response may name one of its company's products on sale (issue 19), over HTTP on SQLite and
// PostgreSQL: the product is checked by id at the api (another company's product and an off-sale one are
// refused with their codes, on responding and on editing), the buyer sees it beside the response, and the
// chosen response's order line links it; a response without a product, or whose product went off sale
// before the choice, gives a line with no product, as before.
import t from 'tap';
import { ProductStatus, Unit } from '../../../isomorphic/domain/catalogue';
import type { PurchaseDetail, PurchaseResponse } from '../../../isomorphic/contracts/purchase';
import type { OrderDetail } from '../../../isomorphic/contracts/order';
import { TradeCodes } from '../../../isomorphic/domain/trade-codes';
import { dialects } from '../../helpers/db';
import { createMarket } from '../../helpers/market';
import { image, person, requestForm, supplier } from '../../helpers/trade';

const answer = (over: Record<string, unknown> = {}) => ({
  ladder: [{ from: 100, price: 1500 }], unit: Unit.YARD, perUnit: 1, leadDays: 15, cutSample: true, pictures: [], note: '', ...over,
});

for (const { dialect, skip } of await dialects()) {
  t.test(`a response's product on ${dialect}`, { skip }, async (t) => {
    const m = await createMarket(dialect);
    t.teardown(() => m.close());
    const buyer = await person(m, 3);
    const posted = async () => {
      const r = await m.post<PurchaseDetail>('/productBuy/release', requestForm(await image(m, buyer.id), { unit: Unit.YARD }), buyer.token);
      if (r.body.code !== 0) throw new Error(r.body.message);
      return r.body.data.id;
    };
    const respond = (who: { token: string }, requestId: number, over: Record<string, unknown> = {}) =>
      m.post<PurchaseResponse>('/buyTask/respond', { requestId, ...answer(over) }, who.token);
    const edit = (who: { token: string }, id: number, over: Record<string, unknown> = {}) =>
      m.post<PurchaseResponse>('/buyTask/editResponse', { id, ...answer(over) }, who.token);
    const select = (requestId: number, responseId: number) => m.post<{ orderId: number }>('/productBuy/select', { requestId, responseId }, buyer.token);
    const lineOf = async (orderId: number) => (await m.get<OrderDetail>(`/order/getOrderDetails?id=${orderId}`, buyer.token)).body.data.lines[0];

    const maker = await supplier(m, '自家花边厂');
    const other = await supplier(m, '别家花边厂');
    const mine = await m.product(maker.companyId as number);
    const mineOff = await m.product(maker.companyId as number, { status: ProductStatus.REMOVED });
    const theirs = await m.product(other.companyId as number);
    const theirsOff = await m.product(other.companyId as number, { status: ProductStatus.REMOVED });

    t.test('only one of my company\'s products on sale; the order line links it', async (t) => {
      const req = await posted();
      const refused: Array<[string, number, number]> = [
        ["another company's product on sale", theirs.id, TradeCodes.RESPONSE_PRODUCT_NOT_OURS],
        ["another company's product off sale", theirsOff.id, TradeCodes.RESPONSE_PRODUCT_NOT_ON_SALE],
        ['my own product off sale', mineOff.id, TradeCodes.RESPONSE_PRODUCT_NOT_ON_SALE],
        ['no such product', 2_000_000_000, TradeCodes.RESPONSE_PRODUCT_NOT_ON_SALE],
      ];
      for (const [what, productId, code] of refused) {
        const r = await respond(maker, req, { productId });
        t.equal(r.body.code, code, `${what}: refused with ${code}`);
        t.notOk(r.body.message.startsWith('body'), 'with its own message, not a schema error');
      }
      const none = await m.db.selectFrom('purchase_response').select('id').where('request_id', '=', req).execute();
      t.same(none, [], 'nothing saved by the refusals');
      t.not((await respond(maker, req, { productId: 0 })).body.code, 0, 'product 0 is no product id');

      const saved = await respond(maker, req, { productId: mine.id });
      t.equal(saved.body.code, 0);
      t.equal(saved.body.data.productId, mine.id);
      t.equal(saved.body.data.product?.id, mine.id, 'shown with the product');
      t.match(saved.body.data.product?.code, /^LK-\d+$/, "with the product's code");

      // An edit is checked as well: it cannot move the response to another company's product.
      t.equal((await edit(maker, saved.body.data.id, { productId: theirs.id })).body.code, TradeCodes.RESPONSE_PRODUCT_NOT_OURS, 'an edit naming their product');
      t.equal((await edit(maker, saved.body.data.id, { productId: mineOff.id })).body.code, TradeCodes.RESPONSE_PRODUCT_NOT_ON_SALE, 'an edit naming an off-sale product');
      const row = await m.db.selectFrom('purchase_response').select('product_id').where('id', '=', saved.body.data.id).executeTakeFirstOrThrow();
      t.equal(row.product_id, mine.id, 'the refused edits changed nothing');

      // The other company responds without a product.
      const plain = await respond(other, req, { ladder: [{ from: 100, price: 1600 }] });
      t.equal(plain.body.data.productId, null);
      t.equal(plain.body.data.product, null);

      const seen = (await m.get<PurchaseResponse[]>(`/productBuy/responses?id=${req}`, buyer.token)).body.data;
      t.same(seen.map((r) => [r.companyId, r.product?.id ?? null]), [[maker.companyId, mine.id], [other.companyId, null]], 'the buyer sees which product each response offers');

      const chosen = await select(req, saved.body.data.id);
      t.equal(chosen.body.code, 0);
      const line = await lineOf(chosen.body.data.orderId);
      t.equal(line.productId, mine.id, "the order's line links the product");
      const stored = await m.db.selectFrom('order_line').select('product_id').where('order_id', '=', chosen.body.data.orderId).executeTakeFirstOrThrow();
      t.equal(stored.product_id, mine.id);
    });

    t.test('a response without a product keeps a line without one', async (t) => {
      const req = await posted();
      const r = await respond(other, req);
      t.equal(r.body.code, 0);
      const chosen = await select(req, r.body.data.id);
      t.equal((await lineOf(chosen.body.data.orderId)).productId, 0, 'no product on the line');
    });

    t.test('a product taken off sale before the choice is not linked', async (t) => {
      const req = await posted();
      const later = await m.product(maker.companyId as number);
      const r = await respond(maker, req, { productId: later.id });
      t.equal(r.body.code, 0);
      await m.db.updateTable('product').set({ status: ProductStatus.REMOVED }).where('id', '=', later.id).execute();
      const seen = (await m.get<PurchaseResponse[]>(`/productBuy/responses?id=${req}`, buyer.token)).body.data[0];
      t.equal(seen.productId, later.id, 'the response still names it');
      t.equal(seen.product, null, 'but shows no product off sale');
      const chosen = await select(req, r.body.data.id);
      t.equal(chosen.body.code, 0, 'the choice still places the order');
      t.equal((await lineOf(chosen.body.data.orderId)).productId, 0, 'its line links no gone page');
    });
  });
}
