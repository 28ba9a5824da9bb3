// `npm run bench`: server rendering side by side with a Next.js App Router peer (test/bench/nextjs.ts),
// the /api proxy against the api called directly, the home page's first-load JavaScript, and text search;
// written to docs/benchmarks.md. Every service is its own process (api, web with the page cache, web
// without any shared cache, Next.js), and the scenarios of a table are measured in alternating rounds
// (the order rotates each round), so that a busy machine weighs on all of them alike.
// Options: --rounds N (3), --seconds N (5 per measurement), --port-base N (3600), --skip-search, --skip-next.
// `--only proxy` measures only the /api proxy hop (test/bench/proxy.ts: separate processes and `--role all`, CPU per
// request, latency at a fixed rate) and prints it, or writes it to --out FILE; it leaves docs/benchmarks.md alone.
// Its options: --rate N (100 req/s), --steady-seconds N (20 per fixed-rate round), --log-level L (warn; npm start's
// default is info), --skip-separate, --skip-one-process, --data-dir DIR (os.tmpdir()/lace-bench), --accept-encoding
// VALUE (sent both ways), --control (a bare node:http proxy beside the web proxy, separate processes: the floor of a
// second process), --times-out FILE (every fixed-rate sample as JSON, to pool runs), --server-bundle FILE (another
// build of dist/server/main.js inside the repository, e.g. a copy of an earlier one, for a before/after comparison).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawnSync } from 'node:child_process';
import autocannon from 'autocannon';
import { assetsFor, readManifest } from '../../server/ssr/manifest';
import { openDatabase } from '../../api/db/database';
import { createSession } from '../../api/modules/account/session';
import { Limits } from '../../isomorphic/domain/limits';
import { fmt, machine, root, startService, timedGet, writeSection, type Service } from './lib';
import { runSearchBench } from './search';
import { runProxyBench } from './proxy';
import { NEXT_VERSION, prepareNext, startNext } from './nextjs';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const ROUNDS = arg('rounds', 3);
const SECONDS = arg('seconds', 5);
const BASE = arg('port-base', 3600);
const skipSearch = process.argv.includes('--skip-search');
const skipNext = process.argv.includes('--skip-next');
const strArg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const only = strArg('only');
if (only !== undefined && only !== 'proxy') throw new Error(`--only ${only}: only "proxy" is known`);

const DATA_DIR = strArg('data-dir') ?? path.join(os.tmpdir(), 'lace-bench');
const API = BASE + 1, WEB = BASE, WEB_PLAIN = BASE + 2, NEXT = BASE + 3;
const serverBundle = path.join(root, 'dist/server/main.js');

if (!fs.existsSync(serverBundle) || !fs.existsSync(path.join(root, 'dist/client/manifest.json'))) {
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(1);
}

function firstLoadJs(): { files: Array<{ file: string; gzip: number }>; total: number } {
  const manifest = readManifest(path.join(root, 'dist/client/manifest.json'));
  const assets = assetsFor(manifest, ['locale-zh', 'root', 'layout-default', 'home']);
  const files = [...assets.bootstrap, ...assets.modulepreload].map((url) => {
    const file = path.join(root, 'dist/client', url.replace(manifest?.publicPath ?? '/', ''));
    return { file: path.basename(file), gzip: zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length };
  });
  return { files, total: files.reduce((s, f) => s + f.gzip, 0) };
}

interface Scenario { name: string; url: string; headers?: Record<string, string> }
interface Sample { reqPerSec: number; p50: number; p99: number; errors: number }

/**
 * One autocannon run. Its own latency histogram keeps whole milliseconds (a cached page's p50 of 1.4 ms reads
 * as 1), so p50 and p99 are taken from each 2xx response's time as autocannon measured it (hrtime, to the
 * microsecond), through its 'response' event.
 */
