// Rows of the upload_grant and stored_file tables (owned by the file module).
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { StoredFileTable } from './file.table';

export async function insertGrant(db: Kysely<Database>, row: { dir: string; user_id: number; file_type: string; created_at: string; expires_at: string }): Promise<void> {
  await db.insertInto('upload_grant').values(row).execute();
}

export async function deleteGrantsExpiredBefore(db: Kysely<Database>, before: string): Promise<number> {
  const r = await db.deleteFrom('upload_grant').where('expires_at', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}

export function findGrant(db: Kysely<Database>, dir: string) {
  return db.selectFrom('upload_grant').selectAll().where('dir', '=', dir).executeTakeFirst();
}

export function findStoredFile(db: Kysely<Database>, path: string) {
  return db.selectFrom('stored_file').selectAll().where('path', '=', path).executeTakeFirst();
}

/** Inserts the record; false when the path is already recorded. */
export async function recordStoredFile(db: Kysely<Database>, row: Insertable<StoredFileTable>): Promise<boolean> {
  const r = await db.insertInto('stored_file').values(row).onConflict((oc) => oc.column('path').doNothing()).returning('id').executeTakeFirst();
  return r !== undefined;
}

export async function deleteStoredFile(db: Kysely<Database>, path: string): Promise<void> {
  await db.deleteFrom('stored_file').where('path', '=', path).execute();
}

/** Which of these paths are files the user uploaded. */
export async function ownedPaths(db: Kysely<Database>, userId: number, paths: string[]): Promise<Set<string>> {
  if (paths.length === 0) return new Set();
  const rows = await db.selectFrom('stored_file').select('path').where('owner_user_id', '=', userId).where('path', 'in', paths).execute();
  return new Set(rows.map((r) => r.path));
}

/** Records many stored objects at once; paths already recorded are left as they are. */
export async function recordStoredFiles(db: Kysely<Database>, rows: Array<Insertable<StoredFileTable>>): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) {
    await db.insertInto('stored_file').values(rows.slice(i, i + 1000)).onConflict((oc) => oc.column('path').doNothing()).execute();
  }
}

/** Width and height of these stored files (0 when the record has none). */
export async function storedSizes(db: Kysely<Database>, paths: string[]): Promise<Map<string, { width: number; height: number }>> {
  if (paths.length === 0) return new Map();
  const rows = await db.selectFrom('stored_file').select(['path', 'width', 'height']).where('path', 'in', paths).execute();
  return new Map(rows.map((r) => [r.path, { width: r.width ?? 0, height: r.height ?? 0 }]));
}
