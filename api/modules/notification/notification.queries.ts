// Rows of the notification table (owned by the notification module).
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { NotificationTable } from './notification.table';

export async function insertNotices(db: Kysely<Database>, rows: Array<Insertable<NotificationTable>>): Promise<void> {
  if (rows.length) await db.insertInto('notification').values(rows).execute();
}

export function userNotices(db: Kysely<Database>, userId: number, offset: number, limit: number, unreadOnly: boolean) {
  let q = db.selectFrom('notification').selectAll().where('user_id', '=', userId);
  if (unreadOnly) q = q.where('read_at', 'is', null);
  return q.orderBy('id', 'desc').offset(offset).limit(limit).execute();
}

export async function countNotices(db: Kysely<Database>, userId: number, unreadOnly: boolean): Promise<number> {
  let q = db.selectFrom('notification').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId);
  if (unreadOnly) q = q.where('read_at', 'is', null);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** Marks these of the user's messages read; returns how many changed (another user's ids change nothing). */
export async function markRead(db: Kysely<Database>, userId: number, ids: number[] | 'all', at: string): Promise<number> {
  let q = db.updateTable('notification').set({ read_at: at }).where('user_id', '=', userId).where('read_at', 'is', null);
  if (ids !== 'all') q = q.where('id', 'in', ids);
  return Number((await q.executeTakeFirst()).numUpdatedRows);
}

export function undelivered(db: Kysely<Database>, limit: number) {
  return db.selectFrom('notification').selectAll().where('delivered_at', 'is', null).orderBy('id').limit(limit).execute();
}

/** Claims one message for delivery (false when another replica claimed it first). */
export async function claimDelivery(db: Kysely<Database>, id: number, at: string): Promise<boolean> {
  const r = await db.updateTable('notification').set({ delivered_at: at }).where('id', '=', id).where('delivered_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function releaseDelivery(db: Kysely<Database>, id: number): Promise<void> {
  await db.updateTable('notification').set({ delivered_at: null }).where('id', '=', id).execute();
}
