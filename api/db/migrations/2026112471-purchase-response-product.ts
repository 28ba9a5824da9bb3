import type { MigrationStep } from './helpers';

/**
 * A response may name one of the responding company's products on sale (issue 19): the buyer opens it
 * from the comparison and, once the response is chosen, from the order's line. Null: no product.
 */
export const purchaseResponseProduct: MigrationStep = {
  name: '2026112471-purchase-response-product',
  async up(db) {
    await db.schema.alterTable('purchase_response').addColumn('product_id', 'integer').execute();
  },
};
