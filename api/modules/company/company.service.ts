// Companies (shops) as buyers see them. Area codes are resolved through the area module and the product
// count through the catalogue module, each by its service.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { CompanyInfo } from '../../../isomorphic/api-client/types';
import type { StorageDriver } from '../file/storage';
import { notFound } from '../../http/errors';
import { areaNames } from '../area/area.service';
import { countProductsOnSale } from '../catalogue/catalogue.service';
import { findCompany } from './company.queries';

export interface CompanyDeps { db: Kysely<Database>; storage: StorageDriver }

export async function getCompanyInfo({ db, storage }: CompanyDeps, id: number): Promise<CompanyInfo> {
  const row = await findCompany(db, id);
  if (!row || row.status !== 1) throw notFound({ zh: `公司 ${id} 不存在`, en: `There is no company ${id}` });
  const [names, productCount] = await Promise.all([areaNames(db, [row.province, row.city]), countProductsOnSale(db, id)]);
  const url = (p: string) => (p ? storage.url(p) : '');
  return {
    id: row.id,
    name: row.name,
    nameEn: row.name_en,
    abbreviation: row.abbreviation,
    kind: row.kind,
    logoUrl: url(row.logo_path),
    mainBusiness: row.main_business,
    mainBusinessEn: row.main_business_en,
    province: names.get(row.province) ?? '',
    city: names.get(row.city) ?? '',
    productCount,
    intro: row.intro,
    introEn: row.intro_en,
    tel: row.tel,
    address: row.address,
    bannerUrl: url(row.banner_path),
    lat: row.lat,
    lng: row.lng,
    establishedAt: row.established_at,
    staffCount: row.staff_count,
    workshopArea: row.workshop_area,
  };
}
