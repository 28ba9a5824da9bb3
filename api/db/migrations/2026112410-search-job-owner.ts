import type { MigrationStep } from './helpers';

/**
 * Photo-search jobs say which client address started a guest's search (`client_ip`: the per-address daily
 * cap counts them) and which api replica runs them (`owner`: a restarting replica fails only its own
 * unfinished jobs and expired ones, not those another replica is still running). Older rows keep nulls.
 */
export const searchJobOwner: MigrationStep = {
  name: '2026112410-search-job-owner',
  async up(db) {
    await db.schema.alterTable('search_job').addColumn('client_ip', 'text').execute();
    await db.schema.alterTable('search_job').addColumn('owner', 'text').execute();
    await db.schema.createIndex('search_job_ip_day_idx').on('search_job').columns(['client_ip', 'day']).execute();
    await db.schema.createIndex('search_job_pending_idx').on('search_job').columns(['status', 'owner']).execute();
  },
};
