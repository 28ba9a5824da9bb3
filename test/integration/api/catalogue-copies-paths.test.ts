// Pattern-copy detection on every indexing path (issue 17 item 2), with the real photo-search engine, on
// each dialect. Products written straight into the database (as the seed and the import command write them)
// are indexed by the api's background pass after start, in its two rounds; once a product's indexing is
// complete it is checked: a turned, re-compressed copy of another company's picture is flagged, with a row
// in the platform's audit log, and distinct products are not. Every checked picture version is recorded:
// a restart offers every indexed product again and none is checked twice. A product the import command
// indexes in its own process is checked by the running api once its refresh reads the rows.
import fs from 'node:fs';
import path from 'node:path';
import t from 'tap';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../../config/index';
import { buildApiApp } from '../../../api/app';
import { createStorageDriver } from '../../../api/modules/file/create-storage';
import { ImageIndexService } from '../../../api/modules/search/image-index.service';
import { imageSearchSettings, type ImageSearchSettings } from '../../../api/modules/search/image-search.settings';
import { photoIndexSettled } from '../../../api/modules/search/index-product';
import { designFor, renderLaceJpeg } from '../../../api/db/seed/lace-image';
import { importFolder } from '../../../scripts/import';
import { createTestDb, dialects } from '../../helpers/db';
import { addPicturedProduct, createLaceCatalogue, insertTestCompany } from '../../helpers/lace-catalogue';

const quiet = { info() {}, warn() {}, error() {} };

for (const { dialect, skip } of await dialects()) {
  t.test(`pattern-copy detection when indexing completes, on every path (${dialect})`, { skip }, async (t) => {
    const testDb = await createTestDb(dialect);
    t.teardown(() => testDb.cleanup());
    const config = loadConfig({ DATA_DIR: testDb.dir, LOG_LEVEL: 'silent' }, []);
    const storage = createStorageDriver(config);
    const db = testDb.db.db;
    const originals = await createLaceCatalogue(db, storage, 3);
    const other = await insertTestCompany(db, { name: '另一家花边厂', name_en: 'Another Lace Works', abbreviation: '另一家' });
    // As the seed writes products: rows and stored pictures, no photo indexing.
    const add = async (code: string, picture: Buffer) => (await addPicturedProduct(db, storage, other, code, picture)).id;
    // A copy: the first company's picture turned a quarter and saved again at JPEG quality 70.
    const copy = await add('COPY-1', await sharp(originals[0].picture).rotate(90).jpeg({ quality: 70 }).toBuffer());
    const distinct = await add('OWN-1', await renderLaceJpeg(designFor(424_242, 'medallion'), '#1f3a93', 'full', 400, 400));
    const all = [...originals.map((p) => p.id), copy, distinct];

    // Four views a picture (the quarter turns among them), in the background pass's two rounds (the first:
    // the whole picture and its centre).
    const search: Partial<ImageSearchSettings> = { pgvector: 'off', queueMax: 1000, catalogueViews: ['full', 'rot90', 'rot270', 'centre50'], firstPassViews: ['full', 'centre50'] };
    const api = async (extra: Partial<ImageSearchSettings>): Promise<FastifyInstance> => {
      const deps = { config, db: testDb.db, storage, imageSearch: { ...search, ...extra } };
      const app = await buildApiApp({ deps });
      await app.ready();
      return app;
    };
    const flags = () => db.selectFrom('product_copy_flag').select(['product_id', 'other_product_id', 'status']).orderBy('id').execute();
    const audit = () => db.selectFrom('platform_audit').select(['operator_id', 'action', 'target_type', 'target_id', 'after']).where('action', 'like', 'copy.%').orderBy('id').execute();
    const checks = async () => new Map((await db.selectFrom('product_copy_check').select(['product_id', 'pictures', 'checked_at']).execute()).map((r) => [r.product_id, r]));

    const first = await api({ indexOnStart: true, refreshMs: 0 });
    await photoIndexSettled(db);
    const indexed = await db.selectFrom('image_descriptor').select(['product_id', 'view']).execute();
    t.ok(all.every((id) => indexed.filter((r) => r.product_id === id).length > 2), 'the background pass indexed every product past its first round');
    const checked = await checks();
    t.same([...checked.keys()].sort((a, b) => a - b), all, 'every product was checked once its indexing completed, and the check recorded');
    t.same((await flags()).map((f) => [f.product_id, f.other_product_id]), [[copy, originals[0].id]], 'the copy is flagged against the original; the distinct product and the first company\'s own are not');
    const raised = await audit();
    t.equal(raised.length, 1, 'one audit entry');
    t.match(raised[0], { operator_id: 0, action: 'copy.flag', target_type: 'product', target_id: copy });
    const after = JSON.parse(raised[0].after) as { other: number; similarity: number; structure: number };
    t.equal(after.other, originals[0].id);
    t.ok(after.similarity >= config.patternCopy.similarity && after.structure >= config.patternCopy.structure, `the engine's similarity ${after.similarity} and the structure's agreement ${after.structure} are both at or above their thresholds`);
    await first.close();

    // A restart offers every indexed product again: the same picture versions are not checked twice.
    const second = await api({ indexOnStart: true, refreshMs: 200 });
    t.teardown(() => second.close());
    await photoIndexSettled(db);
    t.same(await checks(), checked, 'no product checked again: the records are unchanged');
    t.equal((await audit()).length, 1, 'no new audit entry');
    t.equal((await flags()).length, 1, 'the pair is flagged once');

    // The import command indexes in its own process; the running api reads the rows (refresh) and checks the product.
    const folder = fs.mkdtempSync(path.join(testDb.dir, 'import-'));
    fs.writeFileSync(path.join(folder, 'copy.jpg'), await sharp(originals[1].picture).jpeg({ quality: 60 }).toBuffer());
    fs.writeFileSync(path.join(folder, 'patterns.csv'), 'company,title,titleEn,patternType,shape,unit,price,colours,images\n第三家花边厂,仿款,Lookalike,fabric,in stock,yard,9.50,本白,copy.jpg\n');
    const importer = new ImageIndexService(db, dialect, storage, imageSearchSettings(testDb.dir, { ...search, indexOnStart: false, refreshMs: 0 }), quiet);
    t.teardown(() => importer.stop());
    const report = await importFolder(db, storage, folder, (id) => importer.indexProduct(id));
    t.equal(report.imported.length, 1, 'imported');
    const imported = report.imported[0].productId;
    let flagged = (await flags()).filter((f) => f.product_id === imported);
    for (let i = 0; i < 600 && flagged.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      flagged = (await flags()).filter((f) => f.product_id === imported);
    }
    t.same(flagged.map((f) => f.other_product_id), [originals[1].id], 'the imported copy is flagged against the original');
    await photoIndexSettled(db);
    t.ok((await checks()).has(imported), 'and its check recorded');
    t.match((await audit()).map((a) => [a.action, a.target_id]), [['copy.flag', copy], ['copy.flag', imported]], 'in the audit log');
  });
}
