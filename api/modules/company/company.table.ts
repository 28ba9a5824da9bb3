// Tables of the company module. Collected into Database by api/db/schema.ts.
import type { Generated } from 'kysely';

export interface CompanyTable {
  id: Generated<number>;
  name: string;
  name_en: Generated<string>;
  abbreviation: Generated<string>;
  kind: number;               // 1 manufacturer, 2 trader
  logo_path: Generated<string>;
  banner_path: Generated<string>;
  main_business: Generated<string>;
  main_business_en: Generated<string>;
  intro: Generated<string>;
  intro_en: Generated<string>;
  tel: Generated<string>;
  province: Generated<string>;           // area code
  city: Generated<string>;               // area code
  address: Generated<string>;
  lat: number | null;
  lng: number | null;
  established_at: string | null;
  staff_count: number | null;
  workshop_area: number | null;
  // shop manager (issue 18): the rest of SPEC §3's shop and company fields
  fax: Generated<string>;
  sms_mobiles: Generated<string>;        // JSON array of mobile numbers
  album: Generated<string>;              // JSON array of storage paths
  registered_capital: number | null;     // 万元
  company_type: number | null;
  annual_turnover: number | null;        // annualTurnovers code
  markets: Generated<string>;
  business_model: number | null;
  customers: Generated<string>;
  status: Generated<number>;             // CompanyStatus: 1 active, 0 removed, 2 suspended by the platform
  status_reason: Generated<string>;      // why the platform suspended it
  created_at: string;
  updated_at: string;
}

export interface CompanyTables {
  company: CompanyTable;
}
