// Rows of pattern-copy detection (product_copy_flag) and the operator's product list: products of any
// company, with the company's name (company.joins.ts lends the columns).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { companyColumns } from '../company/company.joins';
import { CopyFlagStatus } from '../../../isomorphic/domain/catalogue-seller';

const platformColumns = [
  'p.id', 'p.title', 'p.title_en', 'p.code', 'p.cover_path', 'p.status', 'p.takedown_reason', 'p.updated_at', 'p.company_id', 'c.name as company_name', 'c.name_en as company_name_en',
] as const;

/** Products of every company, newest change first; the keyword matches the titles, the code or the company's name. */
export async function platformProducts(db: Kysely<Database>, keyword: string, status: number | undefined, offset: number, limit: number) {
  let q = db.selectFrom('product as p').innerJoin(companyColumns(db).as('c'), 'c.id', 'p.company_id');
  if (status !== undefined) q = q.where('p.status', '=', status);
  if (keyword) {
    // The keyword's own % and _ match themselves ('!' escapes them).
    const like = sql<string>`${`%${keyword.replace(/[!%_]/g, (ch) => `!${ch}`)}%`} escape '!'`;
    q = q.where((eb) => eb.or([eb('p.title', 'like', like), eb('p.title_en', 'like', like), eb('p.code', 'like', like), eb('c.name', 'like', like), eb('c.name_en', 'like', like)]));
  }
  const [rows, total] = await Promise.all([
    q.select(platformColumns).orderBy('p.updated_at', 'desc').orderBy('p.id', 'desc').offset(offset).limit(limit).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export type PlatformProductRow = Awaited<ReturnType<typeof platformProducts>>['rows'][number];

export function productsByIds(db: Kysely<Database>, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([] as PlatformProductRow[]);
  return db.selectFrom('product as p').innerJoin(companyColumns(db).as('c'), 'c.id', 'p.company_id').select(platformColumns).where('p.id', 'in', ids).execute();
}

/** Company and status of products, for the copy check. */
export function ownersOf(db: Kysely<Database>, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('product').select(['id', 'company_id', 'status', 'created_at']).where('id', 'in', ids).execute();
}

/** Every flag of pairs that include this product, either way round. */
export function flagsTouching(db: Kysely<Database>, productId: number) {
  return db.selectFrom('product_copy_flag').select(['id', 'product_id', 'other_product_id', 'status', 'similarity'])
    .where((eb) => eb.or([eb('product_id', '=', productId), eb('other_product_id', '=', productId)])).execute();
}

export async function insertFlag(trx: Kysely<Database>, row: { product_id: number; other_product_id: number; similarity: number; created_at: string }): Promise<number> {
  return (await trx.insertInto('product_copy_flag').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateOpenFlag(trx: Kysely<Database>, id: number, similarity: number): Promise<void> {
  await trx.updateTable('product_copy_flag').set({ similarity }).where('id', '=', id).where('status', '=', CopyFlagStatus.OPEN).execute();
}

export async function deleteOpenFlags(trx: Kysely<Database>, ids: number[]): Promise<void> {
  if (ids.length > 0) await trx.deleteFrom('product_copy_flag').where('id', 'in', ids).where('status', '=', CopyFlagStatus.OPEN).execute();
}

/** The open flags of these products (the side saved later), with the other product's public fields when it is on sale. */
export function openFlagsOf(db: Kysely<Database>, productIds: number[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('product_copy_flag as f').innerJoin('product as o', 'o.id', 'f.other_product_id')
    .select(['f.product_id', 'o.id', 'o.title', 'o.title_en', 'o.status'])
    .where('f.product_id', 'in', productIds).where('f.status', '=', CopyFlagStatus.OPEN)
    .orderBy('f.similarity', 'desc').orderBy('o.id').execute();
}

export async function flagPage(db: Kysely<Database>, status: number, offset: number, limit: number) {
  const q = db.selectFrom('product_copy_flag').where('status', '=', status);
  const [rows, total] = await Promise.all([
    q.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export function findFlag(db: Kysely<Database>, id: number) {
  return db.selectFrom('product_copy_flag').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Decides an open flag; 0 when it was not open (already decided by another call). */
export async function decideFlag(trx: Kysely<Database>, id: number, set: { status: number; reason: string; decided_by: number; decided_at: string }): Promise<number> {
  const r = await trx.updateTable('product_copy_flag').set(set).where('id', '=', id).where('status', '=', CopyFlagStatus.OPEN).executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Status and every picture path (cover, gallery, colour cards) of these products, for the picture version. */
export async function picturesOfProducts(db: Kysely<Database>, ids: number[]) {
  if (ids.length === 0) return [];
  const [products, images, cards] = await Promise.all([
    db.selectFrom('product').select(['id', 'status', 'cover_path']).where('id', 'in', ids).execute(),
    db.selectFrom('product_image').select(['product_id', 'path']).where('product_id', 'in', ids).orderBy('product_id').orderBy('sort').orderBy('id').execute(),
    db.selectFrom('colour_card').select(['product_id', 'image_path as path']).where('product_id', 'in', ids).orderBy('product_id').orderBy('sort').orderBy('id').execute(),
  ]);
  return products.map((p) => ({
    id: p.id, status: p.status,
    paths: [p.cover_path, ...images.filter((i) => i.product_id === p.id).map((i) => i.path), ...cards.filter((c) => c.product_id === p.id).map((c) => c.path)],
  }));
}

/** The picture version each of these products was last checked at. */
export async function checkedVersions(db: Kysely<Database>, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('product_copy_check').select(['product_id', 'pictures']).where('product_id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.product_id, r.pictures]));
}

export async function recordCheck(trx: Kysely<Database>, productId: number, pictures: string, checkedAt: string): Promise<void> {
  await trx.deleteFrom('product_copy_check').where('product_id', '=', productId).execute();
  await trx.insertInto('product_copy_check').values({ product_id: productId, pictures, checked_at: checkedAt }).execute();
}

export async function forgetCheck(db: Kysely<Database>, productId: number): Promise<void> {
  await db.deleteFrom('product_copy_check').where('product_id', '=', productId).execute();
}
