// `npm run backup` / `npm run restore` on SQLite: a backup taken while the api runs (and places orders)
// restores into a fresh data directory, where an api finds the orders, and their buyer still reads them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import t from 'tap';
import { loadConfig } from '../../../config/index';
import { buildApiApp } from '../../../api/app';
import { openDatabase } from '../../../api/db/database';
import { createStorageDriver } from '../../../api/modules/file/create-storage';
import { BuyType } from '../../../isomorphic/domain/catalogue';
import { backupSqlite, restoreSqlite } from '../../../scripts/backup';
import { createMarket } from '../../helpers/market';
import { newDeal, placeOne } from '../../helpers/order-driver';

const run = promisify(execFile);

t.test('a backup of a running SQLite api restores into a fresh data directory with its orders', async (t) => {
  const m = await createMarket('sqlite');
  t.teardown(() => m.close());
  const deal = await newDeal(m);
  const ids = [await placeOne(deal, BuyType.BULK), await placeOne(deal, BuyType.PLATE_CUT)];
  const numbers = (await m.db.selectFrom('trade_order').select('order_no').where('id', 'in', ids).orderBy('id').execute()).map((r) => r.order_no);

  // Backed up while another order is being placed: the backup API copies a consistent snapshot.
  const outDir = path.join(m.testDb.dir, 'backups');
  const [file] = await Promise.all([backupSqlite(path.join(m.testDb.dir, 'test.sqlite'), outDir), placeOne(deal, BuyType.SAMPLE_CUT)]);
  t.match(path.basename(file), /^lace-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.sqlite$/, 'a timestamped file');

  const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'lace-restore-'));
  t.teardown(() => fs.rmSync(fresh, { recursive: true, force: true }));
  // Through the npm script's command, as an operator would run it.
  const env = { ...process.env, DATA_DIR: fresh, DATABASE_URL: '', SQLITE_FILE: '' };
  const restored = await run(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', 'restore', file], { env });
  t.match(restored.stdout, /restored .* as .*lace\.sqlite/);
  const again = await run(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', 'restore', file], { env }).then(() => null, (err: { code: number; stderr: string }) => err);
  t.equal(again?.code, 1, 'restoring over an existing database needs --force');
  t.match(again?.stderr ?? '', /--force/);

  const config = loadConfig({ DATA_DIR: fresh, LOG_LEVEL: 'silent', SEED_ON_EMPTY: 'false', IMAGE_INDEX_ON_START: 'false', IMAGE_EXTRACT_THREADS: '1' }, []);
  const db = openDatabase(config.db);
  const app = await buildApiApp({ deps: { config, db, storage: createStorageDriver(config) } });
  t.teardown(async () => { await app.close(); await db.destroy(); });
  const rows = await db.db.selectFrom('trade_order').select('order_no').where('id', 'in', ids).orderBy('id').execute();
  t.same(rows.map((r) => r.order_no), numbers, 'the restored database has the orders');
  for (const id of ids) {
    const res = await app.inject({ method: 'GET', url: `/order/getOrderDetails?id=${id}`, headers: { 'x-token': deal.buyer.token, 'x-lang': 'en' } });
    t.equal(res.json().code, 0, `and the buyer (same session) reads order ${id} from it`);
  }
});

t.test('restore refuses a file that is not a sound SQLite database', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lace-restore-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  const junk = path.join(dir, 'junk.sqlite');
  fs.writeFileSync(junk, 'not a database');
  t.throws(() => restoreSqlite(junk, path.join(dir, 'lace.sqlite')));
  t.notOk(fs.existsSync(path.join(dir, 'lace.sqlite')), 'nothing is put in place');
});
