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
  match_status: Generated<number>; // MatchStatus: photo matching of image_path (purchase.matching.ts)
  match_image: Generated<string>;  // the picture the last matching run was asked for
  match_asked_at: string | null;   // when it was asked (the sweep re-queues runs a restart dropped)
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
  product_id: number | null;    // one of the company's products on sale it offers, or null (checked when saved and when chosen)
  status: number;               // ResponseStatus
  created_at: string;
  updated_at: string;
}

/** The products on sale most like a request's picture, best first (shown to its buyer). */
export interface PurchaseMatchTable { request_id: number; rank: number; product_id: number; company_id: number; score: number }

/** The companies whose products match a request best: they get it first in their list, marked, and a message. */
export interface PurchaseMatchCompanyTable { request_id: number; company_id: number; score: number; created_at: string }

export interface PurchaseTables {
  purchase_request: PurchaseRequestTable;
  purchase_response: PurchaseResponseTable;
  purchase_match: PurchaseMatchTable;
  purchase_match_company: PurchaseMatchCompanyTable;
}
