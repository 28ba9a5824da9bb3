// Routes for signed-in users only: the session is checked before the body is validated, so a guest
// always gets 210018 (and the page sends them to /login), whatever they sent.
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { requireUser, type UserRow } from '../account/session';

const users = new WeakMap<FastifyRequest, UserRow>();

/** A preValidation hook that refuses guests and remembers the user for `currentUser`. */
export function signedIn(db: Kysely<Database>) {
  return async (request: FastifyRequest): Promise<void> => {
    users.set(request, await requireUser(db, request));
  };
}

/** The user the signedIn hook found (or, on a route without it, the session's user or 210018). */
export async function currentUser(db: Kysely<Database>, request: FastifyRequest): Promise<UserRow> {
  return users.get(request) ?? requireUser(db, request);
}
