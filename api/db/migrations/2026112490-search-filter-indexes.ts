import { sql } from 'kysely';
import type { MigrationStep } from './helpers';

/**
 * Issue 21 (text search at 100,000 products), PostgreSQL: B-tree indexes on product_search's copy of the
 * filter columns (2026112485), ending in the product id, so that a search's window of ids (newestMatches in
 * catalogue.queries.ts) ANDs the GIN index's bitmap with the filter's, or reads a narrow filter's products
 * (a shop's, the garments) from the index alone. Before, 玫瑰 among the big borders read 7,036 heap pages
 * for the 8,280 documents the GIN index gave, 6,990 of them then dropped by the filter (15.9 ms; with the
 * index ANDed 1,670 pages, 6.8 ms), and a shop's or the garments' products were looked up in product and then
 * one by one in product_search (12,748 buffers, 15 ms for 连衣裙 among the garments; 3,084 and 6.5 ms from
 * this index). SQLite needs none: its filters come from product_search_filter_idx (2026112470).
 */
export const searchFilterIndexes: MigrationStep = {
  name: '2026112490-search-filter-indexes',
  async up(db, ctx) {
    if (ctx.dialect !== 'postgres') return;
    await sql`create index product_search_kind_idx on product_search (kind, pattern_type, product_id)`.execute(db);
    await sql`create index product_search_company_idx on product_search (company_id, kind, product_id)`.execute(db);
    await sql`analyze product_search`.execute(db);
  },
};
