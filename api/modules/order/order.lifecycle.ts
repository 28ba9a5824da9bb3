// The one way an order changes: `move` checks the lifecycle table of isomorphic/domain/order.ts and
// applies the step as a conditional UPDATE (same status, same version) inside the caller's transaction,
// so of two conflicting actions at the same moment exactly one takes effect; the other is refused.
import type { Kysely, Selectable, Transaction, Updateable } from 'kysely';
import { Codes } from '../../../isomorphic/domain/codes';
import {
  afterSaleBlocksOrder, OrderLimits, OrderStatus, splitState, stateLabel, stateOf, transitionsFor,
  type Actor, type OrderAction, type OrderState, type TraceField,
} from '../../../isomorphic/domain/order';
import { ApiError } from '../../http/errors';
import { orderEventRecipients } from '../../../isomorphic/domain/notification';
import { companyUserIds } from '../account/account.service';
import { notify } from '../notification/notification.service';
import type { Database } from '../../db/schema';
import type { TradeOrderTable } from './order.table';
import * as q from './order.queries';

export type OrderRow = Selectable<TradeOrderTable>;
export type Db = Kysely<Database> | Transaction<Database>;

export const orderMissing = () => new ApiError(Codes.ORDER_NOT_FOUND, 404);
export const statusChanged = () => new ApiError(Codes.ORDER_STATUS_CHANGED, 409);
export const notAllowed = (state: OrderState) => {
  const l = stateLabel(state);
  return new ApiError(Codes.ORDER_ACTION_NOT_ALLOWED, 400, {
    zh: `订单当前状态（${l.zh}）不允许此操作`, en: `This action is not allowed while the order is "${l.en}"`,
  });
};

export const traceColumn: Record<TraceField, keyof TradeOrderTable> = {
  createdAt: 'created_at',
  sellerConfirmedAt: 'seller_confirmed_at',
  depositPaidAt: 'deposit_paid_at',
  paidAt: 'paid_at',
  sampleSentAt: 'sample_sent_at',
  shippedAt: 'shipped_at',
  receivedAt: 'received_at',
  tradeSuccessAt: 'trade_success_at',
  cancelledAt: 'cancelled_at',
};

export const rowState = (o: Pick<OrderRow, 'status' | 'sub_status'>) => stateOf({ status: o.status, subStatus: o.sub_status });

/** Who acts on an order: its buyer, or a user of the seller company. */
export interface Party { role: 'buyer' | 'seller'; userId: number; companyId: number | null }

export function sellerOf(user: { id: number; company_id: number | null }): Party {
  if (user.company_id === null) throw new ApiError(Codes.NOT_A_SELLER, 403);
  return { role: 'seller', userId: user.id, companyId: user.company_id };
}
export const buyerOf = (user: { id: number; company_id: number | null }): Party => ({ role: 'buyer', userId: user.id, companyId: user.company_id });

/** Any order by id, for the platform's desks (operators only); a missing one answers "order does not exist". */
export async function findOrder(db: Db, id: number): Promise<OrderRow> {
  const row = await q.orderById(db, id);
  if (!row) throw orderMissing();
  return row;
}

/** The order if this party may see it; anyone else's order answers "order does not exist". */
export async function findOrderFor(db: Db, party: Party, id: number): Promise<OrderRow> {
  const row = await q.orderInScope(db, id, party.role === 'buyer' ? { buyerId: party.userId } : { companyId: party.companyId ?? -1 });
  if (!row) throw orderMissing();
  return row;
}

export interface EventInput { orderId: number; actor: Actor; userId: number | null; action: string; from: OrderState | null; to: OrderState | null; note?: string; at: string }

export async function recordEvent(trx: Db, e: EventInput): Promise<void> {
  await q.insertEvent(trx, {
    order_id: e.orderId, actor: e.actor, actor_user_id: e.userId, action: e.action, from_state: e.from, to_state: e.to, note: e.note ?? '', created_at: e.at,
  });
  await tellParties(trx, e);
}

