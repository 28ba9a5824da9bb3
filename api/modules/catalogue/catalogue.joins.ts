// SQL pieces the catalogue lends to modules that must join products for speed: the on-sale rule and the
// summary columns of a product on sale. The product tables stay this module's.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import { ProductStatus } from '../../../isomorphic/domain/catalogue';
import { companyColumns, inactiveCompanyIds } from '../company/company.joins';

/**
 * The on-sale rule in SQL, over the product alias `p` (or another): the product is on sale and its company
 * is active. `isOnSale` (isomorphic/domain/catalogue.ts) is the same rule over values.
 */
export function onSaleSql(p = 'p'): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(`${p}.status`)} = ${ProductStatus.ON_SALE} and ${sql.ref(`${p}.company_id`)} not in ${inactiveCompanyIds}`;
}

/** Products with their company's name (any status): `from` of the catalogue's own reads. */
export const productsWithCompany = (db: Kysely<Database>) =>
  db.selectFrom('product as p').innerJoin(companyColumns(db).as('c'), 'c.id', 'p.company_id');

/** What a listing shows of a product. */
export const summaryColumns = [
  'p.id', 'p.company_id', 'c.name as company_name', 'c.name_en as company_name_en', 'p.title', 'p.title_en', 'p.code',
  'p.pattern_type', 'p.shape', 'p.unit', 'p.price', 'p.cover_path', 'p.width_cm', 'p.views', 'p.created_at',
] as const;

/**
 * Products on sale with their summary columns (and the company's abbreviation and logo), for another
 * module to join to its rows: `innerJoin(onSaleSummaries(db).as('p'), 'p.id', 'x.product_id')`.
 */
export const onSaleSummaries = (db: Kysely<Database>) =>
  productsWithCompany(db).select([...summaryColumns, 'c.abbreviation as company_abbreviation', 'c.logo_path as company_logo_path']).where(onSaleSql());

/** Products whose own status is on sale (a suspended company's too), for another module's `where not exists`. */
export const listedProducts = (db: Kysely<Database>) =>
  db.selectFrom('product as p').where('p.status', '=', ProductStatus.ON_SALE);

/** How many products of the company whose id is the column `ref` are on sale: a scalar subquery (the company listing sorts by it). */
export const onSaleCountSql = (ref: string): RawBuilder<number> =>
  sql<number>`(select count(*) from product p where p.company_id = ${sql.ref(ref)} and ${onSaleSql('p')})`;

/**
 * Colour cards with their product and company as a cart line or an order line shows them, and the
 * statuses the on-sale rule reads: `innerJoin(colourSnapshots(db).as('k'), 'k.color_id', 'x.color_id')`.
 */
export const colourSnapshots = (db: Kysely<Database>) =>
  db.selectFrom('colour_card as cc')
    .innerJoin('product as p', 'p.id', 'cc.product_id')
    .innerJoin(companyColumns(db).as('c'), 'c.id', 'p.company_id')
    .select([
      'cc.id as color_id', 'cc.name as colour_name', 'cc.name_en as colour_name_en', 'cc.hex', 'cc.image_path',
      'p.id as product_id', 'p.company_id', 'p.title', 'p.title_en', 'p.code', 'p.unit', 'p.price', 'p.bulk_ladder', 'p.cover_path', 'p.status as product_status', 'p.weight_g_per_m',
      'c.name as company_name', 'c.name_en as company_name_en', 'c.status as company_status',
    ]);

/** The kinds (ProductKind) of the company's products on sale: which custom requests reach it (custom module). */
export const onSaleKindsOf = (db: Kysely<Database>, companyId: number) =>
  db.selectFrom('product as p').select('p.kind').distinct().where('p.company_id', '=', companyId).where(onSaleSql());
