// Rows of the catalogue tables (owned by the catalogue module): product, product_image, colour_card,
// and the text search index (search-index.ts). Company columns come through company.joins.ts.
import { sql, type Insertable, type Kysely, type RawBuilder, type Updateable } from 'kysely';
import type { Database } from '../../db/schema';
import type { DialectName } from '../../db/database';
import type { ColourCardTable, ProductImageTable, ProductTable } from './catalogue.table';
import { ProductStatus } from '../../../isomorphic/domain/catalogue';
import type { Term } from './text-analysis';
import { ftsScores, matchingAmong, matchSql, prefixExpansions, type MatchSql } from './search-index';
import { onSaleSql, productsWithCompany, summaryColumns } from './catalogue.joins';
import { latestCompanyChange } from '../company/company.joins';

/** Kept for callers of the first listing; `kind` undefined means any. */
export interface ListFilter { patternType?: number; kind?: number; companyId?: number }

export interface ProductFilter extends ListFilter { shape?: number; unit?: number; priceMin?: number; priceMax?: number; edge?: number; craft?: number; stretch?: number }
export type ProductSort = 'newest' | 'popular' | 'priceAsc' | 'priceDesc';

/**
 * The WHERE of a listing over `product as p` (on sale, and the filters), shared by the listings and the text
 * search; over another alias with the same columns (PostgreSQL's product_search holds a copy of them).
 */
export function filterSql(f: ProductFilter, alias = 'p'): RawBuilder<boolean> {
  const col = (name: string) => sql.ref(`${alias}.${name}`);
  const c: Array<RawBuilder<unknown>> = [onSaleSql(alias)];
  if (f.kind !== undefined) c.push(sql`${col('kind')} = ${f.kind}`);
  if (f.patternType !== undefined) c.push(sql`${col('pattern_type')} = ${f.patternType}`);
  if (f.shape !== undefined) c.push(sql`${col('shape')} = ${f.shape}`);
  if (f.unit !== undefined) c.push(sql`${col('unit')} = ${f.unit}`);
  if (f.edge !== undefined) c.push(sql`${col('edge')} = ${f.edge}`);
  if (f.craft !== undefined) c.push(sql`${col('craft')} = ${f.craft}`);
  if (f.stretch !== undefined) c.push(sql`${col('stretch')} = ${f.stretch}`);
  if (f.companyId !== undefined) c.push(sql`${col('company_id')} = ${f.companyId}`);
  if (f.priceMin !== undefined) c.push(sql`${col('price')} >= ${f.priceMin}`);
  if (f.priceMax !== undefined) c.push(sql`${col('price')} <= ${f.priceMax}`);
  return sql<boolean>`${sql.join(c, sql` and `)}`;
}

/** ORDER BY of a sort; the price expressions are those of the price indexes (null = negotiation, last). */
export function orderSql(sort: ProductSort): RawBuilder<unknown> {
  switch (sort) {
    case 'popular': return sql`p.views desc, p.id desc`;
    case 'priceAsc': return sql`coalesce(p.price, 2147483647) asc, p.id asc`;
    case 'priceDesc': return sql`coalesce(p.price, -1) desc, p.id desc`;
    default: return sql`p.created_at desc, p.id desc`;
  }
}

export function listProducts(db: Kysely<Database>, f: ProductFilter, sort: ProductSort, offset: number, limit: number) {
  return productsWithCompany(db)
    .select(summaryColumns)
    .where(filterSql(f))
    .orderBy(orderSql(sort))
    .offset(offset)
    .limit(limit)
    .execute();
}

export type ProductSummaryRow = Awaited<ReturnType<typeof listProducts>>[number];

export async function countProducts(db: Kysely<Database>, f: ProductFilter): Promise<number> {
  const row = await db.selectFrom('product as p').select((eb) => eb.fn.countAll<number>().as('n')).where(filterSql(f)).executeTakeFirstOrThrow();
  return Number(row.n);
}

