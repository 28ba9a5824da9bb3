// The fine check of a see-through piece's leading products (engine/fine-check.ts) through the api's search, on
// SQLite and PostgreSQL: a photo of lace laid see-through on wood carries its drawing from the extraction
// threads; the search reads the leading products' pictures from storage and orders them by how their threads
// agree with it, the scores staying best first; without the setting the same products lead in the look's order;
// a product whose picture storage lost goes last among them, and the search still answers.
import t from 'tap';
import { loadConfig } from '../../../config/index';
import { Rng } from '../../../api/db/seed/random';
import { createStorageDriver } from '../../../api/modules/file/create-storage';
import { ImageIndexService } from '../../../api/modules/search/image-index.service';
import { imageSearchSettings, type ImageSearchSettings } from '../../../api/modules/search/image-search.settings';
import { decodeUpload } from '../../../api/modules/search/engine/image-input';
import { fineAgreement, finePieces } from '../../../api/modules/search/engine/fine-check';
import { fineThreads } from '../../../api/modules/search/engine/window-check';
import type { ViewName } from '../../../api/modules/search/engine/views';
import { transform, type LaceTruth } from '../../bench/image-search-transforms';
import { createTestDb, dialects } from '../../helpers/db';
import { createLaceCatalogue } from '../../helpers/lace-catalogue';

const VIEWS: ViewName[] = ['full', 'tight', 'tightThreads'];

for (const { dialect, skip } of await dialects()) {
  t.test(`a see-through piece on wood: its leading products re-sorted by their pictures' threads (${dialect})`, { skip }, async (t) => {
    const testDb = await createTestDb(dialect);
    t.teardown(() => testDb.cleanup());
    const db = testDb.db.db;
    const storage = createStorageDriver(loadConfig({ DATA_DIR: testDb.dir, LOG_LEVEL: 'silent' }, []));
    const products = await createLaceCatalogue(db, storage, 6);
    const warned: unknown[] = [];
    const log = { info() {}, warn(o: unknown) { warned.push(o); }, error() {} };
    const base: Partial<ImageSearchSettings> = { catalogueViews: VIEWS, firstPassViews: VIEWS, refreshMs: 0, pgvector: 'off', queueMax: 1000 };
    const defaults = imageSearchSettings(testDb.dir, base).windowCheck!;
    // The check here re-sorts whatever the agreements (no `min`), so that its order can be read.
    const settings = imageSearchSettings(testDb.dir, { ...base, windowCheck: { ...defaults, seeThrough: { ...defaults.seeThrough!, fine: { top: 5 } } } });
    const service = new ImageIndexService(db, dialect, storage, settings, log);
    t.teardown(() => service.stop());
    await service.idle();

    // The fifth product's picture laid see-through on wood grain, turned a little, under room light, JPEG.
    const target = products[4];
    const truth: LaceTruth = {};
    const photo = await decodeUpload(await transform('texturedBackdrop', target.picture, new Rng(4), truth));
    t.same([truth.surface, truth.seeThrough], ['wood', true], 'the photo: see-through lace on wood');
    const described = service.describeQuery(photo);
    const vectors = await described.promise;
    const windows = await described.windows;
    const pieces = finePieces(windows);
    t.ok(pieces.length >= 1, `the extraction threads sent the piece's drawing: ${pieces.length}`);

    const checked = await service.nearest(vectors, 6, { photo: windows });
    t.equal(checked[0].productId, target.id, 'its own product first');
    t.ok(checked.every((h, i) => i === 0 || h.score <= checked[i - 1].score), 'scores best first');
    // The api's order of the leading 5 is the agreement of their stored pictures' threads with the drawing.
    const agreement = async (id: number) => {
      const threads = await fineThreads(await decodeUpload(products.find((p) => p.id === id)!.picture));
      return Math.max(...pieces.map((p) => fineAgreement(p, threads) ?? -1));
    };
    const agreements = await Promise.all(checked.slice(0, 5).map((h) => agreement(h.productId)));
    t.ok(agreements.every((a, i) => i === 0 || a <= agreements[i - 1]), `the leading 5 in the order of their agreement: ${agreements.map((a) => a.toFixed(3)).join(', ')}`);

    const without = new ImageIndexService(db, dialect, storage, imageSearchSettings(testDb.dir, { ...base, indexOnStart: false, windowCheck: { ...settings.windowCheck!, seeThrough: { ...settings.windowCheck!.seeThrough!, fine: undefined } } }), log);
    t.teardown(() => without.stop());
    const plain = await without.nearest(vectors, 6, { photo: windows });
    t.same(checked.slice(0, 5).map((h) => h.productId).sort(), plain.slice(0, 5).map((h) => h.productId).sort(), 'without the setting the same 5 lead');
    t.same(checked.map((h) => h.score), plain.map((h) => h.score), 'with the same scores in their places');

    // Storage lost the own product's picture: it goes last among the leading 5, and the search answers.
    await storage.remove(target.path);
    const lost = await service.nearest(vectors, 6, { photo: windows });
    t.equal(lost.findIndex((h) => h.productId === target.id), 4, 'its product 5th');
    t.ok(warned.length >= 1, 'the missing picture is logged');
  });
}
