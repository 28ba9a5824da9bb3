import type { MigrationStep } from './helpers';

// Photo matching of purchase requests (issue 19 item 5): which products on sale look like a request's
// picture (shown to its buyer) and which companies got the request first in their inbox.
export const purchaseMatching: MigrationStep = {
  name: '2026112451-purchase-matching',
  async up(db) {
    // 0 none (nothing to match), 1 pending, 2 done, 3 failed; match_image: the picture the run is for.
    await db.schema.alterTable('purchase_request').addColumn('match_status', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('purchase_request').addColumn('match_image', 'text', (c) => c.notNull().defaultTo('')).execute();
    await db.schema.alterTable('purchase_request').addColumn('match_asked_at', 'text').execute();
    await db.schema.createTable('purchase_match')
      .addColumn('request_id', 'integer', (c) => c.notNull().references('purchase_request.id').onDelete('cascade'))
      .addColumn('rank', 'integer', (c) => c.notNull())
      .addColumn('product_id', 'integer', (c) => c.notNull())
      .addColumn('company_id', 'integer', (c) => c.notNull())
      .addColumn('score', 'real', (c) => c.notNull())
      .addPrimaryKeyConstraint('purchase_match_pk', ['request_id', 'rank'])
      .execute();
    await db.schema.createTable('purchase_match_company')
      .addColumn('request_id', 'integer', (c) => c.notNull().references('purchase_request.id').onDelete('cascade'))
      .addColumn('company_id', 'integer', (c) => c.notNull())
      .addColumn('score', 'real', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('purchase_match_company_pk', ['request_id', 'company_id'])
      .execute();
    await db.schema.createIndex('purchase_match_company_idx').on('purchase_match_company').columns(['company_id', 'request_id']).execute();
  },
};
