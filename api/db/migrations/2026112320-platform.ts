import type { MigrationStep } from './helpers';
import { withId } from './helpers';

// The platform side: operators are a role on the user, a company can be suspended with a reason, and
// every operator action is written to the audit log with the record before and after (JSON text).
export const platform: MigrationStep = {
  name: '2026112320-platform',
  async up(db, ctx) {
    await db.schema.alterTable('app_user').addColumn('role', 'text', (c) => c.notNull().defaultTo('member')).execute();
    await db.schema.alterTable('company').addColumn('status_reason', 'text', (c) => c.notNull().defaultTo('')).execute();
    await withId(db.schema.createTable('platform_audit'), ctx)
      .addColumn('operator_id', 'integer', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('target_type', 'text', (c) => c.notNull())
      .addColumn('target_id', 'integer', (c) => c.notNull())
      .addColumn('before', 'text', (c) => c.notNull().defaultTo('null'))
      .addColumn('after', 'text', (c) => c.notNull().defaultTo('null'))
      .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('platform_audit_created_idx').on('platform_audit').column('created_at').execute();
    await db.schema.createIndex('platform_audit_target_idx').on('platform_audit').columns(['target_type', 'target_id']).execute();
  },
};
