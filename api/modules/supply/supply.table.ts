// Tables of the supply module: manufacturers' and traders' supply offers (供应).
import type { Generated } from 'kysely';

export interface SupplyOfferTable {
  id: Generated<number>;
  user_id: number;              // the owner
  company_id: number | null;    // the owner's company when they have one (its name is shown)
  image_path: string;
  catalogue: number;            // PatternType
  sample: number;               // 1: samples can be sent
  quantity: number;
  unit: number;                 // Unit
  description: string;
  status: number;               // SupplyStatus: 0 deleted, 1 in supply, 2 closed
  created_at: string;
  updated_at: string;
}

export interface SupplyTables {
  supply_offer: SupplyOfferTable;
}
