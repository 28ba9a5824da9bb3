import type { MigrationStep } from './helpers';
import { withId } from './helpers';

/**
 * Pattern-copy flags (issue 17 item 2): a product whose pictures photo search finds nearly the same as
 * another company's product (the engine's similarity at or above IMAGE_COPY_SIMILARITY), one row per pair,
 * the product saved later first. Open until the operator dismisses it or takes the product down, with a
 * reason. The console lists them by status, newest first; the seller's form reads a product's open ones.
 */
export const patternCopy: MigrationStep = {
  name: '2026112452-pattern-copy',
  async up(db, ctx) {
    await withId(db.schema.createTable('product_copy_flag'), ctx)
      .addColumn('product_id', 'integer', (c) => c.notNull().references('product.id').onDelete('cascade'))
      .addColumn('other_product_id', 'integer', (c) => c.notNull().references('product.id').onDelete('cascade'))
      .addColumn('similarity', 'real', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('decided_by', 'integer')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('decided_at', 'text')
      .addUniqueConstraint('product_copy_flag_pair', ['product_id', 'other_product_id'])
      .execute();
    await db.schema.createIndex('product_copy_flag_status_idx').on('product_copy_flag').columns(['status', 'created_at']).execute();
    await db.schema.createIndex('product_copy_flag_other_idx').on('product_copy_flag').columns(['other_product_id']).execute();
  },
};
