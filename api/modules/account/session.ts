// Sessions: random tokens, stored only as SHA-256 hashes, valid 7 days.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { FastifyRequest } from 'fastify';
import { AccountLimits } from '../../../isomorphic/domain/account';
import { sessionExpired } from '../../http/errors';
import { signInFirstMessage } from '../../../isomorphic/domain/codes';
import type { Database } from '../../db/schema';
import type { UserTable } from './account.table';
import type { Selectable } from 'kysely';

export type UserRow = Selectable<UserTable>;

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export async function createSession(db: Kysely<Database>, userId: number, now = new Date()): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db.insertInto('user_session').values({
    token_hash: hashToken(token),
    user_id: userId,
    expires_at: new Date(now.getTime() + AccountLimits.sessionDays * 86400_000).toISOString(),
    created_at: now.toISOString(),
  }).execute();
  return token;
}

export async function endSession(db: Kysely<Database>, token: string): Promise<void> {
  await db.deleteFrom('user_session').where('token_hash', '=', hashToken(token)).execute();
}

export async function endAllSessions(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('user_session').where('user_id', '=', userId).execute();
}

/** Deletes the sessions that expired before `now`; how many. */
export async function sweepExpiredSessions(db: Kysely<Database>, now: Date): Promise<number> {
  const r = await db.deleteFrom('user_session').where('expires_at', '<', now.toISOString()).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Ends every session of the user but the one of this token. */
export async function endOtherSessions(db: Kysely<Database>, userId: number, keepToken: string): Promise<void> {
  await db.deleteFrom('user_session').where('user_id', '=', userId).where('token_hash', '!=', hashToken(keepToken)).execute();
}

export function tokenOf(request: FastifyRequest): string | null {
  const raw = request.headers['x-token'];
  const token = Array.isArray(raw) ? raw[0] : raw;
  return token && token.length <= 200 ? token : null;
}

/** The signed-in user of this request, or null. */
export async function findUser(db: Kysely<Database>, request: FastifyRequest, now = new Date()): Promise<UserRow | null> {
  const token = tokenOf(request);
  if (!token) return null;
  const row = await db.selectFrom('user_session').innerJoin('app_user', 'app_user.id', 'user_session.user_id')
    .selectAll('app_user').select('user_session.expires_at')
    .where('user_session.token_hash', '=', hashToken(token)).executeTakeFirst();
  if (!row || row.expires_at <= now.toISOString()) return null;
  const { expires_at: _e, ...user } = row;
  return user;
}

/** 210018, which sends the page to /login (worded "sign in" when no token came at all). */
export function notSignedIn(request: FastifyRequest): Error {
  return tokenOf(request) ? sessionExpired() : sessionExpired(signInFirstMessage);
}
