// The buyer's and the seller's actions on an order, each one step of the lifecycle table.
import type { Kysely } from 'kysely';
import { Delivery } from '../../../isomorphic/domain/catalogue';
import { Codes } from '../../../isomorphic/domain/codes';
import { formatPrice } from '../../../isomorphic/domain/format';
import { OrderLimits, PaymentStage } from '../../../isomorphic/domain/order';
import { ApiError } from '../../http/errors';
import type { Database } from '../../db/schema';
import { assertAllowed, findOrderFor, move, orderTooLarge, type OrderRow, type Party } from './order.lifecycle';
import * as q from './order.queries';

async function hasPendingPayment(db: Kysely<Database>, orderId: number): Promise<boolean> {
  return !!(await q.pendingPayment(db, orderId));
}

export interface ActionInput { id: number; expectedState?: number }

/** Buyer (9910) or seller (9920) cancels an unpaid order. A declared payment must be settled or rejected first. */
export async function cancelOrder(db: Kysely<Database>, party: Party, input: ActionInput & { reason?: string }, now = new Date()): Promise<OrderRow> {
  const order = await findOrderFor(db, party, input.id);
  assertAllowed(order, party.role, 'cancel', input.expectedState);
  if (await hasPendingPayment(db, order.id)) throw new ApiError(Codes.PAYMENT_PENDING, 409);
  const reason = (input.reason ?? '').trim();
  return db.transaction().execute((trx) => move(trx, order, {
    actor: party.role, userId: party.userId, action: 'cancel', expectedState: input.expectedState, set: { cancel_reason: reason }, note: reason, now,
  }));
}

/** Buyer confirms receipt: trade success for samples and plates, "received" for bulk. */
export async function receiveGoods(db: Kysely<Database>, party: Party, input: ActionInput, now = new Date()): Promise<OrderRow> {
  const order = await findOrderFor(db, party, input.id);
  return db.transaction().execute((trx) => move(trx, order, { actor: 'buyer', userId: party.userId, action: 'receive', expectedState: input.expectedState, now }));
}

/** Buyer confirms a received bulk order as a trade success (the system does it after the after-sale window). */
export async function completeOrder(db: Kysely<Database>, party: Party, input: ActionInput, now = new Date()): Promise<OrderRow> {
  const order = await findOrderFor(db, party, input.id);
  return db.transaction().execute((trx) => move(trx, order, { actor: 'buyer', userId: party.userId, action: 'complete', expectedState: input.expectedState, now }));
}

export interface ConfirmInput extends ActionInput {
  paymentMode: 'full' | 'deposit';
  /** cents; required for a deposit, less than the goods total */
  depositAmount?: number;
  /** prices per line in cents; lines left out keep their catalogue price */
  lines?: Array<{ lineId: number; unitPrice: number }>;
  /** days to ship after full payment; defaults to the buyer's stock period */
  stockPeriod?: number;
}

const priceInvalid = (zh: string, en: string) => new ApiError(Codes.ORDER_PRICE_INVALID, 400, { zh, en });

