// Where the cached pages' tail comes from (issue 21 item 1: p99 ≤ 2 × p50 for home and the gallery served
// from the rendered-page cache). Starts the api and a web process with the page cache (as `npm run bench`),
// reads each page's cached answer once and starts a control: a bare node:http server answering the same
// bytes and headers (test/bench/static-page.ts), the floor the machine, the loopback and autocannon give.
// Then autocannon (10 connections, as the bench; or with --rate N a fixed N req/s, open loop) in alternating rounds on every way, with p50/p90/p99/p99.9
// from each response's time to the microsecond, per round and pooled, and for the web process: its CPU per
// request, its own time per answer (from its 'request' event to the answer's 'finish'), its collections,
// its run-queue wait and the bench's, and for each answer slower than 2 × p50 what overlapped it: a collection
// in the server, a background render, a collection in the bench (autocannon), or a gap in which the server
// took no request (test/bench/request-timing.mjs, loaded into the servers, gives their side on the same clock).
// `tsx test/bench/cached-tail.ts [--rounds 4] [--seconds 5] [--rate N] [--port-base 3900] [--data-dir DIR] [--trace-gc]
//   [--variant 'name:KEY=VALUE,KEY=VALUE'] [--node-flags 'name:--flag --flag'] [--bundle 'name:FILE'] [--no-control] [--json FILE] [--pin]`
// --pin: the bench (autocannon) runs on CPU 0 and every server, all its threads, on CPU 1 (taskset), so that the load
// generator and the server under test do not share a core's run queue.
// A variant is a second web process with other settings, node flags or another build of dist/server/main.js (a
// copy inside the repository, for a before/after) measured beside the first.
// Run it under /work/wt/quiet (it prints; it does not write docs/benchmarks.md).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { PerformanceObserver } from 'node:perf_hooks';
import { cpuSeconds, machine, root, timedGet, waitFor } from './lib';

const args = process.argv.slice(2);
const num = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const str = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const all = (name: string) => args.flatMap((a, i) => (a === `--${name}` ? [args[i + 1]] : []));
const ROUNDS = num('rounds', 4);
const SECONDS = num('seconds', 5);
const BASE = num('port-base', 3900);
const DATA_DIR = str('data-dir') ?? path.join(os.tmpdir(), 'lace-bench');
const TRACE_GC = args.includes('--trace-gc');
const PIN = args.includes('--pin');
/** 0: autocannon, 10 connections, as fast as answered (the bench's way); N: a fixed N requests a second (open loop). */
const RATE = num('rate', 0);
const serverBundle = path.join(root, 'dist/server/main.js');
const API = BASE + 1;
const browser = { 'accept-language': 'zh-CN,zh;q=0.9', 'user-agent': 'Mozilla/5.0 (bench)', 'accept-encoding': 'gzip, deflate, br' };

interface Proc { name: string; proc: ChildProcess; gc: Array<{ at: number; ms: number; kind: string }>; stop(): Promise<void> }

/** A child process; its stdout is read for --trace-gc lines (time since the isolate started, pause). */
async function start(name: string, argv: string[], env: Record<string, string>, readyUrl: string): Promise<Proc> {
  const proc = spawn(process.execPath, argv, { cwd: root, env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  const gc: Proc['gc'] = [];
  let rest = '';
  proc.stdout?.on('data', (chunk: Buffer) => {
    const lines = (rest + chunk.toString('utf8')).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      // [pid:0x…]     1234 ms: Scavenge 20.1 (25.3) -> 19.5 (26.3) MB, 0.52 / 0.00 ms  (…) allocation failure;
      const m = /^\[\d+:0x[0-9a-f]+\]\s+(\d+) ms: (\S+(?: \([^)]*\))?)[^,]*, ([\d.]+) \/ ([\d.]+) ms/.exec(line);
      if (m) gc.push({ at: Number(m[1]), kind: m[2], ms: Number(m[3]) });
      else if (line.trim() && !line.startsWith('{')) process.stdout.write(`${name}: ${line}\n`);
    }
  });
  // A process that exits (a bad setting) ends the bench at once instead of being waited for.
  await Promise.race([waitFor(readyUrl, 120_000), new Promise((_, reject) => proc.once('exit', (code) => reject(new Error(`${name} exited (${code}) before it was ready`))))]);
  return { name, proc, gc, stop: () => new Promise<void>((resolve) => { proc.once('exit', () => resolve()); proc.kill('SIGTERM'); }) };
}

