// Cart, order confirmation and order pages rendered on the server for a signed-in buyer and a seller,
// against the real api (seeded products, log SMS driver); guests are sent to sign in.
import t from 'tap';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Page, ProductDetail, ProductSummary } from '../../../isomorphic/contracts/common';
import type { CartGroup, OrderSummary } from '../../../isomorphic/contracts/order';
import { BuyType, Delivery } from '../../../isomorphic/domain/catalogue';
import { loadConfig } from '../../../config/index';
import { createStorageDriver } from '../../../api/modules/file/create-storage';
import { seedDemoData } from '../../../api/db/seed/index';
import { createAccountsApi, type AccountsApi } from '../../helpers/accounts';
import { buildTestWeb } from '../../helpers/web';
import { FAST_PASSWORD_HASH } from '../../helpers/db';

let api: AccountsApi;
let web: FastifyInstance;
let products: ProductDetail[];

t.before(async () => {
  api = await createAccountsApi('sqlite');
  const config = loadConfig({ ...FAST_PASSWORD_HASH, DATA_DIR: api.testDb.dir, LOG_LEVEL: 'silent' }, []);
  await seedDemoData({ config, db: api.testDb.db, storage: createStorageDriver(config), sms: { send: async () => undefined } as never }, { products: 8, designPool: 2 });
  await api.app.listen({ host: '127.0.0.1', port: 0 });
  web = await buildTestWeb(`http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`);
  const list = await api.get<Page<ProductSummary>>('/product/listLSKHomeProduct?pageNum=1&pageSize=20');
  // Two products of two different companies.
  const summaries = list.body.data.list;
  const second = summaries.find((p) => p.companyId !== summaries[0].companyId);
  if (!second) throw new Error('the seed has one company only');
  products = await Promise.all([summaries[0], second].map(async (p) => (await api.get<ProductDetail>(`/product/getProduct/${p.id}`)).body.data));
});
t.teardown(async () => {
  await web?.close();
  await api?.close();
});

/** The cookies the web service sets at sign-in: the token and the display copy of the user. */
const cookieFor = (token: string, user: { id: number; nickname: string }) => ({ cookie: `x-token=${token}; user=${encodeURIComponent(JSON.stringify(user))}` });

/** A tab with its count as React renders it (text nodes may be separated by a comment). */
const tab = (label: string, count: number) => new RegExp(`${label}(?:<!-- -->)? <span class="tabs__count">${count}</span>`);

t.test('guests are sent to sign in from every cart and order page', async (t) => {
  for (const path of ['/shoppingCart', '/confirmOrder?type=1&ids=1', '/successSubmit?ids=1', '/home/person/orderSample', '/home/person/orderBulk', '/home/person/orderDetail/1', '/home/shopManage/orderLayout']) {
    const res = await web.inject(path);
    t.equal(res.statusCode, 302, path);
    t.equal(res.headers.location, `/login?redirect=${encodeURIComponent(path)}`, `${path} comes back after sign-in`);
  }
});