export function listOnSale(db: Kysely<Database>, f: ListFilter, offset: number, limit: number) {
  return listProducts(db, f, 'newest', offset, limit);
}

export function countOnSale(db: Kysely<Database>, f: ListFilter): Promise<number> {
  return countProducts(db, f);
}

export type SearchRow = ProductSummaryRow & { score: number };

/**
 * How a search stays fast however many products match. Ranked by relevance, the matches are read newest
 * first in the index's own order and only the first SEARCH_POOL of them (or as many as the page needs)
 * are ranked: when no more match, that is every match and the order is exact; when more do (a word as
 * common as 蕾丝 or "lace"), the page is the best of the newest SEARCH_POOL. Totals are counted up to
 * COUNT_CAP and then said as "at least" (`totalCapped`): counting every match of a common word cost more
 * than the rest of the search (on PostgreSQL each counted row is a document read and matched again).
 * Both come from one read of the newest COUNT_CAP + 1 matches (newestMatches). On SQLite the candidates
 * are ranked in the api (ftsScores: FTS5's bm25 formula without FTS5's reading of every match to weigh
 * the words).
 */
export const SEARCH_POOL = 500;
export const COUNT_CAP = 1_000;

export interface SearchResult { rows: SearchRow[]; total: number; totalCapped: boolean }

/** How many rows the query (`select 1 …`) gives, counted up to COUNT_CAP; more than that is said as the cap and a flag. */
async function countCapped(db: Kysely<Database>, query: RawBuilder<unknown>, known = 0): Promise<{ total: number; totalCapped: boolean }> {
  const r = await sql<{ n: number }>`select count(*) as n from (${query} limit ${COUNT_CAP + 1}) x`.execute(db);
  const n = Math.max(known, Number(r.rows[0]?.n ?? 0));
  return n > COUNT_CAP ? { total: COUNT_CAP, totalCapped: true } : { total: n, totalCapped: false };
}

/** The listing's total up to COUNT_CAP (a search without words is the listing, counted as a search is). */
export function countProductsCapped(db: Kysely<Database>, f: ProductFilter): Promise<{ total: number; totalCapped: boolean }> {
  return countCapped(db, sql`select 1 from product p where ${filterSql(f)}`);
}


/**
 * The ids of the newest `n` matches, newest first, and on PostgreSQL the relevance of the first `scored` of
 * them (computed where their documents are read anyway). SQLite reads them from FTS5's doclists, newest
 * first, and stops at `n`. On PostgreSQL a match is known only by reading its document (the GIN index says
 * which rows may match; each is then read from product_search, a row of about 1.4 KB, one heap page per
 * match), and the planner's estimate of how many rows match a phrase ('婚' <-> '纱' <-> '礼' <-> '服') can be
 * wrong twentyfold, which made it sort 14,000 matches where walking the newest few thousand rows would have
 * done. So the api chooses: it reads the newest WALK_SAMPLE rows (product_search's primary key, backwards),
 * which gives the newest matches and how many of those rows match the words, pass the filters, and both;
 * then, for the older rows, whichever way reads the fewest documents: walking on by id (about n / matches'
 * density rows), or windows of ids as wide as the density says the rest needs, read through the GIN index's
 * bitmap (when the words are narrower than the filters) ANDed with the filter columns' (a shop's products,
 * the garments, a pattern type). The filters are read from product_search's copy of the product's columns
 * (migration 2026112485, indexed by 2026112490), in the statement that reads the documents: no look-up of
 * each match in product.
 */
