import type { MigrationStep } from './helpers';

/**
 * A product's weight per metre in grams (issue 17: units), given by the seller or null. Only where it is
 * given may a buyer see a length product's quantities and prices in kilograms.
 */
export const productWeight: MigrationStep = {
  name: '2026112453-product-weight',
  async up(db) {
    await db.schema.alterTable('product').addColumn('weight_g_per_m', 'integer').execute();
  },
};
