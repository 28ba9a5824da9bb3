import type { MigrationStep } from './helpers';

/**
 * Which picture version of each product pattern-copy detection has compared (issue 17 item 2): the check
 * runs when a product's photo indexing completes, on every path (a seller's save, the seed, the import
 * command, the background pass after a start); a product whose pictures have not changed since its last
 * check is not checked again (a restart offers every indexed product). `pictures` is a digest of the
 * product's picture paths (a new upload is a new path).
 */
export const patternCopyCheck: MigrationStep = {
  name: '2026112480-pattern-copy-check',
  async up(db) {
    await db.schema.createTable('product_copy_check')
      .addColumn('product_id', 'integer', (c) => c.primaryKey().references('product.id').onDelete('cascade'))
      .addColumn('pictures', 'text', (c) => c.notNull())
      .addColumn('checked_at', 'text', (c) => c.notNull())
      .execute();
  },
};
