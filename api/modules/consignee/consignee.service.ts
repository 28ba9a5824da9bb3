// Delivery addresses: at most 8 per user, exactly one default while any exist, and nobody touches
// another person's address (a foreign id answers "address does not exist" and changes nothing).
import { PostgresAdapter, sql, type Kysely, type Transaction } from 'kysely';
import { AccountLimits, isMobile } from '../../../isomorphic/domain/account';
import { Codes } from '../../../isomorphic/domain/codes';
import type { Consignee } from '../../../isomorphic/contracts/account';
import { ApiError } from '../../http/errors';
import type { Database } from '../../db/schema';
import * as q from './consignee.queries';
import { areasByCodes, regionTextIn, type AreaLang } from '../area/area.service';

export interface ConsigneeInput { consignee: string; phone: string; provinceCode: string; cityCode: string; districtCode?: string; detail: string; isDefault?: boolean }

/** An address as the api answers it, its region in the caller's language (stored in Chinese). */
const toConsignee = (r: q.ConsigneeRow, lang: AreaLang): Consignee => ({
  id: r.id, consignee: r.consignee, phone: r.phone, provinceCode: r.province_code, cityCode: r.city_code,
  districtCode: r.district_code, region: regionTextIn([r.province_code, r.city_code, r.district_code], r.region, lang),
  detail: r.detail, isDefault: r.is_default === 1,
});

const invalid = (zh: string, en: string) => new ApiError(Codes.BAD_REQUEST, 400, { zh, en });

/** Checks the fields and that the region codes exist and nest; returns the region text. */
async function validate(db: Kysely<Database>, input: ConsigneeInput): Promise<string> {
  if (!input.consignee.trim()) throw invalid('请填写收货人', 'Please enter the consignee');
  if (!isMobile(input.phone)) throw new ApiError(Codes.INVALID_MOBILE, 400);
  if (!input.detail.trim()) throw invalid('请填写详细地址', 'Please enter the detailed address');
  const codes = [input.provinceCode, input.cityCode, input.districtCode].filter((c): c is string => !!c);
  const rows = await areasByCodes(db, codes);
  const byCode = new Map(rows.map((r) => [r.code, r]));
  const province = byCode.get(input.provinceCode);
  const city = byCode.get(input.cityCode);
  const district = input.districtCode ? byCode.get(input.districtCode) : undefined;
  if (!province || province.level !== 1 || !city || city.parentCode !== province.code || (input.districtCode && (!district || district.parentCode !== city.code))) {
    throw invalid('请选择正确的所在地区', 'Please choose a valid region');
  }
  return [province.name, city.name, district?.name].filter(Boolean).join(' ');
}

/** The user's address of this id, or undefined (another user's id finds nothing); order placement reads it. */
export function findOwnConsignee(db: Kysely<Database>, userId: number, id: number) {
  return q.findOwn(db, userId, id);
}

async function owned(db: Kysely<Database>, userId: number, id: number) {
  const row = await findOwnConsignee(db, userId, id);
  if (!row) throw new ApiError(Codes.ADDRESS_NOT_FOUND, 404);
  return row;
}

/**
 * Serialises one user's address writes: SQLite runs one write transaction at a time already; on PostgreSQL
 * a transaction-scoped advisory lock on the user does it, so parallel adds cannot pass the 8-address cap.
 */
async function lockAddressesOf(trx: Transaction<Database>, userId: number): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) await sql`select pg_advisory_xact_lock(hashtext(${`consignee:${userId}`}))`.execute(trx);
}

const addressMissing = () => new ApiError(Codes.ADDRESS_NOT_FOUND, 404);

export async function listConsignees(db: Kysely<Database>, userId: number, lang: AreaLang = 'zh'): Promise<Consignee[]> {
  const rows = await q.listOfUser(db, userId);
  return rows.map((r) => toConsignee(r, lang));
}

export async function addConsignee(db: Kysely<Database>, userId: number, input: ConsigneeInput, lang: AreaLang = 'zh'): Promise<Consignee> {
  const region = await validate(db, input);
  const now = new Date().toISOString();
  return db.transaction().execute(async (trx) => {
    await lockAddressesOf(trx, userId);
    const n = await q.countOfUser(trx, userId);
    if (n >= AccountLimits.maxAddresses) throw new ApiError(Codes.ADDRESS_LIMIT, 400);
    const makeDefault = n === 0 || !!input.isDefault;
    if (makeDefault) await q.clearDefault(trx, userId);
    const row = await q.insert(trx, {
      user_id: userId, consignee: input.consignee.trim(), phone: input.phone, province_code: input.provinceCode, city_code: input.cityCode,
      district_code: input.districtCode ?? '', region, detail: input.detail.trim(), is_default: makeDefault ? 1 : 0, created_at: now, updated_at: now,
    });
    return toConsignee(row, lang);
  });
}

export async function editConsignee(db: Kysely<Database>, userId: number, id: number, input: ConsigneeInput, lang: AreaLang = 'zh'): Promise<Consignee> {
  await owned(db, userId, id);
  const region = await validate(db, input);
  return db.transaction().execute(async (trx) => {
    await lockAddressesOf(trx, userId);
    if (input.isDefault) await q.clearDefault(trx, userId);
    const row = await q.updateOwn(trx, userId, id, {
      consignee: input.consignee.trim(), phone: input.phone, province_code: input.provinceCode, city_code: input.cityCode,
      district_code: input.districtCode ?? '', region, detail: input.detail.trim(), updated_at: new Date().toISOString(),
      ...(input.isDefault ? { is_default: 1 } : {}),
    });
    // Deleted by a parallel call since the check above: not found (the transaction rolls back).
    if (!row) throw addressMissing();
    return toConsignee(row, lang);
  });
}

export async function deleteConsignee(db: Kysely<Database>, userId: number, id: number): Promise<void> {
  await owned(db, userId, id);
  await db.transaction().execute(async (trx) => {
    await lockAddressesOf(trx, userId);
    // Whether it was the default is read as it is deleted, under the lock: a setDefault that committed
    // since the check above made it the default, and then another address must take over.
    const gone = await q.deleteOwn(trx, userId, id);
    if (!gone) throw addressMissing();
    if (gone.wasDefault) {
      // Keep one default while any address remains: the oldest one takes over.
      const next = await q.oldestIdOfUser(trx, userId);
      if (next !== undefined) await q.setDefault(trx, next);
    }
  });
}

export async function setDefaultConsignee(db: Kysely<Database>, userId: number, id: number): Promise<void> {
  await owned(db, userId, id);
  await db.transaction().execute(async (trx) => {
    await lockAddressesOf(trx, userId);
    await q.clearDefault(trx, userId);
    if (!(await q.setOwnDefault(trx, userId, id))) throw addressMissing();
  });
}
