// Rows of the area table (owned by the area module): provinces (level 1), cities (2), districts (3).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AreaTable } from './area.table';

const columns = ['code', 'name', 'parent_code', 'level'] as const;

export function listByParent(db: Kysely<Database>, parentCode: string): Promise<AreaTable[]> {
  return db.selectFrom('area').select(columns).where('parent_code', '=', parentCode).orderBy('code').execute();
}

export function listByLevel(db: Kysely<Database>, level: number): Promise<AreaTable[]> {
  return db.selectFrom('area').select(columns).where('level', '=', level).orderBy('code').execute();
}

export async function findByCode(db: Kysely<Database>, code: string): Promise<AreaTable | undefined> {
  return db.selectFrom('area').select(columns).where('code', '=', code).executeTakeFirst();
}

export function listByCodes(db: Kysely<Database>, codes: string[]): Promise<AreaTable[]> {
  if (codes.length === 0) return Promise.resolve([]);
  return db.selectFrom('area').select(columns).where('code', 'in', codes).execute();
}

export async function countAreas(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('area').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Inserts rows, leaving existing codes alone. */
export async function insertAreas(db: Kysely<Database>, rows: AreaTable[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('area').values(rows).onConflict((oc) => oc.column('code').doNothing()).execute();
}
