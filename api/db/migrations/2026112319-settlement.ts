import { sql } from 'kysely';
import type { MigrationStep } from './helpers';
import { withId } from './helpers';

// Settlement (入驻): the lace-industry areas open to sellers, and applications to settle. At most one
// open (submitted) application per user, enforced by a partial unique index on both dialects.
export const settlement: MigrationStep = {
  name: '2026112319-settlement',
  async up(db, ctx) {
    await withId(db.schema.createTable('settled_land'), ctx)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('name_en', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('province_code', 'text', (c) => c.notNull())
      .addColumn('city_code', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('speciality', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('speciality_en', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('open', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('settlement_application'), ctx)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('company_name', 'text', (c) => c.notNull())
      .addColumn('abbreviation', 'text', (c) => c.notNull())
      .addColumn('main_business', 'text', (c) => c.notNull())
      .addColumn('intro', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('land_id', 'integer', (c) => c.references('settled_land.id'))
      .addColumn('province_code', 'text', (c) => c.notNull())
      .addColumn('city_code', 'text', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('licence_path', 'text', (c) => c.notNull())
      .addColumn('company_image_path', 'text', (c) => c.notNull())
      .addColumn('remark', 'text', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('reject_reason', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('company_id', 'integer', (c) => c.references('company.id'))
      .addColumn('decided_by', 'integer')
      .addColumn('decided_at', 'text')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('settlement_user_idx').on('settlement_application').columns(['user_id', 'created_at']).execute();
    await db.schema.createIndex('settlement_status_idx').on('settlement_application').columns(['status', 'created_at']).execute();
    await db.schema.createIndex('settlement_one_open_uq').on('settlement_application').column('user_id').unique()
      .where(sql.ref('status'), '=', 0).execute();
  },
};
