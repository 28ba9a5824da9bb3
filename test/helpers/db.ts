// Test databases: a fresh SQLite file per test, and a fresh PostgreSQL schema per test when PostgreSQL
// is reachable. Without PostgreSQL the PostgreSQL variants skip and say so, unless REQUIRE_PG=1
// (as .ci/run sets), where its absence fails the run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { testEnv } from '../../config/index';
import { openDatabase, type Db, type DialectName } from '../../api/db/database';
import { migrateToLatest } from '../../api/db/migrate';

let pgAvailable: Promise<boolean> | undefined;

export function postgresAvailable(): Promise<boolean> {
  pgAvailable ??= (async () => {
    const client = new pg.Client({ connectionString: testEnv.pgUrl, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => undefined);
    }
  })();
  return pgAvailable;
}

/** The dialects to run a suite on, with the reason when PostgreSQL is skipped. */
export async function dialects(): Promise<Array<{ dialect: DialectName; skip: string | false }>> {
  const available = await postgresAvailable();
  if (!available && testEnv.requirePg) throw new Error(`REQUIRE_PG=1 but PostgreSQL is not reachable at ${testEnv.pgUrl}`);
  return [
    { dialect: 'sqlite', skip: false },
    { dialect: 'postgres', skip: available ? false : `PostgreSQL not reachable at ${testEnv.pgUrl}; set TEST_DATABASE_URL or start it` },
  ];
}

export interface TestDb { db: Db; dir: string; cleanup(): Promise<void> }

/** A migrated, empty database of the given dialect that disappears when cleanup() runs. */
export async function createTestDb(dialect: DialectName): Promise<TestDb> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lace-test-'));
  if (dialect === 'sqlite') {
    const db = openDatabase({ kind: 'sqlite', file: path.join(dir, 'test.sqlite') });
    await migrateToLatest(db);
    return { db, dir, cleanup: async () => { await db.destroy(); fs.rmSync(dir, { recursive: true, force: true }); } };
  }
  const schema = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: testEnv.pgUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const db = openDatabase({ kind: 'postgres', url: testEnv.pgUrl, schema });
  // Kysely's migrator lists the tables of every schema; a parallel test dropping its own schema at that
  // moment fails the listing with 3F000 (the schema) or 42P01 (one of its tables, as a CI run saw) naming that
  // other schema. Only then, try again.
  for (let attempt = 1; ; attempt++) {
    try {
      await migrateToLatest(db);
      break;
    } catch (err) {
      const e = err as { code?: string; message?: string };
      if (attempt >= 5 || (e.code !== '3F000' && e.code !== '42P01') || e.message?.includes(schema)) throw err;
    }
  }
  return {
    db,
    dir,
    cleanup: async () => {
      await db.destroy();
      const c = new pg.Client({ connectionString: testEnv.pgUrl });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Test apis hash passwords at scrypt's lowest allowed cost (2^14): at the default 2^17 each sign-up and
 * sign-in costs half a second of CPU, and the suite signs in hundreds of times on a 2-core machine. The
 * default and the re-hash at sign-in are tested at 2^17 (account.test.ts).
 */
export const FAST_PASSWORD_HASH = { PASSWORD_HASH_COST: '14' } as const;
