// Drives orders through the lifecycle table of isomorphic/domain/order.ts: one call per (actor, action),
// and the shortest path from an order's first state to any state of its kind, found in the same table.
import { BuyType, Delivery } from '../../isomorphic/domain/catalogue';
import { Codes } from '../../isomorphic/domain/codes';
import { initialState, orderLifecycle, PaymentStage, stateOf, type Actor, type OrderAction, type OrderState, type Transition } from '../../isomorphic/domain/order';
import type { OrderSummary } from '../../isomorphic/contracts/order';
import { settleProviderPayment } from '../../api/modules/order/order.payment';
import { cancelOverdueOrders, completeReceivedOrders } from '../../api/modules/order/order.sweep';
import { defaultOrderSettings } from '../../api/modules/order/order.settings';
import type { Buyer, Market, Product, Seller } from './market';

export interface Deal { m: Market; buyer: Buyer; seller: Seller; product: Product; addressId: number }

/** A seller with a priced product of two colours and a buyer with an address. */
export async function newDeal(m: Market, price: number | null = 1250): Promise<Deal> {
  const seller = await m.seller();
  const product = await m.product(seller.companyId, { price });
  const buyer = await m.buyer();
  return { m, buyer, seller, product, addressId: await m.address(buyer.id) };
}

let keySeq = 0;
export const newKey = () => `test-key-${process.pid}-${++keySeq}-${Math.random().toString(36).slice(2, 8)}`;

/** Places one order of this kind (one colour, 3 units) and returns its id. */
export async function placeOne(d: Deal, kind: number, delivery: number = Delivery.FREIGHT_COLLECT): Promise<number> {
  const r = await d.m.post<{ orders: OrderSummary[] }>('/order/placeOrder', {
    buyType: kind, consigneeId: d.addressId, delivery, idempotencyKey: newKey(),
    orders: [{ companyId: d.seller.companyId, productParams: [{ num: 3, colorId: d.product.colours[0], productId: d.product.id }], remark: '', stockPeriod: 5 }],
  }, d.buyer.token);
  if (r.body.code !== 0) throw new Error(`placeOrder: ${r.body.message}`);
  return r.body.data.orders[0].id;
}

