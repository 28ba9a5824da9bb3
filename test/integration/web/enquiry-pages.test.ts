// Enquiry pages on the server render, as the demo roles: "ask" appears only to whoever may read the details
// and never to the owner (the product page, /supply/{id} for buyers, /buy/{id} for merchants), a guest gets
// a sign-in link on the product page; the shop's inbox and "My enquiries" render from their menus in both
// languages, a thread opened by id shows who asked to the seller, and another person opening the same id
// reads only "does not exist".
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import type { EnquiryThread } from '../../../isomorphic/contracts/enquiry';
import { EnquiryTarget } from '../../../isomorphic/domain/enquiry';
import { PatternType, ProductStatus, Unit, BuyType } from '../../../isomorphic/domain/catalogue';
import { buildTestWeb, callAs, signInDemo, startSeededApi, type SignedIn, type TestApi } from '../../helpers/web';
import { storedImage } from '../../helpers/trade';

let api: TestApi;
let web: FastifyInstance;

t.before(async () => {
  api = await startSeededApi({ products: 12 });
  web = await buildTestWeb(api.url);
});
t.teardown(async () => {
  await web?.close();
  await api?.close();
});

type Who = SignedIn;
const signIn = (mobile: string): Promise<Who> => signInDemo(api, mobile);

const call = <T>(who: Who, url: string, payload: object): Promise<T> => callAs<T>(api, who, url, payload);

const picture = (userId: number): Promise<string> => storedImage(api.db.db, userId);

const page = (url: string, who?: Who) => web.inject({ url, headers: who ? { cookie: who.cookie } : {} });
const asks = (html: string) => /class="button ask-seller__open"/.test(html);

t.test('who sees "ask" on the product, supply and purchase pages', async (t) => {
  const [maker, trader, buyer] = await Promise.all(['13800000001', '13800000002', '13800000003'].map(signIn));
  const makerRow = await api.db.db.selectFrom('app_user').select('company_id').where('id', '=', maker.id).executeTakeFirstOrThrow();
  const product = await api.db.db.selectFrom('product').select('id').where('company_id', '=', makerRow.company_id!).where('status', '=', ProductStatus.ON_SALE).orderBy('id').executeTakeFirstOrThrow();
  const supply = await call<{ id: number }>(maker, '/companySupply/release', { imagePath: await picture(maker.id), catalogue: PatternType.FABRIC, sample: true, quantity: 800, unit: Unit.YARD, description: '库存水溶花边' });
  const request = await call<{ id: number }>(buyer, '/productBuy/release', {
    imagePath: await picture(buyer.id), catalogue: PatternType.BIG_BORDER, sampleType: BuyType.BULK, acceptProduce: true, quantity: 500, unit: Unit.YARD,
    description: '白色睫毛大边', deadline: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  });

  const product1 = await page(`/flower/${product.id}`, buyer);
  t.ok(asks(product1.body), 'the product page: a buyer may ask');
  t.match(product1.body, '询问卖家');
  t.notOk(asks((await page(`/flower/${product.id}`, maker)).body), 'not the seller, on its own product');
  const guest = await page(`/flower/${product.id}`);
  t.match(guest.body, /<a class="button ask-seller__open" href="\/login\?redirect=[^"]+"[^>]*>登录后询问<\/a>/, 'a guest is sent to sign in');

  t.ok(asks((await page(`/supply/${supply.id}`, buyer)).body), '/supply: a buyer may ask');
  t.notOk(asks((await page(`/supply/${supply.id}`, trader)).body), '/supply: not a trader (no details)');
  t.notOk(asks((await page(`/supply/${supply.id}`, maker)).body), '/supply: not its owner');
  t.notOk(asks((await page(`/supply/${supply.id}`)).body), '/supply: not a guest');

  const buy = await page(`/buy/${request.id}?lang=en`, trader);
  t.ok(asks(buy.body), '/buy: a trader may ask');
  t.match(buy.body, 'Ask the buyer');
  t.ok(asks((await page(`/buy/${request.id}`, maker)).body), '/buy: a manufacturer may ask');
  t.notOk(asks((await page(`/buy/${request.id}`, buyer)).body), '/buy: not its buyer');
  t.notOk(asks((await page(`/buy/${request.id}`)).body), '/buy: not a guest');
});

