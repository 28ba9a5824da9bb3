// The /api proxy hop against the api called directly (issue 21 item 4), run by `npm run bench -- --only proxy`.
// Two layouts: web and api as separate processes (`--role web`, `--role api`), and both in one process
// (`--role all`, what `npm start` runs). For each, in alternating rounds: saturation (autocannon, 10
// connections) through the proxy and direct, with the CPU time each process spent per request (from
// /proc/<pid>/stat), then a fixed rate with sub-millisecond latencies (p50, p99) and the CPU the machine
// had left. The same request both ways: GET /product/listLSKHomeProduct (20 products, about 9 KB of JSON),
// no Accept-Encoding (the api does not compress; see the note on compression in the report).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import autocannon from 'autocannon';
import path from 'node:path';
import { cpuSeconds, fmt, machine, root, startService, timedGet, type Service } from './lib';

export interface ProxyBenchOptions {
  serverBundle: string;
  dataDir: string;
  portBase: number;
  rounds: number;
  seconds: number;
  /** The fixed rate (req/s) of the latency runs, and how long each runs (a p99 needs a few thousand samples). */
  rate: number;
  steadySeconds: number;
  logLevel: string;
  /** Which layouts to measure: separate processes, and one process (`--role all`). */
  separate: boolean;
  oneProcess: boolean;
  /** Measure a bare node:http proxy (test/bench/bare-proxy.ts) beside the web proxy, as separate processes: the floor of a second process. */
  control?: boolean;
  /** Where to write every fixed-rate sample (JSON: layout → way → ms), to pool several runs. */
  timesOut?: string;
  /** Extra request headers for both ways (e.g. a browser's Accept-Encoding). */
  headers?: Record<string, string>;
  log: (m: string) => void;
}

const API_PATH = '/product/listLSKHomeProduct?pageNum=1&pageSize=20';

/** Idle and total jiffies of the whole machine, for the CPU left during a run. */
function machineTimes(): { idle: number; total: number } {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/).slice(1).map(Number);
  const idle = line[3] + (line[4] ?? 0);
  return { idle, total: line.reduce((a, b) => a + (Number.isFinite(b) ? b : 0), 0) };
}

interface Way { name: string; url: string; pids: Record<string, number | undefined> }
interface Saturated { reqPerSec: number; p50: number; p99: number; errors: number; cpuMsPerReq: Record<string, number> }
interface Steady { p50: number; p99: number; times: number[]; errors: number; sent: number; achieved: number; cpuPct: Record<string, number>; machineIdlePct: number }

async function saturate(way: Way, seconds: number, headers: Record<string, string> | undefined): Promise<Saturated> {
  const before = Object.fromEntries(Object.entries(way.pids).map(([k, pid]) => [k, cpuSeconds(pid)]));
  const client = process.cpuUsage();
  const r = await autocannon({ url: way.url, connections: 10, duration: seconds, headers });
  const used = process.cpuUsage(client);
  const total = r.requests.total || 1;
  const cpuMsPerReq = Object.fromEntries(Object.entries(way.pids).map(([k, pid]) => [k, ((cpuSeconds(pid) - before[k]) * 1000) / total]));
  cpuMsPerReq.autocannon = (used.user + used.system) / 1000 / total;
  return { reqPerSec: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx + r.timeouts, cpuMsPerReq };
}

/** Latency at a fixed rate, measured with sub-millisecond resolution over a keep-alive pool. */
async function fixedRate(way: Way, perSecond: number, seconds: number, headers: Record<string, string> | undefined): Promise<Steady> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const times: number[] = [];
  let errors = 0;
  const one = async () => {
    const ms = await timedGet(way.url, agent, headers);
    if (ms === undefined) errors++;
    else times.push(ms);
  };
  // A short warm-up so the pool's connections exist before the measured requests.
  await Promise.all(Array.from({ length: 8 }, one));
  times.length = 0;
  errors = 0;
  const cpuBefore = Object.fromEntries(Object.entries(way.pids).map(([k, pid]) => [k, cpuSeconds(pid)]));
  const m0 = machineTimes();
  const pending: Array<Promise<void>> = [];
  const start = performance.now();
  const n = Math.round(perSecond * seconds);
  for (let i = 0; i < n; i++) {
    const due = start + (i * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(one());
  }
  const sentIn = (performance.now() - start) / 1000;
  await Promise.all(pending);
  const elapsed = (performance.now() - start) / 1000;
  const m1 = machineTimes();
  const cpuPct = Object.fromEntries(Object.entries(way.pids).map(([k, pid]) => [k, (100 * (cpuSeconds(pid) - cpuBefore[k])) / elapsed]));
  agent.destroy();
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), times, errors, sent: n, achieved: n / sentIn, cpuPct, machineIdlePct: (100 * (m1.idle - m0.idle)) / Math.max(1, m1.total - m0.total) };
}

/** The p-th percentile of sorted samples (nearest rank). */
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
/** Every round's samples together, sorted. */
const pooled = (xs: Steady[]) => xs.flatMap((x) => x.times).sort((a, b) => a - b);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

