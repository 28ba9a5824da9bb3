// Rows of custom_request (owned by the custom module).
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import type { CustomRequestTable } from './custom.table';
import type { CustomKind } from '../../../isomorphic/domain/custom-request';

export type CustomRequestRow = Selectable<CustomRequestTable>;

export function insertRequest(db: Kysely<Database>, row: Insertable<CustomRequestTable>): Promise<CustomRequestRow> {
  return db.insertInto('custom_request').values(row).returningAll().executeTakeFirstOrThrow();
}

const usersRequests = (db: Kysely<Database>, userId: number, kind: CustomKind | undefined) => {
  const q = db.selectFrom('custom_request').where('user_id', '=', userId);
  return kind ? q.where('kind', '=', kind) : q;
};

/** One page of the user's requests (of this kind, if given), newest first, id as the tie-break. */
export function userRequests(db: Kysely<Database>, userId: number, kind: CustomKind | undefined, offset: number, limit: number): Promise<CustomRequestRow[]> {
  return usersRequests(db, userId, kind).selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute();
}

export async function countUserRequests(db: Kysely<Database>, userId: number, kind: CustomKind | undefined): Promise<number> {
  return Number((await usersRequests(db, userId, kind).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
}
