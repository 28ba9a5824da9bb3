// Rows of custom_request (owned by the custom module).
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import type { CustomQuoteTable, CustomRequestTable } from './custom.table';
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

// ---- sellers' quotes ----

export type CustomQuoteRow = Selectable<CustomQuoteTable>;

export interface ShownTo {
  companyId: number;
  userId: number;
  kinds: CustomKind[];     // the request kinds the company's products on sale reach
  openSince: string;       // requests sent after this are open for quotes
}

/**
 * The requests shown to a seller: of a kind their company sells and still open (not sent by themselves),
 * or any request their company has answered.
 */
const shownRequests = (db: Kysely<Database>, s: ShownTo) =>
  db.selectFrom('custom_request as r').where((eb) => eb.or([
    eb.and([
      eb('r.kind', 'in', s.kinds.length ? s.kinds : ['']), // no kind sold: no open request matches
      eb('r.created_at', '>', s.openSince),
      eb('r.user_id', '<>', s.userId),
    ]),
    eb.exists(eb.selectFrom('custom_quote as q').select('q.id').whereRef('q.request_id', '=', 'r.id').where('q.company_id', '=', s.companyId)),
  ]));

export function shownRequestsPage(db: Kysely<Database>, s: ShownTo, offset: number, limit: number): Promise<CustomRequestRow[]> {
  return shownRequests(db, s).selectAll('r').orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').offset(offset).limit(limit).execute();
}

export async function countShownRequests(db: Kysely<Database>, s: ShownTo): Promise<number> {
  return Number((await shownRequests(db, s).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
}

export const findShownRequest = (db: Kysely<Database>, s: ShownTo, id: number): Promise<CustomRequestRow | undefined> =>
  shownRequests(db, s).selectAll('r').where('r.id', '=', id).executeTakeFirst();

/** The quotes on these requests, of one company or of all; newest first, id as the tie-break. */
export function quotesOn(db: Kysely<Database>, requestIds: number[], companyId?: number): Promise<CustomQuoteRow[]> {
  if (requestIds.length === 0) return Promise.resolve([]);
  let q = db.selectFrom('custom_quote').selectAll().where('request_id', 'in', requestIds);
  if (companyId !== undefined) q = q.where('company_id', '=', companyId);
  return q.orderBy('updated_at', 'desc').orderBy('id', 'desc').execute();
}

export const findQuote = (db: Kysely<Database>, requestId: number, companyId: number): Promise<CustomQuoteRow | undefined> =>
  db.selectFrom('custom_quote').selectAll().where('request_id', '=', requestId).where('company_id', '=', companyId).executeTakeFirst();

/** Writes the company's answer to the request (one row per request and company). */
export function upsertQuote(db: Kysely<Database>, row: Insertable<CustomQuoteTable>): Promise<CustomQuoteRow> {
  return db.insertInto('custom_quote').values(row)
    .onConflict((oc) => oc.columns(['request_id', 'company_id']).doUpdateSet({
      user_id: row.user_id, status: row.status, price: row.price, lead_days: row.lead_days, note: row.note, updated_at: row.updated_at,
    }))
    .returningAll().executeTakeFirstOrThrow();
}

export async function countQuoted(db: Kysely<Database>, requestId: number, quoted: number): Promise<number> {
  return Number((await db.selectFrom('custom_quote').select((eb) => eb.fn.countAll<number>().as('n')).where('request_id', '=', requestId).where('status', '=', quoted).executeTakeFirstOrThrow()).n);
}

export async function setRequestStatus(db: Kysely<Database>, id: number, status: number, at: string): Promise<void> {
  await db.updateTable('custom_request').set({ status, updated_at: at }).where('id', '=', id).execute();
}