async function newestMatches(
  db: Kysely<Database>, dialect: DialectName, m: MatchSql, f: ProductFilter, n: number, scored = 0,
): Promise<{ ids: number[]; scores: Map<number, number> | null }> {
  if (dialect === 'sqlite') {
    const ids = (await sql<{ id: number }>`select p.id from ${m.from} where ${m.where} and ${filterSql(f)} order by ${m.newest} limit ${n}`.execute(db)).rows.map((r) => Number(r.id));
    return { ids, scores: null };
  }
  const filter = filterSql(f, 's');
  const scores = new Map<number, number>();
  const found: number[] = [];
  const take = (rows: Array<{ id: number; score: number | null }>) => {
    for (const r of rows) {
      found.push(Number(r.id));
      if (r.score !== null) scores.set(Number(r.id), Number(r.score));
    }
  };
  /**
   * The rows of `inner` (product_id and ctid of product_search s, newest first), the first `quota` of them with
   * their relevance. The rows are sorted without their documents (1.4 KB each, copied into the sort before),
   * and the document of each of the first `quota` is read again by its ctid (the same row version: one snapshot).
   */
  const scoredRows = (inner: RawBuilder<unknown>, quota: number) => sql<{ id: number; score: number | null }>`select w.product_id as id,
    case when w.k <= ${quota} then (select ${m.score} from product_search s where s.ctid = w.ctid) end as score
    from (select t.product_id, t.ctid, row_number() over (order by t.product_id desc rows unbounded preceding) as k from (${inner}) t) w order by w.product_id desc`;
  const quota = () => Math.max(0, scored - found.length);

  const words = m.wordQueries.map((q, i) => sql`, ts_match_vq(s.doc, cast(${q} as tsquery)) as ${sql.ref(`w${i}`)}`);
  const sample = (await sql<{ id: number; hit: boolean; ok: boolean; lo: number; edge: number; score: number | null } & Record<string, boolean>>`select s.product_id as id, s.hit, s.ok, s.lo, s.edge${sql.join(m.wordQueries.map((_, i) => sql`, ${sql.ref(`s.w${i}`)}`), sql``)},
    case when s.hit and s.ok and s.k <= ${scored} then ${m.score} end as score
    from (select t.*, count(*) filter (where t.hit and t.ok) over (order by t.product_id desc rows unbounded preceding) as k from (
      select s.product_id, s.doc, ${m.walkWhere} as hit, (${filter}) as ok${sql.join(words, sql``)},
        (select min(product_id) from product_search) as lo, (select max(product_id) from product_search) - ${WALK_SAMPLE} as edge
      from product_search s where s.product_id > (select max(product_id) from product_search) - ${WALK_SAMPLE}) t) s
    order by s.product_id desc`.execute(db)).rows;
  if (sample.length === 0) return { ids: [], scores };
  const lo = Number(sample[0].lo), edge = Number(sample[0].edge);
  take(sample.filter((r) => r.hit && r.ok).slice(0, n));
  if (found.length >= n || edge < lo) return { ids: found, scores };
  const rest = n - found.length;
  const older = edge - lo + 1;
  const floor = 0.5 / WALK_SAMPLE;
  const density = (k: number) => Math.max(floor, k / Math.max(1, sample.length));
  const byWalk = rest / density(found.length);
  const byWords = density(sample.filter((r) => r.hit).length) * older;
  const byFilter = density(sample.filter((r) => r.ok).length) * older;
  if (byWalk <= byWords && byWalk <= byFilter) {
    take((await scoredRows(sql`select s.product_id, s.ctid from product_search s where ${m.walkWhere} and ${filter} and s.product_id <= ${edge}
      order by s.product_id desc limit ${rest}`, quota()).execute(db)).rows);
    return { ids: found, scores };
  }
  // All words required: the GIN index is asked for the words that are not common (below COMMON_WORD of the
  // sample; the rarest one when all are), the rows it gives then tested against every word: a word in most
  // products (蕾丝, and its characters 蕾, 丝 for the phrase) costs the index more than it narrows.
  let gin: RawBuilder<boolean> = m.indexWhere;
  if (m.wordQueries.length > 1) {
    const share = m.wordQueries.map((_, i) => sample.filter((r) => r[`w${i}`]).length / sample.length);
    const rare = m.indexWordQueries.filter((_, i) => share[i] < COMMON_WORD);
    const asked = rare.length > 0 ? rare : [m.indexWordQueries[share.indexOf(Math.min(...share))]];
    if (asked.length < m.wordQueries.length) gin = sql<boolean>`s.doc @@ cast(${asked.map((q) => `(${q})`).join(' & ')} as tsquery) and ${m.walkWhere}`;
  }
  // A window of ids at a time (the newest first), each about 1.5 times as wide as the matches' density says the
  // rest needs, then twice as wide: the documents read are those of the window, not of every match. The words
  // are asked of the GIN index when they are the narrower, else tested on the rows the filters give; either
  // way the planner ANDs in the filter columns' own indexes (product_search_kind_idx, product_search_company_idx:
  // migration 2026112490) and the id range's. It would rather walk the id range by the primary key and read
  // every document in it: bitmaps only (enable_indexscan off for that one statement).
  const match = byWords <= byFilter ? gin : m.walkWhere;
  const combined = density(found.length);
  for (let top = edge, width = Math.ceil((1.5 * rest) / combined); top >= lo && found.length < n; top -= width, width *= 2) {
    const bottom = top - width;
    const need = n - found.length;
    take(await db.transaction().execute(async (trx) => {
      await sql`set local enable_indexscan = off`.execute(trx);
      return (await scoredRows(sql`select s.product_id, s.ctid from product_search s where ${match} and ${filter}
        and s.product_id > ${bottom} and s.product_id <= ${top} order by s.product_id desc limit ${need}`, quota()).execute(trx)).rows;
    }));
  }
  return { ids: found, scores };
}

