// Text search over 100,000 products on SQLite (FTS5) and PostgreSQL (tsvector + GIN): p50/p99 of
// /product/searchLace's service (segmentation, match, ranking, count, highlighting) over a fixed mix of
// Chinese, English, pattern-number, multi-word, filtered and sorted queries. The catalogues are filled
// by the seed (large mode: a small pool of drawn designs, the text of every product its own) into a
// temporary SQLite file and a PostgreSQL schema, and reused by later runs.
// `runSearchBench()` returns the markdown; run alone (`tsx test/bench/search.ts`) it prints it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { sql } from 'kysely';
import { loadConfig, testEnv } from '../../config/index';
import { openDatabase, type Db } from '../../api/db/database';
import { migrateToLatest } from '../../api/db/migrate';
import { seedDemoData } from '../../api/db/seed/index';
import { createLocalStorage } from '../../api/modules/file/local-storage';
import { searchCatalogue, type CatalogueDeps } from '../../api/modules/catalogue/catalogue.service';
import { COUNT_CAP, SEARCH_POOL, type ProductFilter, type ProductSort } from '../../api/modules/catalogue/catalogue.queries';
import { indexedCount, rebuildSearchIndex } from '../../api/modules/catalogue/search-index';
import { segmentation } from '../../api/modules/catalogue/text-analysis';
import { PatternType, Unit } from '../../isomorphic/domain/catalogue';

export interface SearchBenchOptions {
  products?: number;
  /** rounds over the query mix (each query measured once a round) */
  rounds?: number;
  dir?: string;
  pgSchema?: string;
  log?: (msg: string) => void;
  /** 'seed': fill the catalogues and stop (run it under `heavy`); 'reuse': measure the catalogues already filled, and fail if they are not (run it under `quiet`) */
  phase?: 'seed' | 'reuse';
  /** only these dialects */
  dialects?: Array<'sqlite' | 'postgres'>;
}

export interface BenchQuery { label: string; keyword: string; filter?: ProductFilter; sort?: ProductSort | 'relevance'; pageNum?: number }

/** The query mix: common and rare words in both languages, numbers, filters, sorts, deep pages, misses, edge cases. */
export function queryMix(codes: string[]): BenchQuery[] {
  const words = ['玫瑰', '牡丹', '蕾丝', '面料', '花边', '大边', '睫毛', '水溶', '刺绣', '山茶花', '星月', '连衣裙', '旗袍', '婚纱礼服', '金丝雀'];
  const english = ['rose', 'peony', 'lace', 'fabric', 'eyelash', 'embroidered mesh', 'water-soluble', 'dress', 'French', 'wide lace border', 'butterfly', 'nylon spandex'];
  const q: BenchQuery[] = [
    ...words.map((w) => ({ label: 'Chinese word', keyword: w })),
    ...english.map((w) => ({ label: 'English word(s)', keyword: w })),
    ...codes.map((c) => ({ label: 'pattern number', keyword: c })),
    { label: 'pattern number (compact)', keyword: codes[0].replace('-', '') },
    { label: 'Chinese phrase', keyword: '法式玫瑰水溶蕾丝面料' },
    { label: 'Chinese phrase', keyword: '复古牡丹经编窄边花边' },
    { label: 'mixed', keyword: '玫瑰 lace' },
    { label: 'mixed', keyword: 'French 蕾丝 dress' },
    { label: 'filtered', keyword: '玫瑰', filter: { kind: 1, patternType: PatternType.BIG_BORDER } },
    { label: 'filtered', keyword: 'lace', filter: { kind: 1, unit: Unit.YARD, priceMin: 2000, priceMax: 6000 } },
    { label: 'filtered', keyword: '蕾丝', filter: { kind: 1, companyId: 3 } },
    { label: 'garments', keyword: '连衣裙', filter: { kind: 2 } },
    { label: 'sorted', keyword: '蕾丝', sort: 'priceAsc' },
    { label: 'sorted', keyword: 'rose', sort: 'newest' },
    { label: 'page 10', keyword: '玫瑰', pageNum: 10 },
    { label: 'no match (all words, then any)', keyword: '玫瑰 qqqzzz' },
    { label: 'no match', keyword: 'zzzqqq' },
    { label: 'empty (the listing)', keyword: '' },
    { label: 'symbols only', keyword: '%%%!!!' },
    { label: '1,000 characters', keyword: '蕾丝 lace '.repeat(125) },
  ];
  return q.map((x) => ({ ...x, filter: x.filter ?? { kind: 1 } }));
}

