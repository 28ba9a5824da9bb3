// The shop's public page and the shop manager rendered on the server against the real api: the chosen
// template (each of the ten a different layout) with its sections in order, the verified badge on the
// page and on the shop's product cards, the QR code to download, the location card; the manager's pages
// for the seller, refused to guests and buyers.
import t from 'tap';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Page, ProductSummary } from '../../../isomorphic/contracts/common';
import { websiteTemplates } from '../../../isomorphic/domain/shop';
import { loadConfig } from '../../../config/index';
import { createStorageDriver } from '../../../api/modules/file/create-storage';
import { seedDemoData } from '../../../api/db/seed/index';
import { createAccountsApi, type AccountsApi } from '../../helpers/accounts';
import { buildTestWeb } from '../../helpers/web';
import { FAST_PASSWORD_HASH } from '../../helpers/db';

let api: AccountsApi;
let web: FastifyInstance;
let companyId: number;
let seller: { token: string; id: number; nickname: string };
let buyer: { token: string; id: number; nickname: string };

const cookieFor = (u: { token: string; id: number; nickname: string }) => ({ cookie: `x-token=${u.token}; user=${encodeURIComponent(JSON.stringify({ id: u.id, nickname: u.nickname }))}` });

t.before(async () => {
  api = await createAccountsApi('sqlite');
  const config = loadConfig({ ...FAST_PASSWORD_HASH, DATA_DIR: api.testDb.dir, LOG_LEVEL: 'silent' }, []);
  await seedDemoData({ config, db: api.testDb.db, storage: createStorageDriver(config), sms: { send: async () => undefined } as never }, { products: 6, designPool: 2 });
  await api.app.listen({ host: '127.0.0.1', port: 0 });
  web = await buildTestWeb(`http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`);
  const list = await api.get<Page<ProductSummary>>('/product/listLSKHomeProduct?pageNum=1&pageSize=20');
  companyId = list.body.data.list[0].companyId;
  const db = api.testDb.db.db;
  const who = async (mobile: string, type: 1 | 3) => {
    const token = await api.signUp(mobile, undefined, type);
    const user = (await api.post<{ user: { id: number; nickname: string } }>('/user/getUserInfo', {}, token)).body.data.user;
    return { token, id: user.id, nickname: user.nickname };
  };
  seller = await who('13800138601', 1);
  buyer = await who('13800138602', 3);
  await db.updateTable('app_user').set({ company_id: companyId, settled: 1 }).where('id', '=', seller.id).execute();
  // A certificate picture the seller uploaded, and a certificate the platform verified.
  const path = 'upload/20261123/00000000000000aa/web-0123456789abcdef0123456789abcdef.png';
  await db.insertInto('stored_file').values({ path, content_type: 'image/png', size: 10, width: 10, height: 10, owner_user_id: seller.id, created_at: new Date().toISOString() }).execute();
  const saved = await api.post<Array<{ id: number }>>('/companyAptitude/saveCompanyAptitude', { list: [{ type: 3, number: 'OT-2026-7788', issuer: 'TESTEX', validFrom: '2025-01-01', validTo: null, images: [path] }] }, seller.token);
  if (saved.body.code !== 0) throw new Error(saved.body.message);
  await db.updateTable('shop_certificate').set({ verify_status: 1, verified_at: new Date().toISOString() }).execute();
  const face = await api.post('/company/updateCompany', { province: '44', city: '4451', address: '枫溪区如意路 8 号', lat: 23.6567, lng: 116.6226 }, seller.token);
  if (face.body.code !== 0) throw new Error(face.body.message);
  await api.post('/device/addDevice', { kind: 1, name: 'Karl Mayer', gauge: 'E18', needles: 4200, count: 12 }, seller.token);
});
t.teardown(async () => {
  await web?.close();
  await api?.close();
});

