// Settlement (入驻): a signed-in user applies; an operator approves (creating the company or attaching the
// user to an existing one, and settling the user, in one transaction) or rejects with a reason; a
// rejected application may be corrected and resubmitted; one open application per user.
import type { Kysely } from 'kysely';
import { Codes } from '../../../isomorphic/domain/codes';
import {
  checkSettlement, companyKindOf, settlementKindOf, SettlementLimits, SettlementStatus, settlementStatusLabels, type SettlementInput,
} from '../../../isomorphic/domain/settlement';
import { CompanyStatus, PlatformLimits } from '../../../isomorphic/domain/platform';
import type { QueuedApplication, SettledLand, SettlementApplication, SettlementOverview } from '../../../isomorphic/contracts/settlement';
import { ApiError } from '../../http/errors';
import type { Lang } from '../../http/envelope';
import type { Database } from '../../db/schema';
import type { StorageDriver } from '../file/storage';
import type { UserRow } from '../account/session';
import { operatorIds, settleUser, userBriefs } from '../account/account.service';
import { companyStatusOf, createSettledCompany, findCompany } from '../company/company.service';
import { filesOwnedBy } from '../file/upload.service';
import { notify } from '../notification/notification.service';
import { recordAudit } from '../platform/platform.service';
import {
  applicationsOf, countLands, findApplication, findLand, insertApplication, insertLand, insertLands, lands, latestOf, queue, updateIf, updateLand,
  type ApplicationRow, type LandRow,
} from './settlement.queries';
import { isUniqueViolation } from '../../db/database';

export interface SettlementDeps { db: Kysely<Database>; storage: StorageDriver }

const refuse = (code: number, status = 400) => new ApiError(code, status);
const missing = () => refuse(Codes.SETTLE_NOT_FOUND, 404);

export function toLand(r: LandRow): SettledLand {
  return { id: r.id, name: r.name, nameEn: r.name_en, provinceCode: r.province_code, cityCode: r.city_code, speciality: r.speciality, specialityEn: r.speciality_en, open: r.open === 1, sort: r.sort };
}

export function toApplication(storage: StorageDriver, r: ApplicationRow, lang: Lang): SettlementApplication {
  return {
    id: r.id, userId: r.user_id, kind: r.kind === 'buyer' ? 'buyer' : 'seller', companyName: r.company_name, abbreviation: r.abbreviation,
    mainBusiness: r.main_business, intro: r.intro, landId: r.land_id, provinceCode: r.province_code, cityCode: r.city_code, address: r.address,
    licencePath: r.licence_path, licenceUrl: storage.url(r.licence_path), companyImagePath: r.company_image_path, companyImageUrl: storage.url(r.company_image_path),
    remark: r.remark, status: r.status, statusLabel: settlementStatusLabels[r.status]?.[lang] ?? '', rejectReason: r.reject_reason, companyId: r.company_id,
    decidedAt: r.decided_at, version: r.version, createdAt: r.created_at, updatedAt: r.updated_at,
  };
}

/** The lace-industry areas where the platform accepts sellers (seeded once; operators edit them). */
export async function settledLands(db: Kysely<Database>, openOnly = true): Promise<SettledLand[]> {
  return (await lands(db, openOnly)).map(toLand);
}

export const DEFAULT_LANDS = [
  { name: '广东汕头潮阳谷饶', name_en: 'Gurao, Chaoyang, Shantou (Guangdong)', province_code: '44', city_code: '4405', speciality: '经编花边、内衣花边', speciality_en: 'Warp-knit and lingerie lace' },
  { name: '福建长乐', name_en: 'Changle (Fujian)', province_code: '35', city_code: '3501', speciality: '经编蕾丝面料', speciality_en: 'Warp-knit lace fabric' },
  { name: '浙江绍兴柯桥', name_en: 'Keqiao, Shaoxing (Zhejiang)', province_code: '33', city_code: '3306', speciality: '面料与花边市场', speciality_en: 'Fabric and lace market' },
  { name: '江苏苏州吴江盛泽', name_en: 'Shengze, Wujiang, Suzhou (Jiangsu)', province_code: '32', city_code: '3205', speciality: '丝绸与刺绣花边', speciality_en: 'Silk and embroidered lace' },
  { name: '浙江嘉兴海宁', name_en: 'Haining, Jiaxing (Zhejiang)', province_code: '33', city_code: '3304', speciality: '经编与绣花', speciality_en: 'Warp knitting and embroidery' },
  { name: '广东广州中大布匹市场', name_en: 'Zhongda fabric market, Guangzhou (Guangdong)', province_code: '44', city_code: '4401', speciality: '花边档口批发', speciality_en: 'Lace stalls and wholesale' },
];

