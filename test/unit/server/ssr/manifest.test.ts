import t from 'tap';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assetsFor, compactCss, readManifest, EMPTY_ASSETS, type ClientManifest } from '../../../../server/ssr/manifest';

const manifest: ClientManifest = {
  publicPath: '/',
  entry: { module: 'assets/main.1.js', js: ['assets/framework.2.js', 'assets/main.1.js'], css: ['assets/main.3.css'] },
  chunks: { home: { js: ['assets/home.4.js'], css: [] }, product: { js: ['assets/product.5.js', 'assets/framework.2.js'], css: ['assets/product.6.css'] } },
};

t.test('a page gets the entry module, preloads for shared and page chunks, and its stylesheets', async (t) => {
  t.same(assetsFor(manifest, ['root', 'layout-detail', 'product']), {
    bootstrap: ['/assets/main.1.js'],
    modulepreload: ['/assets/framework.2.js', '/assets/product.5.js'],
    stylesheets: ['/assets/main.3.css', '/assets/product.6.css'],
    styles: [],
    lateStylesheets: [],
  });
  t.same(assetsFor(manifest, ['root']).modulepreload, ['/assets/framework.2.js'], 'unknown ids add nothing');
  t.same(assetsFor(null, ['home']), EMPTY_ASSETS, 'no bundle, no tags');
});

t.test('readManifest: absent is null, a foreign file is an error', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'manifest-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  t.equal(readManifest(path.join(dir, 'missing.json')), null);
  fs.writeFileSync(path.join(dir, 'ok.json'), JSON.stringify(manifest));
  t.same(readManifest(path.join(dir, 'ok.json')), { ...manifest, css: {}, sheets: {} }, 'stylesheets it cannot read are linked');
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'assets/main.3.css'), '/* base */\nbody {\n  color: red;\n}\n');
  fs.writeFileSync(path.join(dir, 'assets/product.6.css'), '.x::after{content:"</style>"}');
  const read = readManifest(path.join(dir, 'ok.json'));
  t.same(read?.css, { 'assets/main.3.css': 'body { color: red; }' }, 'a stylesheet is read with the manifest, one that would end <style> early is not');
  const assets = assetsFor(read, ['product']);
  t.same({ ...assets, styles: assets.styles.map((s) => s.whole) }, {
    bootstrap: ['/assets/main.1.js'],
    modulepreload: ['/assets/framework.2.js', '/assets/product.5.js'],
    stylesheets: ['/assets/product.6.css'],
    styles: ['body { color: red; }'],
    lateStylesheets: ['/assets/main.3.css'],
  }, 'a read stylesheet goes inline (the rules the page uses) and is fetched whole after the first paint; the other is linked');
  t.equal(assets.styles[0], assetsFor(read, ['home']).styles[0], 'parsed once, with the manifest');
  fs.writeFileSync(path.join(dir, 'bad.json'), '{"name":"x"}');
  t.throws(() => readManifest(path.join(dir, 'bad.json')));
});

t.test('compactCss drops comments and runs of white space, not the spaces that separate', async (t) => {
  t.equal(compactCss('/* a */\n.a  >  .b {\n  margin: 0 auto;\n  width: calc(50vw - 15px);\n}\n@media (max-width: 560px) { .c { content: "/"; } }\n'), '.a > .b { margin: 0 auto; width: calc(50vw - 15px); } @media (max-width: 560px) { .c { content: "/"; } }');
  const spaced = '.q::before { content: "a  b"; }\n';
  t.equal(compactCss(spaced), '.q::before { content: "a  b"; }', 'a string with two spaces running is kept as it is');
  // A quote in a comment is no string: a comment naming a quoted phrase, then a rule with strings, is compacted
  // whole (it was left as it was, comments and all, and the page-CSS parser then gave up: every page got the
  // whole stylesheet inline).
  t.equal(compactCss('/* wraps ("1,200 yards") at the note */\n  .l { grid-template-areas: "image info" "image price"; }\n'), '.l { grid-template-areas: "image info" "image price"; }');
  t.equal(compactCss('.a/**/.b{color:red}/* it\'s */ .c{}'), '.a.b{color:red} .c{}', 'a comment is dropped, not made a space');
  t.equal(compactCss(".d::after { content: 'a\\'  b'; }"), ".d::after { content: 'a\\'  b'; }", 'an escaped quote stays inside its string');
});
