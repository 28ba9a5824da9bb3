// Read-only lookup of colour cards with their product and company, as the cart and order placement need
// them: one query for many colours. The catalogue module owns these tables; this reads, never writes.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { isOnSale } from '../../../isomorphic/domain/catalogue';
import { colourSnapshots } from './catalogue.joins';

export function findColours(db: Kysely<Database>, colorIds: readonly number[]) {
  if (colorIds.length === 0) return Promise.resolve([]);
  return colourSnapshots(db).where('cc.id', 'in', [...new Set(colorIds)]).execute();
}

export type ColourRow = Awaited<ReturnType<typeof findColours>>[number];

export const isPurchasable = (r: Pick<ColourRow, 'product_status' | 'company_status'>) => isOnSale({ productStatus: r.product_status, companyStatus: r.company_status });