/** Seeds the default areas when there are none (reference data, like the dictionary). */
export async function seedSettledLands(db: Kysely<Database>, now = new Date()): Promise<number> {
  if ((await countLands(db)) > 0) return 0;
  await insertLands(db, DEFAULT_LANDS.map((l, sort) => ({ ...l, open: 1, sort, updated_at: now.toISOString() })));
  return DEFAULT_LANDS.length;
}

/** Checks every field (first failing rule's code and message), the area and the images' owner. */
async function validated(db: Kysely<Database>, user: UserRow, input: SettlementInput): Promise<SettlementInput> {
  const kind = settlementKindOf(user.user_type);
  const clean: SettlementInput = {
    ...input,
    companyName: input.companyName.trim(), abbreviation: input.abbreviation.trim(), mainBusiness: input.mainBusiness.trim(), intro: (input.intro ?? '').trim(),
    address: input.address.trim(), remark: input.remark.trim(), licencePath: input.licencePath.trim(), companyImagePath: input.companyImagePath.trim(),
    landId: kind === 'seller' ? input.landId ?? null : input.landId || null,
  };
  const problems = checkSettlement(clean, kind);
  if (problems.length) throw refuse(problems[0].code);
  if (clean.landId) {
    const land = await findLand(db, clean.landId);
    if (!land || land.open !== 1) throw refuse(Codes.SETTLE_LAND);
  }
  const owned = await filesOwnedBy(db, user.id, [clean.licencePath, clean.companyImagePath]);
  if (!owned.has(clean.licencePath) || !owned.has(clean.companyImagePath)) throw refuse(Codes.SETTLE_IMAGE_NOT_OWNED);
  return clean;
}

function rowOf(input: SettlementInput) {
  return {
    company_name: input.companyName, abbreviation: input.abbreviation, main_business: input.mainBusiness, intro: input.intro, land_id: input.landId ?? null,
    province_code: input.provinceCode, city_code: input.cityCode, address: input.address, licence_path: input.licencePath, company_image_path: input.companyImagePath,
    remark: input.remark,
  };
}

export async function overview(deps: SettlementDeps, user: UserRow, lang: Lang): Promise<SettlementOverview> {
  const [current, open] = await Promise.all([latestOf(deps.db, user.id), settledLands(deps.db)]);
  return { settled: user.settled === 1, userType: user.user_type, kind: settlementKindOf(user.user_type), current: current ? toApplication(deps.storage, current, lang) : null, lands: open };
}

export async function myApplications(deps: SettlementDeps, user: UserRow, lang: Lang): Promise<SettlementApplication[]> {
  return (await applicationsOf(deps.db, user.id)).map((r) => toApplication(deps.storage, r, lang));
}

/** One of my applications; another user's answers "does not exist". */
export async function myApplication(deps: SettlementDeps, user: UserRow, id: number): Promise<ApplicationRow> {
  const row = await findApplication(deps.db, id);
  if (!row || row.user_id !== user.id) throw missing();
  return row;
}

async function tellOperators(trx: Kysely<Database>, app: ApplicationRow, now: Date): Promise<void> {
  await notify(trx, await operatorIds(trx), { kind: 'settlementSubmitted', params: { company: app.company_name }, link: `/platform/settlement/${app.id}` }, now);
}

export async function apply(deps: SettlementDeps, user: UserRow, input: SettlementInput, now = new Date()): Promise<ApplicationRow> {
  if (user.settled === 1) throw refuse(Codes.SETTLE_ALREADY_SETTLED, 409);
  const clean = await validated(deps.db, user, input);
  const at = now.toISOString();
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const row = await insertApplication(trx, {
        user_id: user.id, kind: settlementKindOf(user.user_type), ...rowOf(clean), status: SettlementStatus.SUBMITTED,
        company_id: null, decided_by: null, decided_at: null, created_at: at, updated_at: at,
      });
      await tellOperators(trx, row, now);
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw refuse(Codes.SETTLE_OPEN_EXISTS, 409);
    throw err;
  }
}