/** A word matching this share of the newest products is tested row by row rather than asked of the GIN index (PostgreSQL). */
const COMMON_WORD = 0.3;

/**
 * The rows PostgreSQL's newestMatches walks first: how dense the matches are among the newest products. 500
 * (1,000 before): the sample is read by every search and is progress only for words in most products, which
 * the walk that follows reads as cheaply; at 1,000 it was about 2 ms of each search.
 */
export const WALK_SAMPLE = 500;

/** One page of a text search and its total (capped); order by relevance unless a sort is given. */
export async function searchProducts(
  db: Kysely<Database>, dialect: DialectName, terms: Term[], mode: 'all' | 'any',
  f: ProductFilter, sort: ProductSort | 'relevance', offset: number, limit: number,
): Promise<SearchResult> {
  const expansions = await prefixExpansions({ db, dialect }, terms);
  const m = matchSql(dialect, terms, mode, expansions);
  const filter = filterSql(f);
  const where = sql`${m.where} and ${filter}`;
  const countOf = (n: number) => (n > COUNT_CAP ? { total: COUNT_CAP, totalCapped: true } : { total: n, totalCapped: false });

  if (sort === 'relevance') {
    const pool = Math.max(SEARCH_POOL, offset + limit);
    // The newest matches, as many as the pool and the count need (one read of the index for both); on
    // PostgreSQL the pool's relevance (ts_rank) comes with them.
    const { ids, scores: pgScores } = await newestMatches(db, dialect, m, f, Math.max(pool, COUNT_CAP) + 1, pool);
    const scores = pgScores ?? await ftsScores(db, terms, ids.slice(0, pool), expansions);
    const candidates = ids.slice(0, pool).map((id) => ({ id, score: scores.get(id) ?? 0 }));
    const ranked = rank(candidates, pool, offset, limit);
    const rows = await summaryRows(db, ranked.map((r) => r.id));
    return withRows(ranked, rows, countOf(ids.length));
  }

  // Sorted: the sort's own order over every match. No relevance is computed (score 0).
  // The newest COUNT_CAP + 1 matches give the total (capped) and how far back through the ids they reach.
  const { ids: newest } = await newestMatches(db, dialect, m, f, COUNT_CAP + 1);
  const n = newest.length;
  const count = countOf(n);
  // More than COUNT_CAP matches, and at least SORT_WALK_DENSITY of the products match (estimated from that
  // reach): the products are read in the sort's own order and each is tested, which fills a page within
  // (offset + limit) / density rows; rarer: the matches are collected from the text index and sorted (each
  // match read once; testing products one by one would read far more of them). Both give the same rows; the
  // estimate only chooses the faster way (counting to 10,000 to choose cost more than the search).
  let dense = false;
  if (count.totalCapped) {
    const span = (await sql<{ lo: number | null; hi: number | null }>`select (select min(id) from product) as lo, (select max(id) from product) as hi`.execute(db)).rows[0];
    const reach = Number(span?.hi ?? 0) - newest[n - 1] + 1;
    dense = reach > 0 && n / reach >= SORT_WALK_DENSITY;
  }
  let ids: number[] | null = null;
  if (dense && dialect === 'sqlite') {
    // The listing in the sort's order, a batch at a time, each product tested against its own tokens (asking
    // FTS5 about one rowid at a time costs a fresh read of every word's doclist: 0.2-0.5 ms a product). Where
    // the estimate was wrong (the newest products matching more often than the others), the walk gives up
    // after a bound and the matches are collected instead.
    const want = offset + limit, bound = Math.ceil((4 * want) / SORT_WALK_DENSITY);
    const found: number[] = [];
    let read = 0, done = false;
    for (let batch = 4 * want; !done && found.length < want && read < bound; read += batch, batch *= 2) {
      const listed = (await sql<{ id: number }>`select p.id from product p where ${filter} order by ${orderSql(sort)} limit ${batch} offset ${read}`.execute(db)).rows.map((r) => Number(r.id));
      found.push(...await matchingAmong(db, terms, mode, listed));
      done = listed.length < batch;
    }
    if (done || found.length >= want) ids = found.slice(offset, want);
  }
  if (!ids) {
    const page = dense && dialect === 'postgres'
      ? await sql<{ id: number }>`select p.id from ${walkSql} where ${where} order by ${orderSql(sort)} limit ${limit} offset ${offset}`.execute(db)
      : await sql<{ id: number }>`select p.id from ${m.from} where ${where} order by ${orderSql(sort)} limit ${limit} offset ${offset}`.execute(db);
    ids = page.rows.map((r) => Number(r.id));
  }
  const byId = new Map((await summaryRows(db, ids)).map((r) => [r.id, r]));
  return { rows: ids.flatMap((id) => { const row = byId.get(id); return row ? [{ ...row, score: 0 }] : []; }), ...count };
}