t.test('each of the ten templates renders its own layout with the chosen sections in order', async (t) => {
  for (const template of websiteTemplates) {
    const saved = await api.post('/website/template', { templateId: template.id, sections: ['location', 'certificates', 'equipment', 'products'] }, seller.token);
    t.equal(saved.body.code, 0);
    const res = await web.inject(`/company/${companyId}`);
    t.equal(res.statusCode, 200, template.id);
    t.match(res.body, `data-template="${template.id}"`);
    t.match(res.body, `site--${template.layout}`);
    // The catalogue template keeps the patterns in its wide column and the rest, in order, in its side column.
    const expected = template.layout === 'catalogue' ? ['site-products', 'site-location', 'site-certificates', 'site-equipment'] : ['site-location', 'site-certificates', 'site-equipment', 'site-products'];
    const order = expected.map((id) => res.body.indexOf(`id="${id}"`));
    t.ok(order.every((at, i) => at > 0 && (i === 0 || at > order[i - 1])), `${template.id}: sections in the chosen order`);
    t.notMatch(res.body, 'id="site-intro"', 'a section not chosen is not shown');
  }
});

t.test('the public page: badge, certificate, QR code, location card, verified product cards', async (t) => {
  await api.post('/website/template', { templateId: 'template_9', sections: ['banner', 'intro', 'products', 'certificates', 'equipment', 'location'] }, seller.token);
  const res = await web.inject({ url: `/company/${companyId}`, headers: { cookie: 'lang=zh' } });
  t.equal(res.statusCode, 200);
  t.match(res.body, '认证企业', 'the shop carries the verified badge');
  t.match(res.body, 'OT-2026-7788', 'the verified certificate is listed');
  t.match(res.body, /<a class="site__nav|class="site__nav"/, 'template 9 has its section bar');
  t.match(res.body, /<svg[^>]*viewBox/, 'the QR code is in the page');
  t.match(res.body, /href="data:image\/png;base64,[^"]+" download="shop-\d+-qr\.png"/, 'and downloadable');
  t.match(res.body, 'uri.amap.com/marker?position=116.6226,23.6567', 'the location card links to a map without a key');
  t.match(res.body, 'Karl Mayer');
  t.match(res.body, /class="card__company"><span class="card__company-name">[^<]*<\/span><span class="verified-badge/, "the shop's product cards carry the badge");
  t.notMatch(res.body, 'class="shop-map"', 'no AMap key: no map is drawn');
  const en = await web.inject({ url: `/company/${companyId}`, headers: { cookie: 'lang=en' } });
  t.match(en.body, 'Verified company');
  t.match(en.body, 'Open in AMap');
  // The certificate expires: the badge goes without any job running.
  await api.testDb.db.db.updateTable('shop_certificate').set({ valid_from: '2020-01-01', valid_to: '2021-01-01' }).execute();
  const later = await web.inject({ url: `/company/${companyId}`, headers: { cookie: 'lang=zh' } });
  t.notMatch(later.body, '认证企业');
  t.notMatch(later.body, /class="[^"]*\bverified-badge\b/, 'no badge in the markup (the inline stylesheet names the class)');
  await api.testDb.db.db.updateTable('shop_certificate').set({ valid_from: '2025-01-01', valid_to: null }).execute();
});

t.test("the galleries' product cards carry the badge of a verified mill, server-rendered, and lose it when the certificate expires", async (t) => {
  const badged = (html: string) => {
    const cards = [...html.matchAll(/<li class="card" data-company="(\d+)">([\s\S]*?)<\/li>/g)];
    return { ours: cards.filter((c) => Number(c[1]) === companyId), others: cards.filter((c) => Number(c[1]) !== companyId), has: (c: RegExpMatchArray) => c[2].includes('verified-badge') };
  };
  const first = (await api.get<Page<ProductSummary>>('/product/listLSKHomeProduct?pageNum=1&pageSize=20')).body.data.list.find((p) => p.companyId === companyId) as ProductSummary;
  const galleries = ['/', '/goodAndNew', `/homeSearch?keyword=${encodeURIComponent(first.code)}`];
  for (const url of galleries) {
    const res = await web.inject({ url, headers: { cookie: 'lang=zh' } });
    t.equal(res.statusCode, 200, url);
    const cards = badged(res.body);
    t.ok(cards.ours.length > 0, `${url}: the shop's patterns are listed`);
    t.ok(cards.ours.every(cards.has), `${url}: each of the shop's cards carries the badge`);
    t.notOk(cards.others.some(cards.has), `${url}: no other mill's card does`);
  }
  const en = await web.inject({ url: '/goodAndNew', headers: { cookie: 'lang=en' } });
  t.match(en.body, /title="This mill holds a valid certificate verified by the platform"><span aria-hidden="true">✓<\/span> (<!-- -->)?Verified<\/span>/, 'in English too');
  // The validity ended yesterday: no job runs, the next render has no badge.
  await api.testDb.db.db.updateTable('shop_certificate').set({ valid_from: '2020-01-01', valid_to: '2021-01-01' }).execute();
  for (const url of galleries) {
    const res = await web.inject({ url, headers: { cookie: 'lang=zh' } });
    t.notOk(badged(res.body).ours.some(badged(res.body).has), `${url}: the expired certificate's badge is gone`);
  }
  await api.testDb.db.db.updateTable('shop_certificate').set({ valid_from: '2025-01-01', valid_to: null }).execute();
});

t.test('the shop manager pages: the seller sees them, guests sign in, buyers are refused', async (t) => {
  const pages: Array<[string, string]> = [['setting', '店铺设置'], ['aptitude', 'OT-2026-7788'], ['cooperation', '合作企业'], ['equipment', 'Karl Mayer'], ['mircoSetting', '预览（未保存）']];
  for (const [path, text] of pages) {
    const url = `/home/shopManage/${path}`;
    const res = await web.inject({ url, headers: { ...cookieFor(seller), cookie: `${cookieFor(seller).cookie}; lang=zh` } });
    t.equal(res.statusCode, 200, url);
    t.match(res.body, text, url);
    for (const entry of ['setting', 'aptitude', 'cooperation', 'equipment', 'mircoSetting']) t.match(res.body, `href="/home/shopManage/${entry}"`);
    const guest = await web.inject(url);
    t.equal(guest.statusCode, 302, `${url} guest`);
    const asBuyer = await web.inject({ url, headers: cookieFor(buyer) });
    t.equal(asBuyer.statusCode, 403, `${url} buyer`);
  }
});

t.test('a trader approved since the display cookie was written sees "my shop" on the next page, and the cookie follows', async (t) => {
  const token = await api.signUp('13800138603', undefined, 2);
  const user = (await api.post<{ user: { id: number; nickname: string } }>('/user/getUserInfo', {}, token)).body.data.user;
  const stale = { cookie: `x-token=${token}; user=${encodeURIComponent(JSON.stringify({ id: user.id, nickname: user.nickname, mobile: '13800138603', userType: 2, settled: false }))}` };
  const before = await web.inject({ url: '/', headers: stale });
  t.equal(before.statusCode, 200);
  t.notMatch(before.body, 'data-nav="my-shop"', 'not settled: no shop in the header');
  t.notOk(String(before.headers['set-cookie'] ?? '').includes('user='), 'and the cookie is left as it is');
  await api.testDb.db.db.updateTable('app_user').set({ company_id: companyId, settled: 1 }).where('id', '=', user.id).execute();
  const after = await web.inject({ url: '/', headers: stale });
  t.match(after.body, 'data-nav="my-shop"', 'approved: the shop is in the header of the very next page');
  const cookies = ([] as string[]).concat((after.headers['set-cookie'] as string | string[] | undefined) ?? []);
  const userCookie = cookies.find((c) => c.startsWith('user='));
  t.ok(userCookie, 'the display cookie is written again');
  t.match(decodeURIComponent(userCookie ?? ''), /"settled":true/, 'saying settled');
  t.ok(cookies.some((c) => c.startsWith('company=')), 'with the company');
});
