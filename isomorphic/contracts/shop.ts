// The shop manager's data shapes (SPEC §3 Shop, Company, Device, Collaborate company, Website template),
// shared by the api's response schemas and the pages.
import type { CompanyInfo } from './common';

export interface ImageRef { path: string; url: string }

/** What the seller edits on /home/shopManage/setting: every shop and company field, private ones too. */
export interface ShopSettings {
  id: number;
  name: string;
  nameEn: string;
  abbreviation: string;
  mainBusiness: string;
  mainBusinessEn: string;
  intro: string;
  introEn: string;
  logo: ImageRef | null;
  banner: ImageRef | null;
  album: ImageRef[];
  tel: string;
  fax: string;
  smsMobiles: string[];
  province: string;        // area code
  city: string;            // area code
  provinceName: string;
  cityName: string;
  address: string;
  lat: number | null;
  lng: number | null;
  registeredCapital: number | null;  // 万元
  companyType: number | null;
  staffCount: number | null;
  annualTurnover: number | null;
  markets: string;
  businessModel: number | null;
  customers: string;
  workshopArea: number | null;       // m²
  establishedAt: string | null;      // YYYY-MM-DD
}

export interface Certificate {
  id: number;
  type: number;
  name: string;
  number: string;
  issuer: string;
  validFrom: string;
  validTo: string | null;  // null: long-term
  images: ImageRef[];
  verifyStatus: number;    // VerifyStatus
  verifyNote: string;
  /** verified and within its validity today: the badge shows */
  badged: boolean;
  expired: boolean;
}

/** A certificate as the operator's verification desk sees it. */
export interface CertificateForReview extends Certificate { companyId: number; companyName: string; updatedAt: string }

export interface Partner {
  id: number;
  name: string;
  kind: number;
  contact: string;
  tel: string;
  province: string;
  city: string;
  provinceName: string;
  cityName: string;
  intro: string;
  logo: ImageRef | null;
}

export interface Device {
  id: number;
  kind: number;
  name: string;
  gauge: string;           // "sparsely": the machine's gauge, e.g. E18
  needles: number | null;
  count: number;
  remark: string;
}

export interface WebsiteSettings { templateId: string; sections: string[] }

/** The maps driver the pages use: AMap's JS API with its key, or none (region picker and a static card). */
export interface MapSettings { provider: 'amap' | 'none'; key: string; securityCode: string; version: string }

export interface ShopQrCode { url: string; png: string; svg: string }

/** Everything the public shop page (/company/{id}) renders besides its products. */
export interface ShopWebsite {
  company: CompanyInfo;
  website: WebsiteSettings;
  /** at least one certificate is verified and unexpired */
  verified: boolean;
  certificates: Certificate[];
  devices: Device[];
  partners: Partner[];
  album: ImageRef[];
  fax: string;
  registeredCapital: number | null;
  companyType: number | null;
  annualTurnover: number | null;
  businessModel: number | null;
  markets: string;
  customers: string;
  maps: MapSettings;
}