/** The page of the first `pool` candidates by relevance (ties: the newer first). */
function rank(candidates: Array<{ id: number; score: number }>, pool: number, offset: number, limit: number) {
  return candidates.slice(0, pool).sort((a, b) => b.score - a.score || b.id - a.id).slice(offset, offset + limit);
}

function withRows(ranked: Array<{ id: number; score: number }>, rows: ProductSummaryRow[], count: { total: number; totalCapped: boolean }): SearchResult {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return { rows: ranked.flatMap((r) => { const row = byId.get(r.id); return row ? [{ ...row, score: r.score }] : []; }), ...count };
}

/** From this share of the products matching, a sorted search walks the sort's order (see searchProducts). */
export const SORT_WALK_DENSITY = 0.02;

/** PostgreSQL: FROM of a sorted search that walks products in the sort's index and reads each one's document. */
const walkSql = sql`product p cross join lateral (select s.doc from product_search s where s.product_id = p.id) s`;

/** Summary rows of these product ids (any order). */
function summaryRows(db: Kysely<Database>, ids: number[]): Promise<ProductSummaryRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return productsWithCompany(db).select(summaryColumns).where('p.id', 'in', ids).execute();
}

export function findProduct(db: Kysely<Database>, id: number) {
  return productsWithCompany(db)
    .select([...summaryColumns, 'p.description', 'p.description_en', 'p.composition', 'p.status', 'p.bulk_ladder', 'p.edge', 'p.craft', 'p.stretch', 'p.weight_g_per_m', 'c.status as company_status'])
    .where('p.id', '=', id)
    .executeTakeFirst();
}

