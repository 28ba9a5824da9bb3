// Text search (/product/searchLace) on each dialect: Chinese and English words, pattern numbers, ranking
// (a title match above a description match), highlighting, filters and pages, the queries that must never
// fail, and the index following product writes.
import t from 'tap';
import { dialects } from '../../helpers/db';
import { createCatalogueApi } from '../../helpers/catalogue';
import { Codes } from '../../../isomorphic/domain/codes';
import { PatternType } from '../../../isomorphic/domain/catalogue';
import type { Page } from '../../../isomorphic/contracts/common';
import type { Part, SearchHit } from '../../../isomorphic/contracts/catalogue';
import { createProduct, deleteProduct, removeProduct, updateProduct } from '../../../api/modules/catalogue/catalogue.service';
import { indexedCount, rebuildSearchIndex } from '../../../api/modules/catalogue/search-index';

const joined = (parts: Part[]) => parts.map((p) => p.text).join('');
const marked = (parts: Part[]) => parts.filter((p) => p.match).map((p) => p.text);

for (const { dialect, skip } of await dialects()) {
  t.test(dialect, { skip }, async (t) => {
    const api = await createCatalogueApi(dialect);
    t.teardown(() => api.cleanup());
    const db = api.deps.db.db;
    const lace = await api.company('潮州金丝雀蕾丝有限公司', 'Golden Canary Lace');
    const other = await api.company('汕头锦绣花边厂', 'Jinxiu Lace Factory');
    const ids = {
      roseTitle: await api.product(lace, {
        title: '法式玫瑰水溶蕾丝面料', title_en: 'French rose water-soluble lace fabric', code: 'LK-20391',
        description: '经典花型，幅宽140厘米。', description_en: 'A classic pattern, 140 cm wide.', price: 3800,
      }),
      roseBody: await api.product(lace, {
        title: '复古牡丹经编窄边花边', title_en: 'Vintage peony warp-knitted narrow lace trim', code: 'LK-30001', pattern_type: PatternType.SMALL_BORDER,
        description: '适合搭配玫瑰主题婚纱。', description_en: 'Goes with rose themed bridal wear.', price: 1200,
      }),
      border: await api.product(other, {
        title: '星月亮丝宽幅大边花边', title_en: 'Star and moon metallic wide lace border', code: 'JX-55555', pattern_type: PatternType.BIG_BORDER,
        description: '亮丝工艺。', description_en: 'Metallic yarn.', price: null,
      }),
      geometric: await api.product(other, {
        title: '简约几何棉线蕾丝面料', title_en: 'Minimal geometric cotton lace fabric', code: 'JX-60000',
        description: '棉线钩编。', description_en: 'Embroidered roses on cotton.', price: 2600,
      }),
      dress: await api.product(lace, {
        kind: 2, title: '法式玫瑰蕾丝连衣裙', title_en: 'French rose lace dress', code: 'LK-G1001', unit: 400012, width_cm: null,
        description: '修身款。', description_en: 'Slim fit.', price: 68000,
      }),
      removed: await api.product(lace, { title: '玫瑰睫毛蕾丝', title_en: 'Rose eyelash lace', code: 'LK-40404', status: 0 }),
    };
    const search = (body: Record<string, unknown>, lang?: 'zh' | 'en') => api.post<Page<SearchHit>>('/product/searchLace', body, undefined, lang);
    const idsOf = (page: Page<SearchHit>) => page.list.map((h) => h.id);

    t.test('a Chinese word: title matches rank above description matches; removed products and garments stay out', async (t) => {
      const res = await search({ keyword: '玫瑰' });
      t.equal(res.status, 200);
      t.equal(res.body.code, Codes.OK);
      t.same(idsOf(res.body.data), [ids.roseTitle, ids.roseBody], 'the title match first, the description match second');
      t.equal(res.body.data.total, 2);
      const [first, second] = res.body.data.list;
      t.ok(first.score > second.score, `scores fall (${first.score} > ${second.score})`);
      t.same(first.titleParts, [{ text: '法式', match: false }, { text: '玫瑰', match: true }, { text: '水溶蕾丝面料', match: false }]);
      t.same(second.titleParts, [{ text: second.title, match: false }], 'nothing to mark in a title that does not hold the word');
      t.same(first.titleEnParts, [{ text: first.titleEn, match: false }]);
      t.match(first, { code: 'LK-20391', companyName: '潮州金丝雀蕾丝有限公司', price: 3800 });

      const garments = await search({ keyword: '玫瑰', kind: 2 });
      t.same(idsOf(garments.body.data), [ids.dress], 'kind 2 searches garments');
      const any = await search({ keyword: '玫瑰', kind: '' });
      t.same(new Set(idsOf(any.body.data)), new Set([ids.roseTitle, ids.roseBody, ids.dress]), 'an empty kind is any');
      t.equal(idsOf(any.body.data).at(-1), ids.roseBody, 'the description match still last');
    });

    t.test('Chinese words the segmenter cuts differently in the title are still found, and highlighted', async (t) => {
      for (const keyword of ['星月', '大边', '亮丝', '宽幅大边', '星月大边']) {
        const res = await search({ keyword });
        t.same(idsOf(res.body.data), [ids.border], `${keyword} finds the border`);
      }
      const res = await search({ keyword: '星月 大边' });
      t.same(marked(res.body.data.list[0].titleParts), ['星月', '大边']);
      t.equal(joined(res.body.data.list[0].titleParts), '星月亮丝宽幅大边花边', 'the parts join back to the title');
      const multi = await search({ keyword: '玫瑰蕾丝面料' });
      t.same(idsOf(multi.body.data), [ids.roseTitle], 'words of a query need not stand together');
      t.same(marked(multi.body.data.list[0].titleParts), ['玫瑰', '蕾丝面料']);
      const company = await search({ keyword: '锦绣' });
      t.same(new Set(idsOf(company.body.data)), new Set([ids.border, ids.geometric]), 'the company name is searched');
      const type = await search({ keyword: '大边', patternType: PatternType.SMALL_BORDER });
      t.same(idsOf(type.body.data), [], 'filters apply to the search');
    });

    t.test('English words, prefixes, case and width; title above description', async (t) => {
      const rose = await search({ keyword: 'rose' });
      t.same(idsOf(rose.body.data).slice(0, 1), [ids.roseTitle], 'the title match first');
      t.same(new Set(idsOf(rose.body.data)), new Set([ids.roseTitle, ids.roseBody, ids.geometric]), 'descriptions match too ("roses" by prefix)');
      t.same(marked(rose.body.data.list[0].titleEnParts), ['rose']);
      t.equal(joined(rose.body.data.list[0].titleEnParts), 'French rose water-soluble lace fabric');
      const shouting = await search({ keyword: 'ＲＯＳＥ LACE' });
      t.same(idsOf(shouting.body.data)[0], ids.roseTitle, 'full-width and upper case are folded');
      t.same(marked(shouting.body.data.list[0].titleEnParts), ['rose', 'lace']);
      const prefix = await search({ keyword: 'geom' });
      t.same(idsOf(prefix.body.data), [ids.geometric]);
      t.same(marked(prefix.body.data.list[0].titleEnParts), ['geometric'], 'a prefix marks the whole word');
      const label = await search({ keyword: 'big border' });
      t.same(idsOf(label.body.data), [ids.border], 'pattern type labels are searched');
      const mixed = await search({ keyword: '玫瑰 fabric' });
      t.same(idsOf(mixed.body.data), [ids.roseTitle], 'Chinese and English in one query');
    });

    t.test('pattern numbers', async (t) => {
      for (const keyword of ['LK-20391', 'lk-20391', 'LK20391', '20391', 'LK 20391']) {
        const res = await search({ keyword });
        t.same(idsOf(res.body.data), [ids.roseTitle], `${keyword} finds LK-20391`);
      }
      t.same(idsOf((await search({ keyword: 'JX-55555' })).body.data), [ids.border]);
    });

    t.test('queries that must never fail', async (t) => {
      const listing = await api.post<Page<SearchHit>>('/product/listLSKProduct', { pageSize: 100 });
      const cases: Array<[string, unknown]> = [
        ['empty', ''], ['spaces', '   '], ['null', null], ['symbols', '!@#$%^&*()_+-=[]{};\':",./<>?~`|\\'], ['emoji', '😀🎉'],
        ['FTS syntax', '"rose" OR NEAR(lace fabric) AND NOT {tw}: * ^'], ['tsquery syntax', "'a' & !b | (c <-> d):*"],
        ['1,000 letters', 'x'.repeat(1000)], ['1,000 Chinese characters', '玫瑰'.repeat(500)], ['1,000 mixed', 'rose 玫瑰 "x" (y) '.repeat(63).slice(0, 1000)],
        ['10,000 characters', 'lace '.repeat(2000)],
      ];
      for (const [name, keyword] of cases) {
        const res = await search({ keyword });
        t.equal(res.status, 200, `${name}: 200`);
        t.equal(res.body.code, Codes.OK, `${name}: code 0`);
        t.ok(Array.isArray(res.body.data.list), `${name}: a list`);
      }
      for (const keyword of ['', '   ', '%%%', '😀']) {
        const res = await search({ keyword, pageSize: 100 });
        t.same(idsOf(res.body.data), listing.body.data.list.map((p) => p.id), `${JSON.stringify(keyword)} is the listing`);
        t.equal(res.body.data.total, listing.body.data.total);
        t.ok(res.body.data.list.every((h) => h.score === 0 && joined(h.titleParts) === h.title));
      }
      const noKeyword = await search({});
      t.equal(noKeyword.body.data.total, listing.body.data.total, 'no keyword at all is the listing');
      t.same(idsOf((await search({ keyword: 'x'.repeat(1000) })).body.data), [], 'a word found nowhere finds nothing');
      const long = await search({ keyword: '玫瑰'.repeat(500) });
      t.same(idsOf(long.body.data), [ids.roseTitle, ids.roseBody], 'a long query is read from its start');
    });

    t.test('when not every word matches, any word may', async (t) => {
      const res = await search({ keyword: '玫瑰 qqqzzz' });
      t.same(idsOf(res.body.data), [ids.roseTitle, ids.roseBody]);
      t.same(marked(res.body.data.list[0].titleParts), ['玫瑰']);
    });

    t.test('pages and sorts', async (t) => {
      const all = await search({ keyword: 'lace', pageSize: 100 });
      t.ok(all.body.data.total >= 4);
      const p1 = await search({ keyword: 'lace', pageSize: 2, pageNum: 1 });
      const p2 = await search({ keyword: 'lace', pageSize: 2, pageNum: 2 });
      t.same([...idsOf(p1.body.data), ...idsOf(p2.body.data)], idsOf(all.body.data).slice(0, 4), 'pages follow the ranking');
      t.match(p2.body.data, { total: all.body.data.total, pageNum: 2, pageSize: 2 });
      const cheap = await search({ keyword: 'lace', sort: 'priceAsc', pageSize: 100 });
      const prices = cheap.body.data.list.map((h) => h.price);
      const priced = prices.filter((p): p is number => p !== null);
      t.same(priced, [...priced].sort((a, b) => a - b), 'cheapest first');
      t.equal(prices.at(-1), null, 'price by negotiation last');
      const range = await search({ keyword: 'lace', priceMin: 2000, priceMax: 4000, pageSize: 100 });
      t.ok(range.body.data.list.length > 0 && range.body.data.list.every((h) => h.price !== null && h.price >= 2000 && h.price <= 4000));
      const company = await search({ keyword: 'lace', companyId: other, pageSize: 100 });
      t.same(new Set(idsOf(company.body.data)), new Set([ids.border, ids.geometric]));
      for (const bad of [{ keyword: 'x', sort: 'cheapest' }, { keyword: 'x', pageSize: 101 }, { keyword: 'x', patternType: 1 }, { keyword: ['x'] }]) {
        const res = await search(bad);
        t.equal(res.status, 400, `${JSON.stringify(bad)} is refused`);
        t.equal(res.body.code, Codes.BAD_REQUEST);
      }
    });

    t.test('the index follows product writes', async (t) => {
      const found = async (keyword: string) => idsOf((await search({ keyword, kind: '' })).body.data);
      const deps = { db, dialect };
      const id = await createProduct(deps, {
        company_id: lace, kind: 1, code: 'LK-77777', title: '新款蝴蝶网布刺绣蕾丝', title_en: 'New butterfly embroidered mesh lace', pattern_type: PatternType.FABRIC,
        shape: 200012, unit: 400010, price: 5000, width_cm: 130,
      });
      t.same(await found('蝴蝶'), [id], 'a new product is found at once');
      await updateProduct(deps, id, { title: '新款孔雀网布刺绣蕾丝', title_en: 'New peacock embroidered mesh lace' });
      t.same(await found('蝴蝶'), [], 'the old title is gone');
      t.same(await found('孔雀'), [id], 'the new title is found');
      t.same(await found('peacock'), [id]);
      // A word no product had before is found by its prefixes too (four letters or more are asked as the words they begin).
      await updateProduct(deps, id, { title_en: 'New peacockfeather embroidered mesh lace' });
      t.same(await found('peacockf'), [id], 'a new word by its prefix');
      t.same(await found('peac'), [id], 'and by a shorter one');
      t.same(await found('peacock'), [id], 'the old word by a prefix of the new');
      await removeProduct(deps, id);
      t.same(await found('孔雀'), [], 'a removed product is not found');
      await updateProduct(deps, id, { status: 1 });
      t.same(await found('孔雀'), [id]);
      const before = await indexedCount(deps);
      await deleteProduct(deps, id);
      t.same(await found('孔雀'), []);
      t.equal(await indexedCount(deps), before - 1, 'a deleted product leaves the index');
      const rebuilt = await rebuildSearchIndex(deps);
      t.equal(rebuilt, await indexedCount(deps), 'a rebuild indexes every product');
      t.same(idsOf((await search({ keyword: '玫瑰' })).body.data), [ids.roseTitle, ids.roseBody], 'the same answers after a rebuild');
      t.notOk((await found('玫瑰')).includes(ids.removed), 'removed products stay out after a rebuild');
    });
  });
}