export async function orderRow(m: Market, id: number) {
  return m.db.selectFrom('trade_order').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function currentState(m: Market, id: number): Promise<OrderState> {
  const o = await orderRow(m, id);
  return stateOf({ status: o.status, subStatus: o.sub_status });
}

export interface Outcome { ok: boolean; code: number; message: string }

const fromReply = (r: { body: { code: number; message: string } }): Outcome => ({ ok: r.body.code === 0, code: r.body.code, message: r.body.message });

async function pendingPayment(m: Market, id: number) {
  return m.db.selectFrom('order_payment').select('id').where('order_id', '=', id).where('status', '=', 'pending').executeTakeFirst();
}

/**
 * Performs (actor, action) on the order through the call that party uses. With `prepare`, a payment
 * confirmation first has the buyer declare the payment it confirms.
 */
export async function perform(d: Deal, id: number, actor: Actor, action: OrderAction, opts: { to?: OrderState; prepare?: boolean } = {}): Promise<Outcome> {
  const { m, buyer, seller } = d;
  const declare = () => m.post('/order/declarePayment', { id, payerName: '林小姐', reference: `TX-${id}-${Date.now()}` }, buyer.token);
  if (opts.prepare && action === 'confirmPayment' && !(await pendingPayment(m, id))) {
    const r = await declare();
    if (r.body.code !== 0) return fromReply(r);
  }
  const key = `${actor}:${action}`;
  switch (key) {
    case 'buyer:declarePayment': return fromReply(await declare());
    case 'buyer:receive': return fromReply(await m.post('/order/receiptGoods', { id }, buyer.token));
    case 'buyer:complete': return fromReply(await m.post('/order/confirmTradeSuccess', { id }, buyer.token));
    case 'buyer:cancel': return fromReply(await m.post('/order/cancelOrder', { id, reason: 'changed my mind' }, buyer.token));
    case 'seller:cancel': return fromReply(await m.post('/shopOrder/cancelOrder', { id, reason: 'out of stock' }, seller.token));
    case 'seller:confirmPayment': return fromReply(await m.post('/shopOrder/confirmPayment', { id }, seller.token));
    case 'seller:confirmBalance': return fromReply(await m.post('/shopOrder/confirmBalance', { id }, seller.token));
    case 'seller:ship': return fromReply(await m.post('/shopOrder/shipOrder', { id, carrier: '顺丰速运', trackingNo: 'SF1234567890' }, seller.token));
    case 'seller:confirm': {
      const lines = await m.db.selectFrom('order_line').select('id').where('order_id', '=', id).execute();
      const deposit = opts.to === PaymentStage.AWAITING_DEPOSIT;
      return fromReply(await m.post('/shopOrder/confirmOrder', {
        id, paymentMode: deposit ? 'deposit' : 'full', depositAmount: deposit ? 1000 : undefined,
        lines: lines.map((l) => ({ lineId: l.id, unitPrice: 1500 })),
      }, seller.token));
    }
    case 'system:confirmPayment': {
      const p = await pendingPayment(m, id);
      if (!p) return { ok: false, code: Codes.PAYMENT_NOT_DECLARED, message: 'no pending payment' };
      try {
        await settleProviderPayment(m.db, p.id);
        return { ok: true, code: 0, message: '' };
      } catch (err) {
        const e = err as { code?: number; message: string };
        return { ok: false, code: e.code ?? -1, message: e.message };
      }
    }
    case 'system:cancel': {
      // Make this order (and only this one) idle for longer than the limit, then run the sweep.
      const old = new Date(Date.now() - defaultOrderSettings.unpaidMaxAgeMs - 3600_000).toISOString();
      await m.db.updateTable('trade_order').set({ status_at: old }).where('id', '=', id).execute();
      const ids = await cancelOverdueOrders(m.db, new Date(), defaultOrderSettings.unpaidMaxAgeMs);
      return ids.includes(id) ? { ok: true, code: 0, message: '' } : { ok: false, code: Codes.ORDER_ACTION_NOT_ALLOWED, message: 'not swept' };
    }
    case 'system:complete': {
      const old = new Date(Date.now() - defaultOrderSettings.receivedCompleteAfterMs - 3600_000).toISOString();
      await m.db.updateTable('trade_order').set({ received_at: old }).where('id', '=', id).where('received_at', 'is not', null).execute();
      const ids = await completeReceivedOrders(m.db, new Date(), defaultOrderSettings.receivedCompleteAfterMs);
      return ids.includes(id) ? { ok: true, code: 0, message: '' } : { ok: false, code: Codes.ORDER_ACTION_NOT_ALLOWED, message: 'not swept' };
    }
    default: throw new Error(`no call for ${key}`);
  }
}

/** The shortest path of table rows from the kind's first state to `target` (moves that change state only). */
export function pathTo(kind: number, target: OrderState): Transition[] {
  const start = initialState[kind as keyof typeof initialState];
  const seen = new Map<OrderState, Transition[]>([[start, []]]);
  const queue: OrderState[] = [start];
  while (queue.length) {
    const s = queue.shift()!;
    if (s === target) return seen.get(s)!;
    for (const t of orderLifecycle.filter((t) => t.kind === kind && t.from === s && t.to !== s)) {
      if (!seen.has(t.to)) { seen.set(t.to, [...seen.get(s)!, t]); queue.push(t.to); }
    }
  }
  throw new Error(`state ${target} cannot be reached for kind ${kind}`);
}

/** A new order of this kind brought to `target` by the calls of the table's rows. */
export async function orderIn(d: Deal, kind: number, target: OrderState): Promise<number> {
  const id = await placeOne(d, kind);
  for (const t of pathTo(kind, target)) {
    const r = await perform(d, id, t.actor, t.action, { to: t.to, prepare: true });
    if (!r.ok) throw new Error(`driving order ${id} to ${target}: ${t.actor} ${t.action} from ${t.from} failed: ${r.message}`);
  }
  return id;
}

export const kindName: Record<number, string> = { [BuyType.SAMPLE_CUT]: 'sample cut', [BuyType.BULK]: 'bulk', [BuyType.PLATE_CUT]: 'plate cut' };
