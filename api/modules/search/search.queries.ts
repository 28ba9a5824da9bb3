// Rows of the search tables (owned by the search module): search_job and search_result. A result page
// joins the catalogue's products on sale through the builder the catalogue exports (catalogue.joins.ts).
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { onSaleSummaries } from '../catalogue/catalogue.joins';

type Q = Kysely<Database> | Transaction<Database>;

export function countJobsOfDay(db: Q, subject: string, day: string) {
  return db.selectFrom('search_job').where('subject', '=', subject).where('day', '=', day)
    .select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow().then((r) => Number(r.n));
}

/** Guests' searches of a day from one client address, whatever visitor id each carried. */
export function countGuestJobsOfAddress(db: Q, ip: string, day: string) {
  return db.selectFrom('search_job').where('client_ip', '=', ip).where('day', '=', day).where('user_id', 'is', null)
    .select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow().then((r) => Number(r.n));
}

export async function insertJob(db: Q, row: {
  search_key: string; public_id: number; subject: string; user_id: number | null; client_ip: string | null; owner: string; day: string; source: string; created_at: string;
}): Promise<number> {
  const r = await db.insertInto('search_job').values({ ...row, status: 'pending', error: null, finished_at: null }).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export function findJobByKey(db: Q, key: string) {
  return db.selectFrom('search_job').selectAll().where('search_key', '=', key).executeTakeFirst();
}

/** A search by the id pages carry (`public_id`). */
export function findJobByPublicId(db: Q, publicId: number) {
  return db.selectFrom('search_job').selectAll().where('public_id', '=', publicId).executeTakeFirst();
}

export async function finishJob(db: Kysely<Database>, id: number, hits: Array<{ productId: number; score: number }>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const upd = await trx.updateTable('search_job').set({ status: 'done', finished_at: new Date().toISOString() })
      .where('id', '=', id).where('status', '=', 'pending').executeTakeFirst();
    if (Number(upd.numUpdatedRows) === 0) return false;
    for (let i = 0; i < hits.length; i += 200) {
      await trx.insertInto('search_result').values(hits.slice(i, i + 200).map((h, k) => ({ search_id: id, rank: i + k + 1, product_id: h.productId, score: h.score }))).execute();
    }
    return true;
  });
}

export async function failJob(db: Q, id: number, error: string): Promise<void> {
  await db.updateTable('search_job').set({ status: 'failed', error: error.slice(0, 500), finished_at: new Date().toISOString() })
    .where('id', '=', id).where('status', '=', 'pending').execute();
}

export async function cancelJob(db: Q, key: string): Promise<boolean> {
  const r = await db.updateTable('search_job').set({ status: 'cancelled', finished_at: new Date().toISOString() })
    .where('search_key', '=', key).where('status', '=', 'pending').executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/**
 * Jobs this replica left pending when it stopped can never finish: mark them failed, and with them any
 * job pending since before `expiredBefore` (its replica is gone or stuck) and jobs of no known replica.
 * Other replicas' running jobs are left alone.
 */
export async function failStaleJobs(db: Q, owner: string, expiredBefore: Date): Promise<number> {
  const r = await db.updateTable('search_job').set({ status: 'failed', error: 'interrupted by a restart', finished_at: new Date().toISOString() })
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('owner', '=', owner), eb('owner', 'is', null), eb('created_at', '<', expiredBefore.toISOString())]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export function countResults(db: Q, searchId: number) {
  return db.selectFrom('search_result').where('search_id', '=', searchId)
    .select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow().then((r) => Number(r.n));
}

/** A page of results with the product's summary columns, on-sale products only. */
export function listResults(db: Q, searchId: number, offset: number, limit: number) {
  return db.selectFrom('search_result as r')
    .innerJoin(onSaleSummaries(db).as('p'), 'p.id', 'r.product_id')
    .select([
      'r.rank', 'r.score', 'p.id', 'p.company_id', 'p.company_name', 'p.company_name_en', 'p.company_abbreviation',
      'p.company_logo_path', 'p.title', 'p.title_en', 'p.code', 'p.pattern_type', 'p.shape', 'p.unit', 'p.price', 'p.cover_path',
      'p.width_cm', 'p.views', 'p.created_at',
    ])
    .where('r.search_id', '=', searchId)
    .orderBy('r.rank').offset(offset).limit(limit).execute();
}

export type ResultRow = Awaited<ReturnType<typeof listResults>>[number];

/** The time each of these products was last indexed (its newest descriptor). */
export async function descriptorTimes(db: Kysely<Database>, productIds: number[]): Promise<Map<number, string>> {
  if (productIds.length === 0) return new Map();
  const rows = await db.selectFrom('image_descriptor').select(['product_id', (eb) => eb.fn.max('created_at').as('at')])
    .where('product_id', 'in', productIds).groupBy('product_id').execute();
  return new Map(rows.map((r) => [r.product_id, String(r.at)]));
}

export async function dropDescriptors(db: Kysely<Database>, productId: number): Promise<void> {
  await db.deleteFrom('image_descriptor').where('product_id', '=', productId).execute();
}
