// `npm run soak [-- --seconds 600 --workers 8 --record]`: mixed traffic on loopback against the web and api
// services run as child processes (SQLite in a fresh data dir): page views, catalogue and text search,
// photo search, cart adds, orders placed with idempotency keys (retried with the same key until answered),
// seller order lists. Meanwhile the api is killed (SIGKILL) and restarted at 1/3 and 2/3 of the run and
// the database is held under an exclusive lock for 3 s at 1/2. Afterwards it checks: every acknowledged
// order exists exactly once, every acknowledged cart line is in the cart, no 5xx outside the restart
// windows (inside them only 502 envelopes), and the api's memory over the last restart's run. Not part
// of CI (it takes the machine for its length); `--record` writes the result into docs/benchmarks.md.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import sharp from 'sharp';
import { loadConfig } from '../config/index';
import { encryptPassword } from '../api/modules/account/password';
import { demoAccounts, DEMO_PASSWORD } from '../api/db/seed/demo-accounts';
import { BuyType, Delivery } from '../isomorphic/domain/catalogue';

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const SECONDS = arg('seconds', 600);
const WORKERS = arg('workers', 8);
const RECORD = process.argv.includes('--record');

const freePort = () => new Promise<number>((resolve) => {
  const s = net.createServer();
  s.listen(0, '127.0.0.1', () => { const { port } = s.address() as net.AddressInfo; s.close(() => resolve(port)); });
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lace-soak-'));
const apiPort = await freePort();
const webPort = await freePort();
const site = `http://127.0.0.1:${webPort}`;
const env = {
  ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', API_PORT: String(apiPort), PORT: String(webPort), HOST: '127.0.0.1',
  API_URL: `http://127.0.0.1:${apiPort}`, PUBLIC_URL: site, SEED_PRODUCTS: '40', LOG_LEVEL: 'warn', IMAGE_SEARCH_PER_IP_PER_DAY: '100000',
};
const logFile = fs.createWriteStream(path.join(dataDir, 'services.log'));

function startService(role: 'api' | 'web'): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'main.ts', '--role', role], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.pipe(logFile, { end: false });
  child.stderr?.pipe(logFile, { end: false });
  return child;
}

async function waitReady(url: string, ms = 300_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch { /* not yet */ }
    await sleep(250);
  }
  throw new Error(`${url} not ready`);
}

// The run's record
interface Window { from: number; to: number }
const restartWindows: Window[] = [];
let lockWindow: Window | null = null;
const statusCounts = new Map<number, number>();
const bad5xx: string[] = [];
const acknowledgedOrders = new Map<string, number[]>(); // idempotency key → order ids
const acknowledgedCart: Array<{ buyType: number; colorId: number }> = [];
let requests = 0, networkErrors = 0;
const memory: Array<{ t: number; rssMb: number }> = [];

/** Whether a request (from its start to its answer) overlapped a restart window. */
function inWindow(from: number, to = Date.now()): boolean {
  return restartWindows.some((w) => from <= (w.to || Infinity) && to >= w.from);
}

async function call(method: 'GET' | 'POST', url: string, opts: { token?: string; body?: unknown; raw?: Buffer; type?: string } = {}): Promise<{ status: number; json: { code: number; data: unknown } | null }> {
  const started = Date.now();
  requests++;
  try {
    const headers: Record<string, string> = { 'sec-fetch-site': 'same-origin', 'x-lang': 'en' };
    if (opts.token) headers.cookie = `x-token=${opts.token}`;
    let body: BodyInit | undefined;
    if (opts.raw) { body = new Uint8Array(opts.raw); headers['content-type'] = opts.type ?? 'application/octet-stream'; }
    else if (opts.body !== undefined) { body = JSON.stringify(opts.body); headers['content-type'] = 'application/json'; }
    const res = await fetch(`${site}${url}`, { method, headers, body, signal: AbortSignal.timeout(30_000) });
    const text = await res.text();
    statusCounts.set(res.status, (statusCounts.get(res.status) ?? 0) + 1);
    let json: { code: number; data: unknown } | null = null;
    try { json = JSON.parse(text); } catch { /* a page */ }
    if (res.status >= 500) {
      // Inside a restart: the proxy's 502 envelope for api calls, the 502 page for pages.
      const allowed = inWindow(started) && res.status === 502 && (!url.startsWith('/api/') || (json !== null && typeof json.code === 'number'));
      if (!allowed) bad5xx.push(`${new Date(started).toISOString()} ${method} ${url} ${res.status} ${text.slice(0, 120)}`);
    }
    return { status: res.status, json };
  } catch (err) {
    networkErrors++;
    if (!inWindow(started)) bad5xx.push(`${new Date(started).toISOString()} ${method} ${url} network error ${(err as Error).message}`);
    return { status: 0, json: null };
  }
}

