// Tables of the order module. Collected into Database by api/db/schema.ts.
import type { Generated } from 'kysely';

/** One submission of /order/placeOrder, which makes one order per company. */
export interface OrderPlacementTable {
  id: Generated<number>;
  buyer_id: number;
  idempotency_key: string;    // unique per buyer: a double submit finds the first placement
  request_hash: string;
  created_at: string;
}

export interface TradeOrderTable {
  id: Generated<number>;
  order_no: string;
  placement_id: number;
  buyer_id: number;
  company_id: number;         // the seller
  buy_type: number;
  status: number;             // OrderStatus
  sub_status: number | null;  // PaymentStage while status is 2010
  status_at: string;          // when status or sub_status last changed
  version: number;            // bumped by every change: conditional updates compare it
  after_sale_status: number | null;
  goods_amount: number | null; // cents; null while a bulk order waits for the seller's price
  deposit_amount: number;
  balance_amount: number;
  paid_amount: number;
  remark: string;
  stock_period: number;       // days
  delivery: number;           // Delivery
  consignee_name: string;
  consignee_phone: string;
  consignee_region: string;
  consignee_detail: string;
  carrier: string;
  tracking_no: string;
  ship_by: string | null;
  cancel_reason: string;
  created_at: string;
  updated_at: string;
  seller_confirmed_at: string | null;
  deposit_paid_at: string | null;
  paid_at: string | null;
  sample_sent_at: string | null;
  shipped_at: string | null;
  received_at: string | null;
  trade_success_at: string | null;
  cancelled_at: string | null;
}

export interface OrderLineTable {
  id: Generated<number>;
  order_id: number;
  product_id: number;
  color_id: number;
  title: string;
  title_en: string;
  code: string;
  colour_name: string;
  colour_name_en: string;
  hex: string;
  image_path: string;
  unit: number;
  unit_price: number | null;  // cents
  num: number;
  amount: number | null;      // cents
  sort: number;
  display_unit: number | null;   // the unit the buyer chose to see the line in (units.ts); null: `unit`
  weight_g_per_m: number | null; // the product's weight per metre when ordered (kilograms are shown only with it)
}

export interface OrderPaymentTable {
  id: Generated<number>;
  order_id: number;
  purpose: string;            // full | deposit | balance
  amount: number;             // cents
  driver: string;             // offline, or an online provider's name
  status: string;             // pending | confirmed | rejected | void
  payer_name: string;
  reference: string;          // bank transfer serial or the provider's reference
  note: string;
  declared_by: number;
  created_at: string;
  decided_at: string | null;
  decided_by: number | null;
  decision_note: string;
}

export interface AfterSaleTable {
  id: Generated<number>;
  order_id: number;
  buyer_id: number;
  reason: string;
  status: number;             // AfterSaleStatus 0-3
  order_state: number;        // the order's state when it was requested
  platform_note: string;
  decided_by: number | null;
  created_at: string;
  updated_at: string;
  decided_at: string | null;
}

/** The audit trail and the timeline of an order: who did what, when. */
export interface OrderEventTable {
  id: Generated<number>;
  order_id: number;
  actor: string;              // buyer | seller | system | platform
  actor_user_id: number | null;
  action: string;
  from_state: number | null;
  to_state: number | null;
  note: string;
  created_at: string;
}

export interface OrderTables {
  order_placement: OrderPlacementTable;
  trade_order: TradeOrderTable;
  order_line: OrderLineTable;
  order_payment: OrderPaymentTable;
  after_sale: AfterSaleTable;
  order_event: OrderEventTable;
}
