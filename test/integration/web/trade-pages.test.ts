// The screens of issue 19 on the server render (done-means item 1): the hall /supplyAndBuy is crawlable
// HTML for a guest (teasers only, real links for the tabs, the pattern-type filters and the pages, each
// giving the rows it names), and the personal centre's purchase and supply entries show for the user
// types and settled status SPEC §2 gives them (myPurchase: type 3, settled; myReceiving: types 1 and 2,
// settled; mySupplies: types 1 and 2; collectionSupply: types 2 and 3), each rendering its page, with the
// release forms at releasePurchase and releaseSupply.
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { BuyType, PatternType, Unit } from '../../../isomorphic/domain/catalogue';
import { Limits } from '../../../isomorphic/domain/limits';
import { buildTestWeb, callAs, signInDemo, startSeededApi, type SignedIn, type TestApi } from '../../helpers/web';
import { storedImage } from '../../helpers/trade';
import { nextVisitorAddress } from '../../helpers/visitors';

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

// Each from its own address: posting a request spends the address's photo-search budget (20 a minute).
const call = <T>(who: SignedIn, url: string, payload: object): Promise<T> => callAs<T>(api, who, url, payload, nextVisitorAddress());

const picture = (userId: number): Promise<string> => storedImage(api.db.db, userId);

const page = (url: string, who?: SignedIn) => web.inject({ url, headers: who ? { cookie: who.cookie } : {} });
const ids = (html: string, attr: string) => [...html.matchAll(new RegExp(`${attr}="(\\d+)"`, 'g'))].map((m) => Number(m[1]));

t.test('the hall: crawlable teasers for a guest, with tab, filter and page links that give what they name', async (t) => {
  const [maker, buyer] = await Promise.all(['13800000001', '13800000003'].map((m) => signInDemo(api, m)));
  // One more request than a page holds: every third a fabric, the others big borders.
  const posted: Array<{ id: number; catalogue: number }> = [];
  for (let i = 0; i < Limits.pageSize + 1; i++) {
    const catalogue = i % 3 === 0 ? PatternType.FABRIC : PatternType.BIG_BORDER;
    const r = await call<{ id: number }>(buyer, '/productBuy/release', {
      imagePath: await picture(buyer.id), catalogue, sampleType: BuyType.BULK, acceptProduce: true, quantity: 100 + i, unit: Unit.YARD,
      description: `大厅求购第${i + 1}条`, deadline: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    });
    posted.push({ id: r.id, catalogue });
  }
  const offer = await call<{ id: number }>(maker, '/companySupply/release', { imagePath: await picture(maker.id), catalogue: PatternType.FABRIC, sample: true, quantity: 900, unit: Unit.YARD, description: '大厅库存供应' });

  const first = await page('/supplyAndBuy');
  t.equal(first.statusCode, 200);
  t.match(first.body, '<title>供求大厅', 'its title');
  t.match(first.body, /<link rel="canonical" href="[^"]*\/supplyAndBuy"/, 'a canonical link');
  const onFirst = ids(first.body, 'data-request-id');
  t.equal(onFirst.length, Limits.pageSize, 'a page of requests');
  t.same(onFirst, posted.slice(1).reverse().map((r) => r.id), 'newest first');
  t.notMatch(first.body, '大厅求购', 'a guest reads no description (teasers only)');
  t.match(first.body, 'href="/supplyAndBuy?page=2"', 'a link to the next page');
  t.match(first.body, 'href="/supplyAndBuy?tab=supply"', 'a link to the offers');
  t.match(first.body, `href="/supplyAndBuy?catalogue=${PatternType.FABRIC}"`, 'a link per pattern type');
  t.same(ids((await page('/supplyAndBuy?page=2')).body, 'data-request-id'), [posted[0].id], 'the second page has the rest');
  const fabrics = ids((await page(`/supplyAndBuy?catalogue=${PatternType.FABRIC}`)).body, 'data-request-id');
  t.same(fabrics, posted.filter((r) => r.catalogue === PatternType.FABRIC).reverse().map((r) => r.id), 'the filter gives the fabrics only');
  const supply = await page('/supplyAndBuy?tab=supply');
  t.same(ids(supply.body, 'data-supply-id'), [offer.id], 'the offers tab');
  t.notMatch(supply.body, '大厅库存供应', 'and no offer description for a guest');
  t.match((await page('/supplyAndBuy?lang=en')).body, 'Supply and purchase hall', 'in English');
  t.match((await page('/supplyAndBuy', maker)).body, '大厅求购第21条', 'a merchant reads the descriptions');
});

t.test("the personal centre's purchase and supply entries, by type and settled status, each a page", async (t) => {
  const rules: Record<string, (type: number, settled: boolean) => boolean> = {
    myPurchase: (type, settled) => type === 3 && settled,
    myReceiving: (type, settled) => (type === 1 || type === 2) && settled,
    mySupplies: (type) => type === 1 || type === 2,
    collectionSupply: (type) => type === 2 || type === 3,
  };
  for (const mobile of ['13800000001', '13800000002', '13800000003']) {
    const who = await signInDemo(api, mobile);
    const row = await api.db.db.selectFrom('app_user').select(['user_type', 'settled']).where('id', '=', who.id).executeTakeFirstOrThrow();
    const settled = row.settled === 1;
    const menu = (await page('/home/person/info', who)).body;
    for (const [key, shown] of Object.entries(rules)) {
      const expected = shown(row.user_type, settled);
      t.equal(menu.includes(`data-menu-key="${key}"`), expected, `type ${row.user_type}${settled ? ', settled' : ''}: ${key} ${expected ? 'shown' : 'not shown'}`);
      if (expected) {
        const res = await page(`/home/person/${key}`, who);
        t.equal(res.statusCode, 200, `${key} renders`);
        t.match(res.body, 'class="person__title"', `${key} has its title`);
      }
    }
    const seller = row.user_type === 1 || row.user_type === 2;
    const release = await page(`/home/person/${seller ? 'releaseSupply' : 'releasePurchase'}`, who);
    t.equal(release.statusCode, 200);
    t.match(release.body, `data-release="${seller ? 'supply' : 'buy'}"`, `${seller ? 'releaseSupply' : 'releasePurchase'}: the form`);
  }
  // The demo designer has not settled; once settled (as SPEC §2 asks for myPurchase), the entry shows.
  const designer = await signInDemo(api, '13800000003');
  await api.db.db.updateTable('app_user').set({ settled: 1 }).where('id', '=', designer.id).execute();
  t.match((await page('/home/person/info', designer)).body, 'data-menu-key="myPurchase"', 'type 3, settled: myPurchase shown');
  const mine = await page('/home/person/myPurchase', designer);
  t.equal(mine.statusCode, 200);
  t.match(mine.body, '大厅求购第21条', "myPurchase lists the designer's requests");
});