t.test('the inbox and "My enquiries": menus, both languages, a thread by id for its parties only', async (t) => {
  const [maker, trader, buyer] = await Promise.all(['13800000001', '13800000002', '13800000003'].map(signIn));
  const makerRow = await api.db.db.selectFrom('app_user').select('company_id').where('id', '=', maker.id).executeTakeFirstOrThrow();
  const product = await api.db.db.selectFrom('product').select('id').where('company_id', '=', makerRow.company_id!).where('status', '=', ProductStatus.ON_SALE).orderBy('id').executeTakeFirstOrThrow();
  const th = await call<EnquiryThread>(buyer, '/enquiry/askPurchase', { kind: EnquiryTarget.PRODUCT, targetId: product.id, text: '这款有黑色吗？' });
  const id = th.enquiry.id;

  const shop = await page('/home/shopManage', maker);
  t.match(shop.body, /data-menu-key="enquiry" href="\/home\/shopManage\/enquiry"/, 'the shop manager\'s menu leads to the inbox');
  const inbox = await page(`/home/shopManage/enquiry?id=${id}`, maker);
  t.equal(inbox.statusCode, 200);
  t.match(inbox.body, '询盘管理');
  t.match(inbox.body, '这款有黑色吗？');
  t.match(inbox.body, /data-thread="\d+"/, 'the thread is open');
  t.match(inbox.body, '询盘人信息');
  t.match(inbox.body, '林设计师', 'who asked, by name');
  t.match(inbox.body, '138****0003', 'and the mobile, its middle hidden');
  const en = await page(`/home/shopManage/enquiry?id=${id}&lang=en`, maker);
  t.match(en.body, 'Who asked');
  t.match(en.body, '>Enquiries<');

  const person = await page('/home/person/info', buyer);
  t.match(person.body, /data-menu-key="enquiry" href="\/home\/person\/enquiry"/, 'the personal centre\'s menu leads to "My enquiries"');
  const mine = await page(`/home/person/enquiry?box=sent&id=${id}`, buyer);
  t.match(mine.body, '我的询盘');
  t.match(mine.body, '这款有黑色吗？');
  t.notMatch(mine.body, '询盘人信息', 'the asker is not shown their own details');
  t.match((await page('/home/person/enquiry?lang=en', buyer)).body, 'My enquiries');

  const other = await page(`/home/person/enquiry?box=received&id=${id}`, trader);
  t.equal(other.statusCode, 200);
  t.match(other.body, '询盘不存在', 'another person reads only "does not exist"');
  t.notMatch(other.body, '这款有黑色吗？', 'and not the question');
  t.notMatch(other.body, '138****0003');
  const filtered = await page('/home/shopManage/enquiry?kind=2', maker);
  t.notMatch(filtered.body, '这款有黑色吗？', 'filtered by kind on the server render');
  t.match(filtered.body, '暂无询盘');
});

t.test("the menus' badge: unread received enquiries, in the shop manager and the personal centre, cleared when read", async (t) => {
  const [maker, buyer] = await Promise.all(['13800000001', '13800000003'].map(signIn));
  const makerRow = await api.db.db.selectFrom('app_user').select('company_id').where('id', '=', maker.id).executeTakeFirstOrThrow();
  const product = await api.db.db.selectFrom('product').select('id').where('company_id', '=', makerRow.company_id!).where('status', '=', ProductStatus.ON_SALE).orderBy('id').executeTakeFirstOrThrow();
  const unread = async () => (await api.app.inject({ method: 'GET', url: '/enquiry/unreadCount', headers: { 'x-token': maker.token } })).json().data.received as number;
  /** The enquiry entry of the page's side menu: its badge's number (0 when it has none) and the badge's words. */
  const entry = (html: string) => {
    const link = /<a[^>]*data-menu-key="enquiry"[^>]*>(.*?)<\/a>/.exec(html)?.[1] ?? '';
    return { n: Number(/data-badge="(\d+)"/.exec(link)?.[1] ?? 0), words: />([^<]*unread enquiries|[^<]*条未读询盘)</.exec(link)?.[1] ?? '' };
  };
  const before = await unread();
  const th = await call<EnquiryThread>(buyer, '/enquiry/askPurchase', { kind: EnquiryTarget.PRODUCT, targetId: product.id, text: '角标：这款起订量多少？' });
  t.equal(await unread(), before + 1, 'the api counts the new enquiry');

  const shop = entry((await page('/home/shopManage', maker)).body);
  t.equal(shop.n, before + 1, "the shop manager's menu shows the count");
  t.equal(shop.words, `${before + 1} 条未读询盘`, 'and says what it counts');
  t.equal(entry((await page('/home/shopManage/products?lang=en', maker)).body).words, `${before + 1} unread enquiries`, 'in English too');
  t.equal(entry((await page('/home/person/info', maker)).body).n, before + 1, "the personal centre's menu shows it as well");
  t.equal(entry((await page('/home/person/info', buyer)).body).n, 0, 'the asker has no badge for what they sent');

  // Opening the thread marks it read: the same page's menu already shows one fewer.
  const opened = await page(`/home/shopManage/enquiry?id=${th.enquiry.id}`, maker);
  t.match(opened.body, '角标：这款起订量多少？');
  t.equal(entry(opened.body).n, before, 'cleared on the page that reads it');
  t.equal(entry((await page('/home/person/info', maker)).body).n, before, 'and in the personal centre');
});
