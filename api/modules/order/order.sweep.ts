// Time-driven steps of the lifecycle, run by the order plugin's timer: unpaid orders are cancelled by the
// system (9900), received bulk orders become a trade success after the after-sale window.
import type { Kysely } from 'kysely';
import { Codes } from '../../../isomorphic/domain/codes';
import { orderLifecycle, splitState, type OrderAction } from '../../../isomorphic/domain/order';
import { ApiError } from '../../http/errors';
import type { Database } from '../../db/schema';
import { move, type OrderRow } from './order.lifecycle';
import * as q from './order.queries';

/** The states from which the system may take this action, per the lifecycle table. */
function systemStates(action: OrderAction) {
  return [...new Set(orderLifecycle.filter((t) => t.actor === 'system' && t.action === action).map((t) => t.from))].map(splitState);
}

async function apply(db: Kysely<Database>, rows: OrderRow[], action: OrderAction, note: string, now: Date): Promise<number[]> {
  const done: number[] = [];
  for (const order of rows) {
    try {
      await db.transaction().execute((trx) => move(trx, order, { actor: 'system', userId: null, action, note, now, set: action === 'cancel' ? { cancel_reason: note } : undefined }));
      done.push(order.id);
    } catch (err) {
      // Someone acted on the order since it was read: their action stands.
      if (err instanceof ApiError && (err.code === Codes.ORDER_STATUS_CHANGED || err.code === Codes.ORDER_FROZEN_BY_AFTER_SALE)) continue;
      throw err;
    }
  }
  return done;
}

/** Cancels (9900) orders awaiting confirmation or payment whose state has not changed for maxAgeMs and
 *  that have no payment awaiting confirmation. Returns the ids cancelled. */
export async function cancelOverdueOrders(db: Kysely<Database>, now: Date, maxAgeMs: number, batch = 200): Promise<number[]> {
  const cutoff = new Date(now.getTime() - maxAgeMs).toISOString();
  const states = systemStates('cancel');
  const rows = await q.idleUnpaidOrders(db, states, cutoff, batch);
  const hours = Math.round(maxAgeMs / 3600_000);
  return apply(db, rows, 'cancel', `超时未付款，系统自动取消（${hours}小时）`, now);
}

/** Received bulk orders (2040) without an open after-sale become a trade success (2060) afterMs after receipt. */
export async function completeReceivedOrders(db: Kysely<Database>, now: Date, afterMs: number, batch = 200): Promise<number[]> {
  const cutoff = new Date(now.getTime() - afterMs).toISOString();
  const rows = await q.receivedBulkOrders(db, cutoff, batch);
  return apply(db, rows, 'complete', '收货后售后期满，系统确认交易成功', now);
}
