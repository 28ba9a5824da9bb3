import type { MigrationStep } from './helpers';
import { withId } from './helpers';

// Supply offers (供应) of manufacturers and traders.
export const supply: MigrationStep = {
  name: '2026112443-supply',
  async up(db, ctx) {
    await withId(db.schema.createTable('supply_offer'), ctx)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('company_id', 'integer', (c) => c.references('company.id'))
      .addColumn('image_path', 'text', (c) => c.notNull())
      .addColumn('catalogue', 'integer', (c) => c.notNull())
      .addColumn('sample', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('unit', 'integer', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('supply_offer_user_idx').on('supply_offer').columns(['user_id', 'status', 'created_at']).execute();
    await db.schema.createIndex('supply_offer_status_idx').on('supply_offer').columns(['status', 'created_at']).execute();
  },
};
