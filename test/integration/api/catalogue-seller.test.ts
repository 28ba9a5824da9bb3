// The seller's catalogue on each dialect (issue 17): a settled seller lists their products with counts by
// status, creates and edits one (fields, lace attributes, pictures with order and cover, colour cards,
// cut-plate price and bulk ladder), puts it on and off sale; the operator takes one down with a reason.
// A seller cannot read, edit, re-price, take off sale or touch the colour cards of another company's product.
import t from 'tap';
import { Codes } from '../../../isomorphic/domain/codes';
import { codeMessages as baseMessages } from '../../../isomorphic/domain/code-messages';
import { catalogueSellerCodeMessages } from '../../../isomorphic/domain/catalogue-seller-messages';

const codeMessages = { ...baseMessages, ...catalogueSellerCodeMessages };
import { BuyType, Delivery, LaceCraft, LaceEdge, LaceStretch, PatternType, ProductStatus, Shape, Unit } from '../../../isomorphic/domain/catalogue';
import type { ProductInput, SellerProductDetail, SellerProductPage } from '../../../isomorphic/contracts/catalogue-seller';
import type { ProductDetail } from '../../../isomorphic/contracts/common';
import type { CartLine, OrderSummary } from '../../../isomorphic/contracts/order';
import { dialects } from '../../helpers/db';
import { createShopMarket, type ShopMarket } from '../../helpers/shop';
import { reindexSettled } from '../../../api/modules/search/index-product';
import { CatalogueSellerCodes } from '../../../isomorphic/domain/catalogue-seller-codes';

const input = async (m: ShopMarket, userId: number, extra: Partial<ProductInput> = {}): Promise<ProductInput> => {
  const [a, b, c] = [await m.image(userId), await m.image(userId), await m.image(userId)];
  return {
    kind: 1, title: '法式睫毛蕾丝', titleEn: 'French eyelash lace', code: 'LK-17001', patternType: PatternType.FABRIC, shape: Shape.IN_STOCK, unit: Unit.METRE,
    widthCm: 150, composition: '85% 锦纶 15% 氨纶', description: '柔软', descriptionEn: 'Soft',
    edge: LaceEdge.EYELASH, craft: LaceCraft.LEAVERS, stretch: LaceStretch.STRETCH,
    platePrice: 3500, ladder: [{ from: 100, price: 1200 }, { from: 1000, price: 1050 }],
    pictures: [a, b], cover: b,
    colourCards: [{ name: '象牙白', nameEn: 'Ivory', hex: '#fffff0', image: c }, { name: '黑色', nameEn: 'Black', hex: '#000000' }],
    ...extra,
  };
};

