import { sql } from 'kysely';
import type { MigrationStep } from './helpers';

/**
 * Issue 21 (text search at 100,000 products), SQLite: the Latin and digit words of the search index, so that
 * a query word of four letters or more, matched as a prefix ("lace" finds "laces"), is asked of FTS5 as the
 * few words it stands for ("lace" OR "laces") instead of as a prefix. FTS5 keeps prefix indexes of two and
 * three letters only; a longer prefix makes it merge the whole doclist of every word it covers on each read
 * (4 ms for "lace", which every product holds, against 0.2 ms for the word). Words are added as products are
 * indexed and never taken out: a word no product holds any more only adds an alternative that matches nothing.
 * Filled here from the index as it is (fts5vocab).
 */
export const searchVocab: MigrationStep = {
  name: '2026112473-search-vocab',
  async up(db, ctx) {
    if (ctx.dialect !== 'sqlite') return;
    await sql`create table product_search_vocab (term text primary key) without rowid`.execute(db);
    await sql`create virtual table temp.product_fts_terms using fts5vocab(main, product_fts, row)`.execute(db);
    // CJK words and characters are never matched as prefixes: below U+2E80 only.
    await sql`insert into product_search_vocab (term) select term from temp.product_fts_terms where unicode(term) < 11904`.execute(db);
    await sql`drop table temp.product_fts_terms`.execute(db);
  },
};
