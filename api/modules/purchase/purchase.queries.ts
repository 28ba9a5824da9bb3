// Rows of purchase_request and purchase_response (owned by the purchase module).
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from '../../db/schema';
import { MatchStatus, PurchaseStatus, ResponseStatus } from '../../../isomorphic/domain/purchase';
import type { PurchaseRequestTable, PurchaseResponseTable } from './purchase.table';

export type RequestRow = Selectable<PurchaseRequestTable>;
export type ResponseRow = Selectable<PurchaseResponseTable>;

export const insertRequest = (db: Kysely<Database>, row: Insertable<PurchaseRequestTable>) =>
  db.insertInto('purchase_request').values(row).returningAll().executeTakeFirstOrThrow();

export const findRequest = (db: Kysely<Database>, id: number) =>
  db.selectFrom('purchase_request').selectAll().where('id', '=', id).executeTakeFirst();

/** An update that applies only if the request is still in `status` at `version`; bumps the version. */
export const updateRequestIf = (db: Kysely<Database>, id: number, status: number, version: number, set: Updateable<PurchaseRequestTable>) =>
  db.updateTable('purchase_request').set({ ...set, version: version + 1 })
    .where('id', '=', id).where('status', '=', status).where('version', '=', version).returningAll().executeTakeFirst();

export async function countOpenOf(db: Kysely<Database>, buyerId: number, now: string): Promise<number> {
  const r = await db.selectFrom('purchase_request').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('buyer_id', '=', buyerId).where('status', '=', PurchaseStatus.IN_PURCHASE).where('deadline', '>', now).executeTakeFirstOrThrow();
  return Number(r.n);
}

export interface RequestFilter {
  buyerId?: number; status?: number; catalogue?: number; unit?: number; sampleType?: number; respondedBy?: number; ids?: number[];
  /** this company's matching requests (purchase_match_company) come first */
  matchedFirstFor?: number;
}

/**
 * Requests by filter, newest first (id breaks ties). `status` is the effective status: in purchase means
 * before the deadline, closed includes those past it that the sweep has not written yet.
 */
