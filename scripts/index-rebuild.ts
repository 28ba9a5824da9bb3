// `npm run index:rebuild [-- --only-missing]`: recomputes the photo-search descriptors of every product on
// sale (or only of those without any) with the configured model, stores them in the database and writes
// the index file under the data dir. A running api picks the new descriptors up within its refresh period.
import { loadConfig } from '../config/index';
import { openDatabase } from '../api/db/database';
import { migrateToLatest } from '../api/db/migrate';
import { createStorageDriver } from '../api/modules/file/create-storage';
import { ImageIndexService } from '../api/modules/search/image-index.service';
import { imageSearchSettings } from '../api/modules/search/image-search.settings';
import { ProductStatus } from '../isomorphic/domain/catalogue';

async function main(): Promise<void> {
  const onlyMissing = process.argv.includes('--only-missing');
  const config = loadConfig(process.env, []);
  const db = openDatabase(config.db);
  const storage = createStorageDriver(config);
  const log = { info: (o: object, m?: string) => console.log(m ?? '', JSON.stringify(o)), warn: (o: object, m?: string) => console.warn(m, o), error: (o: object, m?: string) => console.error(m, o) };
  // With --only-missing the service's own background pass does the work; otherwise every product is redone.
  const engine = new ImageIndexService(db.db, db.dialect, storage, imageSearchSettings(config.dataDir, { ...config.imageSearch, indexOnStart: onlyMissing, refreshMs: 0 }), log);
  const started = Date.now();
  try {
    await migrateToLatest(db);
    await engine.start();
    if (onlyMissing) await engine.idle();
    else {
      const ids = (await db.db.selectFrom('product').select('id').where('status', '=', ProductStatus.ON_SALE).orderBy('id').execute()).map((r) => r.id);
      let n = 0;
      for (const id of ids) {
        try {
          await engine.indexProduct(id);
        } catch (err) {
          console.warn(`product ${id}: ${(err as Error).message}`);
        }
        if (++n % 50 === 0) console.log(`${n} of ${ids.length} products indexed (${Math.round((Date.now() - started) / 1000)} s)`);
      }
    }
    await engine.save();
    const s = await engine.status();
    console.log(`index rebuilt: ${s.indexed} of ${s.total} products, ${s.entries} vectors, model ${s.model} on ${s.backend}, ${Math.round((Date.now() - started) / 1000)} s`);
  } finally {
    await engine.stop();
    await db.destroy();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
