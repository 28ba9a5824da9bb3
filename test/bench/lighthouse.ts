// `npm run lighthouse`: Lighthouse 12 (mobile defaults: Moto G Power, simulated slow 4G and 4× CPU) on the
// built marketplace it starts itself (web and api as separate processes on ports 5010/5011, its own
// DATA_DIR), with Debian's Chromium through chrome-launcher; home, a product, a filtered gallery, text
// search results and a shop, 3 runs each (the median by score is reported) after one visit that makes the
// pictures' widths and formats. Writes the table and the pages' first-load JS to docs/benchmarks.md.
// `--pages home,product` runs only those pages (so that one run fits the shared machine's quiet window) and
// prints their rows without writing; `--json FILE` also keeps every run's numbers there; `--lhr DIR` keeps
// every run's whole report and trace there (page-run.report.json, page-run.trace.json), for tracing a slow run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { testEnv } from '../../config/index';
import { routes } from '../../isomorphic/routes';
import { firstLoadJs } from '../helpers/first-load-js';
import { fmt, machine, root, startService, writeSection } from './lib';

const DATA_DIR = process.env.LIGHTHOUSE_DATA_DIR ?? '/tmp/lace-lighthouse';
const WEB = 5010, API = 5011;
const RUNS = 3;
const arg = (name: string) => { const i = process.argv.indexOf(name); return i >= 0 ? process.argv[i + 1] : undefined; };
const only = arg('--pages')?.split(',').map((p) => p.trim());
const jsonOut = arg('--json');
const lhrDir = arg('--lhr');
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const serverBundle = path.join(root, 'dist/server/main.js');

interface Result { score: number; fcp: number; lcp: number; tbt: number; cls: number; bytes: number; lcpElement: string }

if (!fs.existsSync(serverBundle) || !fs.existsSync(path.join(root, 'dist/client/manifest.json'))) {
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(1);
}

async function audit(url: string, port: number, keep?: string, attempt = 1): Promise<Result> {
  const run = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  if (!run) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = run;
  // Lighthouse's own trace recording fails now and then (NO_NAVSTART): that run is taken again, up to 3 times.
  if (lhr.runtimeError && attempt < 3) {
    console.log(`  ${lhr.runtimeError.code}: running again`);
    return audit(url, port, keep, attempt + 1);
  }
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  if (keep && lhrDir) {
    fs.mkdirSync(lhrDir, { recursive: true });
    fs.writeFileSync(path.join(lhrDir, `${keep}.report.json`), JSON.stringify(lhr));
    fs.writeFileSync(path.join(lhrDir, `${keep}.trace.json`), JSON.stringify(run.artifacts.Trace));
  }
  const n = (id: string) => Number(lhr.audits[id]?.numericValue ?? NaN);
  const lcpItems = (lhr.audits['largest-contentful-paint-element']?.details as { items?: Array<{ items?: Array<{ node?: { snippet?: string } }> }> } | undefined)?.items;
  return {
    score: lhr.categories.performance.score ?? 0,
    fcp: n('first-contentful-paint'),
    lcp: n('largest-contentful-paint'),
    tbt: n('total-blocking-time'),
    cls: n('cumulative-layout-shift'),
    bytes: n('total-byte-weight'),
    lcpElement: lcpItems?.[0]?.items?.[0]?.node?.snippet?.replace(/\s+/g, ' ').slice(0, 60) ?? '',
  };
}

const median = (rs: Result[]): Result => [...rs].sort((a, b) => a.score - b.score)[Math.floor(rs.length / 2)];