t.test('a buyer sees the cart, the confirmation, the orders and one order; a seller sees the shop orders', async (t) => {
  const token = await api.signUp('13800138501');
  const me = (await api.post<{ user: { id: number; nickname: string } }>('/user/getUserInfo', {}, token)).body.data.user;
  const headers = cookieFor(token, me);
  const [a] = products;
  for (const p of products) {
    const added = await api.post('/shoppingCart/addShoppingCart', { buyType: BuyType.SAMPLE_CUT, productId: p.id, colorId: p.colourCards[0].id, buyNum: 2 }, token);
    t.equal(added.body.code, 0, added.body.message);
  }
  await api.post('/shoppingCart/addShoppingCart', { buyType: BuyType.BULK, productId: a.id, colorId: a.colourCards[0].id, buyNum: 300 }, token);

  const cart = await web.inject({ url: '/shoppingCart?type=1', headers });
  t.equal(cart.statusCode, 200);
  t.match(cart.body, '<title>购物车');
  for (const p of products) {
    t.ok(cart.body.includes(p.title), `cart line ${p.title}`);
    t.ok(cart.body.includes(p.companyName), `company group ${p.companyName}`);
  }
  t.match(cart.body, '不含运费', 'freight not included');
  t.match(cart.body, '剪样免费', 'samples are free');
  t.ok(tab('剪样', 2).test(cart.body), 'tab count of sample cuts');
  t.ok(tab('大货', 1).test(cart.body), 'tab count of bulk');

  const bulk = await web.inject({ url: '/shoppingCart?type=2&lang=en', headers });
  t.equal(bulk.statusCode, 200);
  t.match(bulk.body, 'Freight not included');
  const expected = a.price === null || a.price < 0 ? 'Price by negotiation' : `¥${(a.price * 300 / 100).toFixed(2)}`;
  t.ok(bulk.body.replace(/<!-- -->/g, '').includes(expected), `bulk total from the catalogue price: ${expected}`);
  const bulkIds = (await api.post<CartGroup[]>('/shoppingCart/listShoppingCart', { buyType: BuyType.BULK }, token)).body.data.flatMap((g) => g.shoppingCarts.map((l) => l.id));
  const bulkConfirm = await web.inject({ url: `/confirmOrder?type=2&ids=${bulkIds.join(',')}&lang=en`, headers });
  t.equal(bulkConfirm.statusCode, 200);
  const note = /class="muted cart-bar__note">(.*?)<\/span>/.exec(bulkConfirm.body.replace(/<!-- -->/g, ''))?.[1] ?? '';
  t.match(note, /^Freight not included(; [^；]+)?; The seller confirms the bulk price after the order$/, 'the English note is joined with English semicolons, not Chinese ones');

  const groups = (await api.post<CartGroup[]>('/shoppingCart/listShoppingCart', { buyType: BuyType.SAMPLE_CUT }, token)).body.data;
  const ids = groups.flatMap((g) => g.shoppingCarts.map((l) => l.id));
  const confirm = await web.inject({ url: `/confirmOrder?type=1&ids=${ids.join(',')}`, headers });
  t.equal(confirm.statusCode, 200);
  t.match(confirm.body, '确认订单');
  t.match(confirm.body, '您还没有收货地址', 'no address yet');
  t.match(confirm.body, /<button type="button" class="button button--primary">新增收货地址<\/button>/, 'a button to add one in place (issue 23)');
  t.notMatch(confirm.body, 'href="/home/person/address"', 'not a link away from the order');
  for (const label of ['运费到付', '自提', '卖家包邮', '在线支付运费', '送货上门']) t.ok(confirm.body.includes(label), `delivery ${label}`);
  t.equal((confirm.body.match(/店铺：/g) ?? []).length, 2, 'one order per company');

  const placed = await api.post<{ orders: OrderSummary[] }>('/order/placeOrder', {
    buyType: BuyType.SAMPLE_CUT, delivery: Delivery.SELF_PICKUP, idempotencyKey: 'integration-web-1',
    orders: groups.map((g) => ({ companyId: g.companyId, productParams: g.shoppingCarts.map((l) => ({ num: l.buyNum, colorId: l.colorId, productId: l.productId })) })),
  }, token);
  t.equal(placed.body.code, 0, placed.body.message);
  const orders = placed.body.data.orders;

  const success = await web.inject({ url: `/successSubmit?ids=${orders.map((o) => o.id).join(',')}`, headers });
  t.equal(success.statusCode, 200);
  for (const o of orders) t.match(success.body, `href="/home/person/orderDetail/${o.id}"`);

  const list = await web.inject({ url: '/home/person/orderSample', headers });
  t.equal(list.statusCode, 200);
  for (const o of orders) t.ok(list.body.includes(o.orderNo), `order ${o.orderNo} listed`);
  t.ok(tab('待发货', 2).test(list.body), 'awaiting-shipment tab counts both');
  t.match(list.body, 'data-action="cancel"', 'the buyer may cancel an unsent sample');
  t.match(list.body, 'person__menu', 'inside the personal centre');

  const none = await web.inject({ url: '/home/person/orderSample?group=succeeded', headers });
  t.match(none.body, '暂无订单');

  const detail = await web.inject({ url: `/home/person/orderDetail/${orders[0].id}?lang=en`, headers });
  t.equal(detail.statusCode, 200);
  t.match(detail.body, 'Order trace');
  t.match(detail.body, 'Creation time');
  t.match(detail.body, 'Self pickup');
  t.match(detail.body, orders[0].orderNo);

  const stranger = await api.signUp('13800138502');
  const strangerMe = (await api.post<{ user: { id: number; nickname: string } }>('/user/getUserInfo', {}, stranger)).body.data.user;
  const notMine = await web.inject({ url: `/home/person/orderDetail/${orders[0].id}`, headers: cookieFor(stranger, strangerMe) });
  t.equal(notMine.statusCode, 404, "another buyer's order is not found");
  const noShop = await web.inject({ url: '/home/shopManage/orderSample', headers: cookieFor(stranger, strangerMe) });
  t.equal(noShop.statusCode, 403, 'someone without a shop has no shop orders');

  // The seller: a user of the first company.
  const sellerToken = await api.signUp('13800138503', undefined, 1);
  const seller = (await api.post<{ user: { id: number; nickname: string } }>('/user/getUserInfo', {}, sellerToken)).body.data.user;
  await api.testDb.db.db.updateTable('app_user').set({ company_id: orders[0].companyId, settled: 1 }).where('id', '=', seller.id).execute();
  const shop = await web.inject({ url: '/home/shopManage/orderSample', headers: cookieFor(sellerToken, seller) });
  t.equal(shop.statusCode, 200);
  t.ok(shop.body.includes(orders[0].orderNo), "the company's order is listed");
  t.notOk(shop.body.includes(orders[1].orderNo), "another company's order is not");
  t.match(shop.body, 'data-action="ship"', 'the seller may send the sample');
  t.match(shop.body, '寄出样品');
  const sellerDetail = await web.inject({ url: `/home/person/orderDetail/${orders[0].id}?as=seller`, headers: cookieFor(sellerToken, seller) });
  t.equal(sellerDetail.statusCode, 200);
  t.match(sellerDetail.body, 'data-action="ship"');
  t.equal((await web.inject({ url: '/home/person/orderDetail/abc', headers })).statusCode, 404, 'a malformed id is a 404');
});

