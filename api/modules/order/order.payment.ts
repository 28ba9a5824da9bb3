// Payments: the buyer declares a payment of the amount now due (full, deposit or balance) through the
// payment driver; the seller (offline transfer) or the provider (system) confirms it, which moves the
// order on. At most one payment awaits confirmation per order (a partial unique index holds it).
import type { Kysely, Selectable, Transaction } from 'kysely';
import { Codes } from '../../../isomorphic/domain/codes';
import { formatPrice } from '../../../isomorphic/domain/format';
import { amountDue, PaymentRecordStatus, paymentPurposeLabels, paymentPurposeOf, type Actor } from '../../../isomorphic/domain/order';
import { ApiError } from '../../http/errors';
import type { Database } from '../../db/schema';
import type { OrderPaymentTable } from './order.table';
import {
  assertAllowed, findOrderFor, isUniqueViolation, move, notAllowed, orderMissing, recordEvent, rowState, statusChanged, touch, type OrderRow, type Party,
} from './order.lifecycle';
import type { PaymentDriver } from './payment.driver';
import * as q from './order.queries';

type PaymentRow = Selectable<OrderPaymentTable>;

const paymentPending = () => new ApiError(Codes.PAYMENT_PENDING, 409);
const describe = (p: Pick<PaymentRow, 'purpose' | 'amount'>) => {
  const label = paymentPurposeLabels[p.purpose as keyof typeof paymentPurposeLabels];
  return `${label?.zh ?? p.purpose} ¥${formatPrice(p.amount, 'zh')}`;
};

function pendingOf(db: Kysely<Database> | Transaction<Database>, orderId: number) {
  return q.pendingPayment(db, orderId);
}

/** Marks a pending payment confirmed and moves the order on (inside the caller's transaction). */
async function settle(trx: Transaction<Database>, order: OrderRow, payment: PaymentRow, actor: Actor, userId: number | null, now: Date): Promise<OrderRow> {
  if (paymentPurposeOf[rowState(order)] !== payment.purpose) throw statusChanged();
  if (!await q.decidePendingPayment(trx, payment.id, { status: PaymentRecordStatus.CONFIRMED, decided_at: now.toISOString(), decided_by: userId })) throw statusChanged();
  return move(trx, order, { actor, userId, action: 'confirmPayment', set: { paid_amount: order.paid_amount + payment.amount }, note: describe(payment), now });
}

export interface DeclareInput { id: number; payerName: string; reference: string; note?: string; expectedState?: number }

export async function declarePayment(db: Kysely<Database>, driver: PaymentDriver, party: Party, input: DeclareInput, now = new Date()): Promise<OrderRow> {
  const order = await findOrderFor(db, party, input.id);
  const state = rowState(order);
  const purpose = paymentPurposeOf[state];
  const due = amountDue(state, { goodsAmount: order.goods_amount, depositAmount: order.deposit_amount, balanceAmount: order.balance_amount, paidAmount: order.paid_amount });
  assertAllowed(order, 'buyer', 'declarePayment', input.expectedState);
  if (!purpose || due === null || due <= 0) throw notAllowed(state);
  if (await pendingOf(db, order.id)) throw paymentPending();
  const declaration = await driver.declare({
    orderId: order.id, orderNo: order.order_no, purpose, amount: due, payerName: input.payerName, reference: input.reference, note: input.note ?? '',
  });
  try {
    return await db.transaction().execute(async (trx) => {
      const declared = await move(trx, order, {
        actor: 'buyer', userId: party.userId, action: 'declarePayment', expectedState: input.expectedState, now,
        note: describe({ purpose, amount: due }),
      });
      const payment = await q.insertPayment(trx, {
        order_id: order.id, purpose, amount: due, driver: driver.name, status: PaymentRecordStatus.PENDING,
        payer_name: input.payerName.trim(), reference: declaration.reference.trim(), note: (input.note ?? '').trim(),
        declared_by: party.userId, created_at: now.toISOString(), decided_at: null, decided_by: null, decision_note: '',
      });
      // A provider that confirms at once settles in the same transaction, as the system.
      return declaration.confirmed && !driver.sellerConfirms ? settle(trx, declared, payment, 'system', null, now) : declared;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw paymentPending();
    throw err;
  }
}

/** The seller confirms the declared payment arrived. */
export async function confirmPayment(db: Kysely<Database>, party: Party, id: number, expectedState?: number, now = new Date()): Promise<OrderRow> {
  const order = await findOrderFor(db, party, id);
  assertAllowed(order, 'seller', 'confirmPayment', expectedState);
  return db.transaction().execute(async (trx) => {
    const payment = await pendingOf(trx, order.id);
    if (!payment) throw new ApiError(Codes.PAYMENT_NOT_DECLARED, 400);
    return settle(trx, order, payment, 'seller', party.userId, now);
  });
}

/** The seller did not receive the declared payment: the record is rejected and the buyer may declare again. */
export async function rejectPayment(db: Kysely<Database>, party: Party, id: number, note: string, now = new Date()): Promise<OrderRow> {
  const order = await findOrderFor(db, party, id);
  return db.transaction().execute(async (trx) => {
    const payment = await pendingOf(trx, order.id);
    if (!payment) throw new ApiError(Codes.PAYMENT_NOT_DECLARED, 400);
    const decided = await q.decidePendingPayment(trx, payment.id, { status: PaymentRecordStatus.REJECTED, decided_at: now.toISOString(), decided_by: party.userId, decision_note: note.trim() });
    if (!decided) throw statusChanged();
    const updated = await touch(trx, order, {}, now);
    const state = rowState(order);
    await recordEvent(trx, { orderId: order.id, actor: 'seller', userId: party.userId, action: 'rejectPayment', from: state, to: state, note: note.trim() || describe(payment), at: now.toISOString() });
    return updated;
  });
}

/** Called by an online provider's notification: the payment is confirmed by the system. */
export async function settleProviderPayment(db: Kysely<Database>, paymentId: number, now = new Date()): Promise<OrderRow> {
  const payment = await q.paymentById(db, paymentId);
  if (!payment) throw orderMissing();
  if (payment.status !== PaymentRecordStatus.PENDING) throw statusChanged();
  const order = await q.orderById(db, payment.order_id);
  if (!order) throw orderMissing();
  return db.transaction().execute((trx) => settle(trx, order, payment, 'system', null, now));
}
