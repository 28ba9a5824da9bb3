// Read-only lookup of colour cards with their product and company, as the cart and order placement need
// them: one query for many colours. The catalogue module owns these tables; this reads, never writes.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export const ON_SALE = 1;
export const COMPANY_ACTIVE = 1;

export function findColours(db: Kysely<Database>, colorIds: readonly number[]) {
  if (colorIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('colour_card as cc')
    .innerJoin('product as p', 'p.id', 'cc.product_id')
    .innerJoin('company as c', 'c.id', 'p.company_id')
    .select([
      'cc.id as color_id', 'cc.name as colour_name', 'cc.name_en as colour_name_en', 'cc.hex', 'cc.image_path',
      'p.id as product_id', 'p.company_id', 'p.title', 'p.title_en', 'p.code', 'p.unit', 'p.price', 'p.cover_path', 'p.status as product_status',
      'c.name as company_name', 'c.name_en as company_name_en', 'c.status as company_status',
    ])
    .where('cc.id', 'in', [...new Set(colorIds)])
    .execute();
}

export type ColourRow = Awaited<ReturnType<typeof findColours>>[number];

export const isPurchasable = (r: Pick<ColourRow, 'product_status' | 'company_status'>) => r.product_status === ON_SALE && r.company_status === COMPANY_ACTIVE;