export function requests(db: Kysely<Database>, f: RequestFilter, now: string) {
  let q = db.selectFrom('purchase_request');
  if (f.buyerId !== undefined) q = q.where('buyer_id', '=', f.buyerId);
  if (f.catalogue !== undefined) q = q.where('catalogue', '=', f.catalogue);
  if (f.unit !== undefined) q = q.where('unit', '=', f.unit);
  if (f.sampleType !== undefined) q = q.where('sample_type', '=', f.sampleType);
  if (f.respondedBy !== undefined) {
    const company = f.respondedBy;
    q = q.where('id', 'in', (eb) => eb.selectFrom('purchase_response').select('request_id').where('company_id', '=', company));
  }
  if (f.status === PurchaseStatus.IN_PURCHASE) q = q.where('status', '=', PurchaseStatus.IN_PURCHASE).where('deadline', '>', now);
  else if (f.status === PurchaseStatus.CLOSED) {
    q = q.where((eb) => eb.or([eb('status', '=', PurchaseStatus.CLOSED), eb.and([eb('status', '=', PurchaseStatus.IN_PURCHASE), eb('deadline', '<=', now)])]));
  } else if (f.status !== undefined) q = q.where('status', '=', f.status);
  const first = f.matchedFirstFor;
  const ordered = first === undefined ? q.selectAll()
    : q.selectAll().orderBy((eb) => eb.case().when('id', 'in', eb.selectFrom('purchase_match_company').select('request_id').where('company_id', '=', first)).then(0).else(1).end());
  return {
    rows: (offset: number, limit: number) => ordered.orderBy('created_at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute(),
    count: async () => Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
  };
}

/** Writes "closed" on requests in purchase whose deadline has passed; answers their ids. */
export async function closeExpired(db: Kysely<Database>, now: string): Promise<Array<{ id: number; buyer_id: number }>> {
  return db.updateTable('purchase_request').set((eb) => ({ status: PurchaseStatus.CLOSED, version: eb('version', '+', 1), updated_at: now }))
    .where('status', '=', PurchaseStatus.IN_PURCHASE).where('deadline', '<=', now).returning(['id', 'buyer_id']).execute();
}

/** Active (and selected) responses per request. */
export async function responseCounts(db: Kysely<Database>, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('purchase_response').select(['request_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('request_id', 'in', ids).where('status', '!=', ResponseStatus.WITHDRAWN).groupBy('request_id').execute();
  return new Map(rows.map((r) => [r.request_id, Number(r.n)]));
}

export const responsesOf = (db: Kysely<Database>, requestId: number) =>
  db.selectFrom('purchase_response').selectAll().where('request_id', '=', requestId).orderBy('id').execute();

export const responseOfCompany = (db: Kysely<Database>, requestId: number, companyId: number) =>
  db.selectFrom('purchase_response').selectAll().where('request_id', '=', requestId).where('company_id', '=', companyId).executeTakeFirst();

export const findResponse = (db: Kysely<Database>, id: number) =>
  db.selectFrom('purchase_response').selectAll().where('id', '=', id).executeTakeFirst();

export const insertResponse = (db: Kysely<Database>, row: Insertable<PurchaseResponseTable>) =>
  db.insertInto('purchase_response').values(row).returningAll().executeTakeFirstOrThrow();

export const updateResponse = (db: Kysely<Database>, id: number, set: Updateable<PurchaseResponseTable>) =>
  db.updateTable('purchase_response').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow();

/** After a selection: the chosen response selected, every other active one not chosen; answers the others. */
export async function settleResponses(db: Kysely<Database>, requestId: number, selectedId: number, now: string): Promise<ResponseRow[]> {
  await db.updateTable('purchase_response').set({ status: ResponseStatus.SELECTED, updated_at: now }).where('id', '=', selectedId).execute();
  return db.updateTable('purchase_response').set({ status: ResponseStatus.NOT_CHOSEN, updated_at: now })
    .where('request_id', '=', requestId).where('id', '!=', selectedId).where('status', '=', ResponseStatus.ACTIVE).returningAll().execute();
}

// Photo matching (purchase.matching.ts): the run's state on the request, its products and its companies.

/** Ends a pending run of this picture without products (nothing to match, or failed). */
export const endMatch = (db: Kysely<Database>, id: number, image: string, status: number) =>
  db.updateTable('purchase_request').set({ match_status: status }).where('id', '=', id).where('match_image', '=', image).where('match_status', '=', MatchStatus.PENDING).execute();

/** Runs asked before `before` and still pending (a restart dropped them). */
export const stalePendingMatches = (db: Kysely<Database>, before: string) =>
  db.selectFrom('purchase_request').select('id').where('match_status', '=', MatchStatus.PENDING).where('match_asked_at', '<', before).orderBy('id').limit(50).execute();

/**
 * Stores a run's products and companies if the request still waits for this picture's run; answers the
 * companies invited before (by an earlier picture), or null when the run is no longer wanted.
 */
export async function saveMatches(
  db: Kysely<Database>, id: number, image: string, products: Array<{ product_id: number; company_id: number; score: number }>,
  companies: Array<{ company_id: number; score: number }>, at: string,
): Promise<Set<number> | null> {
  const upd = await db.updateTable('purchase_request').set({ match_status: MatchStatus.DONE })
    .where('id', '=', id).where('match_image', '=', image).where('match_status', '=', MatchStatus.PENDING).executeTakeFirst();
  if (Number(upd.numUpdatedRows) === 0) return null;
  const before = new Set((await db.selectFrom('purchase_match_company').select('company_id').where('request_id', '=', id).execute()).map((r) => r.company_id));
  await db.deleteFrom('purchase_match').where('request_id', '=', id).execute();
  await db.deleteFrom('purchase_match_company').where('request_id', '=', id).execute();
  if (products.length) await db.insertInto('purchase_match').values(products.map((p, i) => ({ request_id: id, rank: i + 1, ...p }))).execute();
  if (companies.length) await db.insertInto('purchase_match_company').values(companies.map((c) => ({ request_id: id, created_at: at, ...c }))).execute();
  return before;
}

export const matchesOf = (db: Kysely<Database>, requestId: number) =>
  db.selectFrom('purchase_match').selectAll().where('request_id', '=', requestId).orderBy('rank').execute();

/** Which of these requests match the company's patterns (it got them first). */
export async function matchedFor(db: Kysely<Database>, companyId: number, requestIds: number[]): Promise<Set<number>> {
  if (!requestIds.length) return new Set();
  const rows = await db.selectFrom('purchase_match_company').select('request_id').where('company_id', '=', companyId).where('request_id', 'in', requestIds).execute();
  return new Set(rows.map((r) => r.request_id));
}
