// Photo-search pages over HTTP: /homePicSearch?searchId= (and /home/search/img) server-renders the ranked
// patterns with similarity as a percentage, company and colour cards, paginated; the empty page is the
// photo-search panel; unknown or malformed ids are 404; a search that is still running says so;
// /picSearchAgain renders; and while the api is still indexing, the pages say how far it is.
// Searches are written straight into the api's tables: the engine itself is tested in the api's tests.
import t from 'tap';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Page, ProductSummary } from '../../../isomorphic/contracts/common';
import { buildTestWeb, startSeededApi, type TestApi } from '../../helpers/web';

let api: TestApi;
let web: FastifyInstance;
let products: ProductSummary[];

const hitIds = (html: string) => [...html.matchAll(/data-product-id="(\d+)" data-rank="(\d+)"/g)].map((m) => Number(m[1]));

async function insertSearch(status: string, hits: Array<{ productId: number; score: number }>): Promise<number> {
  const db = api.db.db;
  const now = new Date().toISOString();
  const publicId = 1e12 + Math.floor(Math.random() * 1e12);
  const job = await db.insertInto('search_job').values({
    search_key: `test-${status}-${Math.random().toString(36).slice(2)}-key`, public_id: publicId, subject: 'v:127.0.0.1|integration', user_id: null, day: now.slice(0, 10),
    status, source: 'encoded', error: null, created_at: now, finished_at: status === 'pending' ? null : now,
  }).returning('id').executeTakeFirstOrThrow();
  if (hits.length) await db.insertInto('search_result').values(hits.map((h, i) => ({ search_id: job.id, rank: i + 1, product_id: h.productId, score: h.score }))).execute();
  return publicId;
}

t.before(async () => {
  // No background indexing: these pages only read results, and the machine stays free for the others.
  api = await startSeededApi({ products: 12, imageSearch: { indexOnStart: false, refreshMs: 0 } });
  web = await buildTestWeb(api.url);
  const res = await fetch(`${api.url}/product/listLSKHomeProduct?pageNum=1&pageSize=12`);
  products = ((await res.json()) as { data: Page<ProductSummary> }).data.list;
});
t.teardown(async () => {
  await web?.close();
  await api?.close();
});

t.test('a finished search renders its ranked patterns with similarity, company and colour cards', async (t) => {
  const ranked = [products[3], products[0], products[5]];
  const id = await insertSearch('done', ranked.map((p, i) => ({ productId: p.id, score: [0.934, 0.812, 0.5][i] })));
  for (const path of ['/homePicSearch', '/home/search/img']) {
    const res = await web.inject({ url: `${path}?searchId=${id}` });
    t.equal(res.statusCode, 200, path);
    t.same(hitIds(res.body), ranked.map((p) => p.id), `${path}: the api's ranking, in order`);
    t.match(res.body, '相似度 93%');
    t.match(res.body, '相似度 81%');
    t.match(res.body, '相似度 50%');
    t.match(res.body, '找到 3 个相似花型');
    t.match(res.body, '最相似', 'the best match is marked');
    t.match(res.body, ranked[0].companyName, 'the mill');
    t.match(res.body, /class="pic-hit__swatch" style="background:#[0-9a-fA-F]{6}"/, 'colour cards');
    t.match(res.body, `href="/picSearchAgain?searchId=${id}"`, 'search again on a crop');
    t.match(res.body, '<meta name="robots" content="noindex', 'not for indexing');
  }
  const en = await web.inject({ url: `/homePicSearch?searchId=${id}&lang=en` });
  t.match(en.body, '93% similar');
  t.match(en.body, '3 similar patterns');
  t.match(en.body, 'Crop and search again');
});

t.test('when the best match is weak the page says so and offers the cropper and a search by pattern only', async (t) => {
  const weak = await insertSearch('done', [products[2], products[4]].map((p, i) => ({ productId: p.id, score: [0.62, 0.6][i] })));
  const zh = await web.inject({ url: `/homePicSearch?searchId=${weak}` });
  t.equal(zh.statusCode, 200);
  t.match(zh.body, 'data-state="weak-match"');
  t.match(zh.body, '没有找到很相似的花型');
  t.match(zh.body, '最相似的结果相似度只有 62%');
  t.match(zh.body, `href="/picSearchAgain?searchId=${weak}&amp;mode=shape"`, 'a search by pattern only');
  t.match(zh.body, '只按图案搜索');
  t.match(zh.body, '裁剪到蕾丝再搜');
  const en = await web.inject({ url: `/homePicSearch?searchId=${weak}&lang=en` });
  t.match(en.body, 'No close match was found');
  t.match(en.body, 'The best match is only 62% similar');
  t.match(en.body, 'Crop to the lace and search again');
  t.match(en.body, 'Search by pattern only');
  // The offer's page: the photo kept in the browser, searched with colour left out (the box ticked).
  const shape = await web.inject({ url: `/picSearchAgain?searchId=${weak}&mode=shape&lang=en` });
  t.equal(shape.statusCode, 200);
  t.match(shape.body, 'Search again on a part of the photo');

  const strong = await insertSearch('done', [products[1]].map((p) => ({ productId: p.id, score: 0.991 })));
  const sure = await web.inject({ url: `/homePicSearch?searchId=${strong}` });
  t.equal(sure.statusCode, 200);
  t.notMatch(sure.body, 'weak-match', 'a close match: no notice');
  t.match(sure.body, '相似度 99%');
});

