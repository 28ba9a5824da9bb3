// An installed photo index after the engine changes (issue 22: the network shown normalised luma instead of
// the colour picture, settings.networkInput, or back), on SQLite and PostgreSQL: descriptors stored by the
// other engine are another model's, so the next start finds none of the catalogue indexed, leaves the old
// index file unread, indexes every product anew with the default engine in the background (each product's
// rows replaced by the new model's), and then finds each product first by its own picture.
import fs from 'node:fs';
import t from 'tap';
import { loadConfig } from '../../../config/index';
import { createStorageDriver } from '../../../api/modules/file/create-storage';
import { ImageIndexService } from '../../../api/modules/search/image-index.service';
import { imageSearchSettings, type ImageSearchSettings } from '../../../api/modules/search/image-search.settings';
import { readQueryImage } from '../../../api/modules/search/search.service';
import { createTestDb, dialects } from '../../helpers/db';
import { createLaceCatalogue } from '../../helpers/lace-catalogue';

const quiet = { info() {}, warn() {}, error() {} };
/** The products a photo search of `picture` finds, best first, as the api describes a buyer's photo. */
const find = async (service: ImageIndexService, picture: Buffer) =>
  (await service.nearest(await service.describeQuery(await readQueryImage(picture)).promise, 4)).map((h) => h.productId);

for (const { dialect, skip } of await dialects()) {
  t.test(`an installed photo index is rebuilt when the engine changes (${dialect})`, { skip }, async (t) => {
    const testDb = await createTestDb(dialect);
    t.teardown(() => testDb.cleanup());
    const storage = createStorageDriver(loadConfig({ DATA_DIR: testDb.dir, LOG_LEVEL: 'silent' }, []));
    const products = await createLaceCatalogue(testDb.db.db, storage, 4);
    // Two views a picture keep the test short; the engines differ only in what the network is shown.
    const common: Partial<ImageSearchSettings> = { catalogueViews: ['full', 'centre50'], firstPassViews: ['full', 'centre50'], refreshMs: 0, pgvector: 'off' };
    const defaults = imageSearchSettings(testDb.dir, common);
    const other = defaults.networkInput === 'luma' ? 'rgb' : 'luma';

    // An index installed by the other engine.
    const before = new ImageIndexService(testDb.db.db, dialect, storage, imageSearchSettings(testDb.dir, { ...common, networkInput: other, indexOnStart: true }), quiet);
    await before.idle();
    t.match(await before.status(), { indexed: 4, total: 4 }, `the ${other} engine indexed the catalogue`);
    await before.stop();
    const oldModel = before.model;
    const files = fs.readdirSync(defaults.indexDir);
    t.equal(files.length, 1, 'and saved its index file');

    // The next start runs the default engine: nothing of the old index is its own.
    const after = new ImageIndexService(testDb.db.db, dialect, storage, imageSearchSettings(testDb.dir, { ...common, indexOnStart: false }), quiet);
    await after.start();
    t.not(after.model, oldModel, 'the stored model name changes with the engine');
    t.match(await after.status(), { indexed: 0, total: 4 }, 'no product counts as indexed by the other engine\'s rows');
    t.same(await find(after, products[0].picture), [], 'and none is found through them');
    await after.stop();

    const rebuilt = new ImageIndexService(testDb.db.db, dialect, storage, imageSearchSettings(testDb.dir, { ...common, indexOnStart: true }), quiet);
    t.teardown(() => rebuilt.stop());
    await rebuilt.idle();
    t.match(await rebuilt.status(), { ready: true, indexed: 4, complete: 4, total: 4 }, 'the background pass indexed every product anew');
    for (const p of products) t.equal((await find(rebuilt, p.picture))[0], p.id, `product ${p.id} is found first by its own picture`);
    const models = await testDb.db.db.selectFrom('image_descriptor').select('model').distinct().execute();
    t.same(models.map((m) => m.model), [rebuilt.model], 'the other engine\'s rows were replaced by the default\'s');
    t.equal(fs.readdirSync(defaults.indexDir).length, 2, 'in an index file of its own');
  });
}