async function cannon(s: Scenario, seconds: number): Promise<Sample> {
  const times: number[] = [];
  // Without a callback autocannon returns its tracker (an EventEmitter) made thenable; its types say Promise.
  const run = autocannon({ url: s.url, connections: 10, duration: seconds, headers: s.headers }) as ReturnType<typeof autocannon> & NodeJS.EventEmitter;
  run.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => { if (status >= 200 && status < 300) times.push(ms); });
  const r = await run;
  return { reqPerSec: r.requests.average, p50: percentile(times, 50), p99: percentile(times, 99), errors: r.errors + r.non2xx + r.timeouts };
}

/** The p-th percentile (nearest rank) of a list of numbers. */
function percentile(values: number[], p: number): number {
  const sorted = Float64Array.from(values).sort();
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** Alternating rounds: each round measures every scenario once, starting one further along. */
async function rounds(scenarios: Scenario[], log: (m: string) => void): Promise<Map<Scenario, Sample[]>> {
  const out = new Map<Scenario, Sample[]>(scenarios.map((s) => [s, []]));
  for (const s of scenarios) await cannon(s, 2); // warm-up: JIT, caches, connection pools
  for (let r = 0; r < ROUNDS; r++) {
    for (let k = 0; k < scenarios.length; k++) {
      const s = scenarios[(k + r) % scenarios.length];
      log(`round ${r + 1}/${ROUNDS}: ${s.name}`);
      out.get(s)?.push(await cannon(s, SECONDS));
    }
  }
  return out;
}

/** Latency at a fixed rate, measured with sub-millisecond resolution (one keep-alive connection pool). */
async function fixedRate(url: string, perSecond: number, seconds: number): Promise<{ p50: number; p99: number; errors: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const times: number[] = [];
  let errors = 0;
  const one = async () => {
    const ms = await timedGet(url, agent);
    if (ms === undefined) errors++;
    else times.push(ms);
  };
  const pending: Array<Promise<void>> = [];
  const start = performance.now();
  for (let i = 0; i < perSecond * seconds; i++) {
    const due = start + (i * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(one());
  }
  await Promise.all(pending);
  agent.destroy();
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)] ?? NaN;
  return { p50: pct(50), p99: pct(99), errors };
}

/** A buyer with a session, written into the bench database as the sign-in would (for the signed-in pages). */
async function signedInCookies(): Promise<string> {
  const db = openDatabase({ kind: 'sqlite', file: path.join(DATA_DIR, 'lace.sqlite') });
  try {
    const at = new Date().toISOString();
    const mobile = '13900000021';
    const found = await db.db.selectFrom('app_user').select('id').where('mobile', '=', mobile).executeTakeFirst();
    const id = found?.id ?? (await db.db.insertInto('app_user').values({
      mobile, password_hash: 'x', user_type: 3, nickname: 'bench buyer', real_name: '', email: '', avatar_path: '', company_id: null, settled: 0, created_at: at, updated_at: at,
    }).returning('id').executeTakeFirstOrThrow()).id;
    const token = await createSession(db.db, id);
    const user = encodeURIComponent(JSON.stringify({ id, nickname: 'bench buyer', userType: 3, mobile }));
    return `${Limits.tokenCookie}=${token}; ${Limits.userCookie}=${user}`;
  } finally {
    await db.destroy();
  }
}

