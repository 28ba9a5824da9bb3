// `npm run backup [-- --out DIR]`: an online backup of the SQLite database (SQLite's backup API: the api
// may keep running and writing) to DIR/lace-<UTC timestamp>.sqlite (default $DATA_DIR/backups), checked
// with `PRAGMA integrity_check`. `npm run restore -- FILE [--force]`: puts a backup in place as SQLITE_FILE;
// it refuses to replace an existing database without --force (stop the api first). Uploaded files are not
// in the database: copy STORAGE_DIR alongside. On PostgreSQL use pg_dump / pg_restore (README, Backups).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import SQLite from 'better-sqlite3';
import { loadConfig } from '../config/index';

/** A file name that sorts by time: lace-2026-11-24T00-55-12-345Z.sqlite */
export function backupName(now = new Date()): string {
  return `lace-${now.toISOString().replace(/[:.]/g, '-')}.sqlite`;
}

/** Copies the live database at `file` into `outDir` under a timestamped name; returns the backup's path. */
export async function backupSqlite(file: string, outDir: string, now = new Date()): Promise<string> {
  if (!fs.existsSync(file)) throw new Error(`no database at ${file}`);
  fs.mkdirSync(outDir, { recursive: true });
  const target = path.join(outDir, backupName(now));
  const source = new SQLite(file, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    await source.backup(target);
  } finally {
    source.close();
  }
  checkIntegrity(target);
  return target;
}

function checkIntegrity(file: string): void {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const result = db.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new Error(`${file} failed its integrity check: ${String(result)}`);
  } finally {
    db.close();
  }
}

/** Puts the backup `from` in place as the database `to` (with no WAL left beside it). */
export function restoreSqlite(from: string, to: string, opts: { force?: boolean } = {}): void {
  checkIntegrity(from);
  if (fs.existsSync(to) && !opts.force) throw new Error(`${to} exists: stop the api and run again with --force to replace it`);
  fs.mkdirSync(path.dirname(to), { recursive: true });
  const temp = `${to}.restoring`;
  fs.copyFileSync(from, temp);
  for (const side of ['-wal', '-shm']) fs.rmSync(`${to}${side}`, { force: true });
  fs.renameSync(temp, to);
}

async function main(argv: string[]): Promise<void> {
  const config = loadConfig(process.env, []);
  if (config.db.kind !== 'sqlite') {
    console.error('DATABASE_URL is set: back PostgreSQL up with pg_dump and restore with pg_restore (README, Backups)');
    process.exit(2);
  }
  const [command, ...rest] = argv;
  if (command === 'backup') {
    const outAt = rest.indexOf('--out');
    const outDir = outAt >= 0 && rest[outAt + 1] ? path.resolve(rest[outAt + 1]) : path.join(config.dataDir, 'backups');
    const file = await backupSqlite(config.db.file, outDir);
    console.log(`backup written: ${file} (${fs.statSync(file).size} bytes); uploaded files are in ${config.storage.localDir}`);
  } else if (command === 'restore') {
    const from = rest.find((a) => !a.startsWith('--'));
    if (!from) {
      console.error('usage: npm run restore -- FILE [--force]');
      process.exit(2);
    }
    restoreSqlite(path.resolve(from), config.db.file, { force: rest.includes('--force') });
    console.log(`restored ${from} as ${config.db.file}`);
  } else {
    console.error('usage: tsx scripts/backup.ts backup [--out DIR] | restore FILE [--force]');
    process.exit(2);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).catch((err) => {
    console.error((err as Error).message);
    process.exit(1);
  });
}
