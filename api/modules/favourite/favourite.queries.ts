// Rows of the favourite table (owned by the favourite module): one per (user, type, target).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Adds the row unless it is there (the unique key makes a double click or a race harmless). */
export async function insertFavourite(db: Kysely<Database>, userId: number, type: number, targetId: number, at: string): Promise<void> {
  await db.insertInto('favourite').values({ user_id: userId, target_type: type, target_id: targetId, created_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'target_type', 'target_id']).doNothing())
    .execute();
}

export async function deleteFavourite(db: Kysely<Database>, userId: number, type: number, targetId: number): Promise<void> {
  await db.deleteFrom('favourite').where('user_id', '=', userId).where('target_type', '=', type).where('target_id', '=', targetId).execute();
}

export async function hasFavourite(db: Kysely<Database>, userId: number, type: number, targetId: number): Promise<boolean> {
  const row = await db.selectFrom('favourite').select('id')
    .where('user_id', '=', userId).where('target_type', '=', type).where('target_id', '=', targetId).executeTakeFirst();
  return row !== undefined;
}

/** A page of a user's favourites of a type, newest followed first. */
export function listFavourites(db: Kysely<Database>, userId: number, type: number, offset: number, limit: number) {
  return db.selectFrom('favourite').select(['target_id', 'created_at'])
    .where('user_id', '=', userId).where('target_type', '=', type)
    .orderBy('created_at', 'desc').orderBy('id', 'desc')
    .offset(offset).limit(limit).execute();
}

export async function countFavourites(db: Kysely<Database>, userId: number, type: number): Promise<number> {
  const r = await db.selectFrom('favourite').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId).where('target_type', '=', type).executeTakeFirstOrThrow();
  return Number(r.n);
}
