import type { MigrationStep } from './helpers';

/**
 * The unit a buyer chose to see a line in (issue 17: units): metres, yards, or kilograms where the seller
 * gives a weight per metre; null is the product's own unit. The cart line keeps the choice; the order line
 * keeps it with the weight per metre of the day it was ordered, so the order reads the same later. Prices
 * stay in the product's own unit (the api prices them there); only what the pages show is converted.
 */
export const displayUnit: MigrationStep = {
  name: '2026112472-display-unit',
  async up(db) {
    await db.schema.alterTable('shopping_cart').addColumn('display_unit', 'integer').execute();
    await db.schema.alterTable('order_line').addColumn('display_unit', 'integer').execute();
    await db.schema.alterTable('order_line').addColumn('weight_g_per_m', 'integer').execute();
  },
};