/** The message centre hears of the event (the other side, never the one who acted), in the same transaction. */
async function tellParties(trx: Db, e: EventInput): Promise<void> {
  const sides = orderEventRecipients(e.action, e.actor);
  if (sides.length === 0) return;
  const o = await q.orderParties(trx, e.orderId);
  if (!o) return;
  for (const side of sides) {
    const ids = (side === 'buyer' ? [o.buyer_id] : await companyUserIds(trx, o.company_id)).filter((id) => id !== e.userId);
    const link = `/home/person/orderDetail/${e.orderId}${side === 'seller' ? '?as=seller' : ''}`;
    await notify(trx, ids, { kind: 'order', params: { action: e.action, orderNo: o.order_no, note: e.note ?? '' }, link }, new Date(e.at));
  }
}

export interface Move {
  actor: Actor;
  userId: number | null;
  action: OrderAction;
  /** which target when the table offers several (a bulk confirmation: full payment or deposit) */
  to?: OrderState;
  /** the state the caller saw; when given and no longer current, the call is refused as "status changed" */
  expectedState?: number;
  set?: Updateable<TradeOrderTable>;
  note?: string;
  now: Date;
}

/** Refuses early (before other checks) an action the table does not allow in the order's current state. */
export function assertAllowed(order: OrderRow, actor: Actor, action: OrderAction, expectedState?: number): void {
  const from = rowState(order);
  if (expectedState !== undefined && expectedState !== from) throw statusChanged();
  if (afterSaleBlocksOrder(order.after_sale_status)) throw new ApiError(Codes.ORDER_FROZEN_BY_AFTER_SALE, 409);
  if (transitionsFor(order.buy_type, from, actor, action).length === 0) throw notAllowed(from);
}

const shipmentStates: readonly number[] = [OrderStatus.BULK_AWAITING_SHIPMENT, OrderStatus.PLATE_AWAITING_SHIPMENT];

/** Applies one step of the lifecycle to an order read earlier; returns the order as it is now. */
export async function move(trx: Transaction<Database>, order: OrderRow, m: Move): Promise<OrderRow> {
  const from = rowState(order);
  if (m.expectedState !== undefined && m.expectedState !== from) throw statusChanged();
  if (afterSaleBlocksOrder(order.after_sale_status)) throw new ApiError(Codes.ORDER_FROZEN_BY_AFTER_SALE, 409);
  const options = transitionsFor(order.buy_type, from, m.actor, m.action);
  const step = m.to === undefined ? options[0] : options.find((t) => t.to === m.to);
  if (!step) throw notAllowed(from);
  const at = m.now.toISOString();
  const { status, subStatus } = splitState(step.to);
  const set: Updateable<TradeOrderTable> = { ...m.set, status, sub_status: subStatus, updated_at: at, version: order.version + 1 };
  if (step.to !== from) set.status_at = at;
  for (const field of step.stamps) (set as Record<string, unknown>)[traceColumn[field]] = at;
  if (shipmentStates.includes(step.to) && !order.ship_by) {
    const days = order.stock_period > 0 ? order.stock_period : OrderLimits.defaultShipDays;
    set.ship_by = new Date(m.now.getTime() + days * 86400_000).toISOString();
  }
  const updated = await q.updateOrderIfUnchanged(trx, order.id, { status: order.status, version: order.version }, set);
  if (!updated) throw statusChanged();
  await recordEvent(trx, { orderId: order.id, actor: m.actor, userId: m.userId, action: m.action, from, to: step.to, note: m.note, at });
  return updated;
}

/** Bumps the version of an order without a state change (a side record such as a payment or an
 *  after-sale changed), so that a conflicting step prepared from the older read is refused. */
export async function touch(trx: Transaction<Database>, order: OrderRow, set: Updateable<TradeOrderTable>, now: Date): Promise<OrderRow> {
  const updated = await q.updateOrderIfUnchanged(trx, order.id, { version: order.version }, { ...set, updated_at: now.toISOString(), version: order.version + 1 });
  if (!updated) throw statusChanged();
  return updated;
}

/** Unique-constraint violation on either dialect (api/db/database.ts). */
export { isUniqueViolation } from '../../db/database';

/** An order whose total would pass OrderLimits.maxOrderAmount (an `integer` column's range is below it). */
export const orderTooLarge = () => new ApiError(Codes.ORDER_AMOUNT_TOO_LARGE, 400);