t.test('an order page rendered on the server: times in China time or the viewer\'s zone, labelled; the address in the page\'s language (issue 23)', async (t) => {
  const token = await api.signUp('13800138511');
  const me = (await api.post<{ user: { id: number; nickname: string } }>('/user/getUserInfo', {}, token)).body.data.user;
  const address = await api.post<{ id: number }>('/consignee/addConsignee', { consignee: '林小姐', phone: '13912345678', provinceCode: '44', cityCode: '4451', districtCode: '445102', detail: '枫春路 1 号' }, token);
  t.equal(address.body.code, 0, address.body.message);
  const [a] = products;
  const placed = await api.post<{ orders: OrderSummary[] }>('/order/placeOrder', {
    buyType: BuyType.SAMPLE_CUT, delivery: Delivery.FREIGHT_COLLECT, consigneeId: address.body.data.id, idempotencyKey: 'integration-web-zone',
    orders: [{ companyId: a.companyId, productParams: [{ num: 1, colorId: a.colourCards[0].id, productId: a.id }] }],
  }, token);
  t.equal(placed.body.code, 0, placed.body.message);
  const id = placed.body.data.orders[0].id;
  // Placed at 13:05 UTC: 21:05 in China, 22:05 in Tokyo (no daylight saving in either).
  await api.testDb.db.db.updateTable('trade_order').set({ created_at: '2026-11-23T13:05:00.000Z' }).where('id', '=', id).execute();
  const page = async (lang: 'zh' | 'en', zone?: string) => (await web.inject({
    url: `/home/person/orderDetail/${id}?lang=${lang}`,
    headers: { cookie: `${cookieFor(token, me).cookie}${zone ? `; tz=${encodeURIComponent(zone)}` : ''}` },
  })).body.replace(/<!-- -->/g, '');
  const zh = await page('zh');
  t.match(zh, '2026-11-23 21:05（北京时间）', 'Chinese, no zone known: China Standard Time, saying so');
  t.match(zh, '广东省 潮州市 湘桥区 枫春路 1 号', 'the address as kept');
  const en = await page('en');
  t.match(en, '23 Nov 2026, 21:05 (China time)', 'English, no zone known');
  t.match(en, 'Guangdong, Chaozhou, Xiangqiao District 枫春路 1 号', 'the region in English');
  t.notMatch(en, '广东省', 'no Chinese region name on the English page');
  t.match(await page('zh', 'Asia/Tokyo'), '2026-11-23 22:05（当地时间 UTC+9）', 'the viewer\'s zone from the tz cookie, saying so');
  t.match(await page('en', 'Asia/Tokyo'), '23 Nov 2026, 22:05 (your time, UTC+9)');
  t.match(await page('en', 'Not/A_Zone'), '23 Nov 2026, 21:05 (China time)', 'an unknown zone: China time');
});
