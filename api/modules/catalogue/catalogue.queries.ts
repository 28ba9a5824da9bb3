// Rows of the catalogue tables (owned by the catalogue module): product, product_image, colour_card.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface ListFilter { patternType?: number; kind?: number; companyId?: number }

export const ProductStatus = { REMOVED: 0, ON_SALE: 1 } as const;

function onSale(db: Kysely<Database>, f: ListFilter) {
  let q = db.selectFrom('product as p')
    .innerJoin('company as c', 'c.id', 'p.company_id')
    .where('p.status', '=', ProductStatus.ON_SALE)
    .where('c.status', '=', 1);
  if (f.patternType !== undefined) q = q.where('p.pattern_type', '=', f.patternType);
  if (f.kind !== undefined) q = q.where('p.kind', '=', f.kind);
  if (f.companyId !== undefined) q = q.where('p.company_id', '=', f.companyId);
  return q;
}

const summaryColumns = [
  'p.id', 'p.company_id', 'c.name as company_name', 'c.name_en as company_name_en', 'p.title', 'p.title_en', 'p.code',
  'p.pattern_type', 'p.shape', 'p.unit', 'p.price', 'p.cover_path', 'p.width_cm', 'p.views', 'p.created_at',
] as const;

export function listOnSale(db: Kysely<Database>, f: ListFilter, offset: number, limit: number) {
  return onSale(db, f).select(summaryColumns).orderBy('p.created_at', 'desc').orderBy('p.id', 'desc').offset(offset).limit(limit).execute();
}

export type ProductSummaryRow = Awaited<ReturnType<typeof listOnSale>>[number];

export async function countOnSale(db: Kysely<Database>, f: ListFilter): Promise<number> {
  const row = await onSale(db, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findProduct(db: Kysely<Database>, id: number) {
  return db.selectFrom('product as p')
    .innerJoin('company as c', 'c.id', 'p.company_id')
    .select([...summaryColumns, 'p.description', 'p.description_en', 'p.composition', 'p.status', 'c.status as company_status'])
    .where('p.id', '=', id)
    .executeTakeFirst();
}

export type ProductDetailRow = NonNullable<Awaited<ReturnType<typeof findProduct>>>;

export function findProductStatus(db: Kysely<Database>, id: number) {
  return db.selectFrom('product as p')
    .innerJoin('company as c', 'c.id', 'p.company_id')
    .select(['p.id', 'p.status', 'c.status as company_status'])
    .where('p.id', '=', id)
    .executeTakeFirst();
}

export function listImages(db: Kysely<Database>, productId: number) {
  return db.selectFrom('product_image').select(['id', 'path', 'width', 'height', 'sort'])
    .where('product_id', '=', productId).orderBy('sort').orderBy('id').execute();
}

export function listColourCards(db: Kysely<Database>, productId: number) {
  return db.selectFrom('colour_card').select(['id', 'product_id', 'name', 'name_en', 'hex', 'image_path', 'sort'])
    .where('product_id', '=', productId).orderBy('sort').orderBy('id').execute();
}

export async function incrementViews(db: Kysely<Database>, id: number): Promise<void> {
  await db.updateTable('product').set({ views: sql`views + 1` }).where('id', '=', id).execute();
}
