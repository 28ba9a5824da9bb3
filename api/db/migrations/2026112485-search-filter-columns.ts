import { sql } from 'kysely';
import type { MigrationStep } from './helpers';

/** The product columns a search's filters read (filterSql in catalogue.queries.ts), as of this migration. */
const SEARCH_FILTER_COLUMNS = ['status', 'company_id', 'kind', 'pattern_type', 'shape', 'unit', 'edge', 'craft', 'stretch', 'price'] as const;

/**
 * Issue 21 (text search at 100,000 products, PostgreSQL): the filter columns of each product beside its
 * search document, so that a search finds, filters and ranks its matches from product_search alone. Before,
 * each match found through the GIN index was looked up again in product (by key: three index pages a match,
 * 4,000 buffer reads for 玫瑰's 1,500 matches) and the ranked pool's documents read a second time for ts_rank.
 * A trigger keeps the copy in step with every update of product (in the same transaction, whatever module
 * writes it); the search index writes it with the document. SQLite needs none of it: its filters come from
 * a narrow index of product (product_search_filter_idx), which SQLite reads in the same statement.
 */
export const searchFilterColumns: MigrationStep = {
  name: '2026112485-search-filter-columns',
  async up(db, ctx) {
    if (ctx.dialect !== 'postgres') return;
    const cols = SEARCH_FILTER_COLUMNS;
    await sql`alter table product_search ${sql.join(cols.map((c) => sql`add column ${sql.ref(c)} integer`), sql`, `)}`.execute(db);
    await sql`update product_search s set ${sql.join(cols.map((c) => sql`${sql.ref(c)} = p.${sql.ref(c)}`), sql`, `)}
      from product p where p.id = s.product_id`.execute(db);
    // The update wrote every row again, in no particular order: the table back in id order and without the
    // old rows (a search reads windows of ids: at 100,000 products the update doubled the table and scattered them).
    await sql`cluster product_search using product_search_pkey`.execute(db);
    await sql.raw(`create function product_search_copy_filters() returns trigger language plpgsql as $$
      begin
        update product_search set ${cols.map((c) => `${c} = new.${c}`).join(', ')} where product_id = new.id;
        return null;
      end $$`).execute(db);
    await sql.raw(`create trigger product_search_copy_filters after update of ${cols.join(', ')} on product for each row
      when (${cols.map((c) => `old.${c} is distinct from new.${c}`).join(' or ')})
      execute function product_search_copy_filters()`).execute(db);
  },
};
