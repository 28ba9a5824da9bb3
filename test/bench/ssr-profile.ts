// Where an uncached page render's time goes in the web process: starts the api and a web process without
// shared caches (PAGE_CACHE_MS=0, PUBLIC_READ_CACHE_MS=0) under `node --cpu-prof`, loads one page with
// autocannon, stops the web process (which writes its profile) and sums the profile's self time by where
// the code comes from (package, or our source file through dist/server/main.js.map) and by function.
// `tsx test/bench/ssr-profile.ts [home|gallery|cart|orders|home-cached|gallery-cached …] [--seconds N] [--top N]`;
// `--data-dir DIR` and `--out-dir DIR` keep two engineers' runs apart; `--summary` only summarises the profiles of the last run again.
// (run it under /work/wt/heavy: the shares are what matter, not the absolute time).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SourceMap } from 'node:module';
import autocannon from 'autocannon';
import { openDatabase } from '../../api/db/database';
import { createSession } from '../../api/modules/account/session';
import { Limits } from '../../isomorphic/domain/limits';
import { root, startService } from './lib';

const args = process.argv.slice(2);
const opt = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const SECONDS = opt('seconds', 10);
const TOP = opt('top', 25);
const pages = args.filter((a, i) => !a.startsWith('--') && !(i > 0 && args[i - 1].startsWith('--')));
const BASE = opt('port-base', 3700);
const dirArg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const DATA_DIR = dirArg('data-dir', path.join(os.tmpdir(), 'lace-ssr-profile'));
const PROF_DIR = dirArg('out-dir', path.join(os.tmpdir(), 'lace-ssr-profile-out'));
const serverBundle = path.join(root, 'dist/server/main.js');
const API = BASE + 1, WEB = BASE;

const browser = { 'accept-language': 'zh-CN,zh;q=0.9', 'user-agent': 'Mozilla/5.0 (bench)', 'accept-encoding': 'gzip, deflate, br' };

/** The demo buyer (13800000003, with a cart and orders) signed in, as the sign-in writes it. */
async function buyerCookies(): Promise<string> {
  const db = openDatabase({ kind: 'sqlite', file: path.join(DATA_DIR, 'lace.sqlite') });
  try {
    const user = await db.db.selectFrom('app_user').select(['id', 'nickname', 'user_type', 'mobile']).where('mobile', '=', '13800000003').executeTakeFirstOrThrow();
    const token = await createSession(db.db, user.id);
    const cookieUser = encodeURIComponent(JSON.stringify({ id: user.id, nickname: user.nickname, userType: user.user_type, mobile: user.mobile }));
    return `${Limits.tokenCookie}=${token}; ${Limits.userCookie}=${cookieUser}`;
  } finally {
    await db.destroy();
  }
}

interface Node { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] }
interface Profile { nodes: Node[]; samples: number[]; timeDeltas: number[] }

const map = fs.existsSync(`${serverBundle}.map`) ? new SourceMap(JSON.parse(fs.readFileSync(`${serverBundle}.map`, 'utf8'))) : undefined;

/** Where a frame's code comes from: a package name, our source file, node's internals, or V8's own buckets. */
function origin(frame: Node['callFrame']): string {
  const { url, functionName, lineNumber, columnNumber } = frame;
  if (!url) return functionName.startsWith('(') ? functionName : `(native) ${functionName}`;
  if (url.startsWith('node:')) return url;
  const nm = url.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + '/node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.endsWith('dist/server/main.js') && map) {
    const entry = map.findEntry(lineNumber, columnNumber) as { originalSource?: string };
    if (entry.originalSource) return entry.originalSource.replace(/^webpack:\/\/[^/]*\//, '').replace(/^\.\//, '');
  }
  return url;
}

