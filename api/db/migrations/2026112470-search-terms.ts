import { sql } from 'kysely';
import type { MigrationStep } from './helpers';

/**
 * Issue 21 (text search at 100,000 products): on SQLite the tokens of each product's search document, as
 * written into product_fts (which is contentless and cannot give them back), so that a search ranks its
 * candidates with FTS5's bm25 formula in the api instead of asking FTS5's bm25(), whose first call reads
 * every match of every word to weigh it (tens of milliseconds for 蕾丝 or "lace"). PostgreSQL ranks
 * with ts_rank over the candidates' own documents and needs no copy. Products indexed before this
 * migration have no row yet: the search analyses their text when it meets them, and a rebuild of the
 * index (rebuildSearchIndex) writes every row.
 */
export const searchTerms: MigrationStep = {
  name: '2026112470-search-terms',
  async up(db, ctx) {
    // The filters of a search, beside the id: a search reads them for each match it counts or ranks, and
    // on SQLite from this narrow index (a few dozen bytes a product) instead of the product rows (a
    // kilobyte each, with their descriptions), which at 10,000 matches spread over the catalogue is most
    // of a count's time. PostgreSQL reads them in the same way, from an index-only scan.
    await sql`create index product_search_filter_idx on product (id, status, kind, company_id, pattern_type, shape, unit, price, edge, craft, stretch)`.execute(db);
    if (ctx.dialect !== 'sqlite') return;
    await sql`create table product_search_terms (
      product_id integer primary key references product (id) on delete cascade,
      tw text not null, tc text not null, bw text not null, bc text not null
    )`.execute(db);
  },
};
