import type { MigrationStep } from './helpers';
import { withId } from './helpers';

// Purchase requests (求购) and the suppliers' responses (报价): one response per company and request.
export const purchase: MigrationStep = {
  name: '2026112441-purchase',
  async up(db, ctx) {
    await withId(db.schema.createTable('purchase_request'), ctx)
      .addColumn('buyer_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('image_path', 'text', (c) => c.notNull())
      .addColumn('catalogue', 'integer', (c) => c.notNull())
      .addColumn('sample_type', 'integer', (c) => c.notNull())
      .addColumn('accept_produce', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('unit', 'integer', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('deadline', 'text', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('selected_response_id', 'integer')
      .addColumn('order_id', 'integer')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('purchase_request_buyer_idx').on('purchase_request').columns(['buyer_id', 'created_at']).execute();
    await db.schema.createIndex('purchase_request_status_idx').on('purchase_request').columns(['status', 'deadline']).execute();

    await withId(db.schema.createTable('purchase_response'), ctx)
      .addColumn('request_id', 'integer', (c) => c.notNull().references('purchase_request.id').onDelete('cascade'))
      .addColumn('company_id', 'integer', (c) => c.notNull().references('company.id'))
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('ladder', 'text', (c) => c.notNull())
      .addColumn('unit', 'integer', (c) => c.notNull())
      .addColumn('per_unit', 'integer', (c) => c.notNull().defaultTo(1000))
      .addColumn('lead_days', 'integer', (c) => c.notNull())
      .addColumn('cut_sample', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('pictures', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('purchase_response_one_per_company').on('purchase_response').columns(['request_id', 'company_id']).unique().execute();
    await db.schema.createIndex('purchase_response_company_idx').on('purchase_response').columns(['company_id', 'updated_at']).execute();
  },
};
