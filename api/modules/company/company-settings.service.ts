// The seller's own shop: every field of SPEC §3 (shop and company), read and changed by its owner only,
// with SPEC §5's limits (isomorphic/domain/shop.ts). Images must be ones the seller uploaded, or the
// shop's own current ones.
import type { Kysely, Selectable, Updateable } from 'kysely';
import QRCode from 'qrcode';
import type { Database } from '../../db/schema';
import type { CompanyTable } from './company.table';
import type { ImageRef, ShopQrCode, ShopSettings } from '../../../isomorphic/contracts/shop';
import { Codes } from '../../../isomorphic/domain/codes';
import { checkCompanyExtend, checkShopFields, type CompanyExtendInput, type ShopFieldsInput } from '../../../isomorphic/domain/shop';
import { ApiError, notFound } from '../../http/errors';
import type { StorageDriver } from '../file/storage';
import { filesOwnedBy } from '../file/upload.service';
import { areaNames, isProvinceAndCity, type AreaLang } from '../area/area.service';
import type { ShopOwner } from './shop-owner';
import { findCompany, updateCompanyRow } from './company.queries';
import { CompanyStatus } from './company.service';

/** `lang`: the language of the area names (the caller's; Chinese when not given). */
export interface SettingsDeps { db: Kysely<Database>; storage: StorageDriver; lang?: AreaLang }

type CompanyRow = Selectable<CompanyTable>;

const refuse = (code: number) => new ApiError(code, 400);

