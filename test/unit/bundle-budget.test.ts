// The JavaScript budget, read from the client build's manifest (`npm test` builds before tap): a page's
// first-load JS, gzip, may not grow past these ceilings. They are today's sizes with a little room, not
// the goal: issue 20 asks for home ≤ 85 KB and any page ≤ 110 KB, which the framework chunk alone (React 19,
// React Router 7, MobX, i18next: about 122 KB) does not allow; docs/benchmarks.md says so. Lower them as the
// bundle shrinks. Raised once, on 2026-11-24, from 155 / 172 KB to 156 / 173.5 KB: issues 17 and 19 added
// 16 pages, and the route table every page loads names each one (about 0.4 KB gzip); the code tables of the
// new domains were moved out of the first script instead. Splitting the route table is issue 20's work.
import path from 'node:path';
import t from 'tap';
import { routes } from '../../isomorphic/routes';
import { firstLoadJs } from '../helpers/first-load-js';

const root = path.resolve(import.meta.dirname, '../..');
const KB = 1024;
const HOME_CEILING = 156 * KB;
const PAGE_CEILING = 173.5 * KB;
/** Loaded only when used, never on a first load. */
const ON_DEMAND = ['ali-oss', 'cropperjs', 'image-cropper'];

const pages = firstLoadJs(path.join(root, 'dist/client'), routes);
const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;

t.test('home', async (t) => {
  const home = pages.find((p) => p.page === 'home');
  t.ok(home, 'home is a page of the build');
  t.ok(home!.gzip <= HOME_CEILING, `home first-load JS ${kb(home!.gzip)} ≤ ${kb(HOME_CEILING)} (${home!.files.map((f) => `${f.file} ${kb(f.gzip)}`).join(', ')})`);
});

t.test('every page', async (t) => {
  t.ok(pages.length >= 20, `${pages.length} pages measured`);
  const largest = pages.reduce((a, b) => (b.gzip > a.gzip ? b : a));
  t.ok(largest.gzip <= PAGE_CEILING, `largest first-load JS: ${largest.page} ${kb(largest.gzip)} ≤ ${kb(PAGE_CEILING)}`);
  const onDemand = pages.flatMap((p) => p.files).filter((f) => ON_DEMAND.some((name) => f.file.includes(`/${name}.`)));
  t.same(onDemand, [], 'the cropper and the OSS client load only when used');
});
