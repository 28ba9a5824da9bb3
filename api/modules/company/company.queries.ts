// Rows of the company table (owned by the company module).
import type { Insertable, Kysely } from 'kysely';
import type { CompanyTable, Database } from '../../db/schema';

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
    .select((eb) => eb.selectFrom('product as p').select(eb.fn.countAll<number>().as('n'))
      .whereRef('p.company_id', '=', 'c.id').where('p.status', '=', 1).as('on_sale'))
    .where('c.status', '=', 1);
  if (kind !== undefined) q = q.where('c.kind', '=', kind);
  return q.orderBy('on_sale', 'desc').orderBy('c.id').offset(offset).limit(limit).execute();
}

export async function countActiveCompanies(db: Kysely<Database>, kind?: number): Promise<number> {
  let q = db.selectFrom('company').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 1);
  if (kind !== undefined) q = q.where('kind', '=', kind);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

export function findActiveCompanies(db: Kysely<Database>, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('company').selectAll().where('id', 'in', ids).where('status', '=', 1).execute();
}

export function sitemapCompanies(db: Kysely<Database>, offset: number, limit: number) {
  return db.selectFrom('company').select(['id', 'updated_at']).where('status', '=', 1).orderBy('id').offset(offset).limit(limit).execute();
}

export async function lastCompanyChange(db: Kysely<Database>): Promise<string | null> {
  const r = await db.selectFrom('company').select('updated_at').orderBy('updated_at', 'desc').limit(1).executeTakeFirst();
  return r?.updated_at ?? null;
}
