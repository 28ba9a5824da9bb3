// Rows of the search tables (owned by the search module): search_job and search_result. The product and
// company columns read here are read-only joins for the result pages.
// TODO(catalogue): a `listSummariesByIds` in the catalogue service would let this module stop joining product.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Q = Kysely<Database> | Transaction<Database>;

export function countJobsOfDay(db: Q, subject: string, day: string) {
  return db.selectFrom('search_job').where('subject', '=', subject).where('day', '=', day)
    .select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow().then((r) => Number(r.n));
}

export async function insertJob(db: Q, row: { search_key: string; public_id: number; subject: string; user_id: number | null; day: string; source: string; created_at: string }): Promise<number> {
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

/** Jobs left pending by a stopped process can never finish: mark them failed. */
export async function failStaleJobs(db: Q): Promise<void> {
  await db.updateTable('search_job').set({ status: 'failed', error: 'interrupted by a restart', finished_at: new Date().toISOString() })
    .where('status', '=', 'pending').execute();
}

export function countResults(db: Q, searchId: number) {
  return db.selectFrom('search_result').where('search_id', '=', searchId)
    .select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow().then((r) => Number(r.n));
}

/** A page of results with the product's summary columns, on-sale products only. */
export function listResults(db: Q, searchId: number, offset: number, limit: number) {
  return db.selectFrom('search_result as r')
    .innerJoin('product as p', 'p.id', 'r.product_id')
    .innerJoin('company as c', 'c.id', 'p.company_id')
    .select([
      'r.rank', 'r.score', 'p.id', 'p.company_id', 'c.name as company_name', 'c.name_en as company_name_en', 'c.abbreviation as company_abbreviation',
      'c.logo_path as company_logo_path', 'p.title', 'p.title_en', 'p.code', 'p.pattern_type', 'p.shape', 'p.unit', 'p.price', 'p.cover_path',
      'p.width_cm', 'p.views', 'p.created_at',
    ])
    .where('r.search_id', '=', searchId).where('p.status', '=', 1).where('c.status', '=', 1)
    .orderBy('r.rank').offset(offset).limit(limit).execute();
}

export type ResultRow = Awaited<ReturnType<typeof listResults>>[number];
