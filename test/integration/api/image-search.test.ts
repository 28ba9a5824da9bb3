// Photo search over HTTP (inject): an image finds its own product, crops and turned copies find it near the
// top, the daily quota, polling, cancel, and every kind of bad upload, on SQLite and PostgreSQL. On
// PostgreSQL both nearest-neighbour paths run over one database: first the in-process index
// (IMAGE_PGVECTOR=off), then pgvector, which must fill the embeddings of the rows the first run stored.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import t from 'tap';
import pg from 'pg';
import sharp from 'sharp';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { loadConfig, testEnv } from '../../../config/index';
import { buildApiApp } from '../../../api/app';
import { createStorageDriver } from '../../../api/modules/file/create-storage';
import { Codes } from '../../../isomorphic/domain/codes';
import { openDatabase, type Db } from '../../../api/db/database';
import { createTestDb, dialects, type TestDb } from '../../helpers/db';
import { createLaceCatalogue, type TestProduct } from '../../helpers/lace-catalogue';
import { nextVisitorAddress } from '../../helpers/visitors';
import { mintVisitorId, visitorSecret } from '../../../api/modules/search/visitor-id';

type Body<T = unknown> = { code: number; message: string; data: T };
interface Hit { id: number; rank: number; similarity: number }

/** The key the api signs visitor ids with (its data dir's, set per dialect below); a new visitor's id as the api would hand it out. */
let visitorKey = '';
const newVisitor = () => mintVisitorId(visitorKey);

function filesUnder(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
}

/** A PNG whose header claims `w`×`h` pixels, with no pixel data worth the name. */
function hugePngHeader(w: number, h: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4); len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4); crc.writeUInt32BE(zlib.crc32(td) >>> 0);
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0); ihdr.writeUInt32BE(h, 4); ihdr[8] = 8; ihdr[9] = 2;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(Buffer.alloc(64))), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * Whether the test PostgreSQL offers pgvector (a reason to skip when not; with REQUIRE_PG=1 its absence
 * fails). The extension is created here, in `public`, so that no test schema comes to own it: dropping
 * that schema would drop the extension and every other schema's embedding column.
 */
async function pgvectorSkip(): Promise<string | false> {
  const c = new pg.Client({ connectionString: testEnv.pgUrl });
  await c.connect();
  try {
    if ((await c.query(`select 1 from pg_available_extensions where name = 'vector'`)).rowCount === 0) {
      const why = `pgvector is not installed in the PostgreSQL at ${testEnv.pgUrl} (.ci/run builds it: see api/modules/search/README.md)`;
      if (testEnv.requirePg) throw new Error(`REQUIRE_PG=1 but ${why}`);
      return why;
    }
    await c.query('create extension if not exists vector schema public').catch(async (err) => {
      if ((await c.query(`select 1 from pg_extension where extname = 'vector'`)).rowCount === 0) throw err; // else a parallel test made it
    });
    return false;
  } finally {
    await c.end();
  }
}

/**
 * Another pool on the test schema whose sessions prefer index scans. On a 144-row catalogue the planner
 * answers pgvector's ORDER BY by an exact scan and sort; so the searches go through the HNSW index (and
 * its ef_search) as they would on a large catalogue.
 */
function indexPreferringDb(testDb: TestDb): Db {
  const url = new URL(testEnv.pgUrl);
  url.searchParams.set('options', `-c search_path=${testDb.db.schema} -c enable_seqscan=off -c enable_bitmapscan=off -c enable_sort=off`);
  return openDatabase({ kind: 'postgres', url: url.toString() });
}

/** One api over the test database: which nearest-neighbour path it should use, and whether to run every subtest. */
interface Phase { name: string; pgvector: 'auto' | 'off'; expect: 'flat' | 'hnsw' | 'pgvector'; all: boolean; skip?: string | false; preferIndex?: boolean; annFrom?: number; exactTop?: number }