/** Seller confirms a bulk order: every line priced, then full payment (201010) or a deposit (201020). */
export async function confirmOrder(db: Kysely<Database>, party: Party, input: ConfirmInput, now = new Date()): Promise<OrderRow> {
  const order = await findOrderFor(db, party, input.id);
  assertAllowed(order, 'seller', 'confirm', input.expectedState);
  const lines = await q.linePrices(db, order.id);
  const overrides = new Map((input.lines ?? []).map((l) => [l.lineId, l.unitPrice]));
  for (const lineId of overrides.keys()) {
    if (!lines.some((l) => l.id === lineId)) throw priceInvalid(`订单中没有明细 ${lineId}`, `The order has no line ${lineId}`);
  }
  const priced = lines.map((l) => {
    const unitPrice = overrides.get(l.id) ?? l.unit_price;
    if (unitPrice === null || unitPrice < 0) throw priceInvalid('请为每个商品填写单价', 'Please set a price for every line');
    return { id: l.id, unitPrice, amount: unitPrice * l.num };
  });
  const goods = priced.reduce((s, l) => s + l.amount, 0);
  if (goods > OrderLimits.maxOrderAmount) throw orderTooLarge();
  if (goods <= 0) throw priceInvalid('订单金额须大于0', 'The order total must be above zero');
  let deposit = 0, balance = 0;
  if (input.paymentMode === 'deposit') {
    deposit = input.depositAmount ?? 0;
    if (deposit <= 0 || deposit >= goods) {
      throw priceInvalid(`定金须大于0且小于订单金额 ¥${formatPrice(goods, 'zh')}`, `The deposit must be above zero and below the order total ¥${formatPrice(goods, 'en')}`);
    }
    balance = goods - deposit;
  }
  const to = input.paymentMode === 'deposit' ? PaymentStage.AWAITING_DEPOSIT : PaymentStage.AWAITING_FULL_PAYMENT;
  return db.transaction().execute(async (trx) => {
    for (const l of priced) await q.setLinePrice(trx, order.id, l.id, l.unitPrice, l.amount);
    return move(trx, order, {
      actor: 'seller', userId: party.userId, action: 'confirm', to, expectedState: input.expectedState, now,
      set: { goods_amount: goods, deposit_amount: deposit, balance_amount: balance, stock_period: input.stockPeriod ?? order.stock_period },
      note: input.paymentMode === 'deposit' ? `¥${formatPrice(goods, 'zh')}，定金 ¥${formatPrice(deposit, 'zh')}` : `¥${formatPrice(goods, 'zh')}`,
    });
  });
}

/** Seller confirms the balance after the deposit (it may differ from the first estimate, e.g. the quantity made). */
export async function confirmBalance(db: Kysely<Database>, party: Party, input: ActionInput & { balanceAmount?: number }, now = new Date()): Promise<OrderRow> {
  const order = await findOrderFor(db, party, input.id);
  assertAllowed(order, 'seller', 'confirmBalance', input.expectedState);
  const balance = input.balanceAmount ?? order.balance_amount;
  if (balance <= 0) throw priceInvalid('尾款须大于0', 'The balance must be above zero');
  if (order.deposit_amount + balance > OrderLimits.maxOrderAmount) throw orderTooLarge();
  return db.transaction().execute((trx) => move(trx, order, {
    actor: 'seller', userId: party.userId, action: 'confirmBalance', expectedState: input.expectedState, now,
    set: { balance_amount: balance, goods_amount: order.deposit_amount + balance }, note: `¥${formatPrice(balance, 'zh')}`,
  }));
}

/** Seller ships (sends the sample): carrier and tracking number, except for self pickup and home delivery. */
export async function shipOrder(db: Kysely<Database>, party: Party, input: ActionInput & { carrier?: string; trackingNo?: string }, now = new Date()): Promise<OrderRow> {
  const order = await findOrderFor(db, party, input.id);
  // The state decides first: shipping a cancelled order is "not allowed", not "fill in the tracking number".
  assertAllowed(order, 'seller', 'ship', input.expectedState);
  const carrier = (input.carrier ?? '').trim(), trackingNo = (input.trackingNo ?? '').trim();
  const needsTracking = order.delivery !== Delivery.SELF_PICKUP && order.delivery !== Delivery.HOME_DELIVERY;
  if (needsTracking && (!carrier || !trackingNo)) throw new ApiError(Codes.SHIPPING_DETAILS_REQUIRED, 400);
  return db.transaction().execute((trx) => move(trx, order, {
    actor: 'seller', userId: party.userId, action: 'ship', expectedState: input.expectedState, now,
    set: { carrier, tracking_no: trackingNo }, note: [carrier, trackingNo].filter(Boolean).join(' '),
  }));
}
