// A restarting api fails the photo-search jobs it left unfinished, jobs pending past IMAGE_SEARCH_STALE_MS
// and jobs of no known replica, but not the jobs another replica is running now. On SQLite and PostgreSQL.
import t from 'tap';
import { loadConfig } from '../../../config/index';
import { buildApiApp } from '../../../api/app';
import { createStorageDriver } from '../../../api/modules/file/create-storage';
import { createTestDb, dialects } from '../../helpers/db';

for (const { dialect, skip } of await dialects()) {
  t.test(`stale photo-search jobs at start (${dialect})`, { skip }, async (t) => {
    const testDb = await createTestDb(dialect);
    const db = testDb.db.db;
    const config = loadConfig({ DATA_DIR: testDb.dir, LOG_LEVEL: 'silent', SEED_ON_EMPTY: 'false', IMAGE_INDEX_ON_START: 'false', IMAGE_EXTRACT_THREADS: '1', API_INSTANCE_ID: 'replica-a' }, []);
    const now = Date.now();
    const job = (key: string, owner: string | null, ageMs: number) => db.insertInto('search_job').values({
      search_key: `${key}-0123456789abcdef`, public_id: 1000 + key.length * 7 + (owner?.length ?? 0), subject: `v:${key}`, user_id: null, client_ip: '10.0.0.1', owner,
      day: '2026-11-24', status: 'pending', source: 'encoded', error: null, created_at: new Date(now - ageMs).toISOString(), finished_at: null,
    }).execute();
    await job('mine', 'replica-a', 1000);
    await job('theirs', 'replica-b', 1000);
    await job('theirs-expired', 'replica-b', config.imageSearch.staleJobMs + 60_000);
    await job('legacy-of-nobody', null, 1000);

    const app = await buildApiApp({ deps: { config, db: testDb.db, storage: createStorageDriver(config) } });
    t.teardown(async () => { await app.close(); await testDb.cleanup(); });
    await app.ready();

    const rows = await db.selectFrom('search_job').select(['search_key', 'status']).orderBy('search_key').execute().then((r) => r.map((x) => ({ ...x, search_key: x.search_key.replace(/-0123456789abcdef$/, '') })));
    t.same(Object.fromEntries(rows.map((r) => [r.search_key, r.status])), {
      'legacy-of-nobody': 'failed', mine: 'failed', theirs: 'pending', 'theirs-expired': 'failed',
    }, 'its own, expired and ownerless jobs failed; the other replica\'s running job is left alone');
    const poll = await app.inject({ method: 'GET', url: '/search/polling/theirs-0123456789abcdef' });
    t.equal(poll.json().data, -1, 'and polling it still answers -1');
  });
}
