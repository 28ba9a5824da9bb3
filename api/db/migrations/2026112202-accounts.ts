import type { MigrationStep } from './helpers';
import { withId } from './helpers';

export const accounts: MigrationStep = {
  name: '2026112202-accounts',
  async up(db, ctx) {
    await withId(db.schema.createTable('app_user'), ctx)
      .addColumn('mobile', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('user_type', 'integer', (c) => c.notNull())
      .addColumn('nickname', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('real_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('avatar_path', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('company_id', 'integer')
      .addColumn('settled', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema.createTable('user_session')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('user_session_user_idx').on('user_session').column('user_id').execute();

    await withId(db.schema.createTable('sms_code'), ctx)
      .addColumn('mobile', 'text', (c) => c.notNull())
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sms_code_mobile_idx').on('sms_code').columns(['mobile', 'created_at']).execute();

    await db.schema.createTable('login_failure')
      .addColumn('mobile', 'text', (c) => c.primaryKey())
      .addColumn('failures', 'integer', (c) => c.notNull())
      .addColumn('window_start', 'text', (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('consignee'), ctx)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('consignee', 'text', (c) => c.notNull())
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('province_code', 'text', (c) => c.notNull())
      .addColumn('city_code', 'text', (c) => c.notNull())
      .addColumn('district_code', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('region', 'text', (c) => c.notNull())
      .addColumn('detail', 'text', (c) => c.notNull())
      .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('consignee_user_idx').on('consignee').column('user_id').execute();
  },
};
