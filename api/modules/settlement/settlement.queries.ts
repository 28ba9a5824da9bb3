// Rows of settled_land and settlement_application (owned by the settlement module).
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from '../../db/schema';
import type { SettledLandTable, SettlementApplicationTable } from './settlement.table';

export type ApplicationRow = Selectable<SettlementApplicationTable>;
export type LandRow = Selectable<SettledLandTable>;

export function lands(db: Kysely<Database>, openOnly: boolean) {
  let q = db.selectFrom('settled_land').selectAll();
  if (openOnly) q = q.where('open', '=', 1);
  return q.orderBy('sort').orderBy('id').execute();
}

export const findLand = (db: Kysely<Database>, id: number) => db.selectFrom('settled_land').selectAll().where('id', '=', id).executeTakeFirst();

export async function countLands(db: Kysely<Database>): Promise<number> {
  return Number((await db.selectFrom('settled_land').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
}

export async function insertLands(db: Kysely<Database>, rows: Array<Insertable<SettledLandTable>>): Promise<void> {
  if (rows.length) await db.insertInto('settled_land').values(rows).execute();
}

export async function insertLand(db: Kysely<Database>, row: Insertable<SettledLandTable>): Promise<LandRow> {
  return db.insertInto('settled_land').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateLand(db: Kysely<Database>, id: number, set: Updateable<SettledLandTable>): Promise<LandRow | undefined> {
  return db.updateTable('settled_land').set(set).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function insertApplication(db: Kysely<Database>, row: Insertable<SettlementApplicationTable>): Promise<ApplicationRow> {
  return db.insertInto('settlement_application').values(row).returningAll().executeTakeFirstOrThrow();
}

export const findApplication = (db: Kysely<Database>, id: number) => db.selectFrom('settlement_application').selectAll().where('id', '=', id).executeTakeFirst();

export const latestOf = (db: Kysely<Database>, userId: number) =>
  db.selectFrom('settlement_application').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(1).executeTakeFirst();

export const applicationsOf = (db: Kysely<Database>, userId: number) =>
  db.selectFrom('settlement_application').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(50).execute();

/** An update that applies only if the application is still in `status` at `version`. */
export async function updateIf(db: Kysely<Database>, id: number, status: number, version: number, set: Updateable<SettlementApplicationTable>): Promise<ApplicationRow | undefined> {
  return db.updateTable('settlement_application').set({ ...set, version: version + 1 })
    .where('id', '=', id).where('status', '=', status).where('version', '=', version).returningAll().executeTakeFirst();
}

export function queue(db: Kysely<Database>, status: number | undefined, offset: number, limit: number) {
  let q = db.selectFrom('settlement_application').selectAll();
  if (status !== undefined) q = q.where('status', '=', status);
  return {
    rows: () => q.orderBy('created_at', status === 0 ? 'asc' : 'desc').orderBy('id').offset(offset).limit(limit).execute(),
    count: async () => Number((await q.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
  };
}
