// SQL over the shop module's own tables. Every read and write of a seller's record names its company,
// so another company's id finds nothing.
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database } from '../../db/schema';
import type { ShopCertificateTable, ShopDeviceTable, ShopPartnerTable } from './shop.table';

type Db = Kysely<Database>;

// ---- certificates ----
export const listCertificates = (db: Db, companyId: number) =>
  db.selectFrom('shop_certificate').selectAll().where('company_id', '=', companyId).orderBy('id').execute();

export const findCertificate = (db: Db, id: number) =>
  db.selectFrom('shop_certificate').selectAll().where('id', '=', id).executeTakeFirst();

export async function insertCertificate(db: Db, row: Insertable<ShopCertificateTable>): Promise<void> {
  await db.insertInto('shop_certificate').values(row).execute();
}

export async function updateCertificate(db: Db, companyId: number, id: number, set: Updateable<ShopCertificateTable>): Promise<void> {
  await db.updateTable('shop_certificate').set(set).where('id', '=', id).where('company_id', '=', companyId).execute();
}

/** The operator's decision on the version `updatedAt` of a certificate; false when the seller changed it since. */
export async function decideCertificate(db: Db, id: number, updatedAt: string, set: Updateable<ShopCertificateTable>): Promise<boolean> {
  const r = await db.updateTable('shop_certificate').set(set).where('id', '=', id).where('updated_at', '=', updatedAt).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function deleteCertificates(db: Db, companyId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('shop_certificate').where('company_id', '=', companyId).where('id', 'in', ids).execute();
}

/** The operator's desk: certificates by status (all when undefined), oldest change first for pending. */
export function certificatesForReview(db: Db, status: number | undefined, offset: number, limit: number) {
  let q = db.selectFrom('shop_certificate').selectAll();
  if (status !== undefined) q = q.where('verify_status', '=', status);
  return q.orderBy('updated_at', status === 0 ? 'asc' : 'desc').orderBy('id').offset(offset).limit(limit).execute();
}

export async function countCertificatesForReview(db: Db, status: number | undefined): Promise<number> {
  let q = db.selectFrom('shop_certificate').select((eb) => eb.fn.countAll<number>().as('n'));
  if (status !== undefined) q = q.where('verify_status', '=', status);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** Companies among `ids` with at least one verified certificate valid on `today`. */
export async function companiesWithBadge(db: Db, ids: number[], today: string): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('shop_certificate').select('company_id').distinct()
    .where('company_id', 'in', ids).where('verify_status', '=', 1).where('valid_from', '<=', today)
    .where((eb) => eb.or([eb('valid_to', 'is', null), eb('valid_to', '>=', today)]))
    .execute();
  return new Set(rows.map((r) => r.company_id));
}

// ---- partners ----
export const listPartners = (db: Db, companyId: number, offset: number, limit: number) =>
  db.selectFrom('shop_partner').selectAll().where('company_id', '=', companyId).orderBy('id').offset(offset).limit(limit).execute();

export async function countPartners(db: Db, companyId: number): Promise<number> {
  const r = await db.selectFrom('shop_partner').select((eb) => eb.fn.countAll<number>().as('n')).where('company_id', '=', companyId).executeTakeFirstOrThrow();
  return Number(r.n);
}

export const findPartner = (db: Db, companyId: number, id: number) =>
  db.selectFrom('shop_partner').selectAll().where('id', '=', id).where('company_id', '=', companyId).executeTakeFirst();

export async function insertPartner(db: Db, row: Insertable<ShopPartnerTable>): Promise<number> {
  return (await db.insertInto('shop_partner').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updatePartner(db: Db, companyId: number, id: number, set: Updateable<ShopPartnerTable>): Promise<number> {
  const r = await db.updateTable('shop_partner').set(set).where('id', '=', id).where('company_id', '=', companyId).executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function deletePartner(db: Db, companyId: number, id: number): Promise<number> {
  const r = await db.deleteFrom('shop_partner').where('id', '=', id).where('company_id', '=', companyId).executeTakeFirst();
  return Number(r.numDeletedRows);
}

// ---- devices ----
export const listDevices = (db: Db, companyId: number) =>
  db.selectFrom('shop_device').selectAll().where('company_id', '=', companyId).orderBy('id').execute();

export async function countDevices(db: Db, companyId: number): Promise<number> {
  const r = await db.selectFrom('shop_device').select((eb) => eb.fn.countAll<number>().as('n')).where('company_id', '=', companyId).executeTakeFirstOrThrow();
  return Number(r.n);
}

export const findDevice = (db: Db, companyId: number, id: number) =>
  db.selectFrom('shop_device').selectAll().where('id', '=', id).where('company_id', '=', companyId).executeTakeFirst();

export async function insertDevice(db: Db, row: Insertable<ShopDeviceTable>): Promise<number> {
  return (await db.insertInto('shop_device').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateDevice(db: Db, companyId: number, id: number, set: Updateable<ShopDeviceTable>): Promise<number> {
  const r = await db.updateTable('shop_device').set(set).where('id', '=', id).where('company_id', '=', companyId).executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function deleteDevice(db: Db, companyId: number, id: number): Promise<number> {
  const r = await db.deleteFrom('shop_device').where('id', '=', id).where('company_id', '=', companyId).executeTakeFirst();
  return Number(r.numDeletedRows);
}

// ---- micro-site ----
export const findWebsite = (db: Db, companyId: number) =>
  db.selectFrom('shop_website').selectAll().where('company_id', '=', companyId).executeTakeFirst();

export async function saveWebsite(db: Db, companyId: number, templateId: string, sections: string, at: string): Promise<void> {
  await db.insertInto('shop_website').values({ company_id: companyId, template_id: templateId, sections, updated_at: at })
    .onConflict((oc) => oc.column('company_id').doUpdateSet({ template_id: templateId, sections, updated_at: at }))
    .execute();
}