export type ProductDetailRow = NonNullable<Awaited<ReturnType<typeof findProduct>>>;

export function findProductStatus(db: Kysely<Database>, id: number) {
  return productsWithCompany(db)
    .select(['p.id', 'p.status', 'c.status as company_status'])
    .where('p.id', '=', id)
    .executeTakeFirst();
}

export function listImages(db: Kysely<Database>, productId: number) {
  return db.selectFrom('product_image').select(['id', 'path', 'width', 'height', 'sort'])
    .where('product_id', '=', productId).orderBy('sort').orderBy('id').execute();
}

export function listColourCards(db: Kysely<Database>, productId: number) {
  return db.selectFrom('colour_card').select(['id', 'product_id', 'name', 'name_en', 'hex', 'image_path', 'sort'])
    .where('product_id', '=', productId).orderBy('sort').orderBy('id').execute();
}

export async function incrementViews(db: Kysely<Database>, id: number): Promise<void> {
  await db.updateTable('product').set({ views: sql`views + 1` }).where('id', '=', id).execute();
}

/** Products on sale of a page of followed ids, in the given order (favourites). */
export async function summariesByIds(db: Kysely<Database>, ids: number[]) {
  if (ids.length === 0) return [];
  return productsWithCompany(db).select(summaryColumns).where('p.id', 'in', ids).where(onSaleSql('p')).execute();
}