async function main() {
  const log = (m: string) => console.log(m);
  const loadBefore = os.loadavg();
  const env = { DATA_DIR, SEED_PRODUCTS: '320', API_PORT: String(API), API_URL: `http://127.0.0.1:${API}`, HOST: '127.0.0.1', IMAGE_INDEX_ON_START: 'false' };
  if (!skipNext) prepareNext(log);
  log('starting api (the first run seeds demo data)…');
  const services: Service[] = [];
  try {
    const api = await startService([serverBundle, '--role', 'api'], env, `http://127.0.0.1:${API}/readyz`);
    services.push(api);
    services.push(await startService([serverBundle, '--role', 'web'], { ...env, PORT: String(WEB) }, `http://127.0.0.1:${WEB}/readyz`));
    services.push(await startService([serverBundle, '--role', 'web'], { ...env, PORT: String(WEB_PLAIN), PAGE_CACHE_MS: '0', PUBLIC_READ_CACHE_MS: '0' }, `http://127.0.0.1:${WEB_PLAIN}/readyz`));
    if (!skipNext) services.push(await startNext(NEXT, `http://127.0.0.1:${API}`));

    const browser = { 'accept-language': 'zh-CN,zh;q=0.9', 'user-agent': 'Mozilla/5.0 (bench)', 'accept-encoding': 'gzip, deflate, br' };
    // A filtered gallery, at its canonical URL (a non-canonical query answers 301 to it).
    let gallery = '/flower?patternType=100011&sort=priceAsc';
    const probe = await fetch(`http://127.0.0.1:${WEB}${gallery}`, { redirect: 'manual', headers: browser });
    if (probe.status === 301 && probe.headers.get('location')) gallery = new URL(probe.headers.get('location') as string, `http://127.0.0.1:${WEB}`).pathname + new URL(probe.headers.get('location') as string, `http://127.0.0.1:${WEB}`).search;
    const cookie = await signedInCookies();
    const signedIn = { ...browser, cookie };
    const check = await fetch(`http://127.0.0.1:${WEB}/shoppingCart`, { redirect: 'manual', headers: signedIn });
    if (check.status !== 200) throw new Error(`the signed-in cart answered ${check.status}`);

    const ssr: Scenario[] = [
      { name: 'ours: home `/`, guest, page cache', url: `http://127.0.0.1:${WEB}/`, headers: browser },
      { name: `ours: gallery \`${gallery}\`, guest, page cache`, url: `http://127.0.0.1:${WEB}${gallery}`, headers: browser },
      { name: 'ours: home `/`, no shared cache', url: `http://127.0.0.1:${WEB_PLAIN}/`, headers: browser },
      { name: `ours: gallery, no shared cache`, url: `http://127.0.0.1:${WEB_PLAIN}${gallery}`, headers: browser },
      { name: 'ours: cart `/shoppingCart`, signed in', url: `http://127.0.0.1:${WEB_PLAIN}/shoppingCart`, headers: signedIn },
      { name: 'ours: bulk orders `/home/person/orderBulk`, signed in', url: `http://127.0.0.1:${WEB_PLAIN}/home/person/orderBulk`, headers: signedIn },
      ...(skipNext ? [] : [{ name: `Next.js ${NEXT_VERSION} App Router server component, same 20 products`, url: `http://127.0.0.1:${NEXT}/`, headers: browser }]),
    ];
    log('measuring SSR…');
    const ssrResults = await rounds(ssr, log);

    const apiPath = '/product/listLSKHomeProduct?pageNum=1&pageSize=20';
    const proxyScenarios: Scenario[] = [
      { name: '`/api` through the web proxy', url: `http://127.0.0.1:${WEB_PLAIN}/api${apiPath}` },
      { name: 'the api called directly', url: `http://127.0.0.1:${API}${apiPath}` },
    ];
    log('measuring the proxy at saturation…');
    const proxyResults = await rounds(proxyScenarios, log);
    // A rate that leaves CPU headroom: 100 req/s, or a third of what the api managed at saturation when less.
    const directAtSaturation = mean((proxyResults.get(proxyScenarios[1]) ?? []).map((x) => x.reqPerSec));
    const rate = Math.max(5, Math.min(100, Math.floor(directAtSaturation / 3)));
    log(`measuring the proxy at a fixed ${rate} req/s…`);
    const steady = { proxied: [] as Array<{ p50: number; p99: number; errors: number }>, direct: [] as Array<{ p50: number; p99: number; errors: number }> };
    for (let r = 0; r < ROUNDS; r++) {
      const order = r % 2 === 0 ? (['proxied', 'direct'] as const) : (['direct', 'proxied'] as const);
      for (const which of order) steady[which].push(await fixedRate(which === 'proxied' ? proxyScenarios[0].url : proxyScenarios[1].url, rate, SECONDS));
    }
    const js = firstLoadJs();
    const loadAfter = os.loadavg();

    const agg = (samples: Sample[]) => ({ reqPerSec: mean(samples.map((s) => s.reqPerSec)), p50: median(samples.map((s) => s.p50)), p99: median(samples.map((s) => s.p99)), errors: samples.reduce((a, s) => a + s.errors, 0) });
    const nextAgg = skipNext ? undefined : agg(ssrResults.get(ssr[ssr.length - 1]) ?? []);
    const row = (s: Scenario, samples: Sample[]) => {
      const a = agg(samples);
      const ratio = nextAgg ? `${fmt(a.reqPerSec / nextAgg.reqPerSec, 2)} ×` : '–';
      return `| ${s.name} | ${fmt(a.reqPerSec, 0)} | ${samples.map((x) => fmt(x.reqPerSec, 0)).join(' / ')} | ${fmt(a.p50, 2)} | ${fmt(a.p99, 2)} | ${fmt(a.p99 / a.p50, 2)} | ${ratio} | ${a.errors} |`;
    };
    const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');
    const ours = (i: number) => agg(ssrResults.get(ssr[i]) ?? []);
    const targets: string[] = [];
    if (nextAgg) {
      for (const i of [0, 1]) {
        const a = ours(i);
        targets.push(`| ${ssr[i].name} ≥ 3 × Next.js req/s | ${fmt(a.reqPerSec / nextAgg.reqPerSec, 2)} × | ${verdict(a.reqPerSec >= 3 * nextAgg.reqPerSec)} |`);
        targets.push(`| ${ssr[i].name}: p99 ≤ 2 × p50 | ${fmt(a.p99 / a.p50, 2)} × (p50 ${fmt(a.p50, 2)} ms, p99 ${fmt(a.p99, 2)} ms) | ${verdict(a.p99 <= 2 * a.p50)} |`);
      }
      for (const i of [2, 3, 4, 5]) {
        const a = ours(i);
        targets.push(`| ${ssr[i].name} ≥ 1 × Next.js req/s | ${fmt(a.reqPerSec / nextAgg.reqPerSec, 2)} × | ${verdict(a.reqPerSec >= nextAgg.reqPerSec)} |`);
      }
    }
    const proxied = agg(proxyResults.get(proxyScenarios[0]) ?? []), direct = agg(proxyResults.get(proxyScenarios[1]) ?? []);
    const sp = { p50: median(steady.proxied.map((x) => x.p50)), p99: median(steady.proxied.map((x) => x.p99)) };
    const sd = { p50: median(steady.direct.map((x) => x.p50)), p99: median(steady.direct.map((x) => x.p99)) };
    targets.push(`| proxy adds ≤ 1 ms at p50, ${rate} req/s | ${fmt(sp.p50 - sd.p50, 2)} ms | ${verdict(sp.p50 - sd.p50 <= 1)} |`);
    targets.push(`| proxy adds ≤ 1 ms at p99, ${rate} req/s | ${fmt(sp.p99 - sd.p99, 2)} ms | ${verdict(sp.p99 - sd.p99 <= 1)} |`);
    targets.push(`| proxy keeps ≥ 0.8 × direct req/s at saturation | ${fmt(proxied.reqPerSec / direct.reqPerSec, 2)} × | ${verdict(proxied.reqPerSec >= 0.8 * direct.reqPerSec)} |`);
    targets.push(`| home first-load JS ≤ 85 KB gzip (issue 20) | ${fmt(js.total / 1024, 1)} KB | ${verdict(js.total <= 85 * 1024)} |`);

    const la = (l: number[]) => l.map((x) => x.toFixed(1)).join(' / ');
    const body = `
Machine: ${machine()}. Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. Load average (1 / 5 / 15 min)
${la(loadBefore)} at the start and ${la(loadAfter)} at the end, on ${os.cpus().length} cores.
Absolute numbers move with the load; compare the rows with each other (same run, alternating rounds).

autocannon on loopback, 10 connections, ${ROUNDS} rounds of ${SECONDS} s per scenario after a 2 s warm-up each, the order rotating
each round; req/s is the mean of the rounds, p50 / p99 the median of the rounds' values (ms, from each response's time as
autocannon measured it to the microsecond: its own histogram keeps whole milliseconds). Every service is its own process
(\`--role api\`, \`--role web\` ×2, \`next start\`), \`NODE_ENV=production\`, SQLite, 320 demo products, Accept-Encoding gzip/br.
"Page cache" is the web service's rendered-page cache for guests (\`PAGE_CACHE_MS\` 10 s fresh, then served up to
\`PAGE_CACHE_STALE_MS\` 60 s while one background render replaces it; emptied within a second of any product or company
change; home, galleries and company lists only, 200 answers only, never for a visitor with a session cookie).
"No shared cache" is a second web process with \`PAGE_CACHE_MS=0\` and \`PUBLIC_READ_CACHE_MS=0\`: every request renders
and calls the api. The Next.js ${NEXT_VERSION} peer (React of our own version, built in ${path.join(os.tmpdir(), 'lace-bench-next-*')}, not a dependency)
renders the same 20 products from the same api call as a server component, \`force-dynamic\`, \`cache: 'no-store'\`.

| scenario | req/s | req/s per round | p50 | p99 | p99/p50 | vs Next.js | errors |
|---|---|---|---|---|---|---|---|
${ssr.map((s) => row(s, ssrResults.get(s) ?? [])).join('\n')}

Proxy (${proxyScenarios[0].url.replace(/^http:\/\/127\.0\.0\.1:\d+/, '')}, web without shared caches, separate processes):

| scenario | req/s (saturation) | p50 | p99 | p50 at ${rate} req/s | p99 at ${rate} req/s |
|---|---|---|---|---|---|
| ${proxyScenarios[0].name} | ${fmt(proxied.reqPerSec, 0)} | ${fmt(proxied.p50)} | ${fmt(proxied.p99)} | ${fmt(sp.p50, 2)} | ${fmt(sp.p99, 2)} |
| ${proxyScenarios[1].name} | ${fmt(direct.reqPerSec, 0)} | ${fmt(direct.p50)} | ${fmt(direct.p99)} | ${fmt(sd.p50, 2)} | ${fmt(sd.p99, 2)} |

| target | measured | |
|---|---|---|
${targets.join('\n')}

The proxy rows are medians of short (${SECONDS} s) fixed-rate rounds; the proxy's verdict (issue 21 item 4) pools longer runs with a
control: see "## Proxy hop" below. The cached pages' p99/p50 against a bare node:http server answering the same bytes (the floor
of this measurement on the machine): \`tsx test/bench/cached-tail.ts\`, see "Session 15 (issue 21 item 1)" below.

First-load JS of home (gzip -9): ${js.files.map((f) => `${f.file} ${fmt(f.gzip / 1024, 1)} KB`).join(', ')}.
`;
    writeSection('SSR and proxy', body);
    console.log(body);
  } finally {
    for (const s of services.reverse()) await s.stop();
  }
}

