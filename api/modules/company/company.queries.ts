// Rows of the company table (owned by the company module).
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database } from '../../db/schema';
import type { CompanyTable } from './company.table';
import { CompanyStatus } from '../../../isomorphic/domain/platform';
import { onSaleCountSql } from '../catalogue/catalogue.joins';

export function findCompany(db: Kysely<Database>, id: number) {
  return db.selectFrom('company').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findCompaniesByNames(db: Kysely<Database>, names: string[]) {
  if (names.length === 0) return Promise.resolve([]);
  return db.selectFrom('company').select(['id', 'name']).where('name', 'in', names).execute();
}

export async function insertCompany(db: Kysely<Database>, row: Insertable<CompanyTable>): Promise<number> {
  const { id } = await db.insertInto('company').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function setCompanyImages(db: Kysely<Database>, id: number, logoPath: string, bannerPath: string): Promise<void> {
  await db.updateTable('company').set({ logo_path: logoPath, banner_path: bannerPath }).where('id', '=', id).execute();
}

/** Active companies, ordered by how many products they have on sale (then by id). */
export function listActiveCompanies(db: Kysely<Database>, kind: number | undefined, offset: number, limit: number) {
  let q = db.selectFrom('company as c').selectAll('c')
    .select(onSaleCountSql('c.id').as('on_sale'))
    .where('c.status', '=', CompanyStatus.ACTIVE);
  // Buyer studios (kind 3, settled designers) are companies but not shops.
  q = kind !== undefined ? q.where('c.kind', '=', kind) : q.where('c.kind', 'in', [1, 2]);
  return q.orderBy('on_sale', 'desc').orderBy('c.id').offset(offset).limit(limit).execute();
}

export async function countActiveCompanies(db: Kysely<Database>, kind?: number): Promise<number> {
  let q = db.selectFrom('company').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', CompanyStatus.ACTIVE);
  q = kind !== undefined ? q.where('kind', '=', kind) : q.where('kind', 'in', [1, 2]);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

export function companyNameRows(db: Kysely<Database>, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('company').select(['id', 'name', 'name_en']).where('id', 'in', [...new Set(ids)]).execute();
}

export function findActiveCompanies(db: Kysely<Database>, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('company').selectAll().where('id', 'in', ids).where('status', '=', CompanyStatus.ACTIVE).execute();
}

export function sitemapCompanies(db: Kysely<Database>, offset: number, limit: number) {
  return db.selectFrom('company').select(['id', 'updated_at']).where('status', '=', CompanyStatus.ACTIVE).orderBy('id').offset(offset).limit(limit).execute();
}

export async function lastCompanyChange(db: Kysely<Database>): Promise<string | null> {
  const r = await db.selectFrom('company').select('updated_at').orderBy('updated_at', 'desc').limit(1).executeTakeFirst();
  return r?.updated_at ?? null;
}

export async function updateCompanyRow(db: Kysely<Database>, id: number, set: Updateable<CompanyTable>): Promise<void> {
  await db.updateTable('company').set(set).where('id', '=', id).execute();
}

export async function companyStatus(db: Kysely<Database>, id: number): Promise<number | undefined> {
  return (await db.selectFrom('company').select('status').where('id', '=', id).executeTakeFirst())?.status;
}

export async function setStatus(db: Kysely<Database>, id: number, from: number, to: number, reason: string, at: string): Promise<boolean> {
  const r = await db.updateTable('company').set({ status: to, status_reason: reason, updated_at: at }).where('id', '=', id).where('status', '=', from).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Every company for the operator console, newest first, by status and a name keyword. */
export function platformCompanies(db: Kysely<Database>, f: { status?: number; keyword?: string }, offset: number, limit: number) {
  let q = db.selectFrom('company').selectAll();
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  if (f.keyword) q = q.where((eb) => eb.or([eb('name', 'like', `%${f.keyword}%`), eb('name_en', 'like', `%${f.keyword}%`)]));
  return {
    rows: () => q.orderBy('id', 'desc').offset(offset).limit(limit).execute(),
    count: async () => Number((await q.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
  };
}