/** Counts of products on sale per company, for a page of companies. */
export async function countByCompany(db: Kysely<Database>, companyIds: number[]): Promise<Map<number, number>> {
  if (companyIds.length === 0) return new Map();
  const rows = await db.selectFrom('product as p').select(['p.company_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('p.company_id', 'in', companyIds).where(onSaleSql('p')).groupBy('p.company_id').execute();
  return new Map(rows.map((r) => [r.company_id, Number(r.n)]));
}

/** Sitemap pages: ids and change times of what is on sale, by id. */
export function sitemapProducts(db: Kysely<Database>, kind: number, offset: number, limit: number) {
  return db.selectFrom('product as p').select(['p.id', 'p.updated_at'])
    .where(filterSql({ kind })).orderBy('p.id').offset(offset).limit(limit).execute();
}

export async function lastProductChange(db: Kysely<Database>): Promise<string | null> {
  const r = await db.selectFrom('product').select('updated_at as t').orderBy('updated_at', 'desc').limit(1).executeTakeFirst();
  return (r?.t as string | null | undefined) ?? null;
}

/**
 * What the shared page cache of the web service compares: the latest product change, the highest product
 * id (both read from the end of an index) and the latest company change (companies are few). Any write
 * to a product or a company, a new product, changes it.
 */
export async function catalogueVersion(db: Kysely<Database>): Promise<string> {
  const [product, newest, company] = await Promise.all([
    db.selectFrom('product').select('updated_at as t').orderBy('updated_at', 'desc').limit(1).executeTakeFirst(),
    db.selectFrom('product').select('id').orderBy('id', 'desc').limit(1).executeTakeFirst(),
    latestCompanyChange(db).executeTakeFirst(),
  ]);
  return `${product?.t ?? ''}|${newest?.id ?? 0}|${company?.t ?? ''}`;
}

/** How many products have the status on sale (a suspended company's too): what the photo index covers. */
export async function countListed(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('product').where('status', '=', ProductStatus.ON_SALE).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Which of these ids are on sale. */
export async function onSaleIdsAmong(db: Kysely<Database>, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  return (await db.selectFrom('product as p').select('p.id').where('p.id', 'in', ids).where(onSaleSql('p')).execute()).map((r) => r.id);
}

export function findCoverAndStatus(db: Kysely<Database>, id: number) {
  return db.selectFrom('product').select(['id', 'status', 'cover_path']).where('id', '=', id).executeTakeFirst();
}

export function listImagePaths(db: Kysely<Database>, productId: number) {
  return db.selectFrom('product_image').select('path').where('product_id', '=', productId).orderBy('sort').orderBy('id').execute();
}

export function listCardImagePaths(db: Kysely<Database>, productId: number) {
  return db.selectFrom('colour_card').select('image_path').where('product_id', '=', productId).orderBy('sort').orderBy('id').execute();
}

/** Colours of a company's products of a kind whose status is on sale, by product id then card order. */
export function coloursOfCompany(db: Kysely<Database>, companyId: number, kind: number, limit: number) {
  return db.selectFrom('colour_card as cc').innerJoin('product as p', 'p.id', 'cc.product_id')
    .select(['cc.id as colorId', 'p.id as productId', 'p.price']).where('p.company_id', '=', companyId).where('p.status', '=', ProductStatus.ON_SALE).where('p.kind', '=', kind)
    .orderBy('p.id').orderBy('cc.sort').limit(limit).execute();
}

// Bulk writes of the demo seed and the importer (in the caller's transaction).

export async function anyProductId(db: Kysely<Database>): Promise<number | undefined> {
  return (await db.selectFrom('product').select('id').limit(1).executeTakeFirst())?.id;
}

export async function countAll(db: Kysely<Database>): Promise<number> {
  return Number((await db.selectFrom('product').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
}

export async function insertProductRows(trx: Kysely<Database>, rows: Array<Insertable<ProductTable>>): Promise<number[]> {
  const inserted = await trx.insertInto('product').values(rows).returning(['id', 'code']).execute();
  // Both dialects return rows in insertion order; check it rather than trust it.
  if (inserted.length !== rows.length || inserted.some((r, i) => r.code !== rows[i].code)) throw new Error('inserted products came back out of order');
  return inserted.map((r) => r.id);
}

export async function insertPictureRows(trx: Kysely<Database>, images: Array<Insertable<ProductImageTable>>, cards: Array<Insertable<ColourCardTable>>): Promise<void> {
  for (let i = 0; i < images.length; i += 2000) await trx.insertInto('product_image').values(images.slice(i, i + 2000)).execute();
  for (let i = 0; i < cards.length; i += 2000) await trx.insertInto('colour_card').values(cards.slice(i, i + 2000)).execute();
}

/** cover_path = product/<id>/1.jpg, where pictures stored by product id put the first one. */
export async function coverFromFirstPicture(trx: Kysely<Database>, ids: number[]): Promise<void> {
  await trx.updateTable('product')
    .set({ cover_path: sql<string>`${sql.lit('product/')} || cast(id as text) || ${sql.lit('/1.jpg')}` })
    .where('id', 'in', ids)
    .execute();
}

// Writes of the product row (the service runs them in one transaction with the product's search document).

export async function insertProduct(trx: Kysely<Database>, values: Insertable<ProductTable>): Promise<number> {
  const { id } = await trx.insertInto('product').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Updates the product; false when there is no such product. */
export async function updateProductRow(trx: Kysely<Database>, id: number, set: Updateable<ProductTable>): Promise<boolean> {
  const res = await trx.updateTable('product').set(set).where('id', '=', id).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function deleteProductRow(trx: Kysely<Database>, id: number): Promise<void> {
  await trx.deleteFrom('product').where('id', '=', id).execute();
}

export async function productIdsOfCompany(db: Kysely<Database>, companyId: number): Promise<number[]> {
  return (await db.selectFrom('product').select('id').where('company_id', '=', companyId).execute()).map((r) => r.id);
}
