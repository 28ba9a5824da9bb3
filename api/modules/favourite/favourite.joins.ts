// What the favourite module lends to others: how many users follow each of some targets (the supply
// offers' favourite count). The favourite table stays this module's.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export async function followerCounts(db: Kysely<Database>, type: number, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('favourite').select(['target_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('target_type', '=', type).where('target_id', 'in', ids).groupBy('target_id').execute();
  return new Map(rows.map((r) => [r.target_id, Number(r.n)]));
}