/** Nanoseconds a process's main thread has waited on a run queue so far (ready to run, not running). */
function runWaitNs(pid: number | undefined): number {
  try {
    return Number(fs.readFileSync(`/proc/${pid ?? 'self'}/schedstat`, 'utf8').split(' ')[1]);
  } catch {
    return 0;
  }
}

interface ServerTiming { requests: Array<[number, number]>; gcs: Array<[number, number, number]>; stale: number[] }
async function serverTiming(base: string): Promise<ServerTiming> {
  return (await fetch(`${base}/__timing`)).json() as Promise<ServerTiming>;
}

/** The bench process's own collections (autocannon parses every answer in this process). */
const clientGcs: Array<[number, number]> = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) clientGcs.push([performance.timeOrigin + e.startTime, e.duration]); }).observe({ entryTypes: ['gc'] });

interface Way { name: string; url: string; proc?: Proc; base?: string }
interface Round {
  times: Float64Array; reqPerSec: number; errors: number; cpuMsPerReq?: number;
  gc?: { count: number; pauseMs: number; maxMs: number; kinds: Record<string, number> };
  /** server time per request (emit to finish): p50, p99 */
  server?: { p50: number; p99: number; gcCount: number; gcMs: number; stale: number };
  /** run-queue wait of the server's and the bench's main threads, ms per second */
  runWait?: { server: number; client: number };
  /** the answers slower than 2 × this round's p50 and what overlapped each (first cause that fits) */
  slow?: { share: number; causes: Record<string, number> };
}

const pct = (sorted: Float64Array, p: number) => sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] : NaN;

