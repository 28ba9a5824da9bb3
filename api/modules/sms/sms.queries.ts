// SQL over the verification codes' table (sms_code).
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { SmsCodeTable } from './sms.table';

type Db = Kysely<Database>;

/** When codes were sent to this phone since `since`, the newest first. */
export async function sentSince(db: Db, mobile: string, since: string): Promise<string[]> {
  const rows = await db.selectFrom('sms_code').select(['created_at']).where('mobile', '=', mobile).where('created_at', '>', since).orderBy('created_at', 'desc').execute();
  return rows.map((r) => r.created_at);
}

export async function insertCode(db: Db, values: Insertable<SmsCodeTable>): Promise<void> {
  await db.insertInto('sms_code').values(values).execute();
}

/** The newest unused, unexpired code for this phone and purpose. */
export function liveCode(db: Db, mobile: string, purpose: string, now: string) {
  return db.selectFrom('sms_code').select(['id', 'code_hash'])
    .where('mobile', '=', mobile).where('purpose', '=', purpose).where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc').limit(1).executeTakeFirst();
}

/** Claims one guess of an unused code with attempts left (a conditional UPDATE); false when none is left. */
export async function claimAttempt(db: Db, id: number, maxAttempts: number): Promise<boolean> {
  const res = await db.updateTable('sms_code').set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id).where('used_at', 'is', null).where('attempts', '<', maxAttempts)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Marks the code used if nobody did first; false when another request used it. */
export async function markUsed(db: Db, id: number, now: string): Promise<boolean> {
  const res = await db.updateTable('sms_code').set({ used_at: now }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function deleteSentBefore(db: Db, sentBefore: string, expiredBefore: string): Promise<number> {
  const r = await db.deleteFrom('sms_code').where('created_at', '<', sentBefore).where('expires_at', '<', expiredBefore).executeTakeFirst();
  return Number(r.numDeletedRows);
}
