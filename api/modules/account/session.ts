// Sessions: random tokens, stored only as SHA-256 hashes, valid 7 days (their SQL is in account.queries.ts).
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { FastifyRequest } from 'fastify';
import { AccountLimits } from '../../../isomorphic/domain/account';
import { sessionExpired } from '../../http/errors';
import { signInFirstMessage } from '../../../isomorphic/domain/codes';
import type { Database } from '../../db/schema';
import type { UserTable } from './account.table';
import * as q from './account.queries';
import type { Selectable } from 'kysely';

export type UserRow = Selectable<UserTable>;

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export async function createSession(db: Kysely<Database>, userId: number, now = new Date()): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await q.insertSession(db, {
    token_hash: hashToken(token),
    user_id: userId,
    expires_at: new Date(now.getTime() + AccountLimits.sessionDays * 86400_000).toISOString(),
    created_at: now.toISOString(),
  });
  return token;
}

export async function endSession(db: Kysely<Database>, token: string): Promise<void> {
  await q.deleteSession(db, hashToken(token));
}

export async function endAllSessions(db: Kysely<Database>, userId: number): Promise<void> {
  await q.deleteSessionsOfUser(db, userId);
}

/** Deletes the sessions that expired before `now`; how many. */
export async function sweepExpiredSessions(db: Kysely<Database>, now: Date): Promise<number> {
  return q.deleteSessionsExpiredBefore(db, now.toISOString());
}

/** Ends every session of the user but the one of this token. */
export async function endOtherSessions(db: Kysely<Database>, userId: number, keepToken: string): Promise<void> {
  await q.deleteOtherSessions(db, userId, hashToken(keepToken));
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
  const row = await q.userOfSession(db, hashToken(token));
  if (!row || row.expires_at <= now.toISOString()) return null;
  const { expires_at: _e, ...user } = row;
  return user;
}

/** 210018, which sends the page to /login (worded "sign in" when no token came at all). */
export function notSignedIn(request: FastifyRequest): Error {
  return tokenOf(request) ? sessionExpired() : sessionExpired(signInFirstMessage);
}
