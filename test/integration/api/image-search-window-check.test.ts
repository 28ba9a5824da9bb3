// The second look at a search's leading products (engine/window-check.ts), on SQLite and PostgreSQL:
// indexing keeps each picture's thumbs on the rows of its 'full' and 'tight' views (and on no other row); rows stored
// without one (before migration 2026112800) get it from the next background pass, the same bytes; and a
// search given the photo's windows raises the product whose picture holds a close-up, from thumbs read back
// from the database, while one without (settings.windowCheck off, or no photo) keeps the fused order.
import sharp from 'sharp';
import t from 'tap';
import { loadConfig } from '../../../config/index';
import { createStorageDriver } from '../../../api/modules/file/create-storage';
import { ImageIndexService } from '../../../api/modules/search/image-index.service';
import { imageSearchSettings, type ImageSearchSettings } from '../../../api/modules/search/image-search.settings';
import { decodeUpload } from '../../../api/modules/search/engine/image-input';
import { photoViews, photoWindows, THUMB_SIDE, THUMB_VIEWS } from '../../../api/modules/search/engine/window-check';
import type { ViewName } from '../../../api/modules/search/engine/views';
import { createTestDb, dialects } from '../../helpers/db';
import { createLaceCatalogue } from '../../helpers/lace-catalogue';

const VIEWS: ViewName[] = ['full', 'centre50', 'q25a', 'tight'];
const quiet = { info() {}, warn() {}, error() {} };

/** A close-up of a quarter of the picture (half its side, from its top-left quadrant's middle), enlarged, JPEG. */
async function closeUp(picture: Buffer): Promise<Buffer> {
  const { width = 400, height = 400 } = await sharp(picture).metadata();
  return sharp(picture).extract({ left: Math.round(width * 0.2), top: Math.round(height * 0.15), width: Math.round(width / 2), height: Math.round(height / 2) })
    .resize(400, 400).jpeg({ quality: 82 }).toBuffer();
}

for (const { dialect, skip } of await dialects()) {
  t.test(`thumbs kept at indexing, filled for old rows, read by the window check (${dialect})`, { skip }, async (t) => {
    const testDb = await createTestDb(dialect);
    t.teardown(() => testDb.cleanup());
    const db = testDb.db.db;
    const config = loadConfig({ DATA_DIR: testDb.dir, LOG_LEVEL: 'silent' }, []);
    const storage = createStorageDriver(config);
    const products = await createLaceCatalogue(db, storage, 6);
    const base: Partial<ImageSearchSettings> = { catalogueViews: VIEWS, firstPassViews: VIEWS, refreshMs: 0, pgvector: 'off', queueMax: 1000 };
    const check = { tau: 0.7, gamma: 0.9, top: 10, views: ['full' as const] };

    const service = new ImageIndexService(db, dialect, storage, imageSearchSettings(testDb.dir, { ...base, windowCheck: check }), quiet);
    t.teardown(() => service.stop());
    await service.idle();
    const rows = await db.selectFrom('image_descriptor').select(['id', 'product_id', 'view', 'thumb']).orderBy('id').execute();
    t.equal(rows.length, 6 * VIEWS.length, 'every view of every product indexed');
    const full = rows.filter((r) => THUMB_VIEWS.includes(r.view as ViewName));
    t.equal(full.length, 12, "a 'full' and a 'tight' row a product");
    t.ok(full.every((r) => r.thumb && r.thumb.length === THUMB_SIDE * THUMB_SIDE), `each holds a ${THUMB_SIDE * THUMB_SIDE}-byte thumb`);
    t.ok(rows.filter((r) => !THUMB_VIEWS.includes(r.view as ViewName)).every((r) => r.thumb === null), 'no other row holds one');
    const before = new Map(full.map((r) => [r.id, Buffer.from(r.thumb!).toString('hex')]));

    // A close-up of the second product: the fused score and the window check's.
    const target = products[1];
    const photo = await decodeUpload(await closeUp(target.picture));
    const described = service.describeQuery(photo);
    const vectors = await described.promise;
    const windows = await described.windows;
    // Made by the extraction threads from the 'full' view they describe: the windows this thread would make.
    const here = photoWindows(await photoViews(photo, check.views));
    t.ok(windows.windows.length > 0, `the photo has windows: ${windows.windows.length}`);
    t.same(windows.windows.map((w) => [w.n, Array.from(w.q.subarray(0, 8), (x) => x.toFixed(5))]), here.windows.map((w) => [w.n, Array.from(w.q.subarray(0, 8), (x) => x.toFixed(5))]), "the same as this thread's from the photo's 'full' view");
    const plain = await service.nearest(vectors, 6);
    const checked = await service.nearest(vectors, 6, { photo: windows });
    t.equal(checked[0].productId, target.id, 'the close-up finds its product first');
    const fusedOwn = plain.find((h) => h.productId === target.id)!.score, checkedOwn = checked[0].score;
    t.ok(checkedOwn > fusedOwn && checkedOwn <= 1, `its score raised by the window check: ${fusedOwn.toFixed(4)} -> ${checkedOwn.toFixed(4)}`);
    t.equal(checked.length, plain.length, 'the same number of hits');

    // Rows stored before thumbs were kept: the next background pass fills them from the pictures.
    await service.stop();
    await db.updateTable('image_descriptor').set({ thumb: null }).execute();
    const without = new ImageIndexService(db, dialect, storage, imageSearchSettings(testDb.dir, { ...base, windowCheck: check }), quiet);
    t.teardown(() => without.stop());
    await without.idle();
    const after = await db.selectFrom('image_descriptor').select(['id', 'view', 'thumb']).where('view', 'in', [...THUMB_VIEWS]).orderBy('id').execute();
    t.same(after.map((r) => [r.id, r.thumb ? Buffer.from(r.thumb).toString('hex') : null]), [...before], 'each thumb filled again, the same bytes, on the same rows');
    t.equal(await db.selectFrom('image_descriptor').select('id').where('view', 'not in', [...THUMB_VIEWS]).where('thumb', 'is not', null).execute().then((r) => r.length), 0, 'still none on the other rows');

    // With the check off, the photo's windows are not made and the fused order stands.
    const off = new ImageIndexService(db, dialect, storage, imageSearchSettings(testDb.dir, { ...base, windowCheck: null, indexOnStart: false }), quiet);
    t.teardown(() => off.stop());
    t.equal((await off.describeQuery(photo).windows).windows.length, 0, 'no windows when the check is off');
    const offHits = await off.nearest(vectors, 6, { photo: windows });
    t.same(offHits.map((h) => [h.productId, h.score.toFixed(6)]), plain.map((h) => [h.productId, h.score.toFixed(6)]), 'and a search keeps the fused scores');
  });
}
