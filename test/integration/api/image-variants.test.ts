// Widths and formats of stored pictures (GET /files/*?v=&w=&f=): made with sharp on first request, kept
// under IMAGE_VARIANT_DIR, cached for good under the URL the api gives; a changed picture gets a new URL.
// Files only, so SQLite is enough: the database plays no part in serving them.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import t from 'tap';
import { createApiTestContext } from '../../helpers/api';
import type { Page, ProductSummary } from '../../../isomorphic/contracts/common';
import { variantUrl } from '../../../isomorphic/domain/image-variants';
import type { LocalStorageDriver } from '../../../api/modules/file/local-storage';

const ctx = await createApiTestContext('sqlite', { products: 2 });
t.teardown(() => ctx.cleanup());
const apiPath = (url: string) => url.replace(/^\/api(?=\/files\/)/, '');
const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url: apiPath(url), headers });
const variantFiles = () => {
  const dir = ctx.deps.config.storage.variantDir;
  return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(avif|webp|jpeg)$/.test(f)) : [];
};

const home = await ctx.get<Page<ProductSummary>>('/product/listLSKHomeProduct?pageNum=1&pageSize=10');
const cover = home.body.data.list[0].coverUrl;

t.test('each width and format of a picture, cached for good', async (t) => {
  t.match(cover, /^\/api\/files\/product\/\d+\/1\.jpg\?v=[0-9a-z]+\.[0-9a-z]+$/);
  t.same(variantFiles(), [], 'nothing is made before it is asked for (the seed stays as fast)');
  const cases = [[240, 'avif', 'image/avif', 'heif', 240], [480, 'webp', 'image/webp', 'webp', 480], [720, 'avif', 'image/avif', 'heif', 720], [960, 'jpeg', 'image/jpeg', 'jpeg', 800]] as const;
  for (const [w, f, type, format, width] of cases) {
    const res = await get(variantUrl(cover, w, f));
    t.equal(res.statusCode, 200, `${w} ${f}`);
    t.equal(res.headers['content-type'], type);
    t.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
    t.equal(res.headers['x-content-type-options'], 'nosniff');
    t.equal(Number(res.headers['content-length']), res.rawPayload.length);
    const meta = await sharp(res.rawPayload).metadata();
    t.match(meta, { format, width, height: width }, `${w} ${f}: ${width} px wide (never enlarged past the 800 px original)`);
  }
  const original = await get(cover);
  const small = await get(variantUrl(cover, 240, 'avif'));
  t.ok(small.rawPayload.length * 5 < original.rawPayload.length, `240 px AVIF (${small.rawPayload.length} B) is a small part of the original (${original.rawPayload.length} B)`);
  t.equal(variantFiles().length, 4, 'one file kept per variant asked for');

  const etag = String(small.headers.etag);
  const again = await get(variantUrl(cover, 240, 'avif'), { 'if-none-match': etag });
  t.equal(again.statusCode, 304, 'an ETag per variant');
  const together = await Promise.all([1, 2, 3].map(() => get(variantUrl(cover, 480, 'avif'))));
  t.ok(together.every((r) => r.statusCode === 200 && r.rawPayload.equals(together[0].rawPayload)), 'three requests at once get the same picture');
  t.equal(variantFiles().length, 5, 'made once for them');
});

t.test('a changed picture gets a new URL', async (t) => {
  const relPath = cover.replace(/^\/api\/files\//, '').replace(/\?.*$/, '');
  const storage = ctx.deps.storage as LocalStorageDriver;
  const before = await get(variantUrl(cover, 240, 'webp'));
  const red = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#c03030' } }).jpeg().toBuffer();
  await storage.put(relPath, red, 'image/jpeg');
  const url = storage.url(relPath);
  t.not(url, cover, 'the URL the api gives changes');
  const res = await get(variantUrl(url, 240, 'webp'));
  t.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
  t.match(await sharp(res.rawPayload).metadata(), { format: 'webp', width: 240, height: 120 }, 'the new picture, resized');
  t.not(res.rawPayload.equals(before.rawPayload), true);
  const old = await get(variantUrl(cover, 240, 'webp'));
  t.equal(old.statusCode, 200, 'the old URL still answers');
  t.equal(old.headers['cache-control'], 'public, max-age=60', 'but with today\'s picture for a short while only');
  t.ok(old.rawPayload.equals(res.rawPayload));
  const listed = await ctx.get<Page<ProductSummary>>('/product/listLSKHomeProduct?pageNum=1&pageSize=10');
  t.equal(listed.body.data.list[0].coverUrl, url, 'lists give the new URL');
});

t.test('bad widths and formats are refused; files that are not pictures are served as they are', async (t) => {
  for (const q of ['w=300&f=avif', 'w=480&f=gif', 'w=abc', 'v=../x&w=240', 'f=tiff']) {
    const res = await get(`${cover.replace(/\?.*$/, '')}?${q}`);
    t.equal(res.statusCode, 400, q);
  }
  const missing = await get('/api/files/product/999999/1.jpg?v=1.1&w=240&f=avif');
  t.equal(missing.statusCode, 404);
  const storage = ctx.deps.storage as LocalStorageDriver;
  await storage.put('doc/readme.txt', Buffer.from('not a picture'), 'text/plain');
  const txt = await get(`${storage.url('doc/readme.txt')}&w=240&f=avif`);
  t.equal(txt.statusCode, 200);
  t.equal(txt.headers['content-type'], 'text/plain; charset=utf-8');
  t.equal(txt.body, 'not a picture');
  t.notOk(fs.existsSync(path.join(ctx.deps.config.storage.variantDir, 'doc')), 'nothing is made of it');
});
