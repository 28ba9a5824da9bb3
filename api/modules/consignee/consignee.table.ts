// Tables of the consignee module. Collected into Database by api/db/schema.ts.
import type { Generated } from 'kysely';

export interface ConsigneeTable {
  id: Generated<number>;
  user_id: number;
  consignee: string;
  phone: string;
  province_code: string;
  city_code: string;
  district_code: string;
  region: string;
  detail: string;
  is_default: number;
  created_at: string;
  updated_at: string;
}

export interface ConsigneeTables {
  consignee: ConsigneeTable;
}