async function main() {
  // Photo-search indexing is turned off: on a fresh DATA_DIR it would take both cores while the pages are measured.
  const env = { DATA_DIR, SEED_PRODUCTS: '320', IMAGE_INDEX_ON_START: 'false', API_PORT: String(API), PORT: String(WEB), API_URL: `http://127.0.0.1:${API}`, HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${WEB}` };
  console.log(`starting the marketplace on 127.0.0.1:${WEB} (the first run seeds ${DATA_DIR})…`);
  const api = await startService([serverBundle, '--role', 'api'], env, `http://127.0.0.1:${API}/readyz`);
  const web = await startService([serverBundle, '--role', 'web'], env, `http://127.0.0.1:${WEB}/readyz`);
  const chrome = await chromeLauncher.launch({ chromePath: testEnv.chromiumPath, chromeFlags: FLAGS });
  try {
    const base = `http://127.0.0.1:${WEB}`;
    const list = (await (await fetch(`http://127.0.0.1:${API}/product/listLSKHomeProduct?pageNum=1&pageSize=1`)).json()) as { data: { list: Array<{ id: number; companyId: number; title: string }> } };
    const first = list.data.list[0];
    // The filtered gallery at its canonical URL (a non-canonical query answers 301 to it).
    let gallery = `${base}/flower?patternType=100011&sort=priceAsc`;
    const probe = await fetch(gallery, { redirect: 'manual' });
    if (probe.status === 301 && probe.headers.get('location')) gallery = new URL(probe.headers.get('location') as string, gallery).href;
    const pages: Array<[string, string]> = [
      ['home', `${base}/`],
      ['product', `${base}/flower/${first.id}`],
      ['filtered gallery', gallery],
      ['text search', `${base}/homeSearch?keyword=${encodeURIComponent(first.title.slice(0, 2))}`],
      ['shop', `${base}/company/${first.companyId}`],
    ];
    const rows: Array<{ name: string; url: string; r: Result; runs: Result[] }> = [];
    const loadBefore = os.loadavg()[0];
    for (const [name, url] of pages) {
      if (only && !only.includes(name.split(' ').pop() as string) && !only.includes(name)) continue;
      console.log(`${name}: ${url}`);
      await audit(url, chrome.port); // makes the pictures' variants a first visitor would have waited for
      const runs: Result[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(url, chrome.port, `${name.split(' ').pop()}-${i + 1}`));
      const r = median(runs);
      console.log(`  score ${r.score} FCP ${fmt(r.fcp / 1000, 2)} s LCP ${fmt(r.lcp / 1000, 2)} s CLS ${fmt(r.cls, 3)} ${fmt(r.bytes / 1024, 0)} KB ${r.lcpElement} (runs: ${runs.map((x) => `${x.score}/${fmt(x.lcp / 1000, 2)} s`).join(', ')})`);
      rows.push({ name, url: url.slice(base.length), r, runs });
    }
    if (jsonOut) fs.writeFileSync(jsonOut, JSON.stringify({ date: new Date().toISOString(), loadBefore, loadAfter: os.loadavg()[0], rows }, null, 2));
    if (rows.length < pages.length) {
      console.log(`load average ${fmt(loadBefore, 1)} → ${fmt(os.loadavg()[0], 1)}; a subset of the pages: docs/benchmarks.md not written`);
      for (const { name, url, r } of rows) console.log(`| ${name} \`${url}\` | ${fmt(r.score, 2)} | ${fmt(r.fcp / 1000, 1)} s | ${fmt(r.lcp / 1000, 1)} s | ${fmt(r.tbt, 0)} ms | ${fmt(r.cls, 3)} | ${fmt(r.bytes / 1024, 0)} KB | \`${r.lcpElement}\` |`);
      return;
    }

    const js = firstLoadJs(path.join(root, 'dist/client'), routes);
    const jsOf = (page: string) => js.find((p) => p.page === page)?.gzip ?? NaN;
    const largest = js.reduce((a, b) => (b.gzip > a.gzip ? b : a));
    const mark = (ok: boolean) => (ok ? 'met' : '**missed**');
    const body = `
Machine: ${machine()}. Date: ${new Date().toISOString().slice(0, 10)}. Load average (1 min) ${fmt(loadBefore, 1)} when the
runs began and ${fmt(os.loadavg()[0], 1)} when they ended (Lighthouse and the marketplace included); photo-search indexing
off (\`IMAGE_INDEX_ON_START=false\`) so that it does not take the cores from the pages measured.

Lighthouse ${lighthouseVersion()} (mobile defaults: Moto G Power, simulated slow 4G, 4× CPU slowdown),
Debian Chromium headless, against the built marketplace (\`--role api\` and \`--role web\`, SQLite, 320 demo
products). Each page: one visit first (it makes the pictures' widths and formats, as a first visitor would
have), then ${RUNS} runs; the median by score is shown. Targets: performance ≥ 0.95, LCP ≤ 2.0 s, CLS 0,
home ≤ 400 KB transferred.

| page | performance | FCP | LCP | TBT | CLS | transferred | largest paint | verdict |
|---|---|---|---|---|---|---|---|---|
${rows.map(({ name, url, r }) => `| ${name} \`${url}\` | ${fmt(r.score, 2)} | ${fmt(r.fcp / 1000, 1)} s | ${fmt(r.lcp / 1000, 1)} s | ${fmt(r.tbt, 0)} ms | ${fmt(r.cls, 3)} | ${fmt(r.bytes / 1024, 0)} KB | \`${r.lcpElement.replace(/`/g, "'").replace(/\|/g, '\\|')}\` | ${mark(r.score >= 0.95 && r.lcp <= 2000 && r.cls === 0 && (name !== 'home' || r.bytes <= 400 * 1024))} |`).join('\n')}

First-load JavaScript (gzip -9, from the build manifest): home ${fmt(jsOf('home') / 1024, 1)} KB (target ≤ 85 KB: ${mark(jsOf('home') <= 85 * 1024)}),
product ${fmt(jsOf('product') / 1024, 1)} KB, gallery ${fmt(jsOf('gallery') / 1024, 1)} KB, search ${fmt(jsOf('search') / 1024, 1)} KB, shop ${fmt(jsOf('company') / 1024, 1)} KB;
the largest page, ${largest.page}, ${fmt(largest.gzip / 1024, 1)} KB (target ≤ 110 KB: ${mark(largest.gzip <= 110 * 1024)}).
Home's files: ${(js.find((p) => p.page === 'home')?.files ?? []).map((f) => `${path.basename(f.file)} ${fmt(f.gzip / 1024, 1)} KB`).join(', ')}.
`;
    writeSection('Lighthouse (mobile)', body);
    console.log('written to docs/benchmarks.md');
  } finally {
    chrome.kill();
    await web.stop();
    await api.stop();
  }
}

function lighthouseVersion(): string {
  return (JSON.parse(fs.readFileSync(path.join(root, 'node_modules/lighthouse/package.json'), 'utf8')) as { version: string }).version;
}

await main();
