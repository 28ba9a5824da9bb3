import type { MigrationStep } from './helpers';

/**
 * The seller's catalogue (issue 17): a bulk price ladder per product (JSON steps, '' for none; the first
 * step is the minimum order per colour), the lace attributes buyers filter by (dictionary codes, null for
 * unsaid), and the reason the platform gave when it took a product down (status 2). The seller's list
 * reads a company's products by status, newest change first.
 */
export const catalogueSeller: MigrationStep = {
  name: '2026112442-catalogue-seller',
  async up(db) {
    await db.schema.alterTable('product').addColumn('bulk_ladder', 'text', (c) => c.notNull().defaultTo('')).execute();
    await db.schema.alterTable('product').addColumn('edge', 'integer').execute();
    await db.schema.alterTable('product').addColumn('craft', 'integer').execute();
    await db.schema.alterTable('product').addColumn('stretch', 'integer').execute();
    await db.schema.alterTable('product').addColumn('takedown_reason', 'text', (c) => c.notNull().defaultTo('')).execute();
    await db.schema.createIndex('product_company_status_idx').on('product').columns(['company_id', 'status', 'updated_at', 'id']).execute();
  },
};