for (const { dialect, skip } of await dialects()) {
  t.test(`the seller's catalogue on ${dialect}`, { skip }, async (t) => {
    const m = await createShopMarket(dialect);
    t.teardown(() => m.close());
    const alice = await m.seller();
    const bob = await m.seller();
    const buyer = await m.buyer();

    t.test('guests and buyers are refused every seller call', async (t) => {
      const calls: Array<['get' | 'post', string, unknown?]> = [
        ['post', '/shopProduct/list', {}], ['get', '/shopProduct/get?id=1'], ['post', '/shopProduct/create', await input(m, buyer.id)],
        ['post', '/shopProduct/update', { id: 1, ...(await input(m, buyer.id)) }], ['post', '/shopProduct/setOnSale', { id: 1, onSale: false }],
        ['post', '/shopProduct/updateColourCard', { id: 1, name: 'x', hex: '#000000' }], ['post', '/shopProduct/deleteColourCard', { id: 1 }],
      ];
      for (const [method, url, body] of calls) {
        const guest = method === 'get' ? await m.get(url) : await m.post(url, body);
        t.equal(guest.body.code, Codes.SESSION_EXPIRED, `guest ${url}`);
        const asBuyer = method === 'get' ? await m.get(url, buyer.token) : await m.post(url, body, buyer.token);
        t.equal(asBuyer.body.code, Codes.NOT_A_SELLER, `buyer ${url}`);
      }
      t.equal((await m.post('/platform/product/takeDown', { id: 1, reason: '侵权' }, alice.token)).status, 403, 'a seller is not the operator');
    });

    t.test('the rules of a product, each refused with its own code and nothing written', async (t) => {
      const bad: Array<[Partial<ProductInput>, number]> = [
        [{ title: 'x' }, CatalogueSellerCodes.PRODUCT_TITLE_LENGTH],
        [{ code: ' ' }, CatalogueSellerCodes.PRODUCT_CODE_LENGTH],
        [{ unit: 999 }, CatalogueSellerCodes.PRODUCT_CHOICE_INVALID],
        [{ craft: 410010 }, CatalogueSellerCodes.PRODUCT_CHOICE_INVALID],
        [{ widthCm: 1001 }, CatalogueSellerCodes.PRODUCT_WIDTH_INVALID],
        [{ platePrice: 100_000_001 }, CatalogueSellerCodes.PRODUCT_PRICE_INVALID],
        [{ ladder: [{ from: 1000, price: 1000 }, { from: 100, price: 900 }] }, CatalogueSellerCodes.PRODUCT_LADDER_INVALID],
        [{ ladder: [{ from: 100, price: 1000 }, { from: 1000, price: 1100 }] }, CatalogueSellerCodes.PRODUCT_LADDER_INVALID],
        [{ pictures: [], cover: undefined }, CatalogueSellerCodes.PRODUCT_PICTURES_REQUIRED],
        [{ cover: 'upload/20261123/0000000000000000/web-x.png' }, CatalogueSellerCodes.PRODUCT_COVER_NOT_PICTURE],
        [{ colourCards: [] }, CatalogueSellerCodes.COLOUR_CARDS_REQUIRED],
        [{ colourCards: [{ name: '红', hex: 'red' }] }, CatalogueSellerCodes.COLOUR_CARD_INVALID],
        [{ pictures: [await m.image(bob.id)], cover: undefined }, CatalogueSellerCodes.PRODUCT_IMAGE_NOT_OWNED],
        [{ colourCards: [{ id: 1, name: '红', hex: '#ff0000' }] }, CatalogueSellerCodes.COLOUR_CARD_NOT_FOUND],
      ];
      for (const [extra, code] of bad) {
        const r = await m.post('/shopProduct/create', await input(m, alice.id, extra), alice.token, 'zh');
        t.equal(r.body.code, code, JSON.stringify(extra));
        t.equal(r.body.message, codeMessages[code].zh);
      }
      const n = await m.db.selectFrom('product').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      t.equal(Number(n.n), 0, 'no product written');
    });

    let mine: SellerProductDetail;
    t.test('create: on sale at once, with its pictures in order, cover, colour cards, prices and attributes; buyers see the ladder', async (t) => {
      const body = await input(m, alice.id);
      const r = await m.post<SellerProductDetail>('/shopProduct/create', body, alice.token);
      t.equal(r.body.code, 0, r.body.message);
      mine = r.body.data;
      t.match(mine, {
        title: '法式睫毛蕾丝', unit: Unit.METRE, status: ProductStatus.ON_SALE, platePrice: 3500, colourCount: 2,
        ladder: [{ from: 100, price: 1200 }, { from: 1000, price: 1050 }], edge: LaceEdge.EYELASH, craft: LaceCraft.LEAVERS, stretch: LaceStretch.STRETCH,
      });
      t.same(mine.pictures.map((p) => p.path), body.pictures, 'pictures in the order sent');
      t.equal(mine.cover?.path, body.cover, 'the chosen cover');
      t.same(mine.colourCards.map((c) => [c.name, c.hex]), [['象牙白', '#FFFFF0'], ['黑色', '#000000']]);
      const pub = await m.get<ProductDetail>(`/product/getProduct/${mine.id}`);
      t.equal(pub.body.code, 0);
      t.same(pub.body.data.ladder, [{ from: 100, price: 1200 }, { from: 1000, price: 1050 }], 'the product page has the ladder');
      t.match(pub.body.data, { edge: LaceEdge.EYELASH, craft: LaceCraft.LEAVERS, stretch: LaceStretch.STRETCH, price: 3500 });
      const filtered = await m.post<{ total: number }>('/product/listLSKProduct', { craft: LaceCraft.LEAVERS, pageNum: 1, pageSize: 10 });
      t.equal(filtered.body.data.total, 1, 'buyers filter by craft');
      t.equal((await m.post<{ total: number }>('/product/listLSKProduct', { craft: LaceCraft.GUIPURE, pageNum: 1, pageSize: 10 })).body.data.total, 0);
    });

    t.test('edit: fields, picture order and cover, colour cards changed, added and removed in one save', async (t) => {
      const fresh = await m.image(alice.id);
      const body: ProductInput = {
        ...(await input(m, alice.id)), title: '法式睫毛蕾丝（新）', platePrice: null, ladder: [{ from: 200, price: 1100 }],
        pictures: [fresh, mine.pictures[0].path], cover: mine.pictures[0].path,
        colourCards: [{ id: mine.colourCards[1].id, name: '墨黑', hex: '#111111' }, { name: '玫红', nameEn: 'Rose', hex: '#cc3366' }],
      };
      const r = await m.post<SellerProductDetail>('/shopProduct/update', { id: mine.id, ...body }, alice.token);
      t.equal(r.body.code, 0, r.body.message);
      t.same(r.body.data.pictures.map((p) => p.path), [fresh, mine.pictures[0].path]);
      t.equal(r.body.data.cover?.path, mine.pictures[0].path);
      t.equal(r.body.data.platePrice, null, 'cut plate by negotiation');
      t.same(r.body.data.colourCards.map((c) => [c.name, c.hex]), [['墨黑', '#111111'], ['玫红', '#CC3366']]);
      t.equal(r.body.data.colourCards[0].id, mine.colourCards[1].id, 'the kept card keeps its id');
      mine = r.body.data;
    });

    t.test("another company's product and colour cards: not found, and nothing changes", async (t) => {
      const before = await m.db.selectFrom('product').selectAll().orderBy('id').execute();
      const cardsBefore = await m.db.selectFrom('colour_card').selectAll().orderBy('id').execute();
      const body = await input(m, bob.id);
      const tries: Array<[string, unknown, number]> = [
        ['/shopProduct/update', { id: mine.id, ...body }, CatalogueSellerCodes.PRODUCT_NOT_FOUND],
        ['/shopProduct/update', { id: mine.id, ...body, platePrice: 1, ladder: [{ from: 1, price: 1 }] }, CatalogueSellerCodes.PRODUCT_NOT_FOUND],
        ['/shopProduct/setOnSale', { id: mine.id, onSale: false }, CatalogueSellerCodes.PRODUCT_NOT_FOUND],
        ['/shopProduct/updateColourCard', { id: mine.colourCards[0].id, name: '偷', hex: '#123456' }, CatalogueSellerCodes.COLOUR_CARD_NOT_FOUND],
        ['/shopProduct/deleteColourCard', { id: mine.colourCards[0].id }, CatalogueSellerCodes.COLOUR_CARD_NOT_FOUND],
      ];
      for (const [url, payload, code] of tries) {
        const r = await m.post(url, payload, bob.token);
        t.equal(r.status, 404, url);
        t.equal(r.body.code, code, url);
      }
      t.equal((await m.get(`/shopProduct/get?id=${mine.id}`, bob.token)).body.code, CatalogueSellerCodes.PRODUCT_NOT_FOUND, 'cannot read it either');
      // bob's own product cannot take alice's colour card into it
      const own = await m.post<SellerProductDetail>('/shopProduct/create', body, bob.token);
      t.equal(own.body.code, 0);
      const steal = await m.post('/shopProduct/update', { id: own.body.data.id, ...body, colourCards: [{ id: mine.colourCards[0].id, name: '偷', hex: '#123456' }] }, bob.token);
      t.equal(steal.body.code, CatalogueSellerCodes.COLOUR_CARD_NOT_FOUND, "a card id of another company's product");
      t.same(await m.db.selectFrom('product').selectAll().where('id', '!=', own.body.data.id).orderBy('id').execute(), before, "alice's product unchanged");
      t.same(await m.db.selectFrom('colour_card').selectAll().where('product_id', '=', mine.id).orderBy('id').execute(), cardsBefore.filter((c) => c.product_id === mine.id), "alice's cards unchanged");
      const list = await m.post<SellerProductPage>('/shopProduct/list', {}, bob.token);
      t.same(list.body.data.list.map((p) => p.id), [own.body.data.id], 'bob lists only his own');
    });

    t.test('one colour card: edit, delete, never the last one', async (t) => {
      const img = await m.image(alice.id);
      const e = await m.post<SellerProductDetail>('/shopProduct/updateColourCard', { id: mine.colourCards[1].id, name: '桃红', nameEn: 'Peach', hex: '#ff99aa', image: img }, alice.token);
      t.equal(e.body.code, 0, e.body.message);
      t.match(e.body.data.colourCards[1], { name: '桃红', hex: '#FF99AA', image: { path: img } });
      t.equal((await m.post('/shopProduct/updateColourCard', { id: mine.colourCards[1].id, name: '桃红', hex: '#ff99aa', image: await m.image(bob.id) }, alice.token)).body.code, CatalogueSellerCodes.PRODUCT_IMAGE_NOT_OWNED);
      const d = await m.post<SellerProductDetail>('/shopProduct/deleteColourCard', { id: mine.colourCards[0].id }, alice.token);
      t.equal(d.body.code, 0);
      t.equal(d.body.data.colourCards.length, 1);
      t.equal((await m.post('/shopProduct/deleteColourCard', { id: d.body.data.colourCards[0].id }, alice.token)).body.code, CatalogueSellerCodes.COLOUR_CARD_LAST);
      mine = d.body.data;
    });

    t.test('off sale and on again; the platform takes it down with a reason; counts and filters follow', async (t) => {
      const second = await m.post<SellerProductDetail>('/shopProduct/create', await input(m, alice.id, { code: 'LK-17002' }), alice.token);
      const third = await m.post<SellerProductDetail>('/shopProduct/create', await input(m, alice.id, { code: 'LK-17003' }), alice.token);
      const off = await m.post<SellerProductDetail>('/shopProduct/setOnSale', { id: mine.id, onSale: false }, alice.token);
      t.equal(off.body.data.status, ProductStatus.REMOVED);
      t.equal((await m.get(`/product/getProduct/${mine.id}`)).status, 410, 'buyers no longer see it');
      t.equal((await m.post('/platform/product/takeDown', { id: third.body.data.id, reason: ' ' }, m.operator.token)).body.code, CatalogueSellerCodes.TAKEDOWN_REASON_REQUIRED);
      t.equal((await m.post('/platform/product/takeDown', { id: third.body.data.id, reason: '图片侵权' }, m.operator.token)).body.code, 0);
      const all = await m.post<SellerProductPage>('/shopProduct/list', { pageNum: 1, pageSize: 20 }, alice.token);
      t.same(all.body.data.counts, { all: 3, onSale: 1, offSale: 1, takenDown: 1 });
      const down = await m.post<SellerProductPage>('/shopProduct/list', { status: 'takenDown' }, alice.token);
      t.same(down.body.data.list.map((p) => [p.id, p.takedownReason]), [[third.body.data.id, '图片侵权']]);
      t.equal(down.body.data.total, 1);
      const onSale = await m.post<SellerProductPage>('/shopProduct/list', { status: 'onSale' }, alice.token);
      t.same(onSale.body.data.list.map((p) => p.id), [second.body.data.id]);
      t.equal((await m.post('/shopProduct/setOnSale', { id: third.body.data.id, onSale: true }, alice.token)).body.code, CatalogueSellerCodes.PRODUCT_TAKEN_DOWN);
      t.equal((await m.post('/platform/product/takeDown', { id: second.body.data.id, restore: true }, m.operator.token)).body.code, 0);
      t.equal((await m.get<SellerProductDetail>(`/shopProduct/get?id=${second.body.data.id}`, alice.token)).body.data.status, ProductStatus.ON_SALE, 'restoring a product not taken down changes nothing');
      t.equal((await m.post('/platform/product/takeDown', { id: third.body.data.id, restore: true }, m.operator.token)).body.code, 0);
      const restored = await m.get<SellerProductDetail>(`/shopProduct/get?id=${third.body.data.id}`, alice.token);
      t.match(restored.body.data, { status: ProductStatus.REMOVED, takedownReason: '' }, 'restored: off sale, no reason');
      t.equal((await m.post('/shopProduct/setOnSale', { id: third.body.data.id, onSale: true }, alice.token)).body.code, 0, 'the seller may sell it again');
      await m.post('/shopProduct/setOnSale', { id: third.body.data.id, onSale: false }, alice.token);
      const back = await m.post<SellerProductDetail>('/shopProduct/setOnSale', { id: mine.id, onSale: true }, alice.token);
      t.equal(back.body.data.status, ProductStatus.ON_SALE);
      t.equal((await m.get(`/product/getProduct/${mine.id}`)).status, 200);
    });

    t.test('the seller sees whether photo search finds the product yet', async (t) => {
      const p = await m.post<SellerProductDetail>('/shopProduct/create', await input(m, alice.id, { code: 'LK-17200' }), alice.token);
      await reindexSettled();
      const state = async () => (await m.get<SellerProductDetail>(`/shopProduct/get?id=${p.body.data.id}`, alice.token)).body.data.photoSearch;
      t.equal(await state(), 'pending', 'not indexed yet (these test pictures have no stored bytes)');
      await m.db.insertInto('image_descriptor').values({
        product_id: p.body.data.id, image_path: p.body.data.pictures[0].path, view: 'full', model: 'test-only', dim: 1, vec: new Uint8Array(4), created_at: new Date(Date.now() + 1000).toISOString(),
      }).execute();
      t.equal(await state(), 'searchable', 'indexed after the last save');
      const list = await m.post<SellerProductPage>('/shopProduct/list', { status: 'onSale' }, alice.token);
      t.equal(list.body.data.list.find((x) => x.id === p.body.data.id)?.photoSearch, 'searchable', 'the list says it too');
      await m.post('/shopProduct/setOnSale', { id: p.body.data.id, onSale: false }, alice.token);
      await reindexSettled();
      t.equal(await state(), 'notListed', 'off sale: not in photo search');
      const descriptors = await m.db.selectFrom('image_descriptor').select('id').where('product_id', '=', p.body.data.id).execute();
      t.same(descriptors, [], 'its descriptors left with it');
    });

    t.test('the weight per metre: bounded, saved, on the public product; another company cannot set it', async (t) => {
      t.equal((await m.post('/shopProduct/create', await input(m, alice.id, { code: 'LK-17300', weightPerMetre: 10_001 }), alice.token)).body.code, CatalogueSellerCodes.PRODUCT_WEIGHT_INVALID);
      t.equal((await m.post('/shopProduct/create', await input(m, alice.id, { code: 'LK-17300', weightPerMetre: 1.5 }), alice.token)).status, 400, 'whole grams');
      const p = await m.post<SellerProductDetail>('/shopProduct/create', await input(m, alice.id, { code: 'LK-17300', weightPerMetre: 120 }), alice.token);
      t.equal(p.body.code, 0, p.body.message);
      t.equal(p.body.data.weightPerMetre, 120);
      t.equal((await m.get<ProductDetail>(`/product/getProduct/${p.body.data.id}`)).body.data.weightPerMetre, 120, 'buyers see it: kilograms may be offered');
      const plain = await m.post<SellerProductDetail>('/shopProduct/create', await input(m, alice.id, { code: 'LK-17301' }), alice.token);
      t.equal((await m.get<ProductDetail>(`/product/getProduct/${plain.body.data.id}`)).body.data.weightPerMetre, null, 'unsaid: no kilograms');
      const theirs = await m.post('/shopProduct/update', { id: p.body.data.id, ...(await input(m, bob.id, { code: 'LK-17300', weightPerMetre: 999 })) }, bob.token);
      t.equal(theirs.body.code, CatalogueSellerCodes.PRODUCT_NOT_FOUND, "bob cannot re-weigh alice's product");
      t.equal((await m.get<SellerProductDetail>(`/shopProduct/get?id=${p.body.data.id}`, alice.token)).body.data.weightPerMetre, 120, 'unchanged');
      const cleared = await m.post<SellerProductDetail>('/shopProduct/update', { id: p.body.data.id, ...(await input(m, alice.id, { code: 'LK-17300', weightPerMetre: null })) }, alice.token);
      t.equal(cleared.body.data.weightPerMetre, null, 'the seller may clear it');
    });

    t.test('bulk is priced by the ladder at the api, whatever the request says; below the minimum is refused', async (t) => {
      const p = await m.post<SellerProductDetail>('/shopProduct/create', await input(m, alice.id, { code: 'LK-17100' }), alice.token);
      const product = p.body.data;
      const colorId = product.colourCards[0].id;
      const add = (buyNum: number, extra: Record<string, unknown> = {}) =>
        m.post<CartLine>('/shoppingCart/addShoppingCart', { buyType: BuyType.BULK, productId: product.id, colorId, buyNum, ...extra }, buyer.token);
      const low = await add(99);
      t.equal(low.body.code, CatalogueSellerCodes.BELOW_MINIMUM_ORDER, 'below the first step');
      t.match(low.body.message, /100/, 'the message says the minimum');
      const priced = await add(1200, { price: 1 });
      t.equal(priced.body.code, Codes.BAD_REQUEST, 'a price in the request is refused: the api prices');
      t.match(priced.body.message, /unknown field "price"/);
      const line = await add(1200);
      t.equal(line.body.code, 0, line.body.message);
      t.equal(line.body.data.price, 1050, 'the cart line: the step from 1,000');
      const less = await m.post<CartLine>('/shoppingCart/setBuyNum', { id: line.body.data.id, buyNum: 999 }, buyer.token);
      t.equal(less.body.data.price, 1200, 'the step from 100');
      t.equal((await m.post('/shoppingCart/setBuyNum', { id: line.body.data.id, buyNum: 50 }, buyer.token)).body.code, CatalogueSellerCodes.BELOW_MINIMUM_ORDER);
      const sample = await m.post<CartLine>('/shoppingCart/addShoppingCart', { buyType: BuyType.SAMPLE_CUT, productId: product.id, colorId, buyNum: 1 }, buyer.token);
      t.equal(sample.body.data.price, 0, 'a cut sample is free');
      const plate = await m.post<CartLine>('/shoppingCart/addShoppingCart', { buyType: BuyType.PLATE_CUT, productId: product.id, colorId, buyNum: 5 }, buyer.token);
      t.equal(plate.body.data.price, 3500, 'a cut plate at its price');

      const order = (num: number, key: string) => m.post<{ orders: OrderSummary[] }>('/order/placeOrder', {
        buyType: BuyType.BULK, delivery: Delivery.SELF_PICKUP, idempotencyKey: key,
        orders: [{ companyId: alice.companyId, productParams: [{ productId: product.id, colorId, num }] }],
      }, buyer.token);
      t.equal((await order(10, `below-${dialect}-1`)).body.code, CatalogueSellerCodes.BELOW_MINIMUM_ORDER, 'an order below the minimum');
      const placed = await order(1200, `ladder-${dialect}-1`);
      t.equal(placed.body.code, 0, placed.body.message);
      const [o] = placed.body.data.orders;
      t.match(o.lines[0], { unitPrice: 1050, num: 1200, amount: 1050 * 1200 }, 'priced by the ladder, not by the request');
      t.equal(o.goodsAmount, 1_260_000);

      // off sale: the product leaves the catalogue but stays in the buyer's order as it was
      t.equal((await m.post('/shopProduct/setOnSale', { id: product.id, onSale: false }, alice.token)).body.code, 0);
      t.equal((await m.get(`/product/getProduct/${product.id}`)).status, 410);
      const detail = await m.get<OrderSummary>(`/order/getOrderDetails?id=${o.id}`, buyer.token);
      t.equal(detail.body.code, 0);
      t.match(detail.body.data.lines[0], { productId: product.id, title: '法式睫毛蕾丝', unitPrice: 1050, num: 1200, amount: 1_260_000 });
      const mineList = await m.post<{ list: OrderSummary[] }>('/order/getUserOrders', { pageNum: 1, pageSize: 10, buyType: BuyType.BULK }, buyer.token);
      t.ok(mineList.body.data.list.some((x) => x.id === o.id), "still in the buyer's orders");
    });

    t.test("the buyer's display unit is carried into the cart and the order; the api still prices in the product's unit", async (t) => {
      // 150 g a metre: metres, yards and kilograms are offered; the ladder is per metre.
      const p = await m.post<SellerProductDetail>('/shopProduct/create', await input(m, alice.id, { code: 'LK-17200', weightPerMetre: 150 }), alice.token);
      t.equal(p.body.code, 0, p.body.message);
      const product = p.body.data;
      const [c1, c2] = product.colourCards.map((c) => c.id);
      const add = (colorId: number, buyNum: number, extra: Record<string, unknown> = {}, buyType: number = BuyType.BULK) =>
        m.post<CartLine>('/shoppingCart/addShoppingCart', { buyType, productId: product.id, colorId, buyNum, ...extra }, buyer.token);
      const yards = await add(c1, 1200, { displayUnit: Unit.YARD });
      t.equal(yards.body.code, 0, yards.body.message);
      t.match(yards.body.data, { unit: Unit.METRE, displayUnit: Unit.YARD, gramsPerMetre: 150, buyNum: 1200, price: 1050 }, 'kept in yards, priced per metre by the ladder');
      const kilos = await add(c2, 1000, { displayUnit: Unit.KILO });
      t.match(kilos.body.data, { displayUnit: Unit.KILO, price: 1050 }, 'kilograms where the seller gives the weight');
      const again = await add(c2, 1000);
      t.equal(again.body.data.displayUnit, null, "added again without a choice: the product's own unit");
      await add(c2, 1000, { displayUnit: Unit.KILO });
      const own = await add(c1, 1200, { displayUnit: Unit.METRE });
      t.equal(own.body.data.displayUnit, null, "choosing the product's own unit stores none");
      await add(c1, 1200, { displayUnit: Unit.YARD });
      const strip = await add(c1, 1200, { displayUnit: Unit.STRIP });
      t.equal(strip.body.code, CatalogueSellerCodes.DISPLAY_UNIT_NOT_OFFERED, 'a unit a length cannot be shown in is refused');
      t.match(strip.body.message, /法式睫毛蕾丝/);
      t.equal((await add(c1, 1200, { displayUnit: 'yard' })).status, 400, 'not a unit code');
      t.equal((await add(c1, 1, { displayUnit: Unit.YARD }, BuyType.SAMPLE_CUT)).body.data.displayUnit, null, 'a sample cut is a count: no display unit');
      // without a weight per metre, kilograms are refused
      const light = await m.post<SellerProductDetail>('/shopProduct/create', await input(m, alice.id, { code: 'LK-17201' }), alice.token);
      const noKg = await m.post('/shoppingCart/addShoppingCart', { buyType: BuyType.BULK, productId: light.body.data.id, colorId: light.body.data.colourCards[0].id, buyNum: 100, displayUnit: Unit.KILO }, buyer.token);
      t.equal(noKg.body.code, CatalogueSellerCodes.DISPLAY_UNIT_NOT_OFFERED, 'no kilograms without a weight per metre');
      t.same(codeMessages[CatalogueSellerCodes.DISPLAY_UNIT_NOT_OFFERED] && Object.keys(codeMessages[CatalogueSellerCodes.DISPLAY_UNIT_NOT_OFFERED]).sort(), ['en', 'zh'], 'the code has both languages');
      const listed = await m.post<Array<{ shoppingCarts: CartLine[] }>>('/shoppingCart/listShoppingCart', { buyType: BuyType.BULK }, buyer.token);
      const lines = (listed.body.data ?? []).flatMap((g) => g.shoppingCarts).filter((l) => l.productId === product.id);
      t.same(lines.map((l) => [l.colorId, l.displayUnit]).sort(), [[c1, Unit.YARD], [c2, Unit.KILO]].sort(), 'the cart lists each line in its unit');

      const order = (params: Array<Record<string, unknown>>, key: string) => m.post<{ orders: OrderSummary[] }>('/order/placeOrder', {
        buyType: BuyType.BULK, delivery: Delivery.SELF_PICKUP, idempotencyKey: key, orders: [{ companyId: alice.companyId, productParams: params }],
      }, buyer.token);
      const refused = await order([{ productId: light.body.data.id, colorId: light.body.data.colourCards[0].id, num: 100, displayUnit: Unit.KILO }], `unit-${dialect}-0`);
      t.equal(refused.body.code, CatalogueSellerCodes.DISPLAY_UNIT_NOT_OFFERED, 'an order in kilograms of a product without a weight');
      const placed = await order([
        { productId: product.id, colorId: c1, num: 1200, displayUnit: Unit.YARD },
        { productId: product.id, colorId: c2, num: 1000, displayUnit: Unit.KILO },
      ], `unit-${dialect}-1`);
      t.equal(placed.body.code, 0, placed.body.message);
      const [o] = placed.body.data.orders;
      t.match(o.lines, [
        { colorId: c1, unit: Unit.METRE, displayUnit: Unit.YARD, gramsPerMetre: 150, num: 1200, unitPrice: 1050, amount: 1_260_000 },
        { colorId: c2, unit: Unit.METRE, displayUnit: Unit.KILO, gramsPerMetre: 150, num: 1000, unitPrice: 1050, amount: 1_050_000 },
      ], 'the order keeps each unit and the weight of the day; prices and amounts per metre, as the api set them');
      // The seller changes the weight later: the order reads as it was ordered.
      const form = (await m.get<SellerProductDetail>(`/shopProduct/get?id=${product.id}`, alice.token)).body.data;
      t.equal((await m.post('/shopProduct/update', { ...(await input(m, alice.id, { code: 'LK-17200', weightPerMetre: 200 })), id: product.id, colourCards: form.colourCards.map((c) => ({ id: c.id, name: c.name, nameEn: c.nameEn, hex: c.hex })) }, alice.token)).body.code, 0);
      const detail = await m.get<OrderSummary>(`/order/getOrderDetails?id=${o.id}`, buyer.token);
      t.match(detail.body.data.lines, [{ displayUnit: Unit.YARD, gramsPerMetre: 150 }, { displayUnit: Unit.KILO, gramsPerMetre: 150 }], 'the order detail, after the weight changed');
      const seller = await m.get<OrderSummary>(`/shopOrder/getOrderDetails?id=${o.id}`, alice.token);
      t.equal(seller.body.code, 0, seller.body.message);
      t.match(seller.body.data.lines[0], { displayUnit: Unit.YARD, unitPrice: 1050 }, 'the seller sees the same line');
    });
  });
}
