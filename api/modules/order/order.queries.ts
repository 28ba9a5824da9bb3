// SQL over the order module's own tables (trade_order, order_line, order_event, order_payment,
// order_placement, after_sale). The rules and the transactions stay in the services (order.lifecycle,
// order.actions, order.payment, order.placement, order.quote, order.sweep, order.views, after-sale);
// functions that write take the caller's transaction.
import type { Insertable, Kysely, Updateable } from 'kysely';
import { AfterSaleStatus, OrderStatus, PaymentRecordStatus } from '../../../isomorphic/domain/order';
import type { Database } from '../../db/schema';
import type { AfterSaleTable, OrderEventTable, OrderLineTable, OrderPaymentTable, TradeOrderTable } from './order.table';

type Db = Kysely<Database>;

// ---- orders

export function orderById(db: Db, id: number) {
  return db.selectFrom('trade_order').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The order if it is this buyer's (buyerId) or this company's (companyId). */
export function orderInScope(db: Db, id: number, scope: { buyerId: number } | { companyId: number }) {
  const q = db.selectFrom('trade_order').selectAll().where('id', '=', id);
  return ('buyerId' in scope ? q.where('buyer_id', '=', scope.buyerId) : q.where('company_id', '=', scope.companyId)).executeTakeFirst();
}

/** The buyer, the company and the number of an order: whom to tell of its events. */
export function orderParties(db: Db, id: number) {
  return db.selectFrom('trade_order').select(['buyer_id', 'company_id', 'order_no']).where('id', '=', id).executeTakeFirst();
}

/** Updates the order only if it still has this status and version (the lifecycle's conditional step). */
export function updateOrderIfUnchanged(trx: Db, id: number, expect: { status?: number; version: number }, set: Updateable<TradeOrderTable>) {
  let q = trx.updateTable('trade_order').set(set).where('id', '=', id).where('version', '=', expect.version);
  if (expect.status !== undefined) q = q.where('status', '=', expect.status);
  return q.returningAll().executeTakeFirst();
}

/** Whether an order already has this number (order.placement.ts freshOrderNo). */
export async function orderNoTaken(trx: Db, orderNo: string): Promise<boolean> {
  return !!(await trx.selectFrom('trade_order').select('id').where('order_no', '=', orderNo).executeTakeFirst());
}

export function insertOrder(trx: Db, values: Insertable<TradeOrderTable>) {
  return trx.insertInto('trade_order').values(values).returningAll().executeTakeFirstOrThrow();
}

/** The buyer's or the company's orders, optionally of one buy type: the base of the lists and the tabs. */
export function scopedOrders(db: Db, scope: { buyerId: number } | { companyId: number }, buyType?: number) {
  let q = db.selectFrom('trade_order');
  q = 'buyerId' in scope ? q.where('buyer_id', '=', scope.buyerId) : q.where('company_id', '=', scope.companyId);
  if (buyType !== undefined) q = q.where('buy_type', '=', buyType);
  return q;
}

/** Orders in one of these states, unchanged since `cutoff`, without an open after-sale or a payment awaiting confirmation. */
export function idleUnpaidOrders(db: Db, states: ReadonlyArray<{ status: number; subStatus: number | null }>, cutoff: string, batch: number) {
  return db.selectFrom('trade_order').selectAll()
    .where('status_at', '<', cutoff)
    .where((eb) => eb.or(states.map((s) => eb.and([eb('status', '=', s.status), s.subStatus === null ? eb('sub_status', 'is', null) : eb('sub_status', '=', s.subStatus)]))))
    .where((eb) => eb.or([eb('after_sale_status', 'is', null), eb('after_sale_status', '=', AfterSaleStatus.REJECTED)]))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('order_payment').select('order_payment.id')
      .whereRef('order_payment.order_id', '=', 'trade_order.id').where('order_payment.status', '=', PaymentRecordStatus.PENDING))))
    .orderBy('id').limit(batch).execute();
}

/** Received bulk orders received before `cutoff`, without an open after-sale. */
export function receivedBulkOrders(db: Db, cutoff: string, batch: number) {
  return db.selectFrom('trade_order').selectAll()
    .where('status', '=', OrderStatus.BULK_RECEIVED)
    .where('received_at', '<', cutoff)
    .where((eb) => eb.or([eb('after_sale_status', 'is', null), eb('after_sale_status', '=', AfterSaleStatus.REJECTED)]))
    .orderBy('id').limit(batch).execute();
}

// ---- placements (idempotency keys)

