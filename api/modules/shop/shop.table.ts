// The shop module's tables: certificates (qualifications), partner companies, equipment and the
// micro-site's template. Collected into Database by api/db/schema.ts.
import type { Generated } from 'kysely';

export interface ShopCertificateTable {
  id: Generated<number>;
  company_id: number;
  type: number;                // certificateTypes
  name: string;
  number: string;
  issuer: string;
  valid_from: string;          // YYYY-MM-DD
  valid_to: string | null;     // YYYY-MM-DD, null long-term
  images: string;              // JSON array of storage paths
  verify_status: number;       // VerifyStatus 0 pending, 1 verified, 2 rejected
  verify_note: string;
  verified_by: number | null;
  verified_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ShopPartnerTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  kind: number;                // partnerKinds
  contact: string;
  tel: string;
  province: string;            // area code
  city: string;                // area code
  intro: string;
  logo_path: string;
  created_at: string;
  updated_at: string;
}

export interface ShopDeviceTable {
  id: Generated<number>;
  company_id: number;
  kind: number;                // machineKinds
  name: string;
  gauge: string;
  needles: number | null;
  count: number;
  remark: string;
  created_at: string;
  updated_at: string;
}

export interface ShopWebsiteTable {
  company_id: number;
  template_id: string;         // template_1 … template_10
  sections: string;            // JSON array of section keys, in order
  updated_at: string;
}

export interface ShopTables {
  shop_certificate: ShopCertificateTable;
  shop_partner: ShopPartnerTable;
  shop_device: ShopDeviceTable;
  shop_website: ShopWebsiteTable;
}
