// Listings with filters and sorts (/product/listLSKProduct, /clothes/listClothes), quality firms
// (/company/listCompanies), removed companies (410) and the crawler calls (/seo/*), on each dialect,
// against a seeded demo catalogue with garments, checked against the rows.
import t from 'tap';
import { dialects } from '../../helpers/db';
import { createCatalogueApi } from '../../helpers/catalogue';
import { Codes } from '../../../isomorphic/domain/codes';
import { chinaToday } from '../../../isomorphic/domain/shop';
import { LaceEdge, LaceStretch, PatternType, Unit } from '../../../isomorphic/domain/catalogue';
import type { CompanySummary, Page, ProductSummary } from '../../../isomorphic/contracts/common';
import type { SitemapEntry, SitemapIndex } from '../../../isomorphic/contracts/catalogue';

const PRODUCTS = 48;

for (const { dialect, skip } of await dialects()) {
  t.test(dialect, { skip }, async (t) => {
    const api = await createCatalogueApi(dialect, { products: PRODUCTS, designPool: 10 });
    t.teardown(() => api.cleanup());
    const db = api.deps.db.db;
    const rows = await db.selectFrom('product').selectAll().execute();
    const lace = rows.filter((r) => r.kind === 1);
    const garments = rows.filter((r) => r.kind === 2);
    const list = (body: Record<string, unknown>) => api.post<Page<ProductSummary>>('/product/listLSKProduct', { pageSize: 100, ...body });
    const ids = (p: Page<ProductSummary>) => p.list.map((x) => x.id);

    t.test('the seed has garments with their own pictures', async (t) => {
      t.ok(garments.length >= 2 && garments.length < PRODUCTS / 2, `${garments.length} garments of ${PRODUCTS}`);
      t.ok(garments.every((g) => g.width_cm === null && g.unit === Unit.STRIP && /连衣裙|婚纱|晚礼服|衬衫|上衣|旗袍/.test(g.title)));
      const images = await db.selectFrom('product_image').select(['product_id', 'path']).where('product_id', 'in', garments.map((g) => g.id)).execute();
      t.equal(images.length, garments.length * 3, 'front, lace close-up and back');
    });

    t.test('patterns by default, newest first', async (t) => {
      const res = await list({});
      t.equal(res.status, 200);
      t.equal(res.body.code, Codes.OK);
      t.equal(res.body.data.total, lace.length);
      const expected = [...lace].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id).map((r) => r.id);
      t.same(ids(res.body.data), expected);
      const any = await list({ kind: '' });
      t.equal(any.body.data.total, PRODUCTS, 'an empty kind is any');
      const p2 = await list({ pageSize: 10, pageNum: 2 });
      t.same(ids(p2.body.data), expected.slice(10, 20));
      t.match(p2.body.data, { pageNum: 2, pageSize: 10, total: lace.length });
    });

    t.test('each filter, alone and together, as the rows say', async (t) => {
      const pick = <T>(xs: T[]) => xs[Math.floor(xs.length / 2)];
      const sample = pick(lace);
      const prices = lace.map((r) => r.price).filter((p): p is number => p !== null).sort((a, b) => a - b);
      const [lo, hi] = [prices[Math.floor(prices.length / 4)], prices[Math.floor((prices.length * 3) / 4)]];
      const cases: Array<[string, Record<string, unknown>, (r: typeof lace[number]) => boolean]> = [
        ['patternType', { patternType: sample.pattern_type }, (r) => r.pattern_type === sample.pattern_type],
        ['shape', { shape: sample.shape }, (r) => r.shape === sample.shape],
        ['unit', { unit: sample.unit }, (r) => r.unit === sample.unit],
        ['company', { companyId: sample.company_id }, (r) => r.company_id === sample.company_id],
        ['price range', { priceMin: lo, priceMax: hi }, (r) => r.price !== null && r.price >= lo && r.price <= hi],
        ['price from', { priceMin: hi }, (r) => r.price !== null && r.price >= hi],
        ['together', { patternType: sample.pattern_type, unit: sample.unit, priceMax: hi }, (r) => r.pattern_type === sample.pattern_type && r.unit === sample.unit && r.price !== null && r.price <= hi],
      ];
      for (const [name, filter, keep] of cases) {
        const res = await list(filter);
        const want = lace.filter(keep).map((r) => r.id).sort((a, b) => a - b);
        t.ok(want.length > 0, `${name}: the sample has matches`);
        t.same(ids(res.body.data).sort((a, b) => a - b), want, `${name}: exactly the matching rows`);
        t.equal(res.body.data.total, want.length, `${name}: total`);
      }
      const empties = await list({ patternType: '', shape: null, unit: '', priceMin: '', priceMax: null, companyId: '', sort: '' });
      t.equal(empties.body.data.total, lace.length, 'empty and null filters mean any');
      const none = await list({ priceMin: 5000, priceMax: 100 });
      t.same(none.body.data, { list: [], total: 0, pageNum: 1, pageSize: 100, verifiedCompanies: [] }, 'an empty range is an empty page');
      for (const bad of [{ patternType: 100099 }, { shape: 1 }, { unit: 'yard' }, { priceMin: -1 }, { companyId: 0 }, { sort: 'cheap' }, { kind: 3 }, { pageSize: 101 }]) {
        const res = await list(bad);
        t.equal(res.status, 400, `${JSON.stringify(bad)} is refused`);
        t.equal(res.body.code, Codes.BAD_REQUEST);
      }
    });

    t.test("the seed gives every pattern plausible lace attributes and the edge, craft and stretch filters find them", async (t) => {
      t.ok(lace.every((r) => r.craft !== null && r.stretch !== null), 'every pattern has a craft and a stretch');
      t.ok(lace.every((r) => (r.stretch === LaceStretch.STRETCH) === /spandex/i.test(r.composition)), 'stretch follows the spandex in the composition');
      t.ok(lace.filter((r) => r.pattern_type === PatternType.EYELASH).every((r) => r.edge === LaceEdge.EYELASH), 'eyelash lace has an eyelash edge');
      t.ok(lace.filter((r) => r.pattern_type === PatternType.BIG_BORDER || r.pattern_type === PatternType.SMALL_BORDER).every((r) => r.edge !== null), 'borders have an edge');
      t.ok(garments.every((g) => g.edge === null && g.craft !== null), 'garments: a craft, no edge');
      const again = await db.selectFrom('product').select(['id', 'edge', 'craft', 'stretch']).orderBy('id').execute();
      t.same(again.map((r) => [r.edge, r.craft, r.stretch]), [...rows].sort((a, b) => a.id - b.id).map((r) => [r.edge, r.craft, r.stretch]), 'read twice, the same values');
      const cases: Array<[string, Record<string, unknown>, (r: typeof lace[number]) => boolean]> = [];
      for (const edge of new Set(lace.map((r) => r.edge).filter((e) => e !== null))) cases.push([`edge ${edge}`, { edge }, (r) => r.edge === edge]);
      for (const craft of new Set(lace.map((r) => r.craft))) cases.push([`craft ${craft}`, { craft }, (r) => r.craft === craft]);
      for (const stretch of [LaceStretch.RIGID, LaceStretch.STRETCH]) cases.push([`stretch ${stretch}`, { stretch }, (r) => r.stretch === stretch]);
      const s = lace.find((r) => r.edge !== null && r.stretch === LaceStretch.STRETCH) ?? lace.find((r) => r.edge !== null)!;
      cases.push(['edge, craft and stretch together', { edge: s.edge, craft: s.craft, stretch: s.stretch }, (r) => r.edge === s.edge && r.craft === s.craft && r.stretch === s.stretch]);
      t.ok(cases.length >= 6, `${cases.length} attribute values seeded`);
      for (const [name, filter, keep] of cases) {
        const res = await list(filter);
        const want = lace.filter(keep).map((r) => r.id).sort((a, b) => a - b);
        t.ok(want.length > 0, `${name}: seeded patterns have it`);
        t.same(ids(res.body.data).sort((a, b) => a - b), want, `${name}: the filter finds exactly them`);
      }
    });

    t.test('sorts', async (t) => {
      const popular = await list({ sort: 'popular' });
      const views = popular.body.data.list.map((p) => p.views);
      t.same(views, [...views].sort((a, b) => b - a), 'most viewed first');
      const asc = await list({ sort: 'priceAsc' });
      const ascPrices = asc.body.data.list.map((p) => p.price);
      const negotiable = lace.filter((r) => r.price === null).length;
      t.ok(negotiable > 0, 'the sample has prices by negotiation');
      t.same(ascPrices.slice(-negotiable), new Array(negotiable).fill(null), 'price by negotiation last');
      const priced = ascPrices.slice(0, -negotiable) as number[];
      t.same(priced, [...priced].sort((a, b) => a - b), 'cheapest first');
      const desc = await list({ sort: 'priceDesc' });
      const descPrices = desc.body.data.list.map((p) => p.price);
      t.same(descPrices.slice(-negotiable), new Array(negotiable).fill(null), 'price by negotiation last when dearest first too');
      const dear = descPrices.slice(0, -negotiable) as number[];
      t.same(dear, [...dear].sort((a, b) => b - a), 'dearest first');
      const page1 = await list({ sort: 'priceAsc', pageSize: 5 });
      const page2 = await list({ sort: 'priceAsc', pageSize: 5, pageNum: 2 });
      t.same([...ids(page1.body.data), ...ids(page2.body.data)], ids(asc.body.data).slice(0, 10), 'pages of a sort follow on');
    });

    t.test('garments have their own listing', async (t) => {
      const res = await api.get<Page<ProductSummary>>('/clothes/listClothes?pageSize=100');
      t.equal(res.status, 200);
      t.same(ids(res.body.data).sort((a, b) => a - b), garments.map((g) => g.id).sort((a, b) => a - b));
      const forced = await api.get<Page<ProductSummary>>('/clothes/listClothes?kind=1&pageSize=100');
      t.equal(forced.body.data.total, garments.length, 'the kind is always garments');
      const company = garments[0].company_id;
      const filtered = await api.get<Page<ProductSummary>>(`/clothes/listClothes?companyId=${company}&sort=priceDesc&patternType=&pageSize=100`);
      t.same(ids(filtered.body.data).sort((a, b) => a - b), garments.filter((g) => g.company_id === company).map((g) => g.id).sort((a, b) => a - b));
      t.equal((await api.get('/clothes/listClothes?sort=x')).status, 400);
    });

    t.test("each listing says which of its page's mills carry the verified badge today, and only those", async (t) => {
      type Listed = Page<ProductSummary> & { verifiedCompanies: number[] };
      const companies = [...new Set(rows.map((r) => r.company_id))].sort((a, b) => a - b);
      t.ok(companies.length >= 3, `${companies.length} mills in the seed`);
      const [valid, expired, pending] = companies;
      const today = chinaToday();
      const at = new Date().toISOString();
      const cert = (company_id: number, verify_status: number, valid_to: string | null) => ({
        company_id, type: 3, name: '', number: `T-${company_id}`, issuer: 'TESTEX', valid_from: '2020-01-01', valid_to, images: '[]',
        verify_status, verify_note: '', verified_by: null, verified_at: verify_status === 1 ? at : null, created_at: at, updated_at: at,
      });
      await db.deleteFrom('shop_certificate').execute();
      await db.insertInto('shop_certificate').values([cert(valid, 1, null), cert(expired, 1, '2021-01-01'), cert(pending, 0, null)]).execute();
      t.ok(today > '2021-01-01');
      const badged = (page: Listed) => [...new Set(page.list.map((p) => p.companyId))].filter((c) => c === valid).sort((a, b) => a - b);
      const calls: Array<[string, () => Promise<{ body: { data: Listed } }>]> = [
        ['listLSKProduct', () => api.post<Listed>('/product/listLSKProduct', { pageSize: 100, kind: '' })],
        ['listLSKProduct of the verified mill', () => api.post<Listed>('/product/listLSKProduct', { pageSize: 100, kind: '', companyId: valid })],
        ['listLSKProduct of the expired mill', () => api.post<Listed>('/product/listLSKProduct', { pageSize: 100, kind: '', companyId: expired })],
        ['listLSKHomeProduct', () => api.get<Listed>('/product/listLSKHomeProduct?pageNum=1&pageSize=100&kind=')],
        ['listClothes', () => api.get<Listed>('/clothes/listClothes?pageSize=100')],
        ['searchLace', () => api.post<Listed>('/product/searchLace', { keyword: '蕾丝', pageSize: 100, kind: '' })],
      ];
      for (const [name, call] of calls) {
        const page = (await call()).body.data;
        t.ok(page.list.length > 0, `${name}: products listed`);
        t.same(page.verifiedCompanies, badged(page), `${name}: the verified mill when on the page, never the expired or pending one`);
      }
      const mine = (await calls[1][1]()).body.data;
      t.same(mine.verifiedCompanies, [valid], 'the verified mill\'s own listing carries its badge');
      t.same((await calls[2][1]()).body.data.verifiedCompanies, [], 'an expired certificate gives no badge, without any job running');
      // The validity ends: the next answer has no badge.
      await db.updateTable('shop_certificate').set({ valid_to: '2021-01-01' }).where('company_id', '=', valid).execute();
      t.same((await calls[1][1]()).body.data.verifiedCompanies, [], 'the badge goes with the validity');
      await db.deleteFrom('shop_certificate').execute();
    });

    t.test('quality firms', async (t) => {
      const companies = await db.selectFrom('company').selectAll().execute();
      const res = await api.get<Page<CompanySummary>>('/company/listCompanies?pageSize=100');
      t.equal(res.status, 200);
      t.equal(res.body.data.total, companies.length);
      const counts = res.body.data.list.map((c) => c.productCount);
      t.same(counts, [...counts].sort((a, b) => b - a), 'most products first');
      for (const c of res.body.data.list) {
        t.equal(c.productCount, rows.filter((r) => r.company_id === c.id).length, `${c.nameEn}: product count`);
      }
      t.ok(res.body.data.list.every((c) => c.province && c.logoUrl), 'area names and logos');
      const makers = await api.get<Page<CompanySummary>>('/company/listCompanies?kind=1&pageSize=100');
      t.ok(makers.body.data.total > 0 && makers.body.data.list.every((c) => c.kind === 1));
      t.equal(makers.body.data.total, companies.filter((c) => c.kind === 1).length);
      const paged = await api.get<Page<CompanySummary>>('/company/listCompanies?pageSize=3&pageNum=2');
      t.same(paged.body.data.list.map((c) => c.id), res.body.data.list.slice(3, 6).map((c) => c.id));
      t.equal((await api.get('/company/listCompanies?kind=5')).status, 400);
    });

    t.test('a removed company: 410, and its products leave listings and sitemaps', async (t) => {
      const gone = lace[0].company_id;
      const before = await list({});
      const index0 = await api.get<SitemapIndex>('/seo/sitemapIndex');
      await db.updateTable('company').set({ status: 0 }).where('id', '=', gone).execute();
      t.teardown(() => db.updateTable('company').set({ status: 1 }).where('id', '=', gone).execute());
      const info = await api.get(`/company/getCompanyInfo?companyId=${gone}`);
      t.equal(info.status, 410);
      t.equal(info.body.code, Codes.GONE);
      t.equal((await api.get('/company/getCompanyInfo?companyId=99999')).status, 404, 'unknown is 404');
      const after = await list({});
      const theirs = lace.filter((r) => r.company_id === gone).length;
      t.equal(after.body.data.total, before.body.data.total - theirs);
      t.notOk(after.body.data.list.some((p) => p.companyId === gone));
      const firms = await api.get<Page<CompanySummary>>('/company/listCompanies?pageSize=100');
      t.notOk(firms.body.data.list.some((c) => c.id === gone));
      const index1 = await api.get<SitemapIndex>('/seo/sitemapIndex');
      t.equal(index1.body.data.companies, index0.body.data.companies - 1);
      t.equal(index1.body.data.products, index0.body.data.products - theirs);
      const products = await api.get<SitemapEntry[]>('/seo/sitemap?type=product&page=1&pageSize=50000');
      t.notOk(products.body.data.some((e) => lace.find((r) => r.id === e.id)?.company_id === gone));
    });

    t.test('sitemaps', async (t) => {
      await db.updateTable('product').set({ status: 0 }).where('id', '=', lace[1].id).execute();
      t.teardown(() => db.updateTable('product').set({ status: 1 }).where('id', '=', lace[1].id).execute());
      const index = await api.get<SitemapIndex>('/seo/sitemapIndex');
      t.equal(index.status, 200);
      t.match(index.body.data, { products: lace.length - 1, garments: garments.length, companies: (await db.selectFrom('company').select('id').execute()).length });
      const newest = rows.map((r) => r.updated_at).sort().at(-1)!;
      t.equal(index.body.data.lastModified, new Date(newest).toISOString());
      const all = await api.get<SitemapEntry[]>('/seo/sitemap?type=product&page=1&pageSize=50000');
      t.same(all.body.data.map((e) => e.id), lace.filter((r) => r.id !== lace[1].id).map((r) => r.id).sort((a, b) => a - b), 'products on sale by id');
      t.ok(all.body.data.every((e) => !Number.isNaN(Date.parse(e.updatedAt))));
      const p1 = await api.get<SitemapEntry[]>('/seo/sitemap?type=product&page=1&pageSize=7');
      const p2 = await api.get<SitemapEntry[]>('/seo/sitemap?type=product&page=2&pageSize=7');
      t.same([...p1.body.data, ...p2.body.data].map((e) => e.id), all.body.data.slice(0, 14).map((e) => e.id), 'split into pages');
      const g = await api.get<SitemapEntry[]>('/seo/sitemap?type=garment&page=1');
      t.same(g.body.data.map((e) => e.id), garments.map((r) => r.id).sort((a, b) => a - b));
      const c = await api.get<SitemapEntry[]>('/seo/sitemap?type=company');
      t.equal(c.body.data.length, index.body.data.companies);
      t.same((await api.get<SitemapEntry[]>('/seo/sitemap?type=product&page=99')).body.data, []);
      for (const q of ['type=page', 'type=product&pageSize=50001', 'type=product&page=0', '']) {
        t.equal((await api.get(`/seo/sitemap?${q}`)).status, 400, `${q} is refused`);
      }
      const removed = await api.get(`/product/getProduct/${lace[1].id}`);
      t.equal(removed.status, 410, 'a removed product is 410');
    });
  });
}
