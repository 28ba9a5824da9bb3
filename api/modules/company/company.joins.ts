// SQL pieces the company module lends to modules that must join companies for speed (a listing's company
// names, the on-sale rule). The company table stays this module's: others see only what these select.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import { CompanyStatus } from '../../../isomorphic/domain/platform';

/** The columns other modules show beside their rows: `innerJoin(companyColumns(db).as('c'), 'c.id', 'x.company_id')`. */
export const companyColumns = (db: Kysely<Database>) =>
  db.selectFrom('company').select(['id', 'name', 'name_en', 'abbreviation', 'logo_path', 'status']);

/**
 * The companies that are not active, as a subquery: `x.company_id not in ${inactiveCompanyIds}`. They are
 * few, so a listing excludes them by id and keeps its own indexes (an `in (active)` would invite the
 * planner to walk the listing by company and sort).
 */
export const inactiveCompanyIds: RawBuilder<unknown> = sql`(select id from company where status <> ${CompanyStatus.ACTIVE})`;

/** The latest change of any company, as a query (the catalogue's version, which the page cache compares, includes it). */
export const latestCompanyChange = (db: Kysely<Database>) =>
  db.selectFrom('company').select('updated_at as t').orderBy('updated_at', 'desc').limit(1);