async function login(mobile: string, key: string): Promise<string> {
  const res = await fetch(`${site}/api/front/user/login`, {
    method: 'POST', headers: { 'content-type': 'application/json', origin: site, 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({ mobile, password: encryptPassword(DEMO_PASSWORD, key) }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('x-token='));
  if (!cookie) throw new Error(`login ${mobile}: ${res.status} ${await res.text()}`);
  return cookie.slice('x-token='.length).split(';')[0];
}

let api = startService('api');
console.log(`soak: ${SECONDS} s, ${WORKERS} workers, data in ${dataDir}; starting (first start seeds 40 products)…`);
await waitReady(`http://127.0.0.1:${apiPort}/readyz`);
const web = startService('web');
await waitReady(`${site}/healthz`);

const config = loadConfig(env, []);
const designer = demoAccounts.find((a) => a.role === 'designer')!;
const trader = demoAccounts.find((a) => a.role === 'trader')!;
const manufacturer = demoAccounts.find((a) => a.role === 'manufacturer')!;
const [buyerToken, cartToken, sellerToken] = [await login(designer.mobile, config.passwordAesKey), await login(trader.mobile, config.passwordAesKey), await login(manufacturer.mobile, config.passwordAesKey)];

const readDb = new SQLite(config.db.kind === 'sqlite' ? config.db.file : '', { readonly: true });
const colours = readDb.prepare(`select c.id as colorId, p.id as productId, p.company_id as companyId from colour_card c join product p on p.id = c.product_id
  join company co on co.id = p.company_id where p.status = 1 and co.status = 1`).all() as Array<{ colorId: number; productId: number; companyId: number }>;
readDb.close();
const photo = await sharp({ create: { width: 200, height: 200, channels: 3, background: { r: 230, g: 220, b: 200 } } }).jpeg().toBuffer();
const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)];

async function placeOrder(): Promise<void> {
  const c = pick(colours);
  const key = `soak-${crypto.randomUUID()}`;
  const body = { buyType: BuyType.BULK, delivery: Delivery.SELF_PICKUP, idempotencyKey: key, orders: [{ companyId: c.companyId, productParams: [{ num: 1 + Math.floor(Math.random() * 5), colorId: c.colorId, productId: c.productId }], remark: '', stockPeriod: 0 }] };
  // Retried with the same key until the api answers: one order, however many tries.
  for (let attempt = 0; attempt < 60; attempt++) {
    const r = await call('POST', '/api/order/placeOrder', { token: buyerToken, body });
    if (r.json && r.status < 500) {
      if (r.json.code === 0) acknowledgedOrders.set(key, (r.json.data as { orders: Array<{ id: number }> }).orders.map((o) => o.id));
      return;
    }
    await sleep(500);
  }
}

async function addToCart(): Promise<void> {
  const c = pick(colours);
  const buyType = pick([BuyType.SAMPLE_CUT, BuyType.BULK, BuyType.PLATE_CUT]);
  const r = await call('POST', '/api/shoppingCart/addShoppingCart', { token: cartToken, body: { buyType, productId: c.productId, colorId: c.colorId, buyNum: 1 } });
  if (r.json?.code === 0) acknowledgedCart.push({ buyType, colorId: c.colorId });
}

const operations: Array<[number, () => Promise<unknown>]> = [
  [20, () => call('GET', pick(['/', '/homeSearch?keyword=lace', '/flower', `/flower/${pick(colours).productId}`]))],
  [20, () => call('GET', '/api/product/listLSKHomeProduct')],
  [15, () => call('POST', '/api/product/searchLace', { body: { keyword: pick(['蕾丝', 'lace', '花边', 'eyelash']), pageNum: 1, pageSize: 20 } })],
  [3, async () => {
    const r = await call('POST', '/api/search/encoded', { raw: photo, type: 'image/jpeg' });
    const key = (r.json?.data as { searchKey?: string } | null)?.searchKey;
    if (key) await call('POST', `/api/search/cancel/${key}`);
  }],
  [15, addToCart],
  [15, placeOrder],
  [12, () => call('POST', '/api/shopOrder/listOrders', { token: sellerToken, body: { pageNum: 1, pageSize: 10 } })],
];
const totalWeight = operations.reduce((s, [w]) => s + w, 0);
const pickOperation = () => {
  let x = Math.random() * totalWeight;
  for (const [w, op] of operations) if ((x -= w) < 0) return op;
  return operations[0][1];
};

const started = Date.now();
const end = started + SECONDS * 1000;
const workers = Array.from({ length: WORKERS }, async () => {
  while (Date.now() < end) await pickOperation()();
});

function rssMb(pid: number | undefined): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : 0;
  } catch { return 0; }
}

