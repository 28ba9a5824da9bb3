// Rows of app_user, user_session and login_failure (owned by the account module). The rules (who may
// sign in, how tokens are made and hashed) are the service's and session.ts's; here is only the SQL.
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from '../../db/schema';
import type { SessionTable, UserTable } from './account.table';

type UserRow = Selectable<UserTable>;

// ---- users ----

export function findUserByMobile(db: Kysely<Database>, mobile: string): Promise<UserRow | undefined> {
  return db.selectFrom('app_user').selectAll().where('mobile', '=', mobile).executeTakeFirst();
}

export function findUserIdByMobile(db: Kysely<Database>, mobile: string): Promise<{ id: number } | undefined> {
  return db.selectFrom('app_user').select('id').where('mobile', '=', mobile).executeTakeFirst();
}

export function insertUser(db: Kysely<Database>, row: Insertable<UserTable>): Promise<UserRow> {
  return db.insertInto('app_user').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function insertUserId(db: Kysely<Database>, row: Insertable<UserTable>): Promise<number> {
  return (await db.insertInto('app_user').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

/** Updates the user's row and returns it as it now is. */
export function updateUser(db: Kysely<Database>, userId: number, patch: Updateable<UserTable>): Promise<UserRow> {
  return db.updateTable('app_user').set(patch).where('id', '=', userId).returningAll().executeTakeFirstOrThrow();
}

export async function setUserColumns(db: Kysely<Database>, userId: number, patch: Updateable<UserTable>): Promise<void> {
  await db.updateTable('app_user').set(patch).where('id', '=', userId).execute();
}

/** Replaces the password hash only if the row still holds `oldHash` (a password changed meanwhile stays changed). */
export async function replacePasswordHash(db: Kysely<Database>, userId: number, oldHash: string, hash: string): Promise<void> {
  await db.updateTable('app_user').set({ password_hash: hash }).where('id', '=', userId).where('password_hash', '=', oldHash).execute();
}

export async function userIdsWithRole(db: Kysely<Database>, role: string): Promise<number[]> {
  return (await db.selectFrom('app_user').select('id').where('role', '=', role).execute()).map((r) => r.id);
}

export async function userIdsOfCompany(db: Kysely<Database>, companyId: number): Promise<number[]> {
  return (await db.selectFrom('app_user').select('id').where('company_id', '=', companyId).execute()).map((r) => r.id);
}

export async function setRole(db: Kysely<Database>, ids: readonly number[], role: string): Promise<void> {
  await db.updateTable('app_user').set({ role }).where('id', 'in', [...ids]).execute();
}

export function userBriefRows(db: Kysely<Database>, ids: number[]): Promise<Pick<UserRow, 'id' | 'nickname' | 'mobile' | 'user_type'>[]> {
  return db.selectFrom('app_user').select(['id', 'nickname', 'mobile', 'user_type']).where('id', 'in', ids).execute();
}

// ---- sessions (by the hash of their token) ----

export async function insertSession(db: Kysely<Database>, row: Insertable<SessionTable>): Promise<void> {
  await db.insertInto('user_session').values(row).execute();
}

export async function deleteSession(db: Kysely<Database>, tokenHash: string): Promise<void> {
  await db.deleteFrom('user_session').where('token_hash', '=', tokenHash).execute();
}

export async function deleteSessionsOfUser(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('user_session').where('user_id', '=', userId).execute();
}

/** Deletes the user's sessions but the one of `keepHash`. */
export async function deleteOtherSessions(db: Kysely<Database>, userId: number, keepHash: string): Promise<void> {
  await db.deleteFrom('user_session').where('user_id', '=', userId).where('token_hash', '!=', keepHash).execute();
}

/** Deletes the sessions that expire before `nowIso`; how many. */
export async function deleteSessionsExpiredBefore(db: Kysely<Database>, nowIso: string): Promise<number> {
  const r = await db.deleteFrom('user_session').where('expires_at', '<', nowIso).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** The user of the session with this token hash, with the session's expiry. */
export function userOfSession(db: Kysely<Database>, tokenHash: string): Promise<(UserRow & { expires_at: string }) | undefined> {
  return db.selectFrom('user_session').innerJoin('app_user', 'app_user.id', 'user_session.user_id')
    .selectAll('app_user').select('user_session.expires_at')
    .where('user_session.token_hash', '=', tokenHash).executeTakeFirst();
}

// ---- failed sign-ins ----

/**
 * Counts one attempt for this phone in one statement (a window that started at or before `windowStart`
 * starts again at `nowIso` first); the count now.
 */
export async function countLoginAttempt(db: Kysely<Database>, mobile: string, nowIso: string, windowStart: string): Promise<number> {
  await db.updateTable('login_failure').set({ failures: 0, window_start: nowIso })
    .where('mobile', '=', mobile).where('window_start', '<=', windowStart).execute();
  const row = await db.insertInto('login_failure').values({ mobile, failures: 1, window_start: nowIso })
    .onConflict((oc) => oc.column('mobile').doUpdateSet((eb) => ({ failures: eb('login_failure.failures', '+', 1) })))
    .returning('failures').executeTakeFirstOrThrow();
  return row.failures;
}

export async function clearLoginFailures(db: Kysely<Database>, mobile: string): Promise<void> {
  await db.deleteFrom('login_failure').where('mobile', '=', mobile).execute();
}

/** Deletes the counts whose window started before `windowStart`; how many. */
export async function deleteLoginFailuresBefore(db: Kysely<Database>, windowStart: string): Promise<number> {
  return Number((await db.deleteFrom('login_failure').where('window_start', '<', windowStart).executeTakeFirst()).numDeletedRows);
}
