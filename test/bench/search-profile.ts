// Where a PostgreSQL text search's time goes: each statement of the bench's queries, with its duration as
// the client saw it, and optionally its plan (auto_explain, ANALYZE + BUFFERS) after a round of the mix.
// `tsx test/bench/search-profile.ts [--explain] [--match 连衣裙] [--rounds N]` against the bench's catalogue (seed it first).
import os from 'node:os';
import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import { testEnv } from '../../config/index';
import type { Database } from '../../api/db/schema';
import { createLocalStorage } from '../../api/modules/file/local-storage';
import { searchCatalogue, type CatalogueDeps } from '../../api/modules/catalogue/catalogue.service';
import { queryMix, type BenchQuery } from './search';

const args = process.argv.slice(2);
const arg = (name: string) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : undefined; };
const explain = args.includes('--explain');
const match = arg('--match');
const rounds = Number(arg('--rounds') ?? 3);

const log: Array<{ sql: string; ms: number }> = [];
const notices: string[] = [];
const pool = new pg.Pool({ connectionString: testEnv.pgUrl, max: 10, options: '-c search_path=lace_bench_search' });
pool.on('connect', (client) => {
  client.on('notice', (n) => notices.push(n.message ?? ''));
});
const db = new Kysely<Database>({
  dialect: new PostgresDialect({ pool }),
  log: (e) => { log.push({ sql: e.query.sql, ms: e.queryDurationMillis }); },
});
const deps: CatalogueDeps = { db, dialect: 'postgres', storage: createLocalStorage({ dir: os.tmpdir(), publicBase: '/api/files' }) };
const codeRows = await db.selectFrom('product').select('code').where('kind', '=', 1).orderBy('id').offset(1234).limit(4).execute();
const queries = queryMix(codeRows.map((r) => r.code));
const run = (q: BenchQuery) => searchCatalogue(deps, q.keyword, q.filter ?? { kind: 1 }, q.sort ?? 'relevance', { pageNum: q.pageNum ?? 1, pageSize: 20 });
for (const q of queries) await run(q);
const short = (s: string) => s.replace(/\s+/g, ' ').slice(0, 110);
const per = new Map<string, number[][]>();
for (let r = 0; r < rounds; r++) {
  for (const q of queries) {
    const mine = match === undefined || q.keyword === match;
    if (mine && explain && r === rounds - 1) {
      // Every statement of this search explained, each on the connection it runs on.
      for (const c of (pool as unknown as { _clients: pg.PoolClient[] })._clients) {
        await c.query(`load 'auto_explain'; set auto_explain.log_min_duration = 0; set auto_explain.log_analyze = on; set auto_explain.log_buffers = on; set auto_explain.log_timing = on; set auto_explain.log_level = notice; set auto_explain.log_settings = on`);
      }
      notices.length = 0;
    }
    log.length = 0;
    const t0 = performance.now();
    await run(q);
    const ms = performance.now() - t0;
    if (mine && explain && r === rounds - 1) {
      for (const c of (pool as unknown as { _clients: pg.PoolClient[] })._clients) await c.query('set auto_explain.log_min_duration = -1');
      console.log(`\n=== ${q.label} ${q.keyword.slice(0, 30)}: ${ms.toFixed(1)} ms`);
      for (const n of notices) console.log(n);
    }
    if (!mine) continue;
    const key = `${q.label} | ${q.keyword.slice(0, 24)}`;
    per.set(key, [...(per.get(key) ?? []), [ms, ...log.map((l) => l.ms)]]);
    if (r === rounds - 1) {
      console.log(`\n${key}: ${per.get(key)!.map((x) => x[0].toFixed(1)).join(', ')} ms`);
      log.forEach((l, i) => console.log(`  ${per.get(key)!.map((x) => (x[i + 1] ?? 0).toFixed(2)).join(' / ')}  ${short(l.sql)}`));
    }
  }
}
await db.destroy();
