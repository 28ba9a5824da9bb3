// Tables of the purchase module: buyers' purchase requests (求购) and suppliers' responses (报价).
import type { Generated } from 'kysely';

export interface PurchaseRequestTable {
  id: Generated<number>;
  buyer_id: number;
  image_path: string;
  catalogue: number;            // PatternType
  sample_type: number;          // BuyType: 1 sample cut, 2 bulk, 3 plate cut
  accept_produce: number;       // 1: made to order is acceptable
  quantity: number;
  unit: number;                 // Unit
  description: string;
  deadline: string;             // past it, a request in purchase counts as closed (effectivePurchaseStatus)
  status: number;               // PurchaseStatus
  version: Generated<number>;   // bumped by every change: conditional updates compare it
  selected_response_id: number | null;
  order_id: number | null;      // the bulk order the selection placed
  created_at: string;
  updated_at: string;
}

export interface PurchaseResponseTable {
  id: Generated<number>;
  request_id: number;
  company_id: number;           // one response per company and request (unique)
  user_id: number;              // who wrote it last
  ladder: string;               // JSON PriceLadder: cents per response unit
  unit: number;                 // Unit
  per_unit: number;             // request units in one response unit, in thousandths (1000 when the units agree)
  lead_days: number;
  cut_sample: number;           // 1: a cut sample can be sent
  pictures: string;             // JSON string[] of stored paths
  note: string;
  status: number;               // ResponseStatus
  created_at: string;
  updated_at: string;
}

export interface PurchaseTables {
  purchase_request: PurchaseRequestTable;
  purchase_response: PurchaseResponseTable;
}
