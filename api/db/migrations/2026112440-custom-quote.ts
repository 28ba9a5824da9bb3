import type { MigrationStep } from './helpers';
import { withId } from './helpers';

// Sellers' answers to custom requests: one row per request and company (a quote or a decline), and the
// index the shop manager's list of matching requests reads (kind, newest first).
export const customQuote: MigrationStep = {
  name: '2026112440-custom-quote',
  async up(db, ctx) {
    await withId(db.schema.createTable('custom_quote'), ctx)
      .addColumn('request_id', 'integer', (c) => c.notNull().references('custom_request.id').onDelete('cascade'))
      .addColumn('company_id', 'integer', (c) => c.notNull().references('company.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('price', 'integer')
      .addColumn('lead_days', 'integer')
      .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('custom_quote_request_company_idx').on('custom_quote').columns(['request_id', 'company_id']).unique().execute();
    await db.schema.createIndex('custom_quote_company_idx').on('custom_quote').columns(['company_id', 'request_id']).execute();
    await db.schema.createIndex('custom_request_kind_idx').on('custom_request').columns(['kind', 'created_at']).execute();
  },
};