interface LayoutResult { layout: string; proxied: Way; direct: Way; controls: Way[]; sat: Map<Way, Saturated[]>; steady: Map<Way, Steady[]> }

async function measureLayout(layout: string, proxied: Way, direct: Way, o: ProxyBenchOptions, controls: Way[] = []): Promise<LayoutResult> {
  const ways = [proxied, direct, ...controls];
  const sat = new Map<Way, Saturated[]>(ways.map((w) => [w, []]));
  const steady = new Map<Way, Steady[]>(ways.map((w) => [w, []]));
  for (const w of ways) await autocannon({ url: w.url, connections: 10, duration: 2, headers: o.headers }); // warm-up
  for (let r = 0; r < o.rounds; r++) {
    for (const w of rotate(ways, r)) {
      o.log(`${layout}, round ${r + 1}/${o.rounds}: ${w.name} at saturation`);
      sat.get(w)?.push(await saturate(w, o.seconds, o.headers));
    }
  }
  for (let r = 0; r < o.rounds; r++) {
    for (const w of rotate(ways, r)) {
      o.log(`${layout}, round ${r + 1}/${o.rounds}: ${w.name} at ${o.rate} req/s`);
      steady.get(w)?.push(await fixedRate(w, o.rate, o.steadySeconds, o.headers));
    }
  }
  return { layout, proxied, direct, controls, sat, steady };
}

/** The order of the ways in round r: two alternate (as before); three or more rotate, each one further along. */
function rotate<T>(ways: T[], r: number): T[] {
  if (ways.length === 2) return r % 2 === 0 ? ways : [...ways].reverse();
  return ways.map((_, k) => ways[(k + r) % ways.length]);
}

