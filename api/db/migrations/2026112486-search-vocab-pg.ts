import { sql } from 'kysely';
import type { MigrationStep } from './helpers';

/**
 * Issue 21 (text search at 100,000 products), PostgreSQL: the Latin and digit words of the search documents,
 * as SQLite has them (2026112473), so that the GIN index is asked for a prefix term of four letters or more
 * ("french", matched as a prefix) as the few words it stands for ('french' | 'frenchs') instead of as a prefix.
 * A prefix is a partial match for GIN: it collects every row of every word the prefix covers into a bitmap
 * before it can intersect them (12 ms for 'french':* & 'dress':*, 2,516 rows, against 1.9 ms asked as words).
 * Words are added as products are indexed and never taken out. Filled here from the documents as they are.
 * Byte order (collate "C"), so that a prefix is a range of terms.
 */
export const searchVocabPg: MigrationStep = {
  name: '2026112486-search-vocab-pg',
  async up(db, ctx) {
    if (ctx.dialect !== 'postgres') return;
    await sql`create table product_search_vocab (term text collate "C" primary key)`.execute(db);
    // CJK words and characters are never matched as prefixes: below U+2E80 only.
    await sql`insert into product_search_vocab (term)
      select word from ts_stat('select doc from product_search') where ascii(word) < 11904`.execute(db);
  },
};