function summarise(file: string): string {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stack = (id: number) => {
    const out: Node[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const n = byId.get(at);
      if (n) out.push(n);
    }
    return out; // leaf first
  };
  // Start-up (module loading, the first api calls) is not the render: count from the first page request on.
  const first = profile.samples.findIndex((id) => stack(id).some((n) => n.callFrame.functionName === 'renderPage'));
  const samples = profile.samples.slice(Math.max(first, 0));
  const deltas = profile.timeDeltas.slice(Math.max(first, 0));
  const byOwner = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let busy = 0, idle = 0;
  const add = (m: Map<string, number>, k: string, t: number) => m.set(k, (m.get(k) ?? 0) + t);
  samples.forEach((id, i) => {
    const t = deltas[i] ?? 0;
    const frames = stack(id);
    const leaf = frames[0];
    if (!leaf || leaf.callFrame.functionName === '(idle)') { idle += t; return; }
    busy += t;
    const origins = frames.map((n) => origin(n.callFrame));
    add(byFunction, `${leaf.callFrame.functionName || '(anonymous)'} · ${origins[0]}`, t);
    // The nearest package or source file of ours on the stack owns node's internals and native code it called.
    const owner = origins.find((o) => !o.startsWith('node:') && !o.startsWith('(native)') && o !== '(program)' && o !== '(root)') ?? origins[0];
    add(byOwner, owner, t);
    for (const o of new Set(origins)) add(inclusive, o, t);
  });
  const pct = (t: number) => `${((100 * t) / busy).toFixed(1)} %`;
  const top = (m: Map<string, number>, n = TOP) => [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, t]) => `  ${pct(t).padStart(7)}  ${k}`).join('\n');
  return `busy ${(busy / 1e6).toFixed(1)} s, idle ${(idle / 1e6).toFixed(1)} s (from the first request on)
by owner (self time, node internals and native code counted to the package or file of ours that called them):
${top(byOwner)}
inclusive (time with the origin anywhere on the stack):
${top(inclusive)}
by function (self time):
${top(byFunction, 15)}`;
}

if (args.includes('--summary')) {
  // Only summarise the profiles of an earlier run.
  for (const name of pages.length ? pages : fs.readdirSync(PROF_DIR)) {
    const dir = path.join(PROF_DIR, name);
    const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
    if (file) console.log(`\n## ${name}\n${summarise(path.join(dir, file))}`);
  }
  process.exit(0);
}

const env = { DATA_DIR, SEED_PRODUCTS: '320', API_PORT: String(API), API_URL: `http://127.0.0.1:${API}`, HOST: '127.0.0.1', IMAGE_INDEX_ON_START: 'false' };
const api = await startService([serverBundle, '--role', 'api'], env, `http://127.0.0.1:${API}/readyz`);
try {
  const cookie = await buyerCookies();
  const signedIn = { ...browser, cookie };
  const targets: Record<string, { path: string; headers: Record<string, string>; cached?: boolean }> = {
    home: { path: '/', headers: browser },
    gallery: { path: '/flower?patternType=100011&sort=priceAsc', headers: browser },
    cart: { path: '/shoppingCart', headers: signedIn },
    orders: { path: '/home/person/orderBulk', headers: signedIn },
    'home-cached': { path: '/', headers: browser, cached: true },
    'gallery-cached': { path: '/flower?patternType=100011&sort=priceAsc', headers: browser, cached: true },
  };
  fs.mkdirSync(PROF_DIR, { recursive: true });
  for (const name of pages.length ? pages : ['home', 'gallery', 'cart']) {
    const t = targets[name];
    if (!t) throw new Error(`unknown page ${name}`);
    const dir = path.join(PROF_DIR, name);
    fs.rmSync(dir, { recursive: true, force: true });
    const caches: Record<string, string> = t.cached ? {} : { PAGE_CACHE_MS: '0', PUBLIC_READ_CACHE_MS: '0' };
    const web = await startService(['--cpu-prof', `--cpu-prof-dir=${dir}`, serverBundle, '--role', 'web'], { ...env, PORT: String(WEB), ...caches }, `http://127.0.0.1:${WEB}/readyz`);
    const url = `http://127.0.0.1:${WEB}${t.path}`;
    const probe = await fetch(url, { headers: t.headers, redirect: 'manual' });
    const body = await probe.text();
    if (probe.status !== 200) throw new Error(`${name} answered ${probe.status}`);
    await autocannon({ url, connections: 10, duration: 2, headers: t.headers });
    const r = await autocannon({ url, connections: 10, duration: SECONDS, headers: t.headers });
    await web.stop();
    const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
    console.log(`\n## ${name} ${t.path}: ${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${r.non2xx} non-2xx, html ${(body.length / 1024).toFixed(1)} KB`);
    if (file) console.log(summarise(path.join(dir, file)));
  }
} finally {
  await api.stop();
}
