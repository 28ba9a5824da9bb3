import type { MigrationStep } from './helpers';
import { withId } from './helpers';

// The message centre: messages per user, stored as a kind and its parameters (worded when read).
// delivered_at marks the copy sent beyond the site by the delivery driver (an outbox).
export const notification: MigrationStep = {
  name: '2026112321-notification',
  async up(db, ctx) {
    await withId(db.schema.createTable('notification'), ctx)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('params', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('link', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('read_at', 'text')
      .addColumn('delivered_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('notification_user_idx').on('notification').columns(['user_id', 'id']).execute();
    await db.schema.createIndex('notification_undelivered_idx').on('notification').columns(['delivered_at', 'id']).execute();
  },
};