const faults = (async () => {
  const at = (fraction: number) => sleep(Math.max(0, started + SECONDS * 1000 * fraction - Date.now()));
  for (const fraction of [1 / 3, 2 / 3]) {
    await at(fraction);
    const w: Window = { from: Date.now(), to: 0 };
    restartWindows.push(w);
    api.kill('SIGKILL');
    await new Promise((r) => api.once('exit', r));
    api = startService('api');
    await waitReady(`http://127.0.0.1:${apiPort}/readyz`);
    w.to = Date.now() + 2000;
    console.log(`api killed and restarted (${Math.round((w.to - 2000 - w.from) / 100) / 10} s down)`);
    if (fraction < 0.5) {
      await at(0.5);
      const lock = new SQLite(config.db.kind === 'sqlite' ? config.db.file : '');
      lockWindow = { from: Date.now(), to: 0 };
      lock.exec('BEGIN EXCLUSIVE');
      await sleep(3000);
      lock.exec('COMMIT');
      lock.close();
      lockWindow.to = Date.now();
      console.log('database held under an exclusive lock for 3 s');
    }
  }
})();
const sampler = setInterval(() => memory.push({ t: Date.now(), rssMb: rssMb(api.pid) }), Math.max(1000, Math.floor((SECONDS * 1000) / 120)));

await Promise.all([...workers, faults]);
clearInterval(sampler);
await sleep(1000);

// Checks, on the database itself.
const db = new SQLite(config.db.kind === 'sqlite' ? config.db.file : '', { readonly: true });
let missingOrders = 0, duplicated = 0;
for (const [key, ids] of acknowledgedOrders) {
  const placements = db.prepare('select count(*) as n from order_placement where idempotency_key = ?').get(key) as { n: number };
  const found = db.prepare(`select count(*) as n from trade_order where id in (${ids.map(() => '?').join(',')})`).get(...ids) as { n: number };
  if (found.n !== ids.length) missingOrders++;
  if (placements.n !== 1) duplicated++;
}
const cartBuyer = db.prepare('select id from app_user where mobile = ?').get(trader.mobile) as { id: number };
let missingCart = 0;
for (const line of acknowledgedCart) {
  const row = db.prepare('select 1 from shopping_cart where user_id = ? and buy_type = ? and color_id = ?').get(cartBuyer.id, line.buyType, line.colorId);
  if (!row) missingCart++;
}
db.close();
api.kill('SIGTERM');
web.kill('SIGTERM');

const lastRun = memory.filter((m) => m.t > (restartWindows[1]?.to ?? 0) && m.rssMb > 0);
const third = Math.max(1, Math.floor(lastRun.length / 3));
const median = (xs: number[]) => xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] : 0;
const early = median(lastRun.slice(0, third).map((m) => m.rssMb)), late = median(lastRun.slice(-third).map((m) => m.rssMb));
const ok = missingOrders === 0 && duplicated === 0 && missingCart === 0 && bad5xx.length === 0;
const summary = [
  `Soak of ${SECONDS} s, ${WORKERS} workers, on ${os.cpus().length} cores (${new Date().toISOString().slice(0, 10)}): ${requests} requests, statuses ${[...statusCounts].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s}×${n}`).join(', ')}, ${networkErrors} network errors.`,
  `Restarts: ${restartWindows.map((w) => `${Math.round((w.to - 2000 - w.from) / 100) / 10} s down`).join(', ')}; database lock ${lockWindow ? '3 s' : 'not reached'}.`,
  `Orders acknowledged: ${acknowledgedOrders.size}, missing ${missingOrders}, placed more than once ${duplicated}. Cart lines acknowledged: ${acknowledgedCart.length}, missing ${missingCart}.`,
  `5xx outside the restart windows (or not a 502 envelope inside them): ${bad5xx.length}${bad5xx.length ? `, first: ${bad5xx.slice(0, 3).join(' | ')}` : ''}.`,
  `api memory after the last restart: median RSS ${early} MB in its first third, ${late} MB in its last (${lastRun.length} samples).`,
  ok ? 'Result: nothing lost, no unexpected 5xx.' : 'Result: FAILED (see above).',
];
console.log(summary.join('\n'));
if (RECORD) {
  const file = path.join('docs', 'benchmarks.md');
  const text = fs.readFileSync(file, 'utf8');
  const section = `## Soak (npm run soak)\n\n${summary.map((l) => `- ${l}`).join('\n')}\n`;
  fs.writeFileSync(file, /## Soak \(npm run soak\)\n[\s\S]*?(?=\n## |$)/.test(text) ? text.replace(/## Soak \(npm run soak\)\n[\s\S]*?(?=\n## |$)/, section) : `${text.trimEnd()}\n\n${section}`);
}
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(ok ? 0 : 1);
