// Rows of the consignee table (owned by the consignee module): a user's delivery addresses. The rules
// (the cap, one default, ownership, the per-user lock) are the service's.
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from '../../db/schema';
import type { ConsigneeTable } from './consignee.table';

export type ConsigneeRow = Selectable<ConsigneeTable>;

/** The user's address of this id, or undefined (another user's id finds nothing). */
export function findOwn(db: Kysely<Database>, userId: number, id: number): Promise<ConsigneeRow | undefined> {
  return db.selectFrom('consignee').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/** The user's addresses, the default first, then by id. */
export function listOfUser(db: Kysely<Database>, userId: number): Promise<ConsigneeRow[]> {
  return db.selectFrom('consignee').selectAll().where('user_id', '=', userId).orderBy('is_default', 'desc').orderBy('id', 'asc').execute();
}

export async function countOfUser(db: Kysely<Database>, userId: number): Promise<number> {
  const { n } = await db.selectFrom('consignee').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return Number(n);
}

/** No address of the user is the default any more. */
export async function clearDefault(db: Kysely<Database>, userId: number): Promise<void> {
  await db.updateTable('consignee').set({ is_default: 0 }).where('user_id', '=', userId).execute();
}

export function insert(db: Kysely<Database>, row: Insertable<ConsigneeTable>): Promise<ConsigneeRow> {
  return db.insertInto('consignee').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Updates the user's address of this id; the row as it now is, or undefined when there is none. */
export function updateOwn(db: Kysely<Database>, userId: number, id: number, patch: Updateable<ConsigneeTable>): Promise<ConsigneeRow | undefined> {
  return db.updateTable('consignee').set(patch).where('id', '=', id).where('user_id', '=', userId).returningAll().executeTakeFirst();
}

/** Deletes the user's address of this id; whether one was. */
/** Deletes the user's address; whether it was the default as it went, or null when there was none. */
export async function deleteOwn(db: Kysely<Database>, userId: number, id: number): Promise<{ wasDefault: boolean } | null> {
  const gone = await db.deleteFrom('consignee').where('id', '=', id).where('user_id', '=', userId).returning('is_default').executeTakeFirst();
  return gone ? { wasDefault: gone.is_default === 1 } : null;
}

/** The id of the user's oldest address, if any. */
export async function oldestIdOfUser(db: Kysely<Database>, userId: number): Promise<number | undefined> {
  return (await db.selectFrom('consignee').select('id').where('user_id', '=', userId).orderBy('id', 'asc').limit(1).executeTakeFirst())?.id;
}

export async function setDefault(db: Kysely<Database>, id: number): Promise<void> {
  await db.updateTable('consignee').set({ is_default: 1 }).where('id', '=', id).execute();
}

/** Makes the user's address of this id the default; whether there was one. */
export async function setOwnDefault(db: Kysely<Database>, userId: number, id: number): Promise<boolean> {
  const set = await db.updateTable('consignee').set({ is_default: 1 }).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(set.numUpdatedRows) > 0;
}
