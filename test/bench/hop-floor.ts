// What a second process costs a call on this machine, with none of our code (issue 21 item 4): an upstream
// answering a fixed 9 KB JSON (as the listing the proxy bench asks for), called directly, through a bare
// node:http proxy over loopback TCP, and through the same proxy over a Unix domain socket. Each is its own
// process; 100 req/s from one keep-alive client in alternating rounds, pooled p50 / p90 / p99 / p99.9.
// `tsx test/bench/hop-floor.ts [--rounds 4] [--seconds 15] [--rate 100] [--port-base 3980]` (under /work/wt/quiet).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { machine, timedGet, waitFor } from './lib';

const args = process.argv.slice(2);
const num = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const role = process.env.HOP_ROLE;

if (role === 'upstream') {
  const body = Buffer.from(JSON.stringify({ code: 0, message: 'ok', data: { list: Array.from({ length: 20 }, (_, i) => ({ id: i, name: `蕾丝 lace pattern ${i}`, price: 12.5 + i, picture: `/api/files/p/${i}.jpg`, company: { id: i % 7, name: `mill ${i % 7}` }, tags: ['flower', 'cotton', 'eyelash'], description: 'x'.repeat(300) })), total: 320 } }));
  const handler: http.RequestListener = (req, res) => {
    if (req.url === '/readyz') return void res.end('ready');
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': String(body.length) });
    res.end(body);
  };
  http.createServer(handler).listen(Number(process.env.PORT), '127.0.0.1');
  fs.rmSync(process.env.SOCKET ?? '', { force: true });
  http.createServer(handler).listen(process.env.SOCKET);
} else if (role === 'proxy') {
  const socketPath = process.env.SOCKET || undefined;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });
  http.createServer((req, res) => {
    if (req.url === '/readyz') return void res.end('ready');
    const upstream = http.request({ ...(socketPath ? { socketPath } : { host: '127.0.0.1', port: Number(process.env.UPSTREAM_PORT) }), path: (req.url ?? '/').replace(/^\/api/, ''), method: req.method, headers: { ...req.headers }, agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => { res.statusCode = 502; res.end(); });
    req.pipe(upstream);
  }).listen(Number(process.env.PORT), '127.0.0.1');
}
if (role) process.on('SIGTERM', () => process.exit(0));

async function fixedRate(url: string, rate: number, seconds: number): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const times: number[] = [];
  await Promise.all(Array.from({ length: 8 }, () => timedGet(url, agent)));
  const pending: Array<Promise<void>> = [];
  const start = performance.now();
  for (let i = 0; i < rate * seconds; i++) {
    const wait = start + (i * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(timedGet(url, agent).then((ms) => { if (ms !== undefined) times.push(ms); }));
  }
  await Promise.all(pending);
  agent.destroy();
  return times;
}

async function main() {
  const ROUNDS = num('rounds', 4), SECONDS = num('seconds', 15), RATE = num('rate', 100), BASE = num('port-base', 3980);
  const socket = path.join(os.tmpdir(), `lace-hop-floor-${process.pid}.sock`);
  const procs: ChildProcess[] = [];
  const run = async (env: Record<string, string>, port: number) => {
    const p = spawn(process.execPath, ['--import', 'tsx', import.meta.filename], { env: { ...process.env, ...env, PORT: String(port) }, stdio: 'inherit' });
    procs.push(p);
    await waitFor(`http://127.0.0.1:${port}/readyz`);
  };
  const loadBefore = os.loadavg();
  try {
    await run({ HOP_ROLE: 'upstream', SOCKET: socket }, BASE);
    await run({ HOP_ROLE: 'proxy', UPSTREAM_PORT: String(BASE) }, BASE + 1);
    await run({ HOP_ROLE: 'proxy', SOCKET: socket }, BASE + 2);
    const ways = [
      { name: 'upstream called directly (TCP)', url: `http://127.0.0.1:${BASE}/x` },
      { name: 'bare proxy, hop over loopback TCP', url: `http://127.0.0.1:${BASE + 1}/api/x` },
      { name: 'bare proxy, hop over a Unix socket', url: `http://127.0.0.1:${BASE + 2}/api/x` },
    ];
    const times = new Map(ways.map((w) => [w, [] as number[]]));
    for (let r = 0; r < ROUNDS; r++) {
      for (let k = 0; k < ways.length; k++) {
        const w = ways[(k + r) % ways.length];
        console.log(`round ${r + 1}/${ROUNDS}: ${w.name}`);
        times.get(w)?.push(...(await fixedRate(w.url, RATE, SECONDS)));
      }
    }
    const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];
    console.log(`Machine: ${machine()}; load ${loadBefore.map((x) => x.toFixed(1)).join(' / ')} -> ${os.loadavg().map((x) => x.toFixed(1)).join(' / ')}; ${RATE} req/s, ${ROUNDS} rounds of ${SECONDS} s a way, pooled.`);
    console.log('| way | calls | p50 / p90 / p99 / p99.9 ms | added p50 / p99 |');
    console.log('|---|---|---|---|');
    const direct = (times.get(ways[0]) ?? []).sort((a, b) => a - b);
    for (const w of ways) {
      const xs = (times.get(w) ?? []).sort((a, b) => a - b);
      console.log(`| ${w.name} | ${xs.length} | ${[50, 90, 99, 99.9].map((p) => pct(xs, p).toFixed(2)).join(' / ')} | ${w === ways[0] ? '–' : `+${(pct(xs, 50) - pct(direct, 50)).toFixed(2)} / +${(pct(xs, 99) - pct(direct, 99)).toFixed(2)}`} |`);
    }
  } finally {
    for (const p of procs) p.kill('SIGTERM');
    fs.rmSync(socket, { force: true });
  }
}

if (!role) await main();