if (only === 'proxy') {
  const acceptEncoding = strArg('accept-encoding');
  const report = await runProxyBench({
    serverBundle: path.resolve(strArg('server-bundle') ?? serverBundle), dataDir: DATA_DIR, portBase: BASE, rounds: ROUNDS, seconds: SECONDS, rate: arg('rate', 100), steadySeconds: arg('steady-seconds', 20),
    logLevel: strArg('log-level') ?? 'warn', separate: !process.argv.includes('--skip-separate'), oneProcess: !process.argv.includes('--skip-one-process'),
    control: process.argv.includes('--control'), timesOut: strArg('times-out'),
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : undefined, log: (m) => console.log(m),
  });
  console.log(report);
  const out = strArg('out');
  if (out) fs.writeFileSync(out, report);
} else {
  await main();
}
if (!skipSearch && only === undefined) {
  // Text search over 100,000 products on SQLite and PostgreSQL (the databases are filled on the first run and reused).
  console.log('text search benchmark (the first run fills 100,000 products per dialect; this takes several minutes)…');
  const searchReport = await runSearchBench({ log: (m) => console.log(m) });
  writeSection('Text search', `Machine: ${machine()}. Date: ${new Date().toISOString().slice(0, 10)}.\n\n${searchReport}`);
  console.log(searchReport);
}
