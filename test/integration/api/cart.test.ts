// The cart rules of SPEC §4: lines per buy type grouped by company, the same colour replaces its quantity,
// a missing group is created, deleting reloads the list; only products on sale with their own colours.
import t from 'tap';
import { BuyType, Delivery } from '../../../isomorphic/domain/catalogue';
import { Codes } from '../../../isomorphic/domain/codes';
import { OrderLimits } from '../../../isomorphic/domain/order';
import type { CartCount, CartGroup, CartLine, OrderSummary } from '../../../isomorphic/contracts/order';
import { dialects } from '../../helpers/db';
import { createMarket } from '../../helpers/market';
import { newKey } from '../../helpers/order-driver';

for (const { dialect, skip } of await dialects()) {
  t.test(`cart on ${dialect}`, { skip }, async (t) => {
    const m = await createMarket(dialect);
    t.teardown(() => m.close());
    const shopA = await m.seller();
    const shopB = await m.seller();
    const lace = await m.product(shopA.companyId, { price: 1250, colours: 3 });
    const trim = await m.product(shopB.companyId, { price: null });
    const removed = await m.product(shopA.companyId, { status: 0 });
    const buyer = await m.buyer();
    const other = await m.buyer();
    const add = (body: object, token = buyer.token) => m.post<CartLine>('/shoppingCart/addShoppingCart', body, token);
    const list = async (buyType: number, token = buyer.token) => (await m.post<CartGroup[]>('/shoppingCart/listShoppingCart', { buyType }, token)).body.data;

    t.test('adding: same colour replaces the quantity, new colour appends, a new company makes a group', async (t) => {
      const first = await add({ buyType: BuyType.BULK, productId: lace.id, colorId: lace.colours[0], buyNum: 5 });
      t.equal(first.body.code, 0);
      t.match(first.body.data, { colorId: lace.colours[0], productId: lace.id, buyNum: 5, price: 1250, available: true, colourName: '颜色 1', hex: '#aabbcc' });
      t.match(first.body.data.imageUrl, /product\/\d+\/cover\.jpg(\?v=[0-9a-z.]+)?$/, 'the product picture when the colour has none');
      const again = await add({ buyType: BuyType.BULK, productId: lace.id, colorId: lace.colours[0], buyNum: 9 });
      t.equal(again.body.data.id, first.body.data.id, 'the same line');
      t.equal(again.body.data.buyNum, 9, 'the quantity is replaced, not added');
      await add({ buyType: BuyType.BULK, productId: lace.id, colorId: lace.colours[1], buyNum: 2 });
      await add({ buyType: BuyType.BULK, productId: trim.id, colorId: trim.colours[0], buyNum: 7 });
      const groups = await list(BuyType.BULK);
      t.same(groups.map((g) => g.companyId), [shopB.companyId, shopA.companyId], 'grouped by company, the latest first');
      t.same(groups[1].shoppingCarts.map((l) => [l.colorId, l.buyNum]).sort(), [[lace.colours[0], 9], [lace.colours[1], 2]].sort());
      t.equal(groups[0].shoppingCarts[0].price, null, 'a product without a price shows none (price by negotiation)');
      t.ok(groups[0].companyName.length > 0);
    });

    t.test('the buy types are separate carts; samples are free', async (t) => {
      const sample = await add({ buyType: BuyType.SAMPLE_CUT, productId: lace.id, colorId: lace.colours[0], buyNum: 1 });
      t.equal(sample.body.data.price, 0, 'samples show a zero price');
      t.equal((await list(BuyType.SAMPLE_CUT)).length, 1);
      t.equal((await list(BuyType.PLATE_CUT)).length, 0);
      t.equal((await list(BuyType.BULK)).flatMap((g) => g.shoppingCarts).length, 3, 'bulk untouched');
      const count = await m.get<CartCount>('/shoppingCart/countShoppingCart', buyer.token);
      t.same(count.body.data, { total: 4, sampleCut: 1, bulk: 3, plateCut: 0 });
      const tooMany = await add({ buyType: BuyType.SAMPLE_CUT, productId: lace.id, colorId: lace.colours[1], buyNum: OrderLimits.maxSampleNum + 1 });
      t.equal(tooMany.body.code, Codes.SAMPLE_QUANTITY);
    });

    t.test('refusals: products not on sale, colours of another product, own products, bad input', async (t) => {
      const cases: Array<[string, object, number, string?]> = [
        ['removed product', { buyType: BuyType.BULK, productId: removed.id, colorId: removed.colours[0], buyNum: 1 }, Codes.PRODUCT_NOT_AVAILABLE],
        ['colour of another product', { buyType: BuyType.BULK, productId: lace.id, colorId: trim.colours[0], buyNum: 1 }, Codes.COLOUR_NOT_OF_PRODUCT],
        ['unknown colour', { buyType: BuyType.BULK, productId: lace.id, colorId: 999999, buyNum: 1 }, Codes.COLOUR_NOT_OF_PRODUCT],
        ['zero quantity', { buyType: BuyType.BULK, productId: lace.id, colorId: lace.colours[2], buyNum: 0 }, Codes.BAD_REQUEST],
        ['unknown buy type', { buyType: 4, productId: lace.id, colorId: lace.colours[2], buyNum: 1 }, Codes.BAD_REQUEST],
        ['own product', { buyType: BuyType.BULK, productId: lace.id, colorId: lace.colours[2], buyNum: 1 }, Codes.OWN_PRODUCT, shopA.token],
      ];
      const before = await m.db.selectFrom('shopping_cart').select('id').execute();
      for (const [name, body, code, token] of cases) {
        const r = await add(body, token);
        t.equal(r.body.code, code, name);
        t.ok(r.status >= 400, `${name}: ${r.status}`);
      }
      t.equal((await m.db.selectFrom('shopping_cart').select('id').execute()).length, before.length, 'nothing added');
      t.equal((await m.post('/shoppingCart/listShoppingCart', { buyType: BuyType.BULK })).body.code, Codes.SESSION_EXPIRED, 'signed out: session expired');
    });

    t.test('quantities and deletes touch only my own lines; the list reloads', async (t) => {
      const [group] = await list(BuyType.BULK);
      const line = group.shoppingCarts[0];
      const set = await m.post<CartLine>('/shoppingCart/setBuyNum', { id: line.id, buyNum: 12 }, buyer.token);
      t.equal(set.body.data.buyNum, 12);
      const foreign = await m.post('/shoppingCart/setBuyNum', { id: line.id, buyNum: 1 }, other.token);
      t.equal(foreign.body.code, Codes.CART_LINE_NOT_FOUND, "another buyer's line does not exist for them");
      const foreignDelete = await m.post<{ deleted: number }>('/shoppingCart/deleteShoppingCart', { ids: [line.id] }, other.token);
      t.equal(foreignDelete.body.data.deleted, 0, "another buyer's ids are ignored");
      t.equal((await list(BuyType.BULK)).flatMap((g) => g.shoppingCarts).find((l) => l.id === line.id)?.buyNum, 12, 'still there, unchanged');
      const del = await m.post<{ deleted: number }>('/shoppingCart/deleteShoppingCart', { ids: [line.id] }, buyer.token);
      t.equal(del.body.data.deleted, 1);
      const reloaded = await list(BuyType.BULK);
      t.notOk(reloaded.flatMap((g) => g.shoppingCarts).some((l) => l.id === line.id), 'gone from the reloaded list');
      t.notOk(reloaded.some((g) => g.shoppingCarts.length === 0), 'an emptied group disappears');
      const empty = await m.post('/shoppingCart/deleteShoppingCart', { ids: [] }, buyer.token);
      t.equal(empty.body.code, Codes.BAD_REQUEST);
    });

    t.test('a product removed after adding stays visible as unavailable', async (t) => {
      const soon = await m.product(shopA.companyId);
      await add({ buyType: BuyType.PLATE_CUT, productId: soon.id, colorId: soon.colours[0], buyNum: 2 });
      await m.db.updateTable('product').set({ status: 0 }).where('id', '=', soon.id).execute();
      const [group] = await list(BuyType.PLATE_CUT);
      t.equal(group.shoppingCarts[0].available, false);
    });

    t.test('placing an order takes its lines out of the cart, and only those', async (t) => {
      const address = await m.address(buyer.id);
      await add({ buyType: BuyType.BULK, productId: trim.id, colorId: trim.colours[0], buyNum: 7 });
      const before = (await list(BuyType.BULK)).flatMap((g) => g.shoppingCarts);
      const ordered = before.filter((l) => l.colorId === trim.colours[0]);
      t.equal(ordered.length, 1);
      const r = await m.post<{ orders: OrderSummary[] }>('/order/placeOrder', {
        buyType: BuyType.BULK, consigneeId: address, delivery: Delivery.SELLER_PAYS, idempotencyKey: newKey(),
        orders: [{ companyId: shopB.companyId, productParams: [{ num: 7, colorId: trim.colours[0], productId: trim.id }], remark: '', stockPeriod: 0 }],
      }, buyer.token);
      t.equal(r.body.code, 0);
      const after = (await list(BuyType.BULK)).flatMap((g) => g.shoppingCarts);
      t.same(after.map((l) => l.id).sort(), before.filter((l) => l.colorId !== trim.colours[0]).map((l) => l.id).sort());
      t.equal((await list(BuyType.SAMPLE_CUT)).length, 1, 'the same colour in another buy type stays');
    });
  });
}
