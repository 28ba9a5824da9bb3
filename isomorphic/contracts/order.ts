// Data shapes of the cart and order calls, shared by the api (its response schemas are checked against
// these at compile time) and the pages. Money is in cents; times are ISO-8601 strings.
import type { Actor, OrderAction, PaymentPurpose, PaymentRecordStatusName, StatusGroup, TraceField } from '../domain/order';

/** What a cart line and an order line show of their product and colour (an order line keeps it as ordered). */
export interface LineSnapshot {
  id: number;
  productId: number;
  colorId: number;
  title: string;
  titleEn: string;
  code: string;
  colourName: string;
  colourNameEn: string;
  hex: string;
  imageUrl: string;
  unit: number;            // Unit
  /** the unit the buyer chose to see the line in (metres, yards, kilograms); null: the product's own (units.ts) */
  displayUnit: number | null;
  /** the product's weight per metre in grams (for an order line: when ordered); kilograms are shown only with it */
  gramsPerMetre: number | null;
}

export interface CartLine extends LineSnapshot {
  buyNum: number;
  price: number | null;    // cents per unit; null is "price by negotiation"
  /** false when the product was removed from sale since it was added: it cannot be ordered */
  available: boolean;
  updatedAt: string;
}

export interface CartGroup { companyId: number; companyName: string; companyNameEn: string; shoppingCarts: CartLine[] }

export interface CartCount { total: number; sampleCut: number; bulk: number; plateCut: number }

export interface OrderLine extends LineSnapshot {
  unitPrice: number | null; // cents; null while a bulk order waits for the seller's price
  num: number;
  amount: number | null;
}

export interface OrderSummary {
  id: number;
  orderNo: string;
  buyType: number;
  status: number;                // OrderStatus
  subStatus: number | null;      // PaymentStage while status is 2010
  state: number;                 // subStatus ?? status: the lifecycle state
  stateLabel: string;            // in the request's language
  shippingFlag: number | null;   // 202010 / 202020 for bulk orders awaiting shipment
  afterSaleStatus: number | null;
  companyId: number;
  companyName: string;
  companyNameEn: string;
  buyerId: number;
  buyerName: string;
  goodsAmount: number | null;    // cents; freight not included; 0 for samples
  depositAmount: number;
  balanceAmount: number;
  paidAmount: number;
  amountDue: number | null;      // what the buyer has to pay now
  delivery: number;              // Delivery
  lines: OrderLine[];
  createdAt: string;
  /** what the caller (as buyer or seller of this order) may do now */
  actions: OrderAction[];
  canApplyAfterSale: boolean;
}

export interface OrderEvent {
  id: number;
  actor: Actor;
  action: string;
  actionLabel: string;
  fromState: number | null;
  toState: number | null;
  note: string;
  createdAt: string;
}

export interface OrderPayment {
  id: number;
  purpose: PaymentPurpose;
  amount: number;
  driver: string;
  status: PaymentRecordStatusName;
  payerName: string;
  reference: string;
  note: string;
  decisionNote: string;
  createdAt: string;
  decidedAt: string | null;
}

export interface AfterSale {
  id: number;
  orderId: number;
  reason: string;
  status: number;               // AfterSaleStatus 0-3
  statusLabel: string;
  orderState: number;
  platformNote: string;
  createdAt: string;
  decidedAt: string | null;
}

export interface OrderTraceTime { field: TraceField; label: string; at: string }

export interface OrderDetail extends OrderSummary {
  viewerRole: 'buyer' | 'seller';
  remark: string;
  stockPeriod: number;
  consignee: { name: string; phone: string; region: string; detail: string };
  carrier: string;
  trackingNo: string;
  shipBy: string | null;
  cancelReason: string;
  /** the trace times of SPEC §4 that have happened, in order */
  trace: OrderTraceTime[];
  timeline: OrderEvent[];
  payments: OrderPayment[];
  afterSales: AfterSale[];
}

export type OrderStatCounts = Record<StatusGroup, number>;

/** Body of /order/placeOrder; `orders` is SPEC §3's order parameters (one entry per company). */
export interface PlaceOrderInput {
  buyType: number;
  consigneeId?: number;
  delivery: number;
  idempotencyKey: string;
  orders: Array<{ companyId: number; productParams: Array<{ num: number; colorId: number; productId: number; displayUnit?: number }>; remark?: string; stockPeriod?: number }>;
}
