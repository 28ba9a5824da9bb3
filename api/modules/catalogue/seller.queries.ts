// Rows of the catalogue tables as the seller's catalogue reads and writes them: always through the
// company's id, so that another company's product or colour card is simply not found.
import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { Database } from '../../db/schema';
import type { ColourCardTable, ProductImageTable, ProductTable } from './catalogue.table';

const sellerColumns = [
  'p.id', 'p.kind', 'p.title', 'p.title_en', 'p.code', 'p.cover_path', 'p.unit', 'p.status', 'p.takedown_reason', 'p.price', 'p.bulk_ladder', 'p.updated_at',
] as const;

export function ownProducts(db: Kysely<Database>, companyId: number, status: number | undefined, offset: number, limit: number) {
  let q = db.selectFrom('product as p')
    .select([...sellerColumns, sql<number>`(select count(*) from colour_card cc where cc.product_id = p.id)`.as('colour_count')])
    .where('p.company_id', '=', companyId);
  if (status !== undefined) q = q.where('p.status', '=', status);
  return q.orderBy('p.updated_at', 'desc').orderBy('p.id', 'desc').offset(offset).limit(limit).execute();
}

export type OwnProductRow = Awaited<ReturnType<typeof ownProducts>>[number];

export async function countOwnByStatus(db: Kysely<Database>, companyId: number): Promise<Map<number, number>> {
  const rows = await db.selectFrom('product').select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('company_id', '=', companyId).groupBy('status').execute();
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

export function findOwnProduct(db: Kysely<Database>, companyId: number, id: number) {
  return db.selectFrom('product as p').selectAll('p')
    .select(sql<number>`(select count(*) from colour_card cc where cc.product_id = p.id)`.as('colour_count'))
    .where('p.id', '=', id).where('p.company_id', '=', companyId).executeTakeFirst();
}

export type OwnProductFullRow = NonNullable<Awaited<ReturnType<typeof findOwnProduct>>>;

export function findAnyProduct(db: Kysely<Database>, id: number) {
  return db.selectFrom('product').select(['id', 'company_id', 'status', 'takedown_reason']).where('id', '=', id).executeTakeFirst();
}

export async function insertProduct(trx: Kysely<Database>, row: Insertable<ProductTable>): Promise<number> {
  return (await trx.insertInto('product').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateOwnProduct(trx: Kysely<Database>, companyId: number, id: number, set: Updateable<ProductTable>): Promise<number> {
  const r = await trx.updateTable('product').set(set).where('id', '=', id).where('company_id', '=', companyId).executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function setProductStatus(trx: Kysely<Database>, id: number, set: Updateable<ProductTable>): Promise<number> {
  const r = await trx.updateTable('product').set(set).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function replacePictures(trx: Kysely<Database>, productId: number, rows: Array<Insertable<ProductImageTable>>): Promise<void> {
  await trx.deleteFrom('product_image').where('product_id', '=', productId).execute();
  if (rows.length > 0) await trx.insertInto('product_image').values(rows).execute();
}

export function cardsOf(db: Kysely<Database>, productId: number) {
  return db.selectFrom('colour_card').select(['id', 'product_id', 'name', 'name_en', 'hex', 'image_path', 'sort'])
    .where('product_id', '=', productId).orderBy('sort').orderBy('id').execute();
}

export function picturesOf(db: Kysely<Database>, productId: number) {
  return db.selectFrom('product_image').select(['path']).where('product_id', '=', productId).orderBy('sort').orderBy('id').execute();
}

/** A colour card with its product, when the product is the company's. */
export function findOwnCard(db: Kysely<Database>, companyId: number, id: number) {
  return db.selectFrom('colour_card as cc').innerJoin('product as p', 'p.id', 'cc.product_id')
    .select(['cc.id', 'cc.product_id', 'cc.image_path']).where('cc.id', '=', id).where('p.company_id', '=', companyId).executeTakeFirst();
}

export async function insertCards(trx: Kysely<Database>, rows: Array<Insertable<ColourCardTable>>): Promise<void> {
  if (rows.length > 0) await trx.insertInto('colour_card').values(rows).execute();
}

export async function updateCard(trx: Kysely<Database>, productId: number, id: number, set: Updateable<ColourCardTable>): Promise<void> {
  await trx.updateTable('colour_card').set(set).where('id', '=', id).where('product_id', '=', productId).execute();
}

export async function deleteCards(trx: Kysely<Database>, productId: number, ids: number[]): Promise<void> {
  if (ids.length > 0) await trx.deleteFrom('colour_card').where('product_id', '=', productId).where('id', 'in', ids).execute();
}

export async function touchProduct(trx: Kysely<Database>, id: number, at: string): Promise<void> {
  await trx.updateTable('product').set({ updated_at: at }).where('id', '=', id).execute();
}