async function fill(db: Db, dir: string, products: number, log: (m: string) => void, phase?: 'seed' | 'reuse'): Promise<number> {
  await migrateToLatest(db);
  const count = async () => Number((await db.db.selectFrom('product').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const have = await count();
  if (phase === 'reuse') {
    const indexed = await indexedCount({ db: db.db, dialect: db.dialect });
    if (have < products || indexed !== have) throw new Error(`search bench: the ${db.dialect} catalogue has ${have} products, ${indexed} indexed: seed it first (--seed, under heavy)`);
    return have;
  }
  if (have < products) {
    log(`search bench: seeding ${products - have} products (${db.dialect})…`);
    const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' }, []);
    const storage = createLocalStorage({ dir: path.join(dir, 'files'), publicBase: '/api/files' });
    await seedDemoData({ config, db, storage }, { products: products - have, designPool: 120, log });
  }
  const total = await count();
  if ((await indexedCount({ db: db.db, dialect: db.dialect })) !== total) {
    log(`search bench: rebuilding the ${db.dialect} search index…`);
    await rebuildSearchIndex({ db: db.db, dialect: db.dialect });
  }
  // Planner statistics and the visibility map, as a running installation has them (autovacuum on
  // PostgreSQL, which a bulk load of 100,000 rows sets off; ANALYZE on SQLite).
  await sql`${sql.raw(db.dialect === 'postgres' ? 'vacuum analyze' : 'analyze')}`.execute(db.db);
  return total;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

interface DialectResult {
  dialect: string; products: number; samples: number; p50: number; p99: number; mean: number; max: number;
  /** p99 of each round, and the round whose p99 is the median of them */
  roundP99: number[]; medianRound: { p50: number; p99: number };
  /** CPU time per query (this process, and on PostgreSQL its server processes): what the load of a shared machine does not add */
  cpu: { p50: number; p99: number } | null;
  slowest: Array<{ label: string; keyword: string; ms: number }>; byLabel: Map<string, number[]>;
}

const BENCH_APP = 'lace-bench-search';

/** Nanoseconds on CPU of these processes (Linux /proc/<pid>/schedstat), or null where it cannot be read. */
function cpuNs(pids: number[]): number | null {
  try {
    return pids.reduce((sum, pid) => sum + Number(fs.readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]), 0);
  } catch {
    return null;
  }
}

async function measure(db: Db, rounds: number, products: number): Promise<DialectResult> {
  const deps: CatalogueDeps = { db: db.db, dialect: db.dialect, storage: createLocalStorage({ dir: os.tmpdir(), publicBase: '/api/files' }) };
  const codeRows = await db.db.selectFrom('product').select('code').where('kind', '=', 1).orderBy('id').offset(1234).limit(4).execute();
  const queries = queryMix(codeRows.map((r) => r.code));
  const run = (q: BenchQuery) => searchCatalogue(deps, q.keyword, q.filter ?? { kind: 1 }, q.sort ?? 'relevance', { pageNum: q.pageNum ?? 1, pageSize: 20 });
  for (const q of queries) await run(q); // warm-up: caches, statement preparation, JIT
  // The PostgreSQL server processes serving this bench (its connections name it), when they run on this machine.
  const serverPids = db.dialect === 'postgres'
    ? (await sql<{ pid: number }>`select pid from pg_stat_activity where application_name = ${BENCH_APP}`.execute(db.db)).rows.map((r) => Number(r.pid))
    : [];
  const times: number[] = [];
  const cpu: number[] = [];
  let cpuKnown = db.dialect === 'sqlite' || cpuNs(serverPids) !== null;
  const perRound: number[][] = [];
  const perQuery = new Map<BenchQuery, number[]>();
  for (let r = 0; r < rounds; r++) {
    const round: number[] = [];
    for (const q of queries) {
      const s0 = cpuNs(serverPids) ?? 0;
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      await run(q);
      const ms = performance.now() - t0;
      const c = process.cpuUsage(c0);
      const s1 = cpuNs(serverPids);
      if (s1 === null && db.dialect === 'postgres') cpuKnown = false;
      cpu.push((c.user + c.system) / 1000 + ((s1 ?? 0) - s0) / 1e6);
      times.push(ms);
      round.push(ms);
      perQuery.set(q, [...(perQuery.get(q) ?? []), ms]);
    }
    perRound.push(round.sort((a, b) => a - b));
  }
  const sorted = [...times].sort((a, b) => a - b);
  const byLabel = new Map<string, number[]>();
  for (const [q, ms] of perQuery) byLabel.set(q.label, [...(byLabel.get(q.label) ?? []), ...ms]);
  const slowest = [...perQuery].map(([q, ms]) => ({ label: q.label, keyword: q.keyword, ms: ms.sort((a, b) => a - b)[Math.floor(ms.length / 2)] }))
    .sort((a, b) => b.ms - a.ms).slice(0, 3);
  const roundP99 = perRound.map((xs) => pct(xs, 99));
  const median = [...perRound].sort((a, b) => pct(a, 99) - pct(b, 99))[Math.floor((perRound.length - 1) / 2)];
  const cpuSorted = [...cpu].sort((a, b) => a - b);
  return {
    dialect: db.dialect, products, samples: times.length,
    p50: pct(sorted, 50), p99: pct(sorted, 99), mean: times.reduce((s, x) => s + x, 0) / times.length, max: sorted[sorted.length - 1],
    roundP99, medianRound: { p50: pct(median, 50), p99: pct(median, 99) },
    cpu: cpuKnown ? { p50: pct(cpuSorted, 50), p99: pct(cpuSorted, 99) } : null,
    slowest, byLabel,
  };
}

async function pgReady(): Promise<boolean> {
  const c = new pg.Client({ connectionString: testEnv.pgUrl, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => undefined);
  }
}

export async function runSearchBench(opts: SearchBenchOptions = {}): Promise<string> {
  const products = opts.products ?? 100_000;
  const rounds = opts.rounds ?? 5;
  const dir = opts.dir ?? path.join(os.tmpdir(), 'lace-bench-search');
  const schema = opts.pgSchema ?? 'lace_bench_search';
  const log = opts.log ?? (() => undefined);
  const results: DialectResult[] = [];
  const notes: string[] = [];
  const loadAtStart = os.loadavg().map((x) => x.toFixed(1)).join(' / ');

  const want = (d: 'sqlite' | 'postgres') => !opts.dialects || opts.dialects.includes(d);

  if (want('sqlite')) {
    fs.mkdirSync(path.join(dir, 'sqlite'), { recursive: true });
    const sqlite = openDatabase({ kind: 'sqlite', file: path.join(dir, 'sqlite', 'lace.sqlite') });
    try {
      const n = await fill(sqlite, path.join(dir, 'sqlite'), products, log, opts.phase);
      if (opts.phase !== 'seed') {
        log('search bench: measuring SQLite…');
        results.push(await measure(sqlite, rounds, n));
      }
    } finally {
      await sqlite.destroy();
    }
  }

  if (!want('postgres')) {
    // left out by the caller
  } else if (await pgReady()) {
    const admin = new pg.Client({ connectionString: testEnv.pgUrl });
    await admin.connect();
    await admin.query(`create schema if not exists ${schema}`);
    await admin.end();
    const url = new URL(testEnv.pgUrl);
    url.searchParams.set('application_name', BENCH_APP);
    const pgDb = openDatabase({ kind: 'postgres', url: url.toString(), schema });
    try {
      fs.mkdirSync(path.join(dir, 'postgres'), { recursive: true });
      const n = await fill(pgDb, path.join(dir, 'postgres'), products, log, opts.phase);
      if (opts.phase !== 'seed') {
        log('search bench: measuring PostgreSQL…');
        results.push(await measure(pgDb, rounds, n));
      }
    } finally {
      await pgDb.destroy();
    }
  } else {
    notes.push(`PostgreSQL was not reachable at ${testEnv.pgUrl.replace(/\/\/[^@]*@/, '//…@')}; its row is missing.`);
  }

  const f = (n: number) => n.toFixed(1);
  const labels = [...new Set(results.flatMap((r) => [...r.byLabel.keys()]))];
  const median = (xs: number[] | undefined) => (xs && xs.length ? f([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]) : '–');
  return `
Machine: ${os.cpus()[0]?.model ?? 'unknown CPU'} × ${os.cpus().length} cores, Node ${process.version}. Date: ${new Date().toISOString().slice(0, 10)}.
The catalogue service's text search (segmentation: ${segmentation}; match, ranking, count and highlighting, one page of 20) called
in process, one query at a time, ${rounds} rounds over a mix of ${results[0] ? results[0].samples / rounds : 0} queries after a warm-up round.
Ranked by relevance, the newest ${SEARCH_POOL} matches are ranked (all of them when fewer match; on SQLite with FTS5's bm25 formula computed in the api); totals are counted up to ${COUNT_CAP.toLocaleString('en')}.
Load average at the start: ${loadAtStart}, at the end: ${os.loadavg().map((x) => x.toFixed(1)).join(' / ')} (1 / 5 / 15 min).
Latency in ms.

| dialect | products | samples | p50 | p99 | mean | max | p99 of each round | median round p50 / p99 | CPU per query p50 / p99 | slowest queries (median ms) |
|---|---|---|---|---|---|---|---|---|---|---|
${results.map((r) => `| ${r.dialect} | ${r.products.toLocaleString('en')} | ${r.samples} | ${f(r.p50)} | ${f(r.p99)} | ${f(r.mean)} | ${f(r.max)} | ${r.roundP99.map(f).join(', ')} | ${f(r.medianRound.p50)} / ${f(r.medianRound.p99)} | ${r.cpu ? `${f(r.cpu.p50)} / ${f(r.cpu.p99)}` : '–'} | ${r.slowest.map((s) => `${s.keyword.slice(0, 20) || '(empty)'} ${f(s.ms)}`).join('; ')} |`).join('\n')}

"CPU per query" is the CPU time the query took (this process, and on PostgreSQL the server processes of the
bench's connections, read from /proc): on a machine shared with other work it is what a quiet machine's latency
would be at least, where the wall-clock figures also count the time spent waiting for a core.

| query kind | ${results.map((r) => `${r.dialect} median`).join(' | ')} |
|---|${results.map(() => '---').join('|')}|
${labels.map((l) => `| ${l} | ${results.map((r) => median(r.byLabel.get(l))).join(' | ')} |`).join('\n')}
${notes.length ? `\n${notes.join('\n')}\n` : ''}`;
}

// Alone: `tsx test/bench/search.ts [--seed | --reuse] [--rounds N] [--only sqlite|postgres]`. Seeding 100,000
// products is heavy and measuring should be quiet: `/work/wt/heavy … --seed`, then `/work/wt/quiet … --reuse`.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const args = process.argv.slice(2);
  const arg = (name: string) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : undefined; };
  const only = arg('--only');
  runSearchBench({
    log: (m) => console.error(m),
    phase: args.includes('--seed') ? 'seed' : args.includes('--reuse') ? 'reuse' : undefined,
    rounds: arg('--rounds') ? Number(arg('--rounds')) : undefined,
    dialects: only === 'sqlite' || only === 'postgres' ? [only] : undefined,
  }).then((md) => console.log(md)).catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
