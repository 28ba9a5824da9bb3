// No link leads to a 404: as each demo role, the links of the home page, a personal page, the shop
// manager (the manufacturer) and the console (the operator) are followed, and none answers 404. The
// console is refused to a buyer (403) and sends a guest to sign in, on the server render.
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { demoAccounts } from '../../../api/db/seed/demo-accounts';
import { buildTestWeb, signInDemo, startSeededApi, type TestApi } from '../../helpers/web';

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

const signIn = async (mobile: string): Promise<string> => (await signInDemo(api, mobile)).cookie;

/** Same-site page links of an HTML document (no api, files or assets), products and companies sampled. */
function linksOf(html: string): string[] {
  const all = [...html.matchAll(/<a [^>]*href="(\/[^"#]*)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
  const pages = [...new Set(all)].filter((h) => !h.startsWith('/api/') && !h.startsWith('/static/') && !h.startsWith('//'));
  const sampled: string[] = [];
  const seen = new Map<string, number>();
  for (const h of pages) {
    const shape = h.replace(/\d+/g, 'N');
    const n = seen.get(shape) ?? 0;
    if (n < 2) sampled.push(h);
    seen.set(shape, n + 1);
  }
  return sampled;
}

const starts: Record<string, string[]> = {
  designer: ['/', '/home/person/info', '/settle/apply'],
  trader: ['/', '/home/person/info', '/settle/apply'],
  manufacturer: ['/', '/home/person/info', '/home/shopManage', '/home/shopManage/orderBulk'],
  operator: ['/', '/home/person/info', '/platform', '/platform/companies', '/platform/products', '/platform/copies'],
};

for (const account of demoAccounts) {
  t.test(`as the demo ${account.role}, no link of the home, personal, shop or console page is a 404`, async (t) => {
    const cookie = await signIn(account.mobile);
    const toVisit = new Set<string>();
    for (const start of starts[account.role]) {
      const res = await web.inject({ url: start, headers: { cookie } });
      t.equal(res.statusCode, 200, `${start} renders`);
      for (const link of linksOf(res.body)) toVisit.add(link);
    }
    if (account.role === 'manufacturer') t.ok(toVisit.has('/home/shopManage'), '"my shop" is in the header');
    if (account.role === 'operator') t.ok(toVisit.has('/platform'), 'the console is in the header');
    if (account.role === 'designer') t.notOk(toVisit.has('/home/shopManage'), 'a buyer has no "my shop"');
    t.ok(toVisit.has('/home/person/messages'), 'the bell links to the message centre');
    const broken: string[] = [];
    for (const link of toVisit) {
      const res = await web.inject({ url: link, headers: { cookie } });
      if (res.statusCode === 404) broken.push(link);
    }
    t.same(broken, [], `${toVisit.size} links followed, none is a 404`);
  });
}

t.test('the manufacturer sees its shop orders from the demo buyers; the bell is server-rendered', async (t) => {
  const cookie = await signIn('13800000001');
  const res = await web.inject({ url: '/home/shopManage/orderBulk', headers: { cookie } });
  t.equal(res.statusCode, 200);
  t.match(res.body, /data-menu-key="orderSample"/);
  const home = await web.inject({ url: '/', headers: { cookie } });
  const unread = /class="user-nav__bell"[^>]*data-unread="(\d+)"/.exec(home.body);
  t.ok(unread && Number(unread[1]) > 0, 'the seeded orders told the seller, and the first HTML shows it');
});

t.test('/platform: a buyer gets 403, a guest is sent to sign in, a seller gets 403', async (t) => {
  const guest = await web.inject({ url: '/platform' });
  t.equal(guest.statusCode, 302);
  t.equal(guest.headers.location, '/login?redirect=%2Fplatform');
  for (const mobile of ['13800000003', '13800000001']) {
    const res = await web.inject({ url: '/platform/audit', headers: { cookie: await signIn(mobile) } });
    t.equal(res.statusCode, 403, `${mobile} is refused`);
  }
  const buyerShop = await web.inject({ url: '/home/shopManage', headers: { cookie: await signIn('13800000003') } });
  t.equal(buyerShop.statusCode, 403, 'a buyer has no shop manager');
});