async function round(w: Way, seconds: number): Promise<Round> {
  const times: number[] = [];
  const cpu0 = cpuSeconds(w.proc?.proc.pid);
  if (w.base) await serverTiming(w.base);
  const wait0 = { server: runWaitNs(w.proc?.proc.pid), client: runWaitNs(undefined) };
  const cgc0 = clientGcs.length;
  const ends: number[] = [];
  const t0 = performance.now();
  const gc0 = w.proc?.gc.length ?? 0;
  let r: { reqPerSec: number; total: number; errors: number };
  if (RATE > 0) {
    // Open loop: RATE requests a second whatever the answers do, over up to 10 keep-alive connections.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 10 });
    let errors = 0;
    const pending: Array<Promise<void>> = [];
    const n = Math.round(RATE * seconds);
    for (let i = 0; i < n; i++) {
      const wait = t0 + (i * 1000) / RATE - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      pending.push(timedGet(w.url, agent, browser).then((ms) => {
        if (ms === undefined) errors++;
        else { times.push(ms); ends.push(performance.timeOrigin + performance.now()); }
      }));
    }
    await Promise.all(pending);
    agent.destroy();
    r = { reqPerSec: n / ((performance.now() - t0) / 1000), total: n, errors };
  } else {
    const run = autocannon({ url: w.url, connections: 10, duration: seconds, headers: browser }) as ReturnType<typeof autocannon> & NodeJS.EventEmitter;
    run.on('response', (_c: unknown, status: number, _b: number, ms: number) => {
      if (status >= 200 && status < 300) {
        times.push(ms);
        ends.push(performance.timeOrigin + performance.now());
      }
    });
    const a = await run;
    r = { reqPerSec: a.requests.average, total: a.requests.total, errors: a.errors + a.non2xx + a.timeouts };
  }
  const wallS = (performance.now() - t0) / 1000;
  const total = r.total || 1;
  const out: Round = { times: Float64Array.from(times).sort(), reqPerSec: r.reqPerSec, errors: r.errors };
  if (w.proc) {
    out.cpuMsPerReq = ((cpuSeconds(w.proc.proc.pid) - cpu0) * 1000) / total;
    const gcs = w.proc.gc.slice(gc0);
    if (TRACE_GC) {
      const kinds: Record<string, number> = {};
      for (const g of gcs) kinds[g.kind] = (kinds[g.kind] ?? 0) + 1;
      out.gc = { count: gcs.length, pauseMs: gcs.reduce((a, g) => a + g.ms, 0), maxMs: gcs.reduce((a, g) => Math.max(a, g.ms), 0), kinds };
    }
  }
  out.runWait = { server: (runWaitNs(w.proc?.proc.pid) - wait0.server) / 1e6 / wallS, client: (runWaitNs(undefined) - wait0.client) / 1e6 / wallS };
  if (w.base) {
    const st = await serverTiming(w.base);
    const d = Float64Array.from(st.requests.map((x) => x[1])).sort();
    out.server = { p50: pct(d, 50), p99: pct(d, 99), gcCount: st.gcs.length, gcMs: st.gcs.reduce((a, g) => a + g[1], 0), stale: st.stale.length };
    // Gaps in the server's request timeline (10 connections always have a request waiting): the process was
    // not taking requests (a collection, a long task, or not scheduled).
    const starts = st.requests.map((x) => x[0]).sort((a, b) => a - b);
    const gaps: Array<[number, number]> = [];
    for (let i = 1; i < starts.length; i++) if (starts[i] - starts[i - 1] > 1) gaps.push([starts[i - 1], starts[i]]);
    const overlaps = (list: Array<[number, number]>, a: number, b: number) => list.some(([s0, s1]) => s0 < b && s1 > a);
    const serverGc = st.gcs.map(([s0, dur]) => [s0, s0 + dur] as [number, number]);
    const clientGc = clientGcs.slice(cgc0).map(([s0, dur]) => [s0, s0 + dur] as [number, number]);
    const renders = st.stale.map((s0) => [s0, s0 + 100] as [number, number]);
    const p50 = pct(out.times, 50);
    const causes: Record<string, number> = {};
    let slow = 0;
    for (let i = 0; i < times.length; i++) {
      if (times[i] <= 2 * p50) continue;
      slow++;
      const b = ends[i], a = b - times[i];
      const cause = overlaps(serverGc, a, b) ? 'server GC'
        : overlaps(renders, a, b) ? 'background render (within 100 ms of a stale answer)'
        : overlaps(clientGc, a, b) ? 'bench (autocannon) GC'
        : RATE === 0 && overlaps(gaps, a, b) ? 'server took no request for > 1 ms (no GC)'
        : 'none of these';
      causes[cause] = (causes[cause] ?? 0) + 1;
    }
    out.slow = { share: (100 * slow) / (times.length || 1), causes: Object.fromEntries(Object.entries(causes).map(([k, n]) => [k, (100 * n) / (slow || 1)])) };
  }
  return out;
}

