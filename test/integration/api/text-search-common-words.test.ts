// Text search when a word matches more products than the search ranks (SEARCH_POOL) and counts
// (COUNT_CAP), on each dialect: the total stops at the cap and says so, a page is ranked (title matches
// first), pages do not repeat products, filters and sorts still hold over every match, and a rarer word
// is still ranked and counted exactly.
import t from 'tap';
import { dialects } from '../../helpers/db';
import { createCatalogueApi } from '../../helpers/catalogue';
import type { SearchPage } from '../../../isomorphic/contracts/catalogue';
import { COUNT_CAP, SEARCH_POOL } from '../../../api/modules/catalogue/catalogue.queries';
import { rebuildSearchIndex } from '../../../api/modules/catalogue/search-index';

const COMMON = COUNT_CAP + 100;

for (const { dialect, skip } of await dialects()) {
  t.test(dialect, { skip }, async (t) => {
    const api = await createCatalogueApi(dialect);
    t.teardown(() => api.cleanup());
    const db = api.deps.db.db;
    const company = await api.company('潮州金丝雀蕾丝有限公司', 'Golden Canary Lace');
    const at = new Date('2026-01-01T00:00:00Z').toISOString();
    // Rows written directly (as the seed writes large catalogues) and the index rebuilt once.
    // Every 10th product has 牡丹 in its title, the others only in the description; nine of the oldest have 孔雀 in the title.
    const rows = Array.from({ length: COMMON }, (_, i) => ({
      company_id: company, kind: 1, code: `C-${10000 + i}`,
      title: i % 10 === 0 ? `牡丹蕾丝面料 ${i}` : `${i < 10 ? '孔雀' : '简约'}几何蕾丝 ${i}`, title_en: `Lace ${i}`,
      description: i % 10 === 0 ? '经典花型。' : '适合搭配牡丹主题婚纱。', description_en: i % 20 === 0 ? '' : 'Scalloped edge.', composition: '',
      pattern_type: 100010, shape: 200012, unit: 400010, price: 1000 + (i % 50) * 10, width_cm: 140, cover_path: '', views: 0, status: 1,
      created_at: at, updated_at: at,
    }));
    for (let i = 0; i < rows.length; i += 200) await db.insertInto('product').values(rows.slice(i, i + 200)).execute();
    await rebuildSearchIndex({ db, dialect });
    const search = async (body: Record<string, unknown>) => (await api.post<SearchPage>('/product/searchLace', body)).body.data;

    t.test('a word in every product: the total stops at the cap and says more matched', async (t) => {
      const page = await search({ keyword: '蕾丝' });
      t.equal(page.total, COUNT_CAP);
      t.equal(page.totalCapped, true);
      t.equal(page.list.length, 20);
      const english = await search({ keyword: 'lace', pageSize: 100 });
      t.match(english, { total: COUNT_CAP, totalCapped: true });
      t.equal(english.list.length, 100);
    });

    t.test('a common word: title matches first, scores fall, pages do not repeat products', async (t) => {
      const p1 = await search({ keyword: '牡丹', pageSize: 50 });
      t.match(p1, { total: COUNT_CAP, totalCapped: true });
      t.ok(p1.list.every((h) => h.title.startsWith('牡丹')), 'the first 50 all hold the word in the title (50 of the newest 500 matches do)');
      t.ok(p1.list.every((h, i) => i === 0 || p1.list[i - 1].score >= h.score), 'scores never rise');
      const ids: number[] = [];
      for (let pageNum = 1; pageNum <= 5; pageNum++) ids.push(...(await search({ keyword: '牡丹', pageSize: 100, pageNum })).list.map((h) => h.id));
      t.equal(ids.length, 500);
      t.equal(new Set(ids).size, 500, 'five pages of 100 are 500 different products');
      const p2 = await search({ keyword: '牡丹', pageSize: 50, pageNum: 2 });
      t.ok(p2.list.every((h) => !h.title.startsWith('牡丹')), 'the second page continues with description matches');
      t.ok(p2.list[0].score < p1.list[p1.list.length - 1].score, 'ranked below the title matches');
    });

    t.test('a rarer word is ranked and counted exactly', async (t) => {
      const page = await search({ keyword: '孔雀' });
      t.equal(page.total, 9);
      t.notOk(page.totalCapped, 'an exact total says nothing more');
      t.equal(page.list.length, 9);
      t.ok(page.list.every((h) => h.title.startsWith('孔雀')));
      t.ok(SEARCH_POOL < COMMON, 'the common words above overflow the ranked pool');
      // With a word every product holds: on PostgreSQL the index is asked for the rare one only, each row then tested for both.
      const both = await search({ keyword: '蕾丝 孔雀' });
      t.equal(both.total, 9);
      t.same(both.list.map((h) => h.id).sort((a, b) => a - b), page.list.map((h) => h.id).sort((a, b) => a - b), 'the same nine products');
    });

    t.test('filters and sorts hold over every match, not only the newest', async (t) => {
      const cheapest = await search({ keyword: '蕾丝', sort: 'priceAsc', pageSize: 100 });
      t.match(cheapest, { total: COUNT_CAP, totalCapped: true });
      const prices = cheapest.list.map((h) => h.price ?? Infinity);
      t.same(prices, [...prices].sort((a, b) => a - b), 'cheapest first');
      t.same(prices.slice(0, COMMON / 50), Array(COMMON / 50).fill(1000), 'every product at the lowest price comes first, whatever its age');
      t.ok(cheapest.list.some((h) => h.code === 'C-10000'), 'the oldest product among them');
      // "scallop" (a prefix of "scalloped") is in all but every 20th product: sorted pages of it are read by
      // walking the listing in the sort's order and testing each product, and skip the others.
      const listed = await db.selectFrom('product').select(['id', 'code', 'price']).execute();
      const holding = listed.filter((r) => (Number(r.code.slice(2)) - 10000) % 20 !== 0);
      const byPrice = [...holding].sort((a, b) => (a.price ?? 0) - (b.price ?? 0) || a.id - b.id).map((r) => r.id);
      const byPriceDesc = [...holding].sort((a, b) => (b.price ?? 0) - (a.price ?? 0) || b.id - a.id).map((r) => r.id);
      const byNewest = [...holding].sort((a, b) => b.id - a.id).map((r) => r.id);
      t.equal(holding.length, COMMON - COMMON / 20);
      for (const [sort, expected] of [['priceAsc', byPrice], ['priceDesc', byPriceDesc], ['newest', byNewest]] as const) {
        const got: number[] = [];
        for (let pageNum = 1; pageNum <= 3; pageNum++) {
          const page = await search({ keyword: 'scallop', sort, pageSize: 100, pageNum });
          t.match(page, { total: COUNT_CAP, totalCapped: true }, `${sort} page ${pageNum}: capped`);
          got.push(...page.list.map((h) => h.id));
        }
        t.same(got, expected.slice(0, 300), `${sort}: the first 300 products holding the word, in the sort's order`);
      }
      const range = await search({ keyword: '牡丹', priceMin: 1490, priceMax: 1490, pageSize: 100 });
      t.equal(range.total, COMMON / 50, 'a filter narrows the count below the cap: exact');
      t.notOk(range.totalCapped);
      t.ok(range.list.every((h) => h.price === 1490));
    });
  });
}
