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
