import type { MigrationStep } from './helpers';
import { withId } from './helpers';

// Enquiries (询盘) to the owner of a product, a supply offer or a purchase request, and their replies.
export const enquiry: MigrationStep = {
  name: '2026112450-enquiry',
  async up(db, ctx) {
    await withId(db.schema.createTable('enquiry'), ctx)
      .addColumn('asker_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('asker_company_id', 'integer', (c) => c.references('company.id'))
      .addColumn('kind', 'integer', (c) => c.notNull())
      .addColumn('target_id', 'integer', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('subject_en', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('seller_company_id', 'integer', (c) => c.references('company.id'))
      .addColumn('seller_user_id', 'integer', (c) => c.references('app_user.id').onDelete('cascade'))
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('reply_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_asker_at', 'text', (c) => c.notNull())
      .addColumn('last_seller_at', 'text')
      .addColumn('asker_read_at', 'text')
      .addColumn('seller_read_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('enquiry_seller_company_idx').on('enquiry').columns(['seller_company_id', 'updated_at']).execute();
    await db.schema.createIndex('enquiry_seller_user_idx').on('enquiry').columns(['seller_user_id', 'updated_at']).execute();
    await db.schema.createIndex('enquiry_asker_idx').on('enquiry').columns(['asker_id', 'created_at']).execute();

    await withId(db.schema.createTable('enquiry_reply'), ctx)
      .addColumn('enquiry_id', 'integer', (c) => c.notNull().references('enquiry.id').onDelete('cascade'))
      .addColumn('author_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('from_seller', 'integer', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('enquiry_reply_thread_idx').on('enquiry_reply').columns(['enquiry_id', 'id']).execute();
    await db.schema.createIndex('enquiry_reply_author_idx').on('enquiry_reply').columns(['author_id', 'created_at']).execute();
  },
};
