// Partner companies (SPEC §7 /collaborateCompany/*): the seller's own list; another company's partner
// answers "does not exist", whatever its id.
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import type { Partner } from '../../../isomorphic/contracts/shop';
import type { Page } from '../../../isomorphic/contracts/common';
import { Codes } from '../../../isomorphic/domain/codes';
import { checkPartner, ShopLimits, type PartnerInput } from '../../../isomorphic/domain/shop';
import { ApiError } from '../../http/errors';
import type { StorageDriver } from '../file/storage';
import { areaNames, isProvinceAndCity } from '../area/area.service';
import type { ShopOwner } from '../company/shop-owner';
import { checkImagesOwned, imageRef } from '../company/company-settings.service';
import type { ShopPartnerTable } from './shop.table';
import { countPartners, deletePartner, findPartner, insertPartner, listPartners, updatePartner } from './shop.queries';

/** `lang`: the language of the area names (Chinese when not given). */
export interface PartnerDeps { db: Kysely<Database>; storage: StorageDriver; lang?: 'zh' | 'en' }
type Row = Selectable<ShopPartnerTable>;

const missing = () => new ApiError(Codes.PARTNER_NOT_FOUND, 404);

async function toPartners({ db, storage, lang }: PartnerDeps, rows: Row[]): Promise<Partner[]> {
  const names = await areaNames(db, rows.flatMap((r) => [r.province, r.city]), lang);
  return rows.map((r) => ({
    id: r.id, name: r.name, kind: r.kind, contact: r.contact, tel: r.tel, province: r.province, city: r.city,
    provinceName: names.get(r.province) ?? '', cityName: names.get(r.city) ?? '', intro: r.intro, logo: imageRef(storage, r.logo_path),
  }));
}

async function validate(deps: PartnerDeps, owner: ShopOwner, input: PartnerInput, currentLogo: string): Promise<void> {
  const broken = checkPartner(input);
  if (broken !== null) throw new ApiError(broken, 400);
  if (!(await isProvinceAndCity(deps.db, input.province ?? '', input.city ?? ''))) throw new ApiError(Codes.SHOP_REGION_INVALID, 400);
  await checkImagesOwned(deps.db, owner.userId, input.logo ? [input.logo] : [], currentLogo ? [currentLogo] : []);
}

const fields = (p: PartnerInput) => ({
  name: p.name.trim(), kind: p.kind, contact: (p.contact ?? '').trim(), tel: (p.tel ?? '').trim(), province: p.province ?? '', city: p.city ?? '', intro: (p.intro ?? '').trim(), logo_path: p.logo ?? '',
});

export async function listOwnPartners(deps: PartnerDeps, owner: ShopOwner, q: { pageNum: number; pageSize: number }): Promise<Page<Partner>> {
  const [rows, total] = await Promise.all([listPartners(deps.db, owner.companyId, (q.pageNum - 1) * q.pageSize, q.pageSize), countPartners(deps.db, owner.companyId)]);
  return { list: await toPartners(deps, rows), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

/** A shop's partners for its public page (at most the limit a shop may have). */
export async function publicPartners(deps: PartnerDeps, companyId: number): Promise<Partner[]> {
  return toPartners(deps, await listPartners(deps.db, companyId, 0, ShopLimits.partnersMax));
}

export async function getOwnPartner(deps: PartnerDeps, owner: ShopOwner, id: number): Promise<Partner> {
  const row = await findPartner(deps.db, owner.companyId, id);
  if (!row) throw missing();
  return (await toPartners(deps, [row]))[0];
}

export async function addPartner(deps: PartnerDeps, owner: ShopOwner, input: PartnerInput, now = new Date()): Promise<Partner> {
  await validate(deps, owner, input, '');
  if ((await countPartners(deps.db, owner.companyId)) >= ShopLimits.partnersMax) throw new ApiError(Codes.PARTNER_LIMIT, 400);
  const at = now.toISOString();
  const id = await insertPartner(deps.db, { company_id: owner.companyId, ...fields(input), created_at: at, updated_at: at });
  return getOwnPartner(deps, owner, id);
}

export async function changePartner(deps: PartnerDeps, owner: ShopOwner, id: number, input: PartnerInput, now = new Date()): Promise<Partner> {
  const row = await findPartner(deps.db, owner.companyId, id);
  if (!row) throw missing();
  await validate(deps, owner, input, row.logo_path);
  await updatePartner(deps.db, owner.companyId, id, { ...fields(input), updated_at: now.toISOString() });
  return getOwnPartner(deps, owner, id);
}

export async function removePartner(deps: PartnerDeps, owner: ShopOwner, id: number): Promise<void> {
  if ((await deletePartner(deps.db, owner.companyId, id)) === 0) throw missing();
}
