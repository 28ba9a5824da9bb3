// `npm run seed -- --products N`: adds N demo products (and the reference data and demo companies when
// missing) to the database the configuration names. Large catalogues reuse a pool of drawn designs.
import { loadConfig } from '../config/index';
import { openDatabase } from '../api/db/database';
import { migrateToLatest } from '../api/db/migrate';
import { createStorageDriver } from '../api/modules/file/create-storage';
import { seedDemoData } from '../api/db/seed/index';

function argValue(argv: string[], name: string): string | undefined {
  const i = argv.findIndex((a) => a === name || a.startsWith(`${name}=`));
  if (i < 0) return undefined;
  return argv[i].includes('=') ? argv[i].slice(name.length + 1) : argv[i + 1];
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const config = loadConfig(process.env, argv.filter((a) => a.startsWith('--role')));
  const raw = argValue(argv, '--products') ?? String(config.seedProducts);
  if (!/^\d+$/.test(raw)) throw new Error(`--products expects a whole number, got "${raw}"`);
  const products = Number(raw);
  const poolRaw = argValue(argv, '--design-pool');
  const designPool = poolRaw && /^\d+$/.test(poolRaw) ? Number(poolRaw) : undefined;

  const db = openDatabase(config.db);
  try {
    const applied = await migrateToLatest(db);
    if (applied.length) console.log(`migrations applied: ${applied.join(', ')}`);
    const storage = createStorageDriver(config);
    const started = Date.now();
    const result = await seedDemoData({ config, db, storage }, { products, designPool, log: (msg) => console.log(msg) });
    console.log(`seeded ${result.products} products for ${result.companies} companies in ${((Date.now() - started) / 1000).toFixed(1)} s (${config.db.kind}, storage ${storage.name})`);
  } finally {
    await db.destroy();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
