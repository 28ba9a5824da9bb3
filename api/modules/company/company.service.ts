// Companies (shops) as buyers see them. Area codes are resolved through the area module and product
// counts through the catalogue module, each by its service.
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import type { CompanyTable } from './company.table';
import type { CompanyInfo, CompanySummary, Page } from '../../../isomorphic/contracts/common';
import type { StorageDriver } from '../file/storage';
import { gone, notFound } from '../../http/errors';
import { areaNames, type AreaLang } from '../area/area.service';
import { countProductsOnSale, productCountsByCompany } from '../catalogue/catalogue.service';
import { companyNameRows, companyStatus, countActiveCompanies, findCompany, insertCompany, listActiveCompanies, findActiveCompanies, platformCompanies, setStatus } from './company.queries';

/** `lang`: the language of the area names (the caller's; Chinese when not given). */
export interface CompanyDeps { db: Kysely<Database>; storage: StorageDriver; lang?: AreaLang }

export { CompanyStatus } from '../../../isomorphic/domain/platform';
import { CompanyStatus } from '../../../isomorphic/domain/platform';

type CompanyRow = Selectable<CompanyTable>;

const urlOf = (storage: StorageDriver, p: string) => (p ? storage.url(p) : '');

function summary(storage: StorageDriver, row: CompanyRow, names: Map<string, string>, productCount: number): CompanySummary {
  return {
    id: row.id,
    name: row.name,
    nameEn: row.name_en,
    abbreviation: row.abbreviation,
    kind: row.kind,
    logoUrl: urlOf(storage, row.logo_path),
    mainBusiness: row.main_business,
    mainBusinessEn: row.main_business_en,
    province: names.get(row.province) ?? '',
    city: names.get(row.city) ?? '',
    productCount,
  };
}

/** Summaries of company rows, with area names and product counts fetched once for the lot. */
async function summaries({ db, storage, lang }: CompanyDeps, rows: CompanyRow[]): Promise<CompanySummary[]> {
  const [names, counts] = await Promise.all([
    areaNames(db, [...new Set(rows.flatMap((r) => [r.province, r.city]).filter(Boolean))], lang),
    productCountsByCompany(db, rows.map((r) => r.id)),
  ]);
  return rows.map((r) => summary(storage, r, names, counts.get(r.id) ?? 0));
}

export async function getCompanyInfo(deps: CompanyDeps, id: number): Promise<CompanyInfo> {
  const { db, storage } = deps;
  const row = await findCompany(db, id);
  if (!row) throw notFound({ zh: `公司 ${id} 不存在`, en: `There is no company ${id}` });
  if (row.status !== CompanyStatus.ACTIVE) throw gone({ zh: `公司 ${id} 已关闭`, en: `Company ${id} has been removed` });
  const [names, productCount] = await Promise.all([areaNames(db, [row.province, row.city], deps.lang), countProductsOnSale(db, id)]);
  return {
    ...summary(storage, row, names, productCount),
    intro: row.intro,
    introEn: row.intro_en,
    tel: row.tel,
    address: row.address,
    bannerUrl: urlOf(storage, row.banner_path),
    lat: row.lat,
    lng: row.lng,
    establishedAt: row.established_at,
    staffCount: row.staff_count,
    workshopArea: row.workshop_area,
  };
}

/** Quality firms: active companies, those with most products on sale first; `kind` 1 manufacturers, 2 traders. */
export async function listCompanies(deps: CompanyDeps, q: { pageNum: number; pageSize: number; kind?: number }): Promise<Page<CompanySummary>> {
  const [rows, total] = await Promise.all([
    listActiveCompanies(deps.db, q.kind, (q.pageNum - 1) * q.pageSize, q.pageSize),
    countActiveCompanies(deps.db, q.kind),
  ]);
  return { list: await summaries(deps, rows), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

/** Summaries of active companies by id (favourites), keyed by id. */
export async function companySummaries(deps: CompanyDeps, ids: number[]): Promise<Map<number, CompanySummary>> {
  const rows = await findActiveCompanies(deps.db, ids);
  return new Map((await summaries(deps, rows)).map((s) => [s.id, s]));
}

/** Names of these companies (any status), by id; the order module shows them beside orders. */
export async function companyNames(db: Kysely<Database>, ids: number[]): Promise<Map<number, { id: number; name: string; nameEn: string }>> {
  return new Map((await companyNameRows(db, ids)).map((r) => [r.id, { id: r.id, name: r.name, nameEn: r.name_en }]));
}

export async function isCompanyActive(db: Kysely<Database>, id: number): Promise<boolean> {
  const row = await findCompany(db, id);
  return !!row && row.status === CompanyStatus.ACTIVE;
}

/** Sitemap: active companies by id. */
export { sitemapCompanies, countActiveCompanies, lastCompanyChange } from './company.queries';

// What other modules (settlement, platform, the guards) need of companies, through this module.
export { findCompany } from './company.queries';
/** The demo seed and the importer create their companies with these. */
export { findCompaniesByNames, insertCompany, setCompanyImages } from './company.queries';

/** The company's status (CompanyStatus of isomorphic/domain/platform), or undefined when there is none. */
export const companyStatusOf = (db: Kysely<Database>, id: number) => companyStatus(db, id);

/** A company created by an approved settlement application (inside the caller's transaction). */
export async function createSettledCompany(trx: Kysely<Database>, c: {
  name: string; abbreviation: string; kind: number; mainBusiness: string; intro: string; province: string; city: string; address: string; bannerPath: string;
}, now = new Date()): Promise<number> {
  const at = now.toISOString();
  return insertCompany(trx, {
    name: c.name, abbreviation: c.abbreviation, kind: c.kind, main_business: c.mainBusiness, intro: c.intro, province: c.province, city: c.city,
    address: c.address, banner_path: c.bannerPath, lat: null, lng: null, established_at: null, staff_count: null, workshop_area: null, status: 1, created_at: at, updated_at: at,
  });
}

/** Changes a company's status if it is still `from`; false when it was not. */
export const changeCompanyStatus = (trx: Kysely<Database>, id: number, from: number, to: number, reason: string, now = new Date()) =>
  setStatus(trx, id, from, to, reason, now.toISOString());

export async function listCompaniesForPlatform(deps: CompanyDeps, f: { status?: number; keyword?: string; pageNum: number; pageSize: number }) {
  const q = platformCompanies(deps.db, f, (f.pageNum - 1) * f.pageSize, f.pageSize);
  const [rows, total] = await Promise.all([q.rows(), q.count()]);
  return { total, list: rows.map((r) => ({ id: r.id, name: r.name, nameEn: r.name_en, kind: r.kind, status: r.status, statusReason: r.status_reason, logoUrl: urlOf(deps.storage, r.logo_path), createdAt: r.created_at })) };
}
