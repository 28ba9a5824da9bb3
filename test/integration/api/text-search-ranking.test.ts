// The order of a text search (/product/searchLace) against the engine's own ranking of every match, on
// each dialect, over a seeded demo catalogue: on SQLite, FTS5's bm25(product_fts, 10, 4, 2, 1), which the
// api now computes itself over the candidates (the same scores, to rounding); on PostgreSQL, ts_rank. Ties
// go to the newer product. Also: a product indexed before its tokens were kept is still ranked the same.
import t from 'tap';
import { sql } from 'kysely';
import { dialects } from '../../helpers/db';
import { createCatalogueApi } from '../../helpers/catalogue';
import type { SearchPage } from '../../../isomorphic/contracts/catalogue';
import { fillMissingTerms, ftsQuery, tsQuery, WEIGHTS } from '../../../api/modules/catalogue/search-index';
import { parseQuery } from '../../../api/modules/catalogue/text-analysis';

const PRODUCTS = 120;
// Latin words of four letters or more are asked of FTS5 as the words they begin (product_search_vocab): 'embroid' is "embroidered", 'dress' also "dresses".
const QUERIES = ['蕾丝', '玫瑰', '花边', 'lace', 'rose', '玫瑰 lace', 'French 蕾丝 dress', '法式玫瑰水溶蕾丝面料', 'wide lace border', 'embroidered mesh', '睫毛 花边', 'nylon spandex', 'embroid', 'dress'];

for (const { dialect, skip } of await dialects()) {
  t.test(dialect, { skip }, async (t) => {
    const api = await createCatalogueApi(dialect, { products: PRODUCTS, designPool: 10 });
    t.teardown(() => api.cleanup());
    const db = api.deps.db.db;

    /** Every match of the query with the engine's own score, best first (ties: newer first), as the search filters them (patterns on sale). */
    const engineOrder = async (keyword: string, mode: 'all' | 'any') => {
      const terms = parseQuery(keyword);
      const filter = sql`p.kind = 1 and p.status = 1`;
      const r = dialect === 'sqlite'
        ? await sql<{ id: number; score: number }>`select p.id, -bm25(product_fts, ${sql.lit(WEIGHTS.tw)}, ${sql.lit(WEIGHTS.tc)}, ${sql.lit(WEIGHTS.bw)}, ${sql.lit(WEIGHTS.bc)}) as score
            from product_fts join product p on p.id = product_fts.rowid where product_fts match ${ftsQuery(terms, mode)} and ${filter}`.execute(db)
        : await sql<{ id: number; score: number }>`select p.id, ts_rank(cast(${`{${WEIGHTS.bc / WEIGHTS.tw},${WEIGHTS.bw / WEIGHTS.tw},${WEIGHTS.tc / WEIGHTS.tw},1}`} as float4[]), s.doc, cast(${tsQuery(terms, mode)} as tsquery)) as score
            from product_search s join product p on p.id = s.product_id where s.doc @@ cast(${tsQuery(terms, mode)} as tsquery) and ${filter}`.execute(db);
      return r.rows.map((x) => ({ id: Number(x.id), score: Number(x.score) })).sort((a, b) => b.score - a.score || b.id - a.id);
    };
    const search = async (keyword: string) => (await api.post<SearchPage>('/product/searchLace', { keyword, pageSize: 100 })).body.data;

    t.test('the order and the scores are the engine\'s ranking of every match', async (t) => {
      let compared = 0;
      for (const keyword of QUERIES) {
        const page = await search(keyword);
        let expected = await engineOrder(keyword, 'all');
        if (expected.length === 0) expected = await engineOrder(keyword, 'any');
        t.equal(page.total, expected.length, `${keyword}: every match counted`);
        t.notOk(page.totalCapped, `${keyword}: an exact total`);
        t.same(page.list.map((h) => h.id), expected.slice(0, 100).map((e) => e.id), `${keyword}: the engine's order`);
        const off = page.list.filter((h, i) => Math.abs(h.score - expected[i].score) > 1e-5 * Math.max(1e-6, Math.abs(expected[i].score)));
        t.same(off.map((h) => h.id), [], `${keyword}: the engine's scores (to the 6 figures the api gives)`);
        if (page.list.length > 1) compared++;
      }
      t.ok(compared >= QUERIES.length - 2, `${compared} queries with several matches compared`);
    });

    // SQLite only: PostgreSQL ranks its own documents.
    if (dialect === 'sqlite') t.test('products indexed before their tokens were kept are ranked the same', async (t) => {
      const before = await search('玫瑰 lace');
      await sql`delete from product_search_terms`.execute(db);
      const after = await search('玫瑰 lace');
      t.same(after.list.map((h) => [h.id, h.score]), before.list.map((h) => [h.id, h.score]), 'the text is analysed again for them');
      t.ok(after.list.length > 1);
    });

    // SQLite only: what the api's start does in the background for an install upgraded from before the token table.
    if (dialect === 'sqlite') t.test('the tokens missing after an upgrade are written back', async (t) => {
      await sql`delete from product_search_terms where product_id % 2 = 0`.execute(db);
      const products = Number((await sql<{ n: number }>`select count(*) as n from product`.execute(db)).rows[0].n);
      const kept = Number((await sql<{ n: number }>`select count(*) as n from product_search_terms`.execute(db)).rows[0].n);
      t.ok(kept < products, `${products - kept} products without tokens`);
      t.equal(await fillMissingTerms({ db, dialect }, () => false, 7), products - kept, 'each of them written, in chunks');
      t.equal(Number((await sql<{ n: number }>`select count(*) as n from product_search_terms`.execute(db)).rows[0].n), products, 'every product has its tokens');
      t.equal(await fillMissingTerms({ db, dialect }), 0, 'nothing left to write');
      // Writing them rewrites those products' FTS5 rows, which moves FTS5's totals: compared with FTS5's own ranking again.
      const page = await search('wide lace border');
      const expected = await engineOrder('wide lace border', 'all');
      t.equal(page.total, expected.length);
      t.same(page.list.map((h) => h.id), expected.slice(0, 100).map((e) => e.id), 'the engine\'s order');
      t.same(page.list.filter((h, i) => Math.abs(h.score - expected[i].score) > 1e-5 * Math.abs(expected[i].score)).map((h) => h.id), [], 'the engine\'s scores');
      t.ok(page.list.length > 1);
    });
  });
}
