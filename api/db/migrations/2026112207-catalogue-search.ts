import { sql } from 'kysely';
import type { MigrationStep } from './helpers';
import { withId } from './helpers';

/**
 * Issue 4: listing indexes that keep filtered and sorted listings fast at 100,000 products, the text
 * search index (SQLite: FTS5 table product_fts; PostgreSQL: tsvector table product_search with GIN), and
 * the favourite, upload grant and custom request tables. The search documents are written by the
 * catalogue module (its text analysis segments Chinese in JavaScript), never by SQL.
 */
export const catalogueSearch: MigrationStep = {
  name: '2026112207-catalogue-search',
  async up(db, ctx) {
    // Listing: one index per sort order (the filters are checked on the way), price sorts keep
    // "price by negotiation" (null) last through the expression, and a covering index for counts.
    await db.schema.createIndex('product_popular_idx').on('product').columns(['status', 'kind', 'views', 'id']).execute();
    await sql`create index product_price_asc_idx on product (status, kind, (coalesce(price, 2147483647)), id)`.execute(db);
    await sql`create index product_price_desc_idx on product (status, kind, (coalesce(price, -1)), id)`.execute(db);
    await db.schema.createIndex('product_filter_idx').on('product').columns(['status', 'kind', 'pattern_type', 'shape', 'unit', 'company_id', 'price']).execute();
    await db.schema.createIndex('product_company_kind_idx').on('product').columns(['company_id', 'status', 'kind', 'created_at']).execute();
    // Sitemaps page through ids with their change time.
    await db.schema.createIndex('product_sitemap_idx').on('product').columns(['kind', 'status', 'id', 'updated_at']).execute();
    await db.schema.createIndex('product_updated_idx').on('product').column('updated_at').execute();
    await db.schema.createIndex('company_status_idx').on('company').columns(['status', 'kind', 'id']).execute();

    if (ctx.dialect === 'sqlite') {
      // Contentless: the text lives in product; rowid is the product id. Four columns: title words,
      // title characters (CJK unigrams, for phrase matches whatever the segmentation), body words, body characters.
      await sql`create virtual table product_fts using fts5(tw, tc, bw, bc, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2', prefix='2 3')`.execute(db);
    } else {
      await db.schema.createTable('product_search')
        .addColumn('product_id', 'integer', (c) => c.primaryKey().references('product.id').onDelete('cascade'))
        .addColumn('doc', sql`tsvector`, (c) => c.notNull())
        .execute();
      await sql`create index product_search_doc_idx on product_search using gin (doc)`.execute(db);
    }

    await withId(db.schema.createTable('favourite'), ctx)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('target_type', 'integer', (c) => c.notNull())
      .addColumn('target_id', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('favourite_user_target_uq', ['user_id', 'target_type', 'target_id'])
      .execute();
    await db.schema.createIndex('favourite_list_idx').on('favourite').columns(['user_id', 'target_type', 'created_at']).execute();

    await withId(db.schema.createTable('upload_grant'), ctx)
      .addColumn('dir', 'text', (c) => c.notNull().unique())
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('file_type', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema.createIndex('stored_file_owner_idx').on('stored_file').columns(['owner_user_id', 'path']).execute();

    await withId(db.schema.createTable('custom_request'), ctx)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('images', 'text', (c) => c.notNull())
      .addColumn('fields', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('custom_request_user_idx').on('custom_request').columns(['user_id', 'kind', 'created_at']).execute();
  },
};
