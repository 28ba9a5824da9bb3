// Rows of the catalogue tables (owned by the catalogue module): product, product_image, colour_card,
// and the text search index (search-index.ts).
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import type { DialectName } from '../../db/database';
import type { Term } from './text-analysis';
import { matchSql } from './search-index';

/** Kept for callers of the first listing; `kind` undefined means any. */
export interface ListFilter { patternType?: number; kind?: number; companyId?: number }

export interface ProductFilter extends ListFilter { shape?: number; unit?: number; priceMin?: number; priceMax?: number }
export type ProductSort = 'newest' | 'popular' | 'priceAsc' | 'priceDesc';

export const ProductStatus = { REMOVED: 0, ON_SALE: 1 } as const;

/** Ids of companies not active (status ≠ 1): few, so listings exclude them by id and keep their indexes. */
export async function inactiveCompanyIds(db: Kysely<Database>): Promise<number[]> {
  return (await db.selectFrom('company').select('id').where('status', '<>', 1).execute()).map((r) => r.id);
}

/** The WHERE of a listing over `product as p`, shared by the listings and the text search. */
export function filterSql(f: ProductFilter, inactive: number[]): RawBuilder<boolean> {
  const c: Array<RawBuilder<unknown>> = [sql`p.status = ${ProductStatus.ON_SALE}`];
  if (f.kind !== undefined) c.push(sql`p.kind = ${f.kind}`);
  if (f.patternType !== undefined) c.push(sql`p.pattern_type = ${f.patternType}`);
  if (f.shape !== undefined) c.push(sql`p.shape = ${f.shape}`);
  if (f.unit !== undefined) c.push(sql`p.unit = ${f.unit}`);
  if (f.companyId !== undefined) c.push(sql`p.company_id = ${f.companyId}`);
  if (f.priceMin !== undefined) c.push(sql`p.price >= ${f.priceMin}`);
  if (f.priceMax !== undefined) c.push(sql`p.price <= ${f.priceMax}`);
  if (inactive.length) c.push(sql`p.company_id not in (${sql.join(inactive)})`);
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

const summaryColumns = [
  'p.id', 'p.company_id', 'c.name as company_name', 'c.name_en as company_name_en', 'p.title', 'p.title_en', 'p.code',
  'p.pattern_type', 'p.shape', 'p.unit', 'p.price', 'p.cover_path', 'p.width_cm', 'p.views', 'p.created_at',
] as const;

const summarySql = sql`p.id, p.company_id, c.name as company_name, c.name_en as company_name_en, p.title, p.title_en, p.code,
  p.pattern_type, p.shape, p.unit, p.price, p.cover_path, p.width_cm, p.views, p.created_at`;

export async function listProducts(db: Kysely<Database>, f: ProductFilter, sort: ProductSort, offset: number, limit: number) {
  const inactive = await inactiveCompanyIds(db);
  return db.selectFrom('product as p')
    .innerJoin('company as c', 'c.id', 'p.company_id')
    .select(summaryColumns)
    .where(filterSql(f, inactive))
    .orderBy(orderSql(sort))
    .offset(offset)
    .limit(limit)
    .execute();
}

export type ProductSummaryRow = Awaited<ReturnType<typeof listProducts>>[number];

export async function countProducts(db: Kysely<Database>, f: ProductFilter): Promise<number> {
  const inactive = await inactiveCompanyIds(db);
  const row = await db.selectFrom('product as p').select((eb) => eb.fn.countAll<number>().as('n')).where(filterSql(f, inactive)).executeTakeFirstOrThrow();
  return Number(row.n);
}

export function listOnSale(db: Kysely<Database>, f: ListFilter, offset: number, limit: number) {
  return listProducts(db, f, 'newest', offset, limit);
}

export function countOnSale(db: Kysely<Database>, f: ListFilter): Promise<number> {
  return countProducts(db, f);
}

export type SearchRow = ProductSummaryRow & { score: number };

/** One page of a text search and its total; order by relevance unless a sort is given. */
export async function searchProducts(
  db: Kysely<Database>, dialect: DialectName, terms: Term[], mode: 'all' | 'any',
  f: ProductFilter, sort: ProductSort | 'relevance', offset: number, limit: number,
): Promise<{ rows: SearchRow[]; total: number }> {
  const inactive = await inactiveCompanyIds(db);
  const m = matchSql(dialect, terms, mode);
  const where = sql`${m.where} and ${filterSql(f, inactive)}`;
  const order = sort === 'relevance' ? sql`score desc, p.id desc` : orderSql(sort);
  const [rows, count] = await Promise.all([
    sql<SearchRow>`select ${summarySql}, ${m.score} as score from ${m.from} join company c on c.id = p.company_id
      where ${where} order by ${order} limit ${limit} offset ${offset}`.execute(db),
    sql<{ n: number }>`select count(*) as n from ${m.from} where ${where}`.execute(db),
  ]);
  return { rows: rows.rows.map((r) => ({ ...r, score: Number(r.score) })), total: Number(count.rows[0]?.n ?? 0) };
}

export function findProduct(db: Kysely<Database>, id: number) {
  return db.selectFrom('product as p')
    .innerJoin('company as c', 'c.id', 'p.company_id')
    .select([...summaryColumns, 'p.description', 'p.description_en', 'p.composition', 'p.status', 'c.status as company_status'])
    .where('p.id', '=', id)
    .executeTakeFirst();
}

export type ProductDetailRow = NonNullable<Awaited<ReturnType<typeof findProduct>>>;

export function findProductStatus(db: Kysely<Database>, id: number) {
  return db.selectFrom('product as p')
    .innerJoin('company as c', 'c.id', 'p.company_id')
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
  return db.selectFrom('product as p').innerJoin('company as c', 'c.id', 'p.company_id').select(summaryColumns)
    .where('p.id', 'in', ids).where('p.status', '=', ProductStatus.ON_SALE).where('c.status', '=', 1).execute();
}

/** Counts of products on sale per company, for a page of companies. */
export async function countByCompany(db: Kysely<Database>, companyIds: number[]): Promise<Map<number, number>> {
  if (companyIds.length === 0) return new Map();
  const rows = await db.selectFrom('product').select(['company_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('company_id', 'in', companyIds).where('status', '=', ProductStatus.ON_SALE).groupBy('company_id').execute();
  return new Map(rows.map((r) => [r.company_id, Number(r.n)]));
}

/** Sitemap pages: ids and change times of what is on sale, by id. */
export async function sitemapProducts(db: Kysely<Database>, kind: number, offset: number, limit: number) {
  const inactive = await inactiveCompanyIds(db);
  return db.selectFrom('product as p').select(['p.id', 'p.updated_at'])
    .where(filterSql({ kind }, inactive)).orderBy('p.id').offset(offset).limit(limit).execute();
}

export async function lastProductChange(db: Kysely<Database>): Promise<string | null> {
  const r = await db.selectFrom('product').select('updated_at as t').orderBy('updated_at', 'desc').limit(1).executeTakeFirst();
  return (r?.t as string | null | undefined) ?? null;
}
