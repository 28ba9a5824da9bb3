// `DATA_DIR=… npx tsx test/bench/demo-copies.ts [--network-input rgb|luma] [--colour-gate 0.1]`
// Pattern-copy detection on a seeded catalogue (the demo's 320 products by default: `npm run seed` into an
// empty DATA_DIR first), with the engine the api would run: the catalogue is indexed by the api's own
// background pass (ImageIndexService, both extraction threads; a run stopped part-way goes on from the
// stored descriptors), then every product on sale is checked against the complete index by the api's own
// check (checkIndexedProducts with similarProducts and pictureAgreement, as seller.routes.ts calls it),
// which writes its flags and audit rows to that DATA_DIR's database. Lists every pair of two companies'
// on-sale products the engine finds at or above IMAGE_COPY_SIMILARITY with their structure agreement, and
// the flags written. The seed holds no deliberate copies, so every flag is a false one. Counts, not timings.
import { loadConfig } from '../../config/index';
import { openDatabase } from '../../api/db/database';
import { migrateToLatest } from '../../api/db/migrate';
import { createStorageDriver } from '../../api/modules/file/create-storage';
import { ImageIndexService } from '../../api/modules/search/image-index.service';
import { imageSearchSettings } from '../../api/modules/search/image-search.settings';
import { pictureAgreement, registerImageIndex, similarProducts, unregisterImageIndex } from '../../api/modules/search/index-product';
import { checkIndexedProducts } from '../../api/modules/catalogue/copy.service';
import type { NetworkInput } from '../../api/modules/search/engine/mobilenet-extractor';
import { ProductStatus } from '../../isomorphic/domain/catalogue';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
};

const config = loadConfig(process.env, []);
const db = openDatabase(config.db);
const storage = createStorageDriver(config);
const log = { info: (o: object, m?: string) => console.log(m ?? '', JSON.stringify(o)), warn: (o: object, m?: string) => console.warn(m, o), error: (o: object, m?: string) => console.error(m, o) };
const base = imageSearchSettings(config.dataDir, config.imageSearch);
const settings = imageSearchSettings(config.dataDir, {
  ...config.imageSearch, indexOnStart: true, refreshMs: 0,
  ...(arg('network-input', '') ? { networkInput: arg('network-input', '') as NetworkInput } : {}),
  weights: { ...base.weights, ...(arg('colour-gate', '') ? { colourGate: Number(arg('colour-gate', '')) } : {}) },
});
const { similarity, structure } = config.patternCopy;
const started = Date.now();
const s = (ms: number) => `${Math.round(ms / 1000)} s`;
await migrateToLatest(db);
const engine = new ImageIndexService(db.db, db.dialect, storage, settings, log);
registerImageIndex(db.db, engine);
/** What the api's check saw: each pair at or above the threshold, with its structure agreement when it asked. */
const seen = new Map<string, { a: number; b: number; score: number; structure: number | null }>();
const key = (a: number, b: number) => `${Math.min(a, b)}-${Math.max(a, b)}`;
try {
  await engine.start();
  console.log(`engine ${engine.model}, colour gate ${settings.weights.colourGate ?? 0}; copy threshold ${similarity}, structure ${structure}`);
  await engine.idle();
  const st = await engine.status();
  console.log(`indexed ${st.indexed} of ${st.total} products (${st.complete} complete), ${st.entries} vectors, ${s(Date.now() - started)}`);

  // Every product on sale, checked against the complete index by the api's own check; the pairs it meets recorded.
  const products = await db.db.selectFrom('product').select(['id', 'company_id', 'status', 'title']).execute();
  const byId = new Map(products.map((p) => [p.id, p]));
  const similar = async (pid: number) => {
    const hits = await similarProducts(db.db, pid);
    for (const h of hits ?? []) {
      const o = byId.get(h.productId), me = byId.get(pid);
      if (h.score < similarity || !o || !me || o.company_id === me.company_id || o.status !== ProductStatus.ON_SALE) continue;
      const before = seen.get(key(pid, o.id));
      if (!before || before.score < h.score) seen.set(key(pid, o.id), { a: pid, b: o.id, score: h.score, structure: before?.structure ?? null });
    }
    return hits;
  };
  const confirm = async (a: number, b: number) => {
    const agreement = await pictureAgreement(db.db, a, b);
    const pair = seen.get(key(a, b));
    if (pair) pair.structure = agreement;
    return agreement;
  };
  // Checks recorded before (by an api, or a run stopped part-way) would be skipped: forget them, so every product is checked now.
  await db.db.deleteFrom('product_copy_check').execute();
  const onSale = products.filter((p) => p.status === ProductStatus.ON_SALE).map((p) => p.id);
  const checked = await checkIndexedProducts(db.db, onSale, similar, { threshold: similarity, structure, confirm });
  console.log(`${checked} of ${onSale.length} products on sale checked by the api's check (${s(Date.now() - started)})`);

  const list = [...seen.values()].sort((x, y) => y.score - x.score);
  const scores = list.map((x) => x.score), structs = list.map((x) => x.structure ?? 0).sort((x, y) => x - y);
  console.log(`engine pairs of two companies at or above ${similarity}: ${list.length}` + (list.length ? `, similarity ${Math.min(...scores).toFixed(4)}-${Math.max(...scores).toFixed(4)}, structure ${structs[0].toFixed(3)}-${structs.at(-1)!.toFixed(3)} (median ${structs[Math.floor(structs.length / 2)].toFixed(3)})` : ''));
  for (const x of list) console.log(`  ${x.a} ${byId.get(x.a)?.title} / ${x.b} ${byId.get(x.b)?.title}: ${x.score.toFixed(4)}, structure ${x.structure?.toFixed(3)}`);
  for (const t of [0.8, 0.9, 0.95]) console.log(`  pairs also at or above structure ${t}: ${list.filter((x) => (x.structure ?? 0) >= t).length}`);
  const flags = await db.db.selectFrom('product_copy_flag').select(['product_id', 'other_product_id', 'similarity']).execute();
  console.log(`flags written by the api's check: ${flags.length}${flags.length ? ` (${flags.map((f) => `${f.product_id}/${f.other_product_id} ${f.similarity}`).join(', ')})` : ''}`);
} finally {
  unregisterImageIndex(db.db);
  await engine.stop();
  await db.destroy();
}