async function main() {
  const loadBefore = os.loadavg();
  const started = new Date();
  const procs: Proc[] = [];
  const env = { DATA_DIR, SEED_PRODUCTS: '320', API_PORT: String(API), API_URL: `http://127.0.0.1:${API}`, HOST: '127.0.0.1', IMAGE_INDEX_ON_START: 'false' };
  const gcFlag = [...(TRACE_GC ? ['--trace-gc'] : []), '--import', path.join(root, 'test/bench/request-timing.mjs')];
  try {
    procs.push(await start('api', [serverBundle, '--role', 'api'], env, `http://127.0.0.1:${API}/readyz`));
    const webs: Array<{ name: string; port: number; proc: Proc }> = [];
    const variants = [{ name: 'web', env: {} as Record<string, string>, flags: [] as string[], bundle: serverBundle }];
    for (const v of all('variant')) {
      const [name, kv] = [v.slice(0, v.indexOf(':')), v.slice(v.indexOf(':') + 1)];
      variants.push({ name, env: Object.fromEntries(kv.split(',').filter(Boolean).map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)])), flags: [], bundle: serverBundle });
    }
    for (const v of all('node-flags')) {
      const [name, flags] = [v.slice(0, v.indexOf(':')), v.slice(v.indexOf(':') + 1)];
      variants.push({ name, env: {}, flags: flags.split(' ').filter(Boolean), bundle: serverBundle });
    }
    for (const v of all('bundle')) {
      const [name, file] = [v.slice(0, v.indexOf(':')), v.slice(v.indexOf(':') + 1)];
      variants.push({ name, env: {}, flags: [], bundle: path.resolve(file) });
    }
    for (const [i, v] of variants.entries()) {
      const port = BASE + 10 + i;
      webs.push({ name: v.name, port, proc: await start(v.name, [...gcFlag, ...v.flags, v.bundle, '--role', 'web'], { ...env, PORT: String(port), ...v.env }, `http://127.0.0.1:${port}/readyz`) });
      procs.push(webs[webs.length - 1].proc);
    }
    // The gallery at its canonical URL (a non-canonical query answers 301 to it).
    let gallery = '/flower?patternType=100011&sort=priceAsc';
    const probe = await fetch(`http://127.0.0.1:${webs[0].port}${gallery}`, { redirect: 'manual', headers: browser });
    const loc = probe.headers.get('location');
    if (probe.status === 301 && loc) { const u = new URL(loc, 'http://x'); gallery = u.pathname + u.search; }
    const paths = { home: '/', gallery };

    // Fill the caches, then keep one cached answer of each page for the control.
    const pages: Record<string, { status: number; headers: Record<string, string>; body: string }> = {};
    for (const w of webs) for (const p of Object.values(paths)) await fetch(`http://127.0.0.1:${w.port}${p}`, { headers: browser }).then((r) => r.arrayBuffer());
    for (const p of Object.values(paths)) {
      // node:http, not fetch: the bytes as sent (fetch would decompress them).
      const r = await new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http.get(`http://127.0.0.1:${webs[0].port}${p}`, { headers: browser }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        }).on('error', reject);
      });
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(r.headers)) if (typeof v === 'string' && !['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date'].includes(k)) headers[k] = v;
      if (headers['x-page-cache'] === undefined) throw new Error(`${p} did not come from the page cache`);
      pages[p] = { status: r.status, headers, body: r.body.toString('base64') };
    }
    const ways: Way[] = [];
    for (const w of webs) for (const [k, p] of Object.entries(paths)) ways.push({ name: `${w.name} ${k}`, url: `http://127.0.0.1:${w.port}${p}`, proc: w.proc, base: `http://127.0.0.1:${w.port}` });
    if (!args.includes('--no-control')) {
      const file = path.join(os.tmpdir(), `lace-cached-tail-pages-${process.pid}.json`);
      fs.writeFileSync(file, JSON.stringify(pages));
      const port = BASE + 9;
      const control = await start('control', [...gcFlag, '--import', 'tsx', path.join(root, 'test/bench/static-page.ts')], { PORT: String(port), PAGES: file }, `http://127.0.0.1:${port}/readyz`);
      procs.push(control);
      for (const [k, p] of Object.entries(paths)) ways.push({ name: `control ${k}`, url: `http://127.0.0.1:${port}${p}`, proc: control, base: `http://127.0.0.1:${port}` });
    }
    if (PIN) {
      // -a: every thread the process has now (libuv's pool, V8's helpers); threads made later inherit it.
      execFileSync('taskset', ['-a', '-p', '-c', '0', String(process.pid)], { stdio: 'ignore' });
      for (const p of procs) execFileSync('taskset', ['-a', '-p', '-c', '1', String(p.proc.pid)], { stdio: 'ignore' });
    }
    for (const w of ways) await round(w, 2); // warm-up
    const results = new Map<Way, Round[]>(ways.map((w) => [w, []]));
    for (let r = 0; r < ROUNDS; r++) {
      for (let k = 0; k < ways.length; k++) {
        const w = ways[(k + r) % ways.length];
        console.log(`round ${r + 1}/${ROUNDS}: ${w.name}`);
        results.get(w)?.push(await round(w, SECONDS));
      }
    }
    const loadAfter = os.loadavg();
    const f = (n: number, d = 2) => (Number.isFinite(n) ? n.toFixed(d) : '–');
    const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const lines: string[] = [];
    lines.push(`Machine: ${machine()}. ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC, load ${loadBefore.map((x) => x.toFixed(1)).join(' / ')} -> ${loadAfter.map((x) => x.toFixed(1)).join(' / ')}.`);
    lines.push(`${RATE > 0 ? `${RATE} req/s from one Node client (up to 10 keep-alive connections)` : 'autocannon, 10 connections'}, ${ROUNDS} rounds of ${SECONDS} s per way, rotating; ms from each response's time.${PIN ? ' Pinned: the bench on CPU 0, every server on CPU 1.' : ''}${TRACE_GC ? ' Web processes under --trace-gc.' : ''}`);
    lines.push('');
    lines.push('| way | req/s | p50 | p99 | p99/p50 (median of rounds) | per round p99/p50 | pooled p50 / p90 / p99 / p99.9 | pooled p99/p50 | CPU ms/req | server time p50 / p99 | server GCs a round (ms) | run-queue wait ms/s server / bench | answers > 2 × p50 |');
    lines.push('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
    for (const w of ways) {
      const xs = results.get(w) ?? [];
      const pooled = Float64Array.from(xs.flatMap((x) => [...x.times])).sort();
      const ratios = xs.map((x) => pct(x.times, 99) / pct(x.times, 50));
      const m = (g: (x: Round) => number | undefined, d = 2) => f(med(xs.map((x) => g(x) ?? NaN)), d);
      lines.push(`| ${w.name} | ${f(xs.reduce((a, x) => a + x.reqPerSec, 0) / (xs.length || 1), 0)} | ${m((x) => pct(x.times, 50))} | ${m((x) => pct(x.times, 99))} | ${f(med(ratios))} | ${ratios.map((x) => f(x, 1)).join(' / ')} | ${[50, 90, 99, 99.9].map((p) => f(pct(pooled, p))).join(' / ')} | ${f(pct(pooled, 99) / pct(pooled, 50))} | ${m((x) => x.cpuMsPerReq, 3)} | ${m((x) => x.server?.p50, 3)} / ${m((x) => x.server?.p99, 3)} | ${m((x) => x.server?.gcCount, 0)} (${m((x) => x.server?.gcMs, 1)}) | ${m((x) => x.runWait?.server, 1)} / ${m((x) => x.runWait?.client, 1)} | ${m((x) => x.slow?.share, 2)} % |`);
    }
    lines.push('');
    lines.push('Answers slower than 2 × their round\'s p50, by what overlapped them (first that fits, all rounds):');
    for (const w of ways) {
      const xs = results.get(w) ?? [];
      const total = xs.reduce((a, x) => a + x.times.length, 0) || 1;
      const slow: Record<string, number> = {};
      for (const x of xs) for (const [k, share] of Object.entries(x.slow?.causes ?? {})) slow[k] = (slow[k] ?? 0) + (share / 100) * (x.slow?.share ?? 0) / 100 * x.times.length;
      lines.push(`- ${w.name}: ${Object.entries(slow).sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${f((100 * n) / total, 2)} % of answers`).join('; ')}; background renders ${xs.reduce((a, x) => a + (x.server?.stale ?? 0), 0)}`);
    }
    if (TRACE_GC) {
      lines.push('');
      for (const w of ways) {
        const kinds: Record<string, number> = {};
        for (const x of results.get(w) ?? []) for (const [k, n] of Object.entries(x.gc?.kinds ?? {})) kinds[k] = (kinds[k] ?? 0) + n;
        lines.push(`${w.name}: GC kinds over all rounds ${JSON.stringify(kinds)}`);
      }
    }
    const report = lines.join('\n');
    console.log(report);
    const json = str('json');
    if (json) fs.writeFileSync(json, JSON.stringify(Object.fromEntries(ways.map((w) => [w.name, (results.get(w) ?? []).map((x) => ({ ...x, times: [...x.times] }))]))));
  } finally {
    for (const p of procs.reverse()) await p.stop();
  }
}

await main();
