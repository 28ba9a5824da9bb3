import { sql } from 'kysely';
import type { MigrationStep } from './helpers';

/**
 * Issue 6: the search id that polling hands out and result pages carry is a random number below 2^48
 * (`public_id`), not the row id, so nobody reads another visitor's results by counting. Searches made
 * before this step keep their row id as their public id.
 */
export const searchPublicId: MigrationStep = {
  name: '2026112208-search-public-id',
  async up(db) {
    await db.schema.alterTable('search_job').addColumn('public_id', 'bigint').execute();
    await sql`update search_job set public_id = id`.execute(db);
    await db.schema.createIndex('search_job_public_id_idx').on('search_job').column('public_id').unique().execute();
  },
};