for (const { dialect, skip } of await dialects()) {
  t.test(`image search (${dialect})`, { skip }, async (t) => {
    const testDb = await createTestDb(dialect);
    t.teardown(() => testDb.cleanup());
    const config = loadConfig({ DATA_DIR: testDb.dir, LOG_LEVEL: 'silent' }, []);
    visitorKey = visitorSecret(config.api.visitorSecret, config.dataDir);
    const storage = createStorageDriver(config);
    const products: TestProduct[] = await createLaceCatalogue(testDb.db.db, storage, 12);
    const pgvectorSkipped = dialect === 'postgres' ? await pgvectorSkip() : 'SQLite';
    const phases: Phase[] = dialect === 'sqlite'
      ? [
        { name: 'in-process index', pgvector: 'auto', expect: 'flat', all: true },
        // The same stored descriptors, over the threshold of the graph: PCA + usearch HNSW + re-scoring from
        // the graph's codes, the best 20 again from the stored rows; then from the codes alone.
        { name: 'HNSW graph (IMAGE_ANN_FROM=100)', pgvector: 'auto', expect: 'hnsw', all: false, annFrom: 100 },
        { name: 'HNSW graph, codes only (IMAGE_ANN_EXACT_TOP=0)', pgvector: 'auto', expect: 'hnsw', all: false, annFrom: 100, exactTop: 0 },
      ]
      : [
        // The search-quality subtests only; the catalogue is extracted here, and the next api reuses the rows.
        { name: 'in-process index (IMAGE_PGVECTOR=off)', pgvector: 'off', expect: 'flat', all: pgvectorSkipped !== false },
        { name: 'pgvector HNSW', pgvector: 'auto', expect: 'pgvector', all: true, skip: pgvectorSkipped, preferIndex: true },
      ];
    const exactSimilarity = new Map<string, number>();
    for (const phase of phases) await t.test(phase.name, { skip: phase.skip ?? false }, async (t) => {
      const apiDb = phase.preferIndex ? indexPreferringDb(testDb) : testDb.db;
      const deps = { config, db: apiDb, storage, imageSearch: { refreshMs: 0, queueMax: 1000, pgvector: phase.pgvector, ...(phase.annFrom ? { annFrom: phase.annFrom, annDims: 32 } : {}), ...(phase.exactTop !== undefined ? { annExactTop: phase.exactTop } : {}) } };
      const app: FastifyInstance = await buildApiApp({ deps });
      t.teardown(async () => { await app.close(); if (apiDb !== testDb.db) await apiDb.destroy(); });

      const headers = (visitor: string, extra: Record<string, string> = {}) => ({ 'x-lang': 'en', 'x-visitor-id': visitor, ...extra });
      // A guest's quota is kept per address and visitor id: one visitor searches from one address.
      const addresses = new Map<string, string>();
      const addressOf = (visitor: string) => addresses.get(visitor) ?? addresses.set(visitor, nextVisitorAddress()).get(visitor)!;
      const startJson = async (image: Buffer | string, visitor: string) => {
        const res = await app.inject({ remoteAddress: addressOf(visitor), method: 'POST', url: '/search/encoded', headers: headers(visitor), payload: { image: typeof image === 'string' ? image : image.toString('base64') } });
        return { status: res.statusCode, body: res.json() as Body<{ searchKey: string } | null> };
      };
      const poll = async (key: string) => (await app.inject({ method: 'GET', url: `/search/polling/${key}` })).json() as Body<number>;
      const waitFor = async (key: string) => {
        for (let i = 0; i < 600; i++) {
          const b = await poll(key);
          if (b.code !== 0 || b.data !== -1) return b;
          await new Promise((r) => setTimeout(r, 100));
        }
        throw new Error('search did not finish in 60 s');
      };
      const search = async (image: Buffer, visitor = newVisitor()) => {
        const started = await startJson(image, visitor);
        if (started.body.code !== 0) throw new Error(`search start: ${started.body.message}`);
        const done = await waitFor((started.body.data as { searchKey: string }).searchKey);
        if (done.code !== 0) throw new Error(`search: ${done.message}`);
        const res = await app.inject({ method: 'GET', url: `/search/getResult?searchId=${done.data}&pageNum=1&pageSize=10`, headers: headers(visitor) });
        return (res.json() as Body<{ list: Hit[]; total: number }>).data;
      };

      // Readiness: the catalogue is indexed in the background after start.
      await app.ready();
      let status: Body<{ ready: boolean; indexed: number; total: number; nearestNeighbours: string }> | undefined;
      for (let i = 0; i < 1200; i++) {
        status = (await app.inject({ method: 'GET', url: '/search/status' })).json();
        if (status?.data.ready) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      t.equal(status?.data.ready, true, 'search reports ready after background indexing');
      // An earlier phase's import subtest may have added its patterns to the catalogue.
      const onSale = Number((await testDb.db.db.selectFrom('product').where('status', '=', 1).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
      t.equal(status?.data.indexed, onSale, 'every product is indexed');
      t.equal(status?.data.total, onSale);
      t.equal(status?.data.nearestNeighbours, phase.expect, `nearest neighbours: ${phase.expect}`);
      if (phase.expect === 'pgvector') {
        // The api before this one (IMAGE_PGVECTOR=off) stored the rows without embeddings: filled at start.
        const { rows: [stored] } = await sql<{ n: number; missing: number }>`
          select count(*)::int as n, (count(*) filter (where embedding is null))::int as missing from image_descriptor`.execute(testDb.db.db);
        t.ok(stored.n >= 12 * 12, `${stored.n} descriptors stored`);
        t.equal(stored.missing, 0, 'each has its embedding');
        const { rows: [hnsw] } = await sql<{ def: string }>`
          select indexdef as def from pg_indexes where schemaname = current_schema() and indexname = 'image_descriptor_hnsw'`.execute(testDb.db.db);
        t.match(hnsw?.def ?? '', /USING hnsw \(embedding (public\.)?vector_ip_ops\)/, 'and the HNSW index');
      }

      t.test('an image finds its own product first', async (t) => {
        for (const p of [products[0], products[5], products[9]]) {
          const r = await search(p.picture);
          t.equal(r.list[0]?.id, p.id, `product ${p.id} ranks first`);
          t.ok(r.list[0].similarity > 0.5 && r.list[0].similarity <= 1.0001, 'with a similarity score');
          t.equal(r.total, onSale, 'and every product on sale is ranked (no cut at an index scan\'s first rows)');
        }
      });

      t.test('a crop and a rotated copy find it in the top 3', async (t) => {
        const p = products[3];
        const crop = await sharp(p.picture).extract({ left: 190, top: 40, width: 200, height: 200 }).jpeg().toBuffer();
        const turned = await sharp(p.picture).rotate(90).jpeg().toBuffer();
        const tilted = await sharp(p.picture).rotate(15, { background: '#777777' }).jpeg().toBuffer();
        for (const [name, img] of [['25% off-centre crop', crop], ['rotated 90°', turned], ['rotated 15°', tilted]] as const) {
          const r = await search(img);
          t.ok(r.list.slice(0, 3).some((h) => h.id === p.id), `${name}: product in the top 3 (got ${r.list.slice(0, 3).map((h) => h.id).join(', ')})`);
          // The similarity shown is the exact fused cosine wherever the leading products are scored from
          // their full descriptors: the graph's equals the exact scan's of the first phase.
          const shown = r.list.find((h) => h.id === p.id)?.similarity ?? NaN;
          if (phase.expect === 'flat') exactSimilarity.set(name, shown);
          else if (phase.expect === 'hnsw' && phase.exactTop !== 0 && exactSimilarity.has(name)) {
            t.ok(Math.abs(shown - exactSimilarity.get(name)!) < 1e-3, `${name}: the exact similarity (${shown} against the flat scan's ${exactSimilarity.get(name)})`);
          }
        }
      });

      // The rest does not depend on the nearest-neighbour path: once per database.
      if (phase.all) {
        t.test('raw image body and /search/url both start a search', async (t) => {
          const visitor = newVisitor();
          const raw = await app.inject({ remoteAddress: nextVisitorAddress(), method: 'POST', url: '/search/encoded', headers: headers(visitor, { 'content-type': 'image/jpeg' }), payload: products[1].picture });
          t.equal(raw.json().code, 0);
          t.equal((await waitFor(raw.json().data.searchKey)).code, 0);
          const byUrl = await app.inject({ remoteAddress: nextVisitorAddress(), method: 'POST', url: '/search/url', headers: headers(visitor), payload: { url: storage.url(products[2].path) } });
          t.equal(byUrl.json().code, 0, 'a URL on our storage');
          const done = await waitFor(byUrl.json().data.searchKey);
          const detail = await app.inject({ method: 'GET', url: `/search/getResultDetailOnLsk?searchId=${done.data}`, headers: headers(visitor) });
          const first = detail.json().data.list[0];
          t.equal(first.id, products[2].id);
          t.equal(first.company.nameEn, 'Test Lace Works', 'with its company');
          t.equal(first.colourCards.length, 1, 'and its colour cards');
          const outside = await app.inject({ remoteAddress: nextVisitorAddress(), method: 'POST', url: '/search/url', headers: headers(visitor), payload: { url: 'https://evil.example.com/x.jpg' } });
          t.equal(outside.json().code, Codes.IMAGE_URL_INVALID);
          const climbing = await app.inject({ remoteAddress: nextVisitorAddress(), method: 'POST', url: '/search/url', headers: headers(visitor), payload: { url: '../../etc/passwd' } });
          t.equal(climbing.json().code, Codes.IMAGE_URL_INVALID);
        });

        t.test('a search by pattern only (?mode=shape) finds the product in dim, tinted light; another mode is refused', async (t) => {
          const p = products[6];
          // Under a tungsten-like cast at 0.6 of the light, most of the colour gone.
          const tinted = await sharp(p.picture).modulate({ saturation: 0.2, brightness: 0.6 }).linear([1.25, 0.9, 0.55], [0, 0, 0]).jpeg({ quality: 80 }).toBuffer();
          const visitor = newVisitor();
          const started = await app.inject({ method: 'POST', url: '/search/encoded?mode=shape', headers: headers(visitor, { 'content-type': 'image/jpeg' }), payload: tinted });
          t.equal(started.json().code, 0, 'a search by pattern only starts');
          const done = await waitFor(started.json().data.searchKey);
          const res = await app.inject({ method: 'GET', url: `/search/getResult?searchId=${done.data}&pageNum=1&pageSize=3`, headers: headers(visitor) });
          const list = (res.json() as Body<{ list: Hit[] }>).data.list;
          t.equal(list[0]?.id, p.id, `the product first (got ${list.map((h) => h.id).join(', ')})`);
          const byUrl = await app.inject({ method: 'POST', url: '/search/url', headers: headers(visitor), payload: { url: storage.url(p.path), mode: 'shape' } });
          t.equal(byUrl.json().code, 0, '/search/url takes the mode too');
          t.equal((await waitFor(byUrl.json().data.searchKey)).code, 0);
          const jobsBefore = Number((await testDb.db.db.selectFrom('search_job').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
          for (const url of ['/search/encoded?mode=colour', '/search/encoded?mode=shape&x=1']) {
            const bad = await app.inject({ method: 'POST', url, headers: headers(newVisitor(), { 'content-type': 'image/jpeg' }), payload: tinted });
            t.equal(bad.statusCode, 400, `${url}: 400`);
            t.equal(bad.json().code, Codes.SEARCH_MODE_INVALID);
            t.match(bad.json().message, 'The search mode must be all (pattern and colour) or shape (pattern only)');
          }
          const badUrl = await app.inject({ method: 'POST', url: '/search/url', headers: headers(newVisitor()), payload: { url: storage.url(p.path), mode: 'colour' } });
          t.equal(badUrl.statusCode, 400, 'a bad mode in /search/url: 400');
          const jobsAfter = Number((await testDb.db.db.selectFrom('search_job').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
          t.equal(jobsAfter, jobsBefore, 'and no search job');
        });

        t.test('polling answers -1 until the search id, unknown keys are not found', async (t) => {
          const started = await startJson(products[4].picture, newVisitor());
          const key = started.body.data!.searchKey;
          t.ok(key.length >= 32, 'an unguessable key');
          t.equal((await poll(key)).data, -1, 'pending');
          const done = await waitFor(key);
          t.equal(done.code, 0);
          t.ok(done.data > 0, 'then the search id');
          // Search ids are random, not counted: the next number is nobody's search.
          const other = await waitFor((await startJson(products[5].picture, newVisitor())).body.data!.searchKey);
          t.ok(Math.abs(other.data - done.data) > 1000, `two searches' ids are far apart (${done.data}, ${other.data})`);
          const next = await app.inject({ method: 'GET', url: `/search/getResult?searchId=${done.data + 1}&pageNum=1&pageSize=10` });
          t.equal(next.json().code, Codes.SEARCH_NOT_FOUND, 'the id after a search finds nothing');
          t.equal((await poll('A'.repeat(32))).code, Codes.SEARCH_NOT_FOUND);
        });

        t.test('a search can be cancelled', async (t) => {
          const started = await startJson(products[6].picture, newVisitor());
          const key = started.body.data!.searchKey;
          const res = await app.inject({ method: 'POST', url: `/search/cancel/${key}` });
          t.same(res.json(), { code: 0, message: res.json().message, data: true });
          const after = await poll(key);
          t.equal(after.code, Codes.SEARCH_CANCELLED, 'polling says cancelled');
          await new Promise((r) => setTimeout(r, 300));
          const job = await testDb.db.db.selectFrom('search_job').select('status').where('search_key', '=', key).executeTakeFirstOrThrow();
          t.equal(job.status, 'cancelled', 'and it stays cancelled');
        });

        t.test('7 free searches a day; the 8th answers 1004020', async (t) => {
          const visitor = newVisitor();
          const small = await sharp(products[7].picture).resize(96, 96).jpeg().toBuffer();
          for (let i = 1; i <= 7; i++) t.equal((await startJson(small, visitor)).body.code, 0, `search ${i}`);
          const eighth = await startJson(small, visitor);
          t.equal(eighth.body.code, Codes.IMAGE_SEARCH_QUOTA);
          t.equal(eighth.body.message, 'Your 7 free flower searches for today are used up');
          t.equal((await startJson(small, newVisitor())).body.code, 0, 'another visitor still may');
        });

        t.test('ten searches at the same moment: exactly seven start', async (t) => {
          const visitor = newVisitor();
          const small = await sharp(products[7].picture).resize(96, 96).jpeg().toBuffer();
          const answers = await Promise.all(Array.from({ length: 10 }, () => startJson(small, visitor)));
          t.equal(answers.filter((a) => a.body.code === 0).length, 7, 'seven started');
          t.equal(answers.filter((a) => a.body.code === Codes.IMAGE_SEARCH_QUOTA).length, 3, 'three refused with 1004020');
        });

        t.test('bad input: a clear error, fast, and nothing left behind', async (t) => {
          const jpeg = products[8].picture;
          const big = Buffer.alloc(50 * 1024 * 1024, 0x41);
          jpeg.copy(big, 0, 0, 64);
          const cases: Array<[string, () => Promise<{ code: number; status: number }>, number]> = [
            ['not an image', async () => { const r = await startJson(Buffer.from('hello, this is plain text and not a picture'), newVisitor()); return { code: r.body.code, status: r.status }; }, Codes.IMAGE_NOT_IMAGE],
            ['empty JSON image', async () => { const r = await startJson('', newVisitor()); return { code: r.body.code, status: r.status }; }, Codes.IMAGE_EMPTY],
            ['empty raw body', async () => { const r = await app.inject({ remoteAddress: nextVisitorAddress(), method: 'POST', url: '/search/encoded', headers: headers(newVisitor(), { 'content-type': 'image/jpeg' }), payload: Buffer.alloc(0) }); return { code: r.json().code, status: r.statusCode }; }, Codes.IMAGE_EMPTY],
            ['truncated file', async () => { const r = await startJson(jpeg.subarray(0, Math.floor(jpeg.length / 2)), newVisitor()); return { code: r.body.code, status: r.status }; }, Codes.IMAGE_CORRUPT],
            ['50 MB raw file', async () => { const r = await app.inject({ remoteAddress: nextVisitorAddress(), method: 'POST', url: '/search/encoded', headers: headers(newVisitor(), { 'content-type': 'image/jpeg' }), payload: big }); return { code: r.json().code, status: r.statusCode }; }, Codes.IMAGE_TOO_LARGE],
            ['50 MB base64 file', async () => { const r = await startJson(big, newVisitor()); return { code: r.body.code, status: r.status }; }, Codes.IMAGE_TOO_LARGE],
            ['20000×20000 image', async () => { const r = await startJson(hugePngHeader(20000, 20000), newVisitor()); return { code: r.body.code, status: r.status }; }, Codes.IMAGE_TOO_MANY_PIXELS],
          ];
          const jobsBefore = Number((await testDb.db.db.selectFrom('search_job').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
          const filesBefore = filesUnder(path.join(testDb.dir, 'files'));
          for (const [name, run, code] of cases) {
            const r = await run();
            t.equal(r.code, code, `${name}: code ${code}`);
            t.ok(r.status >= 400 && r.status < 500, `${name}: a 4xx status (${r.status})`);
          }
          const jobsAfter = Number((await testDb.db.db.selectFrom('search_job').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
          t.equal(jobsAfter, jobsBefore, 'no search job was created');
          t.equal(filesUnder(path.join(testDb.dir, 'files')), filesBefore, 'no file was stored');
        });

        t.test('import: a folder of pictures and a CSV becomes searchable products; bad rows are reported', async (t) => {
          const { importFolder, writeSampleFolder } = await import('../../../scripts/import');
          const { indexProduct } = await import('../../../api/modules/search/index-product');
          const folder = path.join(testDb.dir, 'sample');
          await writeSampleFolder(folder);
          const report = await importFolder(testDb.db.db, storage, folder, (id) => indexProduct(id, apiDb.db));
          t.equal(report.imported.length, 5, 'five patterns imported');
          t.same(report.errors.map((e) => e.line), [7, 8, 9], 'the three bad rows are reported by line');
          const cards = await testDb.db.db.selectFrom('colour_card').select('name').where('product_id', '=', report.imported[2].productId).execute();
          t.same(cards.map((c) => c.name), ['本白', '黑色'], 'with their colour cards');
          const r = await search(fs.readFileSync(path.join(folder, 'pattern-3-black.jpg')));
          t.equal(r.list[0]?.id, report.imported[2].productId, 'an imported pattern is found by its picture');
        });

      }

      t.test('taken off sale it leaves the results; re-indexed it comes back, once', async (t) => {
        const { indexProduct } = await import('../../../api/modules/search/index-product');
        const db = apiDb.db;
        const onSale = (id: number, yes: boolean) => db.updateTable('product').set({ status: yes ? 1 : 0 }).where('id', '=', id).execute();
        const found = async (p: TestProduct) => (await search(p.picture)).list.map((h) => h.id);
        const stored = async (id: number, withEmbedding = false) => Number((await db.selectFrom('image_descriptor').select((eb) => eb.fn.countAll<number>().as('n'))
          .where('product_id', '=', id).$if(withEmbedding, (qb) => qb.where(sql<boolean>`embedding is not null`)).executeTakeFirstOrThrow()).n);
        const entries = async () => ((await app.inject({ method: 'GET', url: '/search/status' })).json() as Body<{ entries: number }>).data.entries;

        // Off sale but not re-indexed yet: its descriptors are still stored, the results leave it out.
        const q = products[11];
        await onSale(q.id, false);
        t.notOk((await found(q)).includes(q.id), 'a product taken off sale is not found');
        await onSale(q.id, true);
        t.equal((await found(q))[0], q.id, 'back on sale, it is found first');

        // Off sale and re-indexed, as the catalogue does: its descriptors go.
        const p = products[10];
        await onSale(p.id, false);
        t.equal(await indexProduct(p.id, db), 0, 'no vectors for a removed product');
        t.equal(await stored(p.id), 0, 'none stored');
        t.notOk((await found(p)).includes(p.id), 'not found any more');
        await onSale(p.id, true);
        const before = await entries();
        const n = (await indexProduct(p.id, db)) as number;
        t.ok(n > 0, 'indexed again');
        t.equal(await indexProduct(p.id, db), n, 'and re-indexed once more');
        t.equal(await stored(p.id), n, 'its descriptors are stored once');
        if (phase.expect === 'pgvector') t.equal(await stored(p.id, true), n, 'each with its embedding');
        t.equal(await entries(), before + n, 'the index holds them once');
        const ids = await found(p);
        t.equal(ids[0], p.id, 'found first again');
        t.equal(new Set(ids).size, ids.length, 'no product twice in the results');
      });
    });

    if (phases.some((p) => p.preferIndex && !p.skip)) {
      // A session reports its index statistics when it ends (else up to 10 s later): the pool is closed now.
      let scans = 0;
      for (let i = 0; i < 50 && scans === 0; i++) {
        await sql`select pg_stat_clear_snapshot()`.execute(testDb.db.db);
        scans = (await sql<{ n: number }>`select coalesce(sum(idx_scan), 0)::int as n from pg_stat_user_indexes
          where schemaname = current_schema() and indexrelname = 'image_descriptor_hnsw'`.execute(testDb.db.db)).rows[0].n;
        if (scans === 0) await new Promise((r) => setTimeout(r, 100));
      }
      t.ok(scans > 0, `the pgvector searches went through the HNSW index (${scans} index scans)`);
    }
  });
}
