// The micro-site (SPEC §3 Website template): which of the ten templates a shop's public page uses and
// which sections it shows, in what order; and everything that page renders besides its products.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Config } from '../../../config/index';
import type { MapSettings, ShopWebsite, WebsiteSettings } from '../../../isomorphic/contracts/shop';
import { checkWebsite, DEFAULT_TEMPLATE, templateOf } from '../../../isomorphic/domain/shop';
import { ApiError, notFound } from '../../http/errors';
import type { StorageDriver } from '../file/storage';
import type { ShopOwner } from '../company/shop-owner';
import { getCompanyInfo } from '../company/company.service';
import { companyProfile, jsonList } from '../company/company-settings.service';
import { badgedCertificates } from './certificate.service';
import { devicesOf } from './device.service';
import { publicPartners } from './partner.service';
import { findWebsite, saveWebsite } from './shop.queries';

export interface WebsiteDeps { db: Kysely<Database>; storage: StorageDriver; config: Config }

export async function websiteOf(db: Kysely<Database>, companyId: number): Promise<WebsiteSettings> {
  const row = await findWebsite(db, companyId);
  if (!row) return { templateId: DEFAULT_TEMPLATE, sections: [...templateOf(DEFAULT_TEMPLATE).defaultSections] };
  return { templateId: row.template_id, sections: jsonList(row.sections) };
}

export async function saveOwnWebsite(db: Kysely<Database>, owner: ShopOwner, input: WebsiteSettings, now = new Date()): Promise<WebsiteSettings> {
  const broken = checkWebsite(input.templateId, input.sections);
  if (broken !== null) throw new ApiError(broken, 400);
  await saveWebsite(db, owner.companyId, input.templateId, JSON.stringify(input.sections), now.toISOString());
  return websiteOf(db, owner.companyId);
}

export function mapSettings(config: Config): MapSettings {
  const { amapKey, amapSecurityCode, amapVersion } = config.maps;
  return amapKey ? { provider: 'amap', key: amapKey, securityCode: amapSecurityCode, version: amapVersion } : { provider: 'none', key: '', securityCode: '', version: '' };
}

/** The public shop page's data: 404 for an unknown company, 410 for a removed one. */
export async function shopWebsite(deps: WebsiteDeps, companyId: number, lang: 'zh' | 'en' = 'zh'): Promise<ShopWebsite> {
  const { db, storage } = deps;
  const company = await getCompanyInfo({ db, storage, lang }, companyId);
  const [profile, website, certificates, devices, partners] = await Promise.all([
    companyProfile({ db, storage }, companyId),
    websiteOf(db, companyId),
    badgedCertificates({ db, storage }, companyId),
    devicesOf(db, companyId),
    publicPartners({ db, storage, lang }, companyId),
  ]);
  if (!profile) throw notFound();
  return { company, website, verified: certificates.length > 0, certificates, devices, partners, ...profile, maps: mapSettings(deps.config) };
}
