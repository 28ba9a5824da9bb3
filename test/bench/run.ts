// `npm run bench`: SSR of home and a product page, /api through the proxy against the api called directly,
// the bare-render ceiling, and the home page's first-load JavaScript; written to docs/benchmarks.md.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawnSync } from 'node:child_process';
import { assetsFor, readManifest } from '../../server/ssr/manifest';
import { fmt, machine, measure, root, startService, writeSection, type Measured } from './lib';
import { runSearchBench } from './search';

const DATA_DIR = '/tmp/lace-bench';
const WEB = 3600, API = 3601, CEILING = 3602;
const serverBundle = path.join(root, 'dist/server/main.js');

if (!fs.existsSync(serverBundle) || !fs.existsSync(path.join(root, 'dist/client/manifest.json'))) {
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(1);
}

function firstLoadJs(): { files: Array<{ file: string; gzip: number }>; total: number } {
  const manifest = readManifest(path.join(root, 'dist/client/manifest.json'));
  const assets = assetsFor(manifest, ['root', 'layout-default', 'home']);
  const files = [...assets.bootstrap, ...assets.modulepreload].map((url) => {
    const file = path.join(root, 'dist/client', url.replace(manifest?.publicPath ?? '/', ''));
    return { file: path.basename(file), gzip: zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length };
  });
  return { files, total: files.reduce((s, f) => s + f.gzip, 0) };
}

const row = (m: Measured) => `| ${m.name} | ${fmt(m.reqPerSec, 0)} | ${fmt(m.p50)} | ${fmt(m.p99)} | ${m.errors + m.non2xx} |`;

async function main() {
  const env = { DATA_DIR, SEED_PRODUCTS: '320', API_PORT: String(API), PORT: String(WEB), API_URL: `http://127.0.0.1:${API}`, HOST: '127.0.0.1' };
  console.log('starting api (the first run seeds demo data)…');
  const api = await startService([serverBundle, '--role', 'api'], env, `http://127.0.0.1:${API}/readyz`);
  const web = await startService([serverBundle, '--role', 'web'], env, `http://127.0.0.1:${WEB}/readyz`);
  const ceiling = await startService(['--import', 'tsx', path.join(root, 'test/bench/ceiling.tsx'), `http://127.0.0.1:${API}`, String(CEILING)], {}, `http://127.0.0.1:${CEILING}/`);
  try {
    const list = (await (await fetch(`http://127.0.0.1:${API}/product/listLSKHomeProduct?pageNum=1&pageSize=1`)).json()) as { data: { list: Array<{ id: number }> } };
    const productId = list.data.list[0].id;
    const apiPath = '/product/listLSKHomeProduct?pageNum=1&pageSize=20';
    const browser = { 'accept-language': 'zh-CN,zh;q=0.9', 'user-agent': 'Mozilla/5.0 (bench)' };
    console.log('measuring…');
    const home = await measure('SSR home `/` (web → api)', `http://127.0.0.1:${WEB}/`, { headers: browser });
    const product = await measure(`SSR product \`/flower/${productId}\``, `http://127.0.0.1:${WEB}/flower/${productId}`, { headers: browser });
    // A filtered gallery, at its canonical URL (a non-canonical query answers 301 to it).
    let gallery = `http://127.0.0.1:${WEB}/flower?patternType=100011&sort=priceAsc`;
    const probe = await fetch(gallery, { redirect: 'manual', headers: browser });
    if (probe.status === 301 && probe.headers.get('location')) gallery = new URL(probe.headers.get('location') as string, gallery).href;
    const filtered = await measure(`SSR filtered gallery \`${new URL(gallery).pathname}${new URL(gallery).search}\``, gallery, { headers: browser });
    const ceil = await measure('ceiling: same home tree, bare node:http', `http://127.0.0.1:${CEILING}/`);
    const proxied = await measure('`/api` through the web proxy', `http://127.0.0.1:${WEB}/api${apiPath}`);
    const direct = await measure('the api called directly', `http://127.0.0.1:${API}${apiPath}`);
    const js = firstLoadJs();

    const ssrRatio = home.reqPerSec / ceil.reqPerSec;
    const proxyAddedMs = proxied.p50 - direct.p50;
    const proxyRatio = proxied.reqPerSec / direct.reqPerSec;
    const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');
    const body = `
Machine: ${machine()}. Date: ${new Date().toISOString().slice(0, 10)}. autocannon on loopback, 10 connections,
10 s after a 2 s warm-up; web and api as separate processes (\`--role web\`, \`--role api\`), SQLite, 320 demo products,
\`NODE_ENV=production\`. Latency in ms.

| scenario | req/s | p50 | p99 | errors |
|---|---|---|---|---|
${[home, product, filtered, ceil, proxied, direct].map(row).join('\n')}

| target | measured | |
|---|---|---|
| SSR home ≥ 0.75 × ceiling req/s | ${fmt(ssrRatio, 2)} × | ${verdict(ssrRatio >= 0.75)} |
| SSR home p99 ≤ 2 × p50 | ${fmt(home.p99 / Math.max(home.p50, 1), 2)} × | ${verdict(home.p99 <= 2 * home.p50)} |
| proxy adds ≤ 1 ms at p50 | ${fmt(proxyAddedMs, 1)} ms | ${verdict(proxyAddedMs <= 1)} |
| proxy keeps ≥ 0.8 × direct req/s | ${fmt(proxyRatio, 2)} × | ${verdict(proxyRatio >= 0.8)} |
| home first-load JS ≤ 70 KB gzip | ${fmt(js.total / 1024, 1)} KB | ${verdict(js.total <= 70 * 1024)} |

First-load JS of home (gzip -9): ${js.files.map((f) => `${f.file} ${fmt(f.gzip / 1024, 1)} KB`).join(', ')}.

Reading: all processes share 2 cores with autocannon, so the proxy's extra hop (one more HTTP parse and
write in the web process) competes for the same CPU as the api it forwards to; on this cheap call the api's
own work is about 1 ms, so the hop shows up as a third of the throughput. SSR of home reads its data through
the one-second loader micro-cache (\`PUBLIC_READ_CACHE_MS\`); without it it measured about 0.5× the ceiling.
The first-load JavaScript is dominated by the framework chunk (React 19 client ~60 KB, React Router 7 ~32 KB,
MobX ~17 KB, i18next ~15 KB gzip): the 70 KB target needs a smaller runtime, not a smaller page.
`;
    writeSection('SSR and proxy', body);
    console.log(body);
  } finally {
    await ceiling.stop();
    await web.stop();
    await api.stop();
  }
}

await main();
// Text search over 100,000 products on SQLite and PostgreSQL (the databases are filled on the first run and reused).
console.log('text search benchmark (the first run fills 100,000 products per dialect; this takes several minutes)…');
const searchReport = await runSearchBench({ log: (m) => console.log(m) });
writeSection('Text search', `Machine: ${machine()}. Date: ${new Date().toISOString().slice(0, 10)}.\n\n${searchReport}`);
console.log(searchReport);