t.test('results are paginated by ?page= and a page past the end is a 404', async (t) => {
  const id = await insertSearch('done', products.map((p, i) => ({ productId: p.id, score: 0.99 - i * 0.01 })));
  const first = await web.inject({ url: `/homePicSearch?searchId=${id}` });
  t.equal(hitIds(first.body).length, products.length, 'fewer than a page: all on page 1');
  t.equal((await web.inject({ url: `/homePicSearch?searchId=${id}&page=2` })).statusCode, 404);
});

t.test('the empty page, unknown and malformed ids, and a search still running', async (t) => {
  const empty = await web.inject({ url: '/homePicSearch' });
  t.equal(empty.statusCode, 200);
  t.match(empty.body, '上传一张花型照片，按图案找到相似的蕾丝花型。');
  t.match(empty.body, 'class="pic-search__drop"', 'the drop zone');
  t.match(empty.body, /accept="\.png,\.jpeg,\.jpg,\.bmp/, 'png, jpeg, jpg, bmp');
  t.notMatch(empty.body, /class="[^"]*\bpic-hit\b/, 'no result card in the markup (the inline stylesheet names the class)');
  const emptyEn = await web.inject({ url: '/home/search/img?lang=en' });
  t.match(emptyEn.body, 'Drop a photo of the lace here, or click to choose one');

  t.equal((await web.inject({ url: '/homePicSearch?searchId=987654' })).statusCode, 404, 'unknown search');
  t.equal((await web.inject({ url: '/homePicSearch?searchId=abc' })).statusCode, 404, 'malformed id');
  t.equal((await web.inject({ url: '/homePicSearch?searchId=0' })).statusCode, 404, 'zero');

  const pending = await insertSearch('pending', []);
  const running = await web.inject({ url: `/homePicSearch?searchId=${pending}` });
  t.equal(running.statusCode, 200);
  t.match(running.body, 'data-state="issue"');
  t.match(running.body, '搜索尚未完成');
  const cancelled = await insertSearch('cancelled', []);
  t.match((await web.inject({ url: `/homePicSearch?searchId=${cancelled}&lang=en` })).body, 'This search was cancelled');
});

t.test('/picSearchAgain renders and waits for the photo kept in the browser', async (t) => {
  const res = await web.inject({ url: '/picSearchAgain?searchId=5' });
  t.equal(res.statusCode, 200);
  t.match(res.body, '裁剪后重新搜索');
  t.match(res.body, 'data-state="loading"');
  t.match(res.body, 'href="/homePicSearch?searchId=5"', 'back to the results');
});

t.test('while the api is still indexing, the pages say how far it is', async (t) => {
  // A stand-in api: the dictionary, an index being built (its status set by the test), and an empty result.
  const stub = Fastify();
  let status = { ready: false, indexed: 3, complete: 0, total: 12, entries: 36, model: 'm', backend: 'wasm', nearestNeighbours: 'flat', queued: 9 };
  stub.get('/front/dicTree/byTypeKey', async () => ({ code: 0, message: 'ok', data: { data: [] } }));
  stub.get('/search/status', async () => ({ code: 0, message: 'ok', data: status }));
  stub.get('/search/getResultDetailOnLsk', async () => ({ code: 0, message: 'ok', data: { list: [], total: 0, pageNum: 1, pageSize: 20 } }));
  await stub.listen({ host: '127.0.0.1', port: 0 });
  const stubWeb = await buildTestWeb(`http://127.0.0.1:${(stub.server.address() as AddressInfo).port}`);
  t.teardown(async () => { await stubWeb.close(); await stub.close(); });

  // First round: how many products photo search can find yet.
  const emptyPage = await stubWeb.inject({ url: '/homePicSearch' });
  t.equal(emptyPage.statusCode, 200);
  t.match(emptyPage.body, '正在为花型图片建立索引：已可搜到 3 / 12 个产品，结果可能不完整');
  t.match(emptyPage.body, /<progress max="12" value="3"/, 'with a bar');
  const results = await stubWeb.inject({ url: '/homePicSearch?searchId=1&lang=en' });
  t.equal(results.statusCode, 200);
  t.match(results.body, 'Indexing catalogue pictures: 3 of 12 products; results may be incomplete');
  t.match(results.body, 'No similar patterns were found');
  t.match((await stubWeb.inject({ url: '/picSearchAgain' })).body, '正在为花型图片建立索引');

  // Second round: every product can be found; how many have all their pictures and angles.
  status = { ...status, indexed: 12, complete: 5 };
  t.match((await stubWeb.inject({ url: '/homePicSearch' })).body, '全部 12 个产品均可以图搜到；正在补充其余图片和角度：已完成 5 / 12');
  t.match((await stubWeb.inject({ url: '/picSearchAgain?lang=en' })).body, 'All 12 products can be found by photo; adding their other pictures and angles: 5 of 12 done');

  // Done: no notice.
  status = { ...status, ready: true, complete: 12 };
  t.notMatch((await stubWeb.inject({ url: '/homePicSearch' })).body, 'data-state="indexing"');
});
