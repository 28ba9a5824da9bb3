// The peer of `npm run bench`'s SSR rows: a minimal Next.js App Router page that fetches
// /product/listLSKHomeProduct from our api on every request and renders its 20 cards as a server
// component. It is built outside the project (a temporary folder, installed on demand with npm, never a
// dependency of ours) and started with `next start`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { waitFor, type Service } from './lib';

export const NEXT_VERSION = '16.4.6';
const REACT_VERSION = '19.3.1'; // the React of our own pages
export const nextDir = path.join(os.tmpdir(), `lace-bench-next-${NEXT_VERSION}`);

const files: Record<string, string> = {
  'package.json': JSON.stringify({
    name: 'lace-bench-next', private: true,
    dependencies: { next: NEXT_VERSION, react: REACT_VERSION, 'react-dom': REACT_VERSION },
  }, null, 2),
  'next.config.mjs': 'export default { poweredByHeader: false, images: { unoptimized: true } };\n',
  'app/layout.jsx': `export const metadata = { title: 'Lace (Next.js peer)' };
export default function RootLayout({ children }) {
  return <html lang="zh-CN"><body>{children}</body></html>;
}
`,
  // The same data as our home: one api call per request, no caching (dynamic rendering).
  'app/page.jsx': `export const dynamic = 'force-dynamic';
const price = (cents) => (cents === null ? '面议' : '¥' + (cents / 100).toFixed(2));
export default async function Home() {
  const res = await fetch(process.env.LACE_API_URL + '/product/listLSKHomeProduct?pageNum=1&pageSize=20', { cache: 'no-store' });
  const { data } = await res.json();
  return (
    <main>
      <h1>花边网</h1>
      <p>{data.total} 件在售</p>
      <ul className="product-grid">
        {data.list.map((p) => (
          <li key={p.id} className="product-card">
            <a href={'/flower/' + p.id}>
              <img src={p.coverUrl} alt={p.title} width="240" height="240" loading="lazy" />
              <h2>{p.title}</h2>
              <p>{p.code} · {p.companyName}</p>
              <p>{price(p.price)}</p>
            </a>
          </li>
        ))}
      </ul>
    </main>
  );
}
`,
};

function run(cmd: string, args: string[], cwd: string): void {
  const r = spawnSync(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed in ${cwd}`);
}

/** Writes, installs (once) and builds (once) the Next.js peer; returns its folder. */
export function prepareNext(log: (m: string) => void): string {
  fs.mkdirSync(path.join(nextDir, 'app'), { recursive: true });
  let changed = false;
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(nextDir, name);
    if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== text) {
      fs.writeFileSync(file, text);
      changed = true;
    }
  }
  if (!fs.existsSync(path.join(nextDir, 'node_modules/next/package.json'))) {
    log(`Next.js peer: npm install next@${NEXT_VERSION} in ${nextDir}…`);
    run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], nextDir);
    changed = true;
  }
  if (changed || !fs.existsSync(path.join(nextDir, '.next/BUILD_ID'))) {
    log('Next.js peer: next build…');
    run(process.execPath, [path.join(nextDir, 'node_modules/next/dist/bin/next'), 'build'], nextDir);
  }
  return nextDir;
}

export async function startNext(port: number, apiUrl: string): Promise<Service> {
  const proc = spawn(process.execPath, [path.join(nextDir, 'node_modules/next/dist/bin/next'), 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: nextDir,
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', LACE_API_URL: apiUrl },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}/`;
  await waitFor(url);
  return { proc, url, stop: () => new Promise<void>((resolve) => { proc.once('exit', () => resolve()); proc.kill('SIGTERM'); }) };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  prepareNext((m) => console.log(m));
}
