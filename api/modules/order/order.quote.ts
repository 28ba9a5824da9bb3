// A bulk order from a chosen quotation (a purchase request's selected response, issue 19): one order of
// one line, priced by the quotation, awaiting the seller's confirmation like any bulk order. It runs in
// the caller's transaction; the idempotency key (one per request) makes a second selection, even a
// concurrent one, find the first order instead of placing another.
import type { Kysely } from 'kysely';
import { BuyType, Delivery } from '../../../isomorphic/domain/catalogue';
import { Codes } from '../../../isomorphic/domain/codes';
import { initialState, OrderLimits, splitState } from '../../../isomorphic/domain/order';
import { ApiError } from '../../http/errors';
import type { Database } from '../../db/schema';
import { findOwnConsignee } from '../consignee/consignee.service';
import { orderTooLarge, recordEvent, type OrderRow } from './order.lifecycle';
import { freshOrderNo } from './order.placement';
import * as q from './order.queries';

export interface QuotedOrderInput {
  buyerId: number;
  companyId: number;
  /** unique per buyer: `purchase-<request id>` */
  idempotencyKey: string;
  title: string;
  code: string;
  imagePath: string;
  unit: number;
  num: number;
  /** cents per unit; null leaves the price to the seller's confirmation */
  unitPrice: number | null;
  delivery: number;
  consigneeId?: number;
  remark: string;
  stockPeriod: number;
  /** the chosen response's product, checked on sale and of `companyId` by the caller; 0: none */
  productId: number;
}

/** The order an earlier call placed under this key, if any. */
export async function quotedOrderOf(db: Kysely<Database>, buyerId: number, key: string): Promise<OrderRow | undefined> {
  const placement = await q.placementByKey(db, buyerId, key);
  return placement ? (await q.ordersOfPlacement(db, placement.id))[0] : undefined;
}

/** Places the order in the caller's transaction `trx`; a second call with the same key answers the first order. */
export async function placeQuotedOrder(trx: Kysely<Database>, input: QuotedOrderInput, now = new Date()): Promise<OrderRow> {
  const earlier = await quotedOrderOf(trx, input.buyerId, input.idempotencyKey);
  if (earlier) return earlier;
  const consignee = input.consigneeId === undefined ? null : await findOwnConsignee(trx, input.buyerId, input.consigneeId);
  if (input.consigneeId !== undefined && !consignee) throw new ApiError(Codes.ADDRESS_NOT_FOUND, 404);
  if (!consignee && input.delivery !== Delivery.SELF_PICKUP) throw new ApiError(Codes.CONSIGNEE_REQUIRED, 400);
  const amount = input.unitPrice === null ? null : input.unitPrice * input.num;
  if (amount !== null && amount > OrderLimits.maxOrderAmount) throw orderTooLarge();
  const at = now.toISOString();
  const state = initialState[BuyType.BULK];
  const { status, subStatus } = splitState(state);
  const placementId = await q.insertPlacement(trx, {
    buyer_id: input.buyerId, idempotency_key: input.idempotencyKey, request_hash: `quote:${input.companyId}:${input.num}:${input.unitPrice ?? ''}`, created_at: at,
  });
  const order = await q.insertOrder(trx, {
    order_no: await freshOrderNo(trx, now), placement_id: placementId, buyer_id: input.buyerId, company_id: input.companyId, buy_type: BuyType.BULK,
    status, sub_status: subStatus, status_at: at, version: 0, after_sale_status: null,
    goods_amount: amount, deposit_amount: 0, balance_amount: 0, paid_amount: 0,
    remark: input.remark.trim(), stock_period: input.stockPeriod, delivery: input.delivery,
    consignee_name: consignee?.consignee ?? '', consignee_phone: consignee?.phone ?? '',
    consignee_region: consignee?.region ?? '', consignee_detail: consignee?.detail ?? '',
    carrier: '', tracking_no: '', ship_by: null, cancel_reason: '', created_at: at, updated_at: at,
    seller_confirmed_at: null, deposit_paid_at: null, paid_at: null, sample_sent_at: null, shipped_at: null,
    received_at: null, trade_success_at: null, cancelled_at: null,
  });
  // A quotation that names no product has product 0 (the order pages link no product for it); colour 0 either way.
  await q.insertLines(trx, [{
    order_id: order.id, product_id: input.productId, color_id: 0, title: input.title, title_en: input.title, code: input.code, colour_name: '', colour_name_en: '',
    hex: '', image_path: input.imagePath, unit: input.unit, unit_price: input.unitPrice, num: input.num, amount, sort: 0,
  }]);
  await recordEvent(trx, { orderId: order.id, actor: 'buyer', userId: input.buyerId, action: 'place', from: null, to: state, note: order.remark, at });
  return order;
}