export async function runProxyBench(o: ProxyBenchOptions): Promise<string> {
  const loadBefore = os.loadavg();
  const started = new Date();
  const API = o.portBase + 1, WEB = o.portBase, ALL_API = o.portBase + 5, ALL_WEB = o.portBase + 4, BARE = o.portBase + 6;
  const env = { DATA_DIR: o.dataDir, SEED_PRODUCTS: '320', HOST: '127.0.0.1', IMAGE_INDEX_ON_START: 'false', LOG_LEVEL: o.logLevel, PAGE_CACHE_MS: '0', PUBLIC_READ_CACHE_MS: '0' };
  const services: Service[] = [];
  const results: LayoutResult[] = [];
  try {
    if (o.separate) {
      o.log('starting api (the first run seeds demo data) and web as separate processes…');
      const api = await startService([o.serverBundle, '--role', 'api'], { ...env, API_PORT: String(API), API_URL: `http://127.0.0.1:${API}` }, `http://127.0.0.1:${API}/readyz`);
      services.push(api);
      const web = await startService([o.serverBundle, '--role', 'web'], { ...env, PORT: String(WEB), API_URL: `http://127.0.0.1:${API}` }, `http://127.0.0.1:${WEB}/readyz`);
      services.push(web);
      const controls: Way[] = [];
      if (o.control) {
        const bare = await startService(['--import', 'tsx', path.join(root, 'test/bench/bare-proxy.ts')], { PORT: String(BARE), API_URL: `http://127.0.0.1:${API}` }, `http://127.0.0.1:${BARE}/readyz`);
        services.push(bare);
        controls.push({ name: 'control: a bare node:http proxy', url: `http://127.0.0.1:${BARE}/api${API_PATH}`, pids: { web: bare.proc.pid, api: api.proc.pid } });
      }
      results.push(await measureLayout('separate processes',
        { name: '`/api` through the web proxy', url: `http://127.0.0.1:${WEB}/api${API_PATH}`, pids: { web: web.proc.pid, api: api.proc.pid } },
        { name: 'the api called directly', url: `http://127.0.0.1:${API}${API_PATH}`, pids: { web: web.proc.pid, api: api.proc.pid } }, o, controls));
      for (const s of services.splice(0).reverse()) await s.stop();
    }
    if (o.oneProcess) {
      o.log('starting both services in one process (`--role all`, as npm start)…');
      const all = await startService([o.serverBundle, '--role', 'all'], { ...env, PORT: String(ALL_WEB), API_PORT: String(ALL_API), API_URL: `http://127.0.0.1:${ALL_API}` }, `http://127.0.0.1:${ALL_WEB}/readyz`);
      services.push(all);
      results.push(await measureLayout('one process',
        { name: '`/api` through the web proxy', url: `http://127.0.0.1:${ALL_WEB}/api${API_PATH}`, pids: { 'web+api': all.proc.pid } },
        { name: 'the api called directly', url: `http://127.0.0.1:${ALL_API}${API_PATH}`, pids: { 'web+api': all.proc.pid } }, o));
    }
  } finally {
    for (const s of services.reverse()) await s.stop();
  }
  const loadAfter = os.loadavg();
  if (o.timesOut) {
    const samples = Object.fromEntries(results.map((res) => [res.layout, Object.fromEntries([...res.steady].map(([w, xs]) => [w.name, xs.flatMap((x) => x.times)]))]));
    fs.writeFileSync(o.timesOut, JSON.stringify(samples));
  }
  const la = (l: number[]) => l.map((x) => x.toFixed(1)).join(' / ');
  const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');
  const tables = results.map((res) => {
    const s = (w: Way) => res.sat.get(w) ?? [];
    const f = (w: Way) => res.steady.get(w) ?? [];
    const cpuCols = Object.keys(res.proxied.pids);
    const satCols = [...cpuCols, 'autocannon'];
    const satRow = (w: Way) => {
      const xs = s(w);
      const cpu = satCols.map((k) => fmt(median(xs.map((x) => x.cpuMsPerReq[k])), 3)).join(' | ');
      return `| ${w.name} | ${fmt(mean(xs.map((x) => x.reqPerSec)), 0)} | ${xs.map((x) => fmt(x.reqPerSec, 0)).join(' / ')} | ${fmt(median(xs.map((x) => x.p50)))} | ${fmt(median(xs.map((x) => x.p99)))} | ${cpu} | ${xs.reduce((a, x) => a + x.errors, 0)} |`;
    };
    const steadyRow = (w: Way) => {
      const xs = f(w);
      const cpu = cpuCols.map((k) => `${fmt(median(xs.map((x) => x.cpuPct[k])), 0)} %`).join(' | ');
      const all = pooled(xs);
      return `| ${w.name} | ${fmt(median(xs.map((x) => x.p50)), 2)} | ${fmt(median(xs.map((x) => x.p99)), 2)} | ${[50, 90, 99, 99.9].map((p) => fmt(percentile(all, p), 2)).join(' / ')} | ${xs.map((x) => `${fmt(x.p50, 2)}/${fmt(x.p99, 2)}`).join(', ')} | ${cpu} | ${fmt(median(xs.map((x) => x.machineIdlePct)), 0)} % | ${fmt(median(xs.map((x) => x.achieved)), 0)} | ${xs.reduce((a, x) => a + x.errors, 0)} |`;
    };
    const ratio = mean(s(res.proxied).map((x) => x.reqPerSec)) / mean(s(res.direct).map((x) => x.reqPerSec));
    const addP50 = median(f(res.proxied).map((x) => x.p50)) - median(f(res.direct).map((x) => x.p50));
    const addP99 = median(f(res.proxied).map((x) => x.p99)) - median(f(res.direct).map((x) => x.p99));
    const addPooled = (p: number) => percentile(pooled(f(res.proxied)), p) - percentile(pooled(f(res.direct)), p);
    return `### ${res.layout}

| way | req/s (saturation, mean) | per round | p50 ms | p99 ms | ${satCols.map((k) => `${k} CPU ms/req`).join(' | ')} | errors |
|---|---|---|---|---|${satCols.map(() => '---|').join('')}---|
${[res.proxied, res.direct, ...res.controls].map(satRow).join('\n')}

| way, at ${o.rate} req/s | p50 ms | p99 ms | pooled p50 / p90 / p99 / p99.9 ms | per round p50/p99 | ${cpuCols.map((k) => `${k} CPU`).join(' | ')} | machine idle | rate held | errors |
|---|---|---|---|---|${cpuCols.map(() => '---|').join('')}---|---|---|
${[res.proxied, res.direct, ...res.controls].map(steadyRow).join('\n')}

| target (${res.layout}) | measured | |
|---|---|---|
| proxy adds ≤ 1 ms at p50, ${o.rate} req/s | ${fmt(addP50, 2)} ms (medians of rounds); pooled ${fmt(addPooled(50), 2)} ms | ${verdict(addP50 <= 1 && addPooled(50) <= 1)} |
| proxy adds ≤ 1 ms at p99, ${o.rate} req/s | ${fmt(addP99, 2)} ms (medians of rounds); pooled ${fmt(addPooled(99), 2)} ms | ${verdict(addP99 <= 1 && addPooled(99) <= 1)} |
| proxy keeps ≥ 0.8 × direct req/s at saturation | ${fmt(ratio, 2)} × | ${verdict(ratio >= 0.8)} |
`;
  });
  return `Machine: ${machine()}. Date: ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC. Load average (1 / 5 / 15 min)
${la(loadBefore)} at the start and ${la(loadAfter)} at the end, on ${os.cpus().length} cores. \`GET ${API_PATH}\` (about 9 KB of JSON)
through \`/api\` and direct, no Accept-Encoding${o.headers ? ` (extra headers: ${Object.keys(o.headers).join(', ')})` : ''}, LOG_LEVEL=${o.logLevel}, NODE_ENV=production, SQLite, 320 demo products.
Saturation: autocannon, 10 connections, ${o.rounds} rounds of ${o.seconds} s per way after a 2 s warm-up, alternating; req/s the mean
of the rounds, p50/p99 and CPU per request the medians. CPU ms/req: user + system time of the process (from /proc) over the
run divided by the requests answered (autocannon's: this process's own CPU time). Fixed rate: ${o.rate} req/s for ${o.steadySeconds} s per round from one Node client (keep-alive,
up to 16 sockets), alternating, medians of the rounds; "CPU" is the process's share of one core, "machine idle" the share of
both cores left idle (autocannon and the client included in the busy part).

${tables.join('\n')}`;
}