export function jsonList(text: string): string[] {
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export const imageRef = (storage: StorageDriver, path: string): ImageRef | null => (path ? { path, url: storage.url(path) } : null);
export const imageRefs = (storage: StorageDriver, paths: string[]): ImageRef[] => paths.filter(Boolean).map((p) => ({ path: p, url: storage.url(p) }));

/** Paths the user may attach: ones already attached (`current`) or uploaded by this user. */
export async function checkImagesOwned(db: Kysely<Database>, userId: number, paths: string[], current: string[], code: number = Codes.SHOP_IMAGE_NOT_OWNED): Promise<void> {
  const fresh = [...new Set(paths.filter((p) => p && !current.includes(p)))];
  if (fresh.length === 0) return;
  const owned = await filesOwnedBy(db, userId, fresh);
  if (fresh.some((p) => !owned.has(p))) throw refuse(code);
}

async function ownCompany(db: Kysely<Database>, owner: ShopOwner): Promise<CompanyRow> {
  const row = await findCompany(db, owner.companyId);
  if (!row) throw notFound();
  return row;
}

export async function toShopSettings({ db, storage, lang }: SettingsDeps, row: CompanyRow): Promise<ShopSettings> {
  const names = await areaNames(db, [row.province, row.city], lang);
  return {
    id: row.id,
    name: row.name,
    nameEn: row.name_en,
    abbreviation: row.abbreviation,
    mainBusiness: row.main_business,
    mainBusinessEn: row.main_business_en,
    intro: row.intro,
    introEn: row.intro_en,
    logo: imageRef(storage, row.logo_path),
    banner: imageRef(storage, row.banner_path),
    album: imageRefs(storage, jsonList(row.album)),
    tel: row.tel,
    fax: row.fax,
    smsMobiles: jsonList(row.sms_mobiles),
    province: row.province,
    city: row.city,
    provinceName: names.get(row.province) ?? '',
    cityName: names.get(row.city) ?? '',
    address: row.address,
    lat: row.lat,
    lng: row.lng,
    registeredCapital: row.registered_capital,
    companyType: row.company_type,
    staffCount: row.staff_count,
    annualTurnover: row.annual_turnover,
    markets: row.markets,
    businessModel: row.business_model,
    customers: row.customers,
    workshopArea: row.workshop_area,
    establishedAt: row.established_at,
  };
}

export async function getShopSettings(deps: SettingsDeps, owner: ShopOwner): Promise<ShopSettings> {
  return toShopSettings(deps, await ownCompany(deps.db, owner));
}

export interface ShopInput extends ShopFieldsInput { logo?: string; banner?: string; province?: string; city?: string }

/** /company/updateCompany: the shop's face; only the fields sent change. */
export async function updateShop(deps: SettingsDeps, owner: ShopOwner, input: ShopInput, now = new Date()): Promise<ShopSettings> {
  const { db } = deps;
  const broken = checkShopFields(input);
  if (broken !== null) throw refuse(broken);
  const row = await ownCompany(db, owner);
  if (input.province !== undefined || input.city !== undefined) {
    if (!(await isProvinceAndCity(db, input.province ?? row.province, input.city ?? row.city))) throw refuse(Codes.SHOP_REGION_INVALID);
  }
  const currentImages = [row.logo_path, row.banner_path, ...jsonList(row.album)];
  const sent = [input.logo, input.banner, ...(input.album ?? [])].filter((p): p is string => !!p);
  if (input.album && new Set(input.album).size !== input.album.length) throw refuse(Codes.SHOP_IMAGE_NOT_OWNED);
  await checkImagesOwned(db, owner.userId, sent, currentImages);
  const set: Updateable<CompanyTable> = { updated_at: now.toISOString() };
  const trim = (s: string | undefined) => (s === undefined ? undefined : s.trim());
  if (input.name !== undefined) set.name = trim(input.name);
  if (input.nameEn !== undefined) set.name_en = trim(input.nameEn);
  if (input.abbreviation !== undefined) set.abbreviation = trim(input.abbreviation);
  if (input.mainBusiness !== undefined) set.main_business = trim(input.mainBusiness);
  if (input.mainBusinessEn !== undefined) set.main_business_en = trim(input.mainBusinessEn);
  if (input.intro !== undefined) set.intro = input.intro.trim();
  if (input.introEn !== undefined) set.intro_en = input.introEn.trim();
  if (input.logo !== undefined) set.logo_path = input.logo;
  if (input.banner !== undefined) set.banner_path = input.banner;
  if (input.album !== undefined) set.album = JSON.stringify(input.album);
  if (input.tel !== undefined) set.tel = input.tel.trim();
  if (input.fax !== undefined) set.fax = input.fax.trim();
  if (input.smsMobiles !== undefined) set.sms_mobiles = JSON.stringify(input.smsMobiles);
  if (input.province !== undefined) set.province = input.province;
  if (input.city !== undefined) set.city = input.city;
  if (input.address !== undefined) set.address = input.address.trim();
  if (input.lat !== undefined) set.lat = input.lat;
  if (input.lng !== undefined) set.lng = input.lng;
  await updateCompanyRow(db, owner.companyId, set);
  return getShopSettings(deps, owner);
}

/** /company/updateCompanyExtend: the company's facts; only the fields sent change. */
export async function updateCompanyExtend(deps: SettingsDeps, owner: ShopOwner, input: CompanyExtendInput, now = new Date()): Promise<ShopSettings> {
  const broken = checkCompanyExtend(input);
  if (broken !== null) throw refuse(broken);
  await ownCompany(deps.db, owner);
  const set: Updateable<CompanyTable> = { updated_at: now.toISOString() };
  if (input.registeredCapital !== undefined) set.registered_capital = input.registeredCapital;
  if (input.companyType !== undefined) set.company_type = input.companyType;
  if (input.staffCount !== undefined) set.staff_count = input.staffCount;
  if (input.annualTurnover !== undefined) set.annual_turnover = input.annualTurnover;
  if (input.markets !== undefined) set.markets = input.markets.trim();
  if (input.businessModel !== undefined) set.business_model = input.businessModel;
  if (input.customers !== undefined) set.customers = input.customers.trim();
  if (input.workshopArea !== undefined) set.workshop_area = input.workshopArea;
  if (input.establishedAt !== undefined) set.established_at = input.establishedAt;
  await updateCompanyRow(deps.db, owner.companyId, set);
  return getShopSettings(deps, owner);
}

/** The public extras of an active company's page that CompanyInfo leaves out (no SMS numbers). */
export async function companyProfile({ db, storage }: SettingsDeps, id: number) {
  const row = await findCompany(db, id);
  if (!row || row.status !== CompanyStatus.ACTIVE) return null;
  return {
    album: imageRefs(storage, jsonList(row.album)),
    fax: row.fax,
    registeredCapital: row.registered_capital,
    companyType: row.company_type,
    annualTurnover: row.annual_turnover,
    businessModel: row.business_model,
    markets: row.markets,
    customers: row.customers,
  };
}

/** A QR code of the shop's public page, for swatch cards: a 600 px PNG (data URL) and an SVG. */
export async function companyQrCode(db: Kysely<Database>, publicUrl: string, id: number): Promise<ShopQrCode> {
  const row = await findCompany(db, id);
  if (!row) throw notFound({ zh: `公司 ${id} 不存在`, en: `There is no company ${id}` });
  if (row.status !== CompanyStatus.ACTIVE) throw new ApiError(Codes.GONE, 410, { zh: `公司 ${id} 已关闭`, en: `Company ${id} has been removed` });
  const url = `${publicUrl.replace(/\/+$/, '')}/company/${id}`;
  const options = { errorCorrectionLevel: 'M' as const, margin: 2 };
  const [png, svg] = await Promise.all([
    QRCode.toDataURL(url, { ...options, width: 600 }),
    QRCode.toString(url, { ...options, type: 'svg' }),
  ]);
  return { url, png, svg };
}
