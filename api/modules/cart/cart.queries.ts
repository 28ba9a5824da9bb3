// SQL over the cart's own table. The lines' product and colour columns come from the catalogue's
// colour snapshots (catalogue.joins.ts), joined for speed as the template allows.
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { colourSnapshots } from '../catalogue/catalogue.joins';
import type { ShoppingCartTable } from './cart.table';

function cartRows(db: Kysely<Database>, userId: number) {
  return db.selectFrom('shopping_cart as sc')
    .innerJoin(colourSnapshots(db).as('k'), 'k.color_id', 'sc.color_id')
    .select([
      'sc.id', 'sc.color_id', 'sc.product_id', 'sc.company_id', 'sc.buy_num', 'sc.buy_type', 'sc.display_unit', 'sc.updated_at',
      'k.colour_name', 'k.colour_name_en', 'k.hex', 'k.image_path',
      'k.title', 'k.title_en', 'k.code', 'k.unit', 'k.price', 'k.bulk_ladder', 'k.cover_path', 'k.product_status', 'k.weight_g_per_m',
      'k.company_name', 'k.company_name_en', 'k.company_status',
    ])
    .where('sc.user_id', '=', userId);
}

export type CartRow = Awaited<ReturnType<ReturnType<typeof cartRows>['execute']>>[number];

export function cartLine(db: Kysely<Database>, userId: number, id: number): Promise<CartRow | undefined> {
  return cartRows(db, userId).where('sc.id', '=', id).executeTakeFirst();
}

/** The buyer's lines of one buy type, the most recently touched first. */
export function cartLinesOfType(db: Kysely<Database>, userId: number, buyType: number): Promise<CartRow[]> {
  return cartRows(db, userId).where('sc.buy_type', '=', buyType).orderBy('sc.updated_at', 'desc').orderBy('sc.id', 'desc').execute();
}

export function lineOfColour(db: Kysely<Database>, userId: number, buyType: number, colorId: number) {
  return db.selectFrom('shopping_cart').select('id')
    .where('user_id', '=', userId).where('buy_type', '=', buyType).where('color_id', '=', colorId).executeTakeFirst();
}

export async function countLinesOfType(db: Kysely<Database>, userId: number, buyType: number): Promise<number> {
  const { n } = await db.selectFrom('shopping_cart').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId).where('buy_type', '=', buyType).executeTakeFirstOrThrow();
  return Number(n);
}

/** Inserts the line, or on the same (buyer, buy type, colour) replaces its quantity; returns its id. */
export async function upsertLine(db: Kysely<Database>, line: Insertable<ShoppingCartTable>): Promise<number> {
  const row = await db.insertInto('shopping_cart').values(line)
    .onConflict((oc) => oc.columns(['user_id', 'buy_type', 'color_id']).doUpdateSet({ buy_num: line.buy_num, display_unit: line.display_unit ?? null, updated_at: line.updated_at }))
    .returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export function ownLine(db: Kysely<Database>, userId: number, id: number) {
  return db.selectFrom('shopping_cart').select(['id', 'buy_type', 'color_id']).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

export async function setLineQuantity(db: Kysely<Database>, userId: number, id: number, buyNum: number, now: string): Promise<void> {
  await db.updateTable('shopping_cart').set({ buy_num: buyNum, updated_at: now }).where('id', '=', id).where('user_id', '=', userId).execute();
}

export async function deleteOwnLines(db: Kysely<Database>, userId: number, ids: readonly number[]): Promise<number> {
  const res = await db.deleteFrom('shopping_cart').where('user_id', '=', userId).where('id', 'in', [...ids]).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** How many lines the buyer has of each buy type. */
export async function countByType(db: Kysely<Database>, userId: number): Promise<Map<number, number>> {
  const rows = await db.selectFrom('shopping_cart').select((eb) => ['buy_type', eb.fn.countAll<number>().as('n')])
    .where('user_id', '=', userId).groupBy('buy_type').execute();
  return new Map(rows.map((r) => [r.buy_type, Number(r.n)]));
}

export async function deleteColours(db: Kysely<Database>, userId: number, buyType: number, colorIds: readonly number[]): Promise<void> {
  await db.deleteFrom('shopping_cart').where('user_id', '=', userId).where('buy_type', '=', buyType).where('color_id', 'in', [...colorIds]).execute();
}
