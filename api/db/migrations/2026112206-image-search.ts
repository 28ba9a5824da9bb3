import type { MigrationStep } from './helpers';
import { withId } from './helpers';

/** search module: photo-search jobs, their ranked results, and the descriptors of catalogue images. */
export const imageSearch: MigrationStep = {
  name: '2026112206-image-search',
  async up(db, ctx) {
    await withId(db.schema.createTable('search_job'), ctx)
      .addColumn('search_key', 'text', (c) => c.notNull().unique())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer')
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('finished_at', 'text')
      .execute();
    await db.schema.createIndex('search_job_quota_idx').on('search_job').columns(['subject', 'day']).execute();

    await db.schema.createTable('search_result')
      .addColumn('search_id', 'integer', (c) => c.notNull().references('search_job.id').onDelete('cascade'))
      .addColumn('rank', 'integer', (c) => c.notNull())
      .addColumn('product_id', 'integer', (c) => c.notNull())
      .addColumn('score', 'real', (c) => c.notNull())
      .addPrimaryKeyConstraint('search_result_pk', ['search_id', 'rank'])
      .execute();

    await withId(db.schema.createTable('image_descriptor'), ctx)
      .addColumn('product_id', 'integer', (c) => c.notNull())
      .addColumn('image_path', 'text', (c) => c.notNull())
      .addColumn('view', 'text', (c) => c.notNull())
      .addColumn('model', 'text', (c) => c.notNull())
      .addColumn('dim', 'integer', (c) => c.notNull())
      .addColumn('vec', ctx.dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('image_descriptor_product_idx').on('image_descriptor').columns(['model', 'product_id']).execute();
    // On PostgreSQL with the vector extension, the search module adds an embedding column and its HNSW index at start.
  },
};