export function placementByKey(db: Db, buyerId: number, key: string) {
  return db.selectFrom('order_placement').selectAll().where('buyer_id', '=', buyerId).where('idempotency_key', '=', key).executeTakeFirst();
}

export function ordersOfPlacement(db: Db, placementId: number) {
  return db.selectFrom('trade_order').selectAll().where('placement_id', '=', placementId).orderBy('id').execute();
}

export async function insertPlacement(trx: Db, values: { buyer_id: number; idempotency_key: string; request_hash: string; created_at: string }): Promise<number> {
  const row = await trx.insertInto('order_placement').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

// ---- lines

export async function insertLines(trx: Db, lines: ReadonlyArray<Insertable<OrderLineTable>>): Promise<void> {
  if (lines.length > 0) await trx.insertInto('order_line').values([...lines]).execute();
}

export function linePrices(db: Db, orderId: number) {
  return db.selectFrom('order_line').select(['id', 'unit_price', 'num']).where('order_id', '=', orderId).execute();
}

export async function setLinePrice(trx: Db, orderId: number, lineId: number, unitPrice: number, amount: number): Promise<void> {
  await trx.updateTable('order_line').set({ unit_price: unitPrice, amount }).where('id', '=', lineId).where('order_id', '=', orderId).execute();
}

export function linesOfOrders(db: Db, orderIds: readonly number[]) {
  return db.selectFrom('order_line').selectAll().where('order_id', 'in', [...orderIds]).orderBy('order_id').orderBy('sort').orderBy('id').execute();
}

// ---- events

export async function insertEvent(trx: Db, values: Insertable<OrderEventTable>): Promise<void> {
  await trx.insertInto('order_event').values(values).execute();
}

export function eventsOf(db: Db, orderId: number) {
  return db.selectFrom('order_event').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

// ---- payments

export function pendingPayment(db: Db, orderId: number) {
  return db.selectFrom('order_payment').selectAll().where('order_id', '=', orderId).where('status', '=', PaymentRecordStatus.PENDING).executeTakeFirst();
}

/** Which of these orders have a payment awaiting confirmation. */
export async function ordersWithPendingPayment(db: Db, orderIds: readonly number[]): Promise<Set<number>> {
  const rows = await db.selectFrom('order_payment').select('order_id').where('order_id', 'in', [...orderIds]).where('status', '=', PaymentRecordStatus.PENDING).execute();
  return new Set(rows.map((r) => r.order_id));
}

export function paymentById(db: Db, id: number) {
  return db.selectFrom('order_payment').selectAll().where('id', '=', id).executeTakeFirst();
}

export function paymentsOf(db: Db, orderId: number) {
  return db.selectFrom('order_payment').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

export function insertPayment(trx: Db, values: Insertable<OrderPaymentTable>) {
  return trx.insertInto('order_payment').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Decides a payment still pending; false when it was decided meanwhile. */
export async function decidePendingPayment(trx: Db, id: number, set: Updateable<OrderPaymentTable>): Promise<boolean> {
  const res = await trx.updateTable('order_payment').set(set).where('id', '=', id).where('status', '=', PaymentRecordStatus.PENDING).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function voidPendingPayments(trx: Db, orderId: number, at: string, note: string): Promise<void> {
  await trx.updateTable('order_payment').set({ status: PaymentRecordStatus.VOID, decided_at: at, decision_note: note })
    .where('order_id', '=', orderId).where('status', '=', PaymentRecordStatus.PENDING).execute();
}

// ---- after-sale

export function insertAfterSale(trx: Db, values: Insertable<AfterSaleTable>) {
  return trx.insertInto('after_sale').values(values).returningAll().executeTakeFirstOrThrow();
}

export function afterSaleById(db: Db, id: number) {
  return db.selectFrom('after_sale').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Updates the request only if its status is still `fromStatus`. */
export function decideAfterSaleRow(trx: Db, id: number, fromStatus: number, set: Updateable<AfterSaleTable>) {
  return trx.updateTable('after_sale').set(set).where('id', '=', id).where('status', '=', fromStatus).returningAll().executeTakeFirst();
}

export function openAfterSaleRows(db: Db, limit: number, offset: number) {
  return db.selectFrom('after_sale').selectAll().where('status', 'in', [AfterSaleStatus.APPLIED, AfterSaleStatus.INTERVENED])
    .orderBy('created_at').orderBy('id').limit(limit).offset(offset).execute();
}

export function afterSalesOf(db: Db, orderId: number) {
  return db.selectFrom('after_sale').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}