/** Corrects a rejected application and submits it again. */
export async function resubmit(deps: SettlementDeps, user: UserRow, id: number, input: SettlementInput, now = new Date()): Promise<ApplicationRow> {
  const current = await myApplication(deps, user, id);
  if (user.settled === 1) throw refuse(Codes.SETTLE_ALREADY_SETTLED, 409);
  if (current.status !== SettlementStatus.REJECTED) throw refuse(Codes.SETTLE_NOT_REJECTED, 409);
  const clean = await validated(deps.db, user, input);
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const row = await updateIf(trx, id, SettlementStatus.REJECTED, current.version, {
        ...rowOf(clean), status: SettlementStatus.SUBMITTED, reject_reason: '', decided_by: null, decided_at: null, updated_at: now.toISOString(),
      });
      if (!row) throw refuse(Codes.SETTLE_STATUS_CHANGED, 409);
      await tellOperators(trx, row, now);
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw refuse(Codes.SETTLE_OPEN_EXISTS, 409);
    throw err;
  }
}

/** Withdraws my open application. */
export async function withdraw(deps: SettlementDeps, user: UserRow, id: number, now = new Date()): Promise<ApplicationRow> {
  const current = await myApplication(deps, user, id);
  if (current.status !== SettlementStatus.SUBMITTED) throw refuse(Codes.SETTLE_NOT_OPEN, 409);
  const row = await updateIf(deps.db, id, SettlementStatus.SUBMITTED, current.version, { status: SettlementStatus.WITHDRAWN, updated_at: now.toISOString() });
  if (!row) throw refuse(Codes.SETTLE_STATUS_CHANGED, 409);
  return row;
}

// ---- the operator's side ----

