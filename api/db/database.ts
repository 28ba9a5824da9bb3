// One query layer (Kysely) over two dialects: an embedded SQLite file by default, PostgreSQL when
// DATABASE_URL is set. The rest of the api never knows which one it talks to, except through `dialect`.
import fs from 'node:fs';
import path from 'node:path';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, SqliteDriver, type DatabaseConnection } from 'kysely';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Database } from './schema';

export type DialectName = 'sqlite' | 'postgres';
export type DbConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; schema?: string };

export interface Db {
  db: Kysely<Database>;
  dialect: DialectName;
  /** the PostgreSQL schema this connection uses, when not the default */
  schema?: string;
  destroy(): Promise<void>;
}

// PostgreSQL returns bigint/numeric as strings; our counts and sums fit in a double.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

export function openDatabase(cfg: DbConfig): Db {
  if (cfg.kind === 'sqlite') {
    if (cfg.file !== ':memory:') fs.mkdirSync(path.dirname(cfg.file), { recursive: true });
    const sqlite = new SQLite(cfg.file);
    sqlite.pragma('journal_mode = WAL');
    // FULL: a commit (an acknowledged order) survives a power cut too; in WAL mode NORMAL may lose the last
    // commits then (never corrupts). The cost is one fsync of the WAL per commit.
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: sqlite }) });
    return { db, dialect: 'sqlite', destroy: () => db.destroy() };
  }
  const pool = new pg.Pool({
    connectionString: cfg.url,
    max: 10,
    ...(cfg.schema ? { options: `-c search_path=${cfg.schema}` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', schema: cfg.schema, destroy: () => db.destroy() };
}

// Kysely opens a SQLite transaction with a plain (deferred) BEGIN: it takes the write lock only at its first
// write. When another process (a backup, an operator's sqlite3 shell, the soak's lock) holds that lock, a
// transaction that has already read cannot wait for it: SQLite answers SQLITE_BUSY at once instead of calling
// the busy handler (waiting could deadlock two readers that both want to write), and the request fails with
// a 500. Every transaction of ours writes, so it asks for the write lock up front: BEGIN IMMEDIATE waits
// (busy_timeout) for the lock like a single statement does. Within the api nothing changes: Kysely's SQLite
// driver already runs one connection, one transaction at a time.
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: ConstructorParameters<typeof SqliteDialect>[0];
  constructor(config: ConstructorParameters<typeof SqliteDialect>[0]) {
    super(config);
    this.#config = config;
  }
  override createDriver(): SqliteDriver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

/** Unique-constraint violation on either dialect. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string } | null;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
