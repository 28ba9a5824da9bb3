// Photo search soon after a first start (issue 21 item 2), on SQLite and PostgreSQL: the background pass
// first gives every product the first views of its first picture, then the rest. A catalogue left after
// the first round (an api stopped there) is searchable: each product is found first by its own cover, and
// GET /search/status says how many products can be found and how many are complete. The next api's
// background pass completes those products, adding their other views and pictures beside the rows already
// there, and the status then says every product is complete. A refresh (rows other replicas wrote) after
// a start on an empty index does not add the rows written since a second time.
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../../config/index';
import { buildApiApp } from '../../../api/app';
import { createStorageDriver } from '../../../api/modules/file/create-storage';
import { ImageIndexService } from '../../../api/modules/search/image-index.service';
import { imageSearchSettings, type ImageSearchSettings } from '../../../api/modules/search/image-search.settings';
import type { ViewName } from '../../../api/modules/search/engine/views';
import { designFor, renderLaceJpeg } from '../../../api/db/seed/lace-image';
import { createTestDb, dialects } from '../../helpers/db';
import { createLaceCatalogue } from '../../helpers/lace-catalogue';
import { nextVisitorAddress } from '../../helpers/visitors';

type Body<T = unknown> = { code: number; message: string; data: T };
interface Status { ready: boolean; indexed: number; complete: number; total: number; entries: number }

// Four views a picture keep the test short; the first round takes two of them.
const VIEWS: ViewName[] = ['full', 'rot90', 'centre50', 'q25a'];
const FIRST: ViewName[] = ['full', 'centre50'];
const quiet = { info() {}, warn() {}, error() {} };

for (const { dialect, skip } of await dialects()) {
  t.test(`photo search while the catalogue is indexed in two rounds (${dialect})`, { skip }, async (t) => {
    const testDb = await createTestDb(dialect);
    t.teardown(() => testDb.cleanup());
    const config = loadConfig({ DATA_DIR: testDb.dir, LOG_LEVEL: 'silent' }, []);
    const storage = createStorageDriver(config);
    const products = await createLaceCatalogue(testDb.db.db, storage, 6);
    // The first product gets a second picture (another design): the second round must add it.
    const second = `product/${products[0].id}/2.jpg`;
    await storage.put(second, await renderLaceJpeg(designFor(9100, 'medallion'), '#c8102e', 'full', 400, 400), 'image/jpeg');
    await testDb.db.db.insertInto('product_image').values({ product_id: products[0].id, path: second, width: 400, height: 400, sort: 2 }).execute();
    const search: Partial<ImageSearchSettings> = { catalogueViews: VIEWS, firstPassViews: FIRST, refreshMs: 0, pgvector: 'off', queueMax: 1000 };

    // The first round alone, as an api stopped after it leaves the catalogue.
    const first = new ImageIndexService(testDb.db.db, dialect, storage, imageSearchSettings(testDb.dir, { ...search, indexOnStart: false }), quiet);
    t.equal(await first.indexFirstRound(), 6, 'the first round indexed every product');
    t.match(await first.status(), { indexed: 6, complete: 0, total: 6, entries: 12 }, 'its status: every product findable, none complete');
    // Picking up rows written since start (another replica's) reads this process's own rows again: in place, not twice.
    await first.refresh();
    t.match(await first.status(), { indexed: 6, complete: 0, entries: 12 }, 'the same after a refresh');
    await first.stop();
    const rows = await testDb.db.db.selectFrom('image_descriptor').select(['id', 'product_id', 'image_path', 'view']).execute();
    t.equal(rows.length, 6 * FIRST.length, 'two views of one picture each');
    t.same([...new Set(rows.map((r) => r.view))].sort(), [...FIRST].sort(), 'the first-round views');
    t.notOk(rows.some((r) => r.image_path === second), 'the second picture is left for later');

    const api = async (indexOnStart: boolean): Promise<FastifyInstance> => {
      const deps = { config, db: testDb.db, storage, imageSearch: { ...search, indexOnStart } };
      const app = await buildApiApp({ deps });
      await app.ready();
      return app;
    };
    const status = async (app: FastifyInstance) => ((await app.inject({ method: 'GET', url: '/search/status' })).json() as Body<Status>).data;
    const searchFor = async (app: FastifyInstance, picture: Buffer) => {
      const remoteAddress = nextVisitorAddress();
      const started = (await app.inject({ remoteAddress, method: 'POST', url: '/search/encoded', headers: { 'x-lang': 'en' }, payload: { image: picture.toString('base64') } })).json() as Body<{ searchKey: string }>;
      if (started.code !== 0) throw new Error(`search start: ${started.message}`);
      for (let i = 0; i < 600; i++) {
        const polled = (await app.inject({ method: 'GET', url: `/search/polling/${started.data.searchKey}` })).json() as Body<number>;
        if (polled.code !== 0) throw new Error(`search: ${polled.message}`);
        if (polled.data !== -1) {
          const res = (await app.inject({ method: 'GET', url: `/search/getResult?searchId=${polled.data}&pageNum=1&pageSize=10`, headers: { 'x-lang': 'en' } })).json() as Body<{ list: Array<{ id: number }> }>;
          return res.data.list.map((h) => h.id);
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('search did not finish in 60 s');
    };

    // An api that does not index in the background: the catalogue stays as the first round left it.
    const partial = await api(false);
    await t.test('a partly indexed catalogue is searchable, and the status says how far indexing is', async (t) => {
      for (const p of products) t.equal((await searchFor(partial, p.picture))[0], p.id, `product ${p.id} is found first by its cover`);
      // (After a search the index is loaded.)
      t.match(await status(partial), { indexed: 6, complete: 0, total: 6, entries: 6 * FIRST.length }, 'every product can be found; none is complete');
    });
    await partial.close();

    // The next api's background pass completes every product, beside the rows the first round stored.
    const full = await api(true);
    t.teardown(() => full.close());
    let s = await status(full);
    for (let i = 0; i < 1200 && !s.ready; i++) {
      await new Promise((r) => setTimeout(r, 100));
      s = await status(full);
    }
    t.match(s, { ready: true, indexed: 6, complete: 6, total: 6, entries: 7 * VIEWS.length }, 'every view of every picture, each once');
    const after = await testDb.db.db.selectFrom('image_descriptor').select(['id', 'image_path', 'view']).execute();
    t.equal(new Set(after.map((r) => `${r.image_path} ${r.view}`)).size, 7 * VIEWS.length, 'no view stored twice');
    t.ok(rows.every((r) => after.some((a) => a.id === r.id)), 'the first round\'s rows were kept');
    t.equal((await searchFor(full, products[3].picture))[0], products[3].id, 'a complete product is still found first');
  });
}
