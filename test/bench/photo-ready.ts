// `tsx test/bench/photo-ready.ts [--dir <checkout>] [--port 3210] [--minutes 20] [--out file.jsonl]`
// Time to photo search on a fresh start (issue 21 item 2): runs `npm start` (scripts/start.mjs, building
// when the bundles are missing) in `--dir` (default: this checkout) with a fresh, empty DATA_DIR, waits
// for the site to answer, then reads GET /api/search/status every 5 s and logs, from the moment the site
// answered, how many of the on-sale products photo search can find (`indexed`) and how many are indexed
// with all their pictures and views (`complete`, where the api reports it), until every product is
// complete (or `ready`), or `--minutes` pass. The data dir is removed at the end.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
};
const root = path.resolve(arg('dir', path.join(path.dirname(fileURLToPath(import.meta.url)), '../..')));
const port = Number(arg('port', '3210'));
const minutes = Number(arg('minutes', '20'));
const out = arg('out', '');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'photo-ready-'));

const child = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: root,
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), API_PORT: String(port + 1), HOST: '127.0.0.1', PUBLIC_URL: `http://localhost:${port}`, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = () => { if (child.exitCode === null) child.kill('SIGTERM'); };
process.on('SIGINT', () => { stop(); process.exit(130); });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const t0 = Date.now();
const log = (row: object) => {
  const line = JSON.stringify(row);
  console.log(line);
  if (out) fs.appendFileSync(out, `${line}\n`);
};

interface Status { ready: boolean; indexed: number; total: number; complete?: number; entries: number }

async function status(): Promise<Status | null> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/search/status`, { signal: AbortSignal.timeout(10_000) });
    if (!res.ok) return null;
    return ((await res.json()) as { data: Status }).data;
  } catch {
    return null;
  }
}

try {
  // The site answers: its home page renders.
  let answered = 0;
  while (!answered) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(10_000) }).then((r) => r.ok, () => false);
    if (ok) answered = Date.now();
    else await sleep(1000);
  }
  log({ event: 'site answers', afterStartS: Math.round((answered - t0) / 1000), root, cores: os.cpus().length, load: os.loadavg().map((x) => +x.toFixed(2)) });
  let searchableAt = 0;
  while (Date.now() - answered < minutes * 60_000) {
    const s = await status();
    const at = (Date.now() - answered) / 1000;
    if (s) {
      if (!searchableAt && s.total > 0 && s.indexed >= s.total) searchableAt = at;
      log({ s: Math.round(at), indexed: s.indexed, complete: s.complete ?? null, total: s.total, entries: s.entries, ready: s.ready, load1: +os.loadavg()[0].toFixed(2) });
      if (s.ready && s.total > 0) break;
    }
    await sleep(5000);
  }
  const s = await status();
  log({ event: 'end', searchableAfterS: searchableAt || null, readyAfterS: s?.ready ? Math.round((Date.now() - answered) / 1000) : null, indexed: s?.indexed, complete: s?.complete ?? null, total: s?.total });
} finally {
  stop();
  await sleep(2000);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
