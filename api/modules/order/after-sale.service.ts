// After-sale of SPEC §4: the buyer applies (0), the platform intervenes (1), approves and so terminates
// the order (2), or rejects and lets it continue (3). While one is open the order cannot move.
import type { Kysely, Selectable } from 'kysely';
import { Codes } from '../../../isomorphic/domain/codes';
import {
  afterSaleBlocksOrder, afterSaleDecisions, afterSaleStates, afterSaleStatusLabels, AfterSaleStatus, type AfterSaleStatusCode,
} from '../../../isomorphic/domain/order';
import { ApiError } from '../../http/errors';
import type { Database } from '../../db/schema';
import type { AfterSaleTable } from './order.table';
import { findOrderFor, recordEvent, rowState, statusChanged, touch, type Party } from './order.lifecycle';
import * as q from './order.queries';

export type AfterSaleRow = Selectable<AfterSaleTable>;

export async function applyAfterSale(db: Kysely<Database>, party: Party, input: { id: number; reason: string; expectedState?: number }, now = new Date()): Promise<AfterSaleRow> {
  const order = await findOrderFor(db, party, input.id);
  const state = rowState(order);
  if (input.expectedState !== undefined && input.expectedState !== state) throw statusChanged();
  if (party.role !== 'buyer' || afterSaleBlocksOrder(order.after_sale_status) || !afterSaleStates.includes(state)) {
    throw new ApiError(Codes.AFTER_SALE_NOT_ALLOWED, 400);
  }
  const at = now.toISOString();
  const reason = input.reason.trim();
  return db.transaction().execute(async (trx) => {
    await touch(trx, order, { after_sale_status: AfterSaleStatus.APPLIED }, now);
    const row = await q.insertAfterSale(trx, {
      order_id: order.id, buyer_id: party.userId, reason, status: AfterSaleStatus.APPLIED, order_state: state,
      platform_note: '', decided_by: null, created_at: at, updated_at: at, decided_at: null,
    });
    await recordEvent(trx, { orderId: order.id, actor: 'buyer', userId: party.userId, action: 'applyAfterSale', from: state, to: state, note: reason, at });
    return row;
  });
}

export interface Decision { afterSaleId: number; decision: Exclude<AfterSaleStatusCode, 0>; note?: string }

/** The platform's decision on an after-sale request; approval terminates the order and voids a pending payment. */
/** Called inside the decision's transaction with the request before and after (the platform's audit entry). */
export type DecisionHook = (trx: Kysely<Database>, before: AfterSaleRow, after: AfterSaleRow) => Promise<void>;

export async function decideAfterSale(db: Kysely<Database>, operatorId: number, input: Decision, now = new Date(), onDecided?: DecisionHook): Promise<AfterSaleRow> {
  const current = await q.afterSaleById(db, input.afterSaleId);
  if (!current) throw new ApiError(Codes.AFTER_SALE_NOT_FOUND, 404);
  if (!afterSaleDecisions.some((d) => d.from === current.status && d.to === input.decision)) throw new ApiError(Codes.AFTER_SALE_DECISION_NOT_ALLOWED, 409);
  const at = now.toISOString();
  const note = (input.note ?? '').trim();
  return db.transaction().execute(async (trx) => {
    const row = await q.decideAfterSaleRow(trx, current.id, current.status, {
      status: input.decision, platform_note: note, decided_by: operatorId, updated_at: at, decided_at: input.decision === AfterSaleStatus.INTERVENED ? null : at,
    });
    if (!row) throw new ApiError(Codes.AFTER_SALE_DECISION_NOT_ALLOWED, 409);
    const order = await q.orderById(trx, current.order_id);
    if (!order) throw new ApiError(Codes.AFTER_SALE_NOT_FOUND, 404);
    await touch(trx, order, { after_sale_status: input.decision }, now);
    if (input.decision === AfterSaleStatus.APPROVED) {
      await q.voidPendingPayments(trx, order.id, at, note);
    }
    const state = rowState(order);
    const label = afterSaleStatusLabels[input.decision].zh;
    await recordEvent(trx, { orderId: order.id, actor: 'platform', userId: operatorId, action: 'decideAfterSale', from: state, to: state, note: note ? `${label}：${note}` : label, at });
    if (onDecided) await onDecided(trx, current, row);
    return row;
  });
}

/** After-sale requests awaiting the platform (0 applied, 1 intervened), oldest first. */
export function openAfterSales(db: Kysely<Database>, limit: number, offset: number) {
  return q.openAfterSaleRows(db, limit, offset);
}