export async function applicationQueue(deps: SettlementDeps, q: { status?: number; pageNum: number; pageSize: number }, lang: Lang) {
  const page = queue(deps.db, q.status, (q.pageNum - 1) * q.pageSize, q.pageSize);
  const [rows, total] = await Promise.all([page.rows(), page.count()]);
  return { list: await queued(deps, rows, lang), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

async function queued(deps: SettlementDeps, rows: ApplicationRow[], lang: Lang): Promise<QueuedApplication[]> {
  const [users, allLands] = await Promise.all([userBriefs(deps.db, rows.map((r) => r.user_id)), lands(deps.db, false)]);
  const landNames = new Map(allLands.map((l) => [l.id, lang === 'en' ? l.name_en || l.name : l.name]));
  return rows.map((r) => ({ ...toApplication(deps.storage, r, lang), applicant: users.get(r.user_id) ?? null, landName: r.land_id ? landNames.get(r.land_id) ?? '' : '' }));
}

export async function applicationForOperator(deps: SettlementDeps, id: number, lang: Lang): Promise<QueuedApplication> {
  const row = await findApplication(deps.db, id);
  if (!row) throw missing();
  return (await queued(deps, [row], lang))[0];
}

const snapshot = (r: ApplicationRow) => ({ status: r.status, rejectReason: r.reject_reason, companyId: r.company_id, version: r.version });

/**
 * Approves an open application in one transaction: creates the company (or attaches the user to the
 * active company the operator picked), settles the user, records the decision, the audit entry and the
 * applicant's message.
 */
export async function approve(deps: SettlementDeps, operatorId: number, input: { id: number; companyId?: number; expectedVersion?: number }, now = new Date()): Promise<ApplicationRow> {
  const current = await findApplication(deps.db, input.id);
  if (!current) throw missing();
  if (current.status !== SettlementStatus.SUBMITTED) throw refuse(Codes.SETTLE_NOT_OPEN, 409);
  if (input.expectedVersion !== undefined && input.expectedVersion !== current.version) throw refuse(Codes.SETTLE_STATUS_CHANGED, 409);
  if (input.companyId !== undefined && (await companyStatusOf(deps.db, input.companyId)) !== CompanyStatus.ACTIVE) throw refuse(Codes.SETTLE_TARGET_COMPANY);
  const userType = (await userBriefs(deps.db, [current.user_id])).get(current.user_id)?.userType ?? 3;
  return deps.db.transaction().execute(async (trx) => {
    const companyId = input.companyId ?? await createSettledCompany(trx, {
      name: current.company_name, abbreviation: current.abbreviation, kind: companyKindOf(userType), mainBusiness: current.main_business,
      intro: current.intro, province: current.province_code, city: current.city_code, address: current.address, bannerPath: current.company_image_path,
    }, now);
    const at = now.toISOString();
    const row = await updateIf(trx, current.id, SettlementStatus.SUBMITTED, current.version, {
      status: SettlementStatus.APPROVED, company_id: companyId, decided_by: operatorId, decided_at: at, updated_at: at,
    });
    if (!row) throw refuse(Codes.SETTLE_STATUS_CHANGED, 409);
    await settleUser(trx, current.user_id, companyId, now);
    const company = await findCompany(trx, companyId);
    await recordAudit(trx, {
      operatorId, action: 'settlement.approve', targetType: 'settlement', targetId: current.id,
      before: snapshot(current), after: { ...snapshot(row), companyCreated: input.companyId === undefined }, note: company?.name ?? '', now,
    });
    await notify(trx, [current.user_id], { kind: 'settlementApproved', params: { company: company?.name ?? current.company_name }, link: current.kind === 'seller' ? '/home/shopManage' : '/home/person' }, now);
    return row;
  });
}

export async function reject(deps: SettlementDeps, operatorId: number, input: { id: number; reason: string; expectedVersion?: number }, now = new Date()): Promise<ApplicationRow> {
  const reason = input.reason.trim();
  const L = SettlementLimits.rejectReason;
  if ([...reason].length < L.min || [...reason].length > L.max) throw refuse(Codes.SETTLE_REASON_REQUIRED);
  const current = await findApplication(deps.db, input.id);
  if (!current) throw missing();
  if (current.status !== SettlementStatus.SUBMITTED) throw refuse(Codes.SETTLE_NOT_OPEN, 409);
  if (input.expectedVersion !== undefined && input.expectedVersion !== current.version) throw refuse(Codes.SETTLE_STATUS_CHANGED, 409);
  return deps.db.transaction().execute(async (trx) => {
    const at = now.toISOString();
    const row = await updateIf(trx, current.id, SettlementStatus.SUBMITTED, current.version, { status: SettlementStatus.REJECTED, reject_reason: reason, decided_by: operatorId, decided_at: at, updated_at: at });
    if (!row) throw refuse(Codes.SETTLE_STATUS_CHANGED, 409);
    await recordAudit(trx, { operatorId, action: 'settlement.reject', targetType: 'settlement', targetId: current.id, before: snapshot(current), after: snapshot(row), note: reason, now });
    await notify(trx, [current.user_id], { kind: 'settlementRejected', params: { reason }, link: '/settle/apply' }, now);
    return row;
  });
}

/** Operators add or edit the areas open to sellers. */
export async function saveLand(deps: SettlementDeps, operatorId: number, input: { id?: number; name: string; nameEn: string; provinceCode: string; cityCode: string; speciality: string; specialityEn: string; open: boolean; sort: number }, now = new Date()): Promise<SettledLand> {
  const name = input.name.trim();
  const nameLength = [...name].length;
  if (nameLength < PlatformLimits.landName.min || nameLength > PlatformLimits.landName.max) throw refuse(Codes.PLATFORM_LAND_NAME);
  if (!input.provinceCode || !input.cityCode || !input.cityCode.startsWith(input.provinceCode)) throw refuse(Codes.PLATFORM_LAND_REGION);
  return deps.db.transaction().execute(async (trx) => {
    const values = {
      name, name_en: input.nameEn.trim(), province_code: input.provinceCode, city_code: input.cityCode, speciality: input.speciality.trim(),
      speciality_en: input.specialityEn.trim(), open: input.open ? 1 : 0, sort: input.sort, updated_at: now.toISOString(),
    };
    const before = input.id === undefined ? null : await findLand(trx, input.id);
    if (input.id !== undefined && !before) throw refuse(Codes.PLATFORM_LAND_NOT_FOUND, 404);
    const row = input.id === undefined ? await insertLand(trx, values) : await updateLand(trx, input.id, values);
    if (!row) throw refuse(Codes.PLATFORM_LAND_NOT_FOUND, 404);
    await recordAudit(trx, { operatorId, action: 'land.save', targetType: 'land', targetId: row.id, before: before ? toLand(before) : null, after: toLand(row), note: row.name, now });
    return toLand(row);
  });
}
