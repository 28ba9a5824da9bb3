// Pattern-copy detection with the real photo-search engine, on each dialect (issue 17 item 2): a second
// company's product whose picture is a turned, re-compressed copy of the first company's is flagged at the
// default threshold (IMAGE_COPY_SIMILARITY, measured on the benchmark), a product of a different design
// is not, and a product is never flagged against its own company's. The rules around the flag are tested
// with the engine stubbed in catalogue-copies.test.ts.
import t from 'tap';
import sharp from 'sharp';
import { loadConfig } from '../../../config/index';
import { buildApiApp } from '../../../api/app';
import { createStorageDriver } from '../../../api/modules/file/create-storage';
import { designFor, renderLaceJpeg } from '../../../api/db/seed/lace-image';
import { photoIndexSettled, similarProducts } from '../../../api/modules/search/index-product';
import { ImageIndexService } from '../../../api/modules/search/image-index.service';
import { imageSearchSettings } from '../../../api/modules/search/image-search.settings';
import type { ViewName } from '../../../api/modules/search/engine/views';
import { checkPatternCopies } from '../../../api/modules/catalogue/copy.service';
import { createTestDb, dialects } from '../../helpers/db';
import { addPicturedProduct, createLaceCatalogue, insertTestCompany } from '../../helpers/lace-catalogue';

for (const { dialect, skip } of await dialects()) {
  t.test(`pattern-copy detection with the engine (${dialect})`, { skip }, async (t) => {
    const testDb = await createTestDb(dialect);
    t.teardown(() => testDb.cleanup());
    const config = loadConfig({ DATA_DIR: testDb.dir, LOG_LEVEL: 'silent', IMAGE_INDEX_ON_START: 'false' }, []);
    const storage = createStorageDriver(config);
    const db = testDb.db.db;
    const originals = await createLaceCatalogue(db, storage, 3);
    const other = await insertTestCompany(db, { name: '另一家花边厂', name_en: 'Another Lace Works', abbreviation: '另一家' });
    const add = async (companyId: number, code: string, picture: Buffer) => (await addPicturedProduct(db, storage, companyId, code, picture)).id;
    // A copy: the first company's picture turned a quarter and saved again at JPEG quality 70.
    const copy = await add(other, 'COPY-1', await sharp(originals[0].picture).rotate(90).jpeg({ quality: 70 }).toBuffer());
    const different = await add(other, 'OWN-1', await renderLaceJpeg(designFor(424_242, 'medallion'), '#1f3a93', 'full', 400, 400));
    // The first company's own near-duplicate of its product: never a copy.
    const sibling = await add((await db.selectFrom('product').select('company_id').where('id', '=', originals[0].id).executeTakeFirstOrThrow()).company_id, 'SIB-1', originals[0].picture);

    // Indexed first, as the import command does in its own process; the api then checks every product at
    // its start, in id order (catalogue-copies-paths.test.ts follows each indexing path).
    // Four views a picture (the quarter turns among them) keep the test within its time on a busy machine.
    const settings = { refreshMs: 0, pgvector: 'off' as const, indexOnStart: false, catalogueViews: ['full', 'rot90', 'rot270', 'centre50'] as ViewName[] };
    const importer = new ImageIndexService(db, dialect, storage, imageSearchSettings(testDb.dir, settings), { info() {}, warn() {}, error() {} });
    for (const id of [...originals.map((p) => p.id), copy, different, sibling]) t.ok((await importer.indexProduct(id)) > 0, `product ${id} indexed`);
    await importer.stop();
    const deps = { config, db: testDb.db, storage, imageSearch: settings };
    const app = await buildApiApp({ deps });
    t.teardown(() => app.close());
    await app.ready();
    await photoIndexSettled(db);
    const checked = await db.selectFrom('platform_audit').select(['target_id', 'after']).where('action', '=', 'copy.flag').orderBy('id').execute();
    t.same(checked.map((r) => [r.target_id, (JSON.parse(r.after) as { other: number }).other]), [[copy, originals[0].id], [sibling, copy]],
      "at start the api flagged the copy against the first company's original, and that company's identical product listed after the copy against the copy (the later of a pair is the copy); nothing else");
    t.ok(checked.every((r) => (JSON.parse(r.after) as { structure: number }).structure >= config.patternCopy.structure), 'their structures agree');

    const similar = (id: number) => similarProducts(db, id);
    const threshold = config.patternCopy.similarity;
    const copyHits = (await similar(copy))!;
    t.equal(copyHits[0].productId === originals[0].id || copyHits[0].productId === sibling, true, 'the copy is nearest to the original design');
    t.ok(copyHits[0].score >= threshold, `the copy scores ${copyHits[0].score.toFixed(3)}, at or above ${threshold}`);
    t.equal(await checkPatternCopies(db, copy, similar, threshold), 2, 'flagged against both of the first company\'s products of that design');
    t.equal(await checkPatternCopies(db, different, similar, threshold), 0, 'a different design is not flagged');
    t.equal(await checkPatternCopies(db, sibling, similar, threshold), 1, 'the same picture in its own company: flagged only against the other company\'s copy');
    const flags = await db.selectFrom('product_copy_flag').select(['product_id', 'other_product_id']).orderBy('id').execute();
    t.same(flags.map((f) => [f.product_id, f.other_product_id]).sort(), [[copy, originals[0].id], [sibling, copy]].sort(), 'each pair flagged once, whichever side is checked');
  });
}
