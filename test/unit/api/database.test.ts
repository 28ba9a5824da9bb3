// The embedded SQLite database keeps every acknowledged commit (an order) through a power cut:
// WAL journal with synchronous=FULL (2), foreign keys on, and a busy timeout instead of SQLITE_BUSY.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import { sql } from 'kysely';
import { openDatabase } from '../../../api/db/database';

t.test('SQLite opens with WAL, synchronous=FULL, foreign keys and a busy timeout', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lace-db-'));
  const db = openDatabase({ kind: 'sqlite', file: path.join(dir, 'x.sqlite') });
  t.teardown(async () => { await db.destroy(); fs.rmSync(dir, { recursive: true, force: true }); });
  const one = async (pragma: string) => Object.values((await sql.raw(`pragma ${pragma}`).execute(db.db)).rows[0] as object)[0];
  t.equal(await one('journal_mode'), 'wal');
  t.equal(await one('synchronous'), 2, 'synchronous = FULL');
  t.equal(await one('foreign_keys'), 1);
  t.equal(await one('busy_timeout'), 5000);
});
