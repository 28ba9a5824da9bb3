// Tables of the settlement module.
import type { Generated } from 'kysely';

/** A lace-industry area where the platform accepts sellers (operators edit them). */
export interface SettledLandTable {
  id: Generated<number>;
  name: string;
  name_en: Generated<string>;
  province_code: string;
  city_code: Generated<string>;
  speciality: Generated<string>;
  speciality_en: Generated<string>;
  open: Generated<number>;     // 1 accepting sellers
  sort: Generated<number>;
  updated_at: string;
}

export interface SettlementApplicationTable {
  id: Generated<number>;
  user_id: number;
  kind: string;                 // seller | buyer
  company_name: string;
  abbreviation: string;
  main_business: string;
  intro: Generated<string>;
  land_id: number | null;
  province_code: string;
  city_code: string;
  address: string;
  licence_path: string;
  company_image_path: string;
  remark: string;
  status: number;               // SettlementStatus
  reject_reason: Generated<string>;
  company_id: number | null;    // the company an approval created or attached
  decided_by: number | null;
  decided_at: string | null;
  version: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface SettlementTables {
  settled_land: SettledLandTable;
  settlement_application: SettlementApplicationTable;
}
