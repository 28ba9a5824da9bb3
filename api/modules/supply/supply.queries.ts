// Rows of supply_offer (owned by the supply module).
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from '../../db/schema';
import { SupplyStatus } from '../../../isomorphic/domain/supply';
import type { SupplyOfferTable } from './supply.table';

export type SupplyRow = Selectable<SupplyOfferTable>;

export const insertSupply = (db: Kysely<Database>, row: Insertable<SupplyOfferTable>) =>
  db.insertInto('supply_offer').values(row).returningAll().executeTakeFirstOrThrow();

/** An offer unless deleted. */
export const findSupply = (db: Kysely<Database>, id: number) =>
  db.selectFrom('supply_offer').selectAll().where('id', '=', id).where('status', '!=', SupplyStatus.DELETED).executeTakeFirst();

export const findSupplies = (db: Kysely<Database>, ids: number[]) =>
  ids.length ? db.selectFrom('supply_offer').selectAll().where('id', 'in', ids).where('status', '!=', SupplyStatus.DELETED).execute() : Promise.resolve([]);

/** An update that applies only while the offer is in `status`. */
export const updateSupplyIf = (db: Kysely<Database>, id: number, status: number, set: Updateable<SupplyOfferTable>) =>
  db.updateTable('supply_offer').set(set).where('id', '=', id).where('status', '=', status).returningAll().executeTakeFirst();

export interface SupplyFilter { userId?: number; status?: number; catalogue?: number; unit?: number }

export function supplies(db: Kysely<Database>, f: SupplyFilter) {
  let q = db.selectFrom('supply_offer').where('status', '!=', SupplyStatus.DELETED);
  if (f.userId !== undefined) q = q.where('user_id', '=', f.userId);
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  if (f.catalogue !== undefined) q = q.where('catalogue', '=', f.catalogue);
  if (f.unit !== undefined) q = q.where('unit', '=', f.unit);
  return {
    rows: (offset: number, limit: number) => q.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute(),
    count: async () => Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
  };
}

export async function countsByStatus(db: Kysely<Database>, userId: number): Promise<Map<number, number>> {
  const rows = await db.selectFrom('supply_offer').select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('user_id', '=', userId).where('status', '!=', SupplyStatus.DELETED).groupBy('status').execute();
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}
