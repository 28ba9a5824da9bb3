// Orders as the pages see them: summaries for the lists and tabs, the detail with its trace and timeline.
// The actions offered come from the lifecycle table, for the caller's side of the order.
import type { Kysely, Selectable } from 'kysely';
import {
  actionLabels, afterSaleBlocksOrder, afterSaleStates, afterSaleStatusLabels, allowedActions, amountDue, shippingFlag,
  stateLabel, statusGroupNames, statusGroups, traceFields, traceLabels,
  type OrderAction, type PaymentPurpose, type PaymentRecordStatusName, type StatusGroup,
} from '../../../isomorphic/domain/order';
import type {
  AfterSale, OrderDetail, OrderEvent, OrderLine, OrderStatCounts, OrderSummary,
} from '../../../isomorphic/contracts/order';
import type { Page } from '../../../isomorphic/contracts/common';
import type { Lang } from '../../http/envelope';
import { maskMobile } from '../../../isomorphic/domain/format';
import type { Database } from '../../db/schema';
import type { AfterSaleTable, OrderLineTable } from './order.table';
import type { StorageDriver } from '../file/storage';
import { userBriefs } from '../account/account.service';
import { companyNames } from '../company/company.service';
import { regionTextFromChinese } from '../area/area.service';
import { rowState, traceColumn, type OrderRow, type Party } from './order.lifecycle';
import * as q from './order.queries';

export interface ViewDeps { db: Kysely<Database>; storage: StorageDriver }

const iso = (t: string) => new Date(t).toISOString();

function toLine(storage: StorageDriver, l: Selectable<OrderLineTable>): OrderLine {
  return {
    id: l.id, productId: l.product_id, colorId: l.color_id, title: l.title, titleEn: l.title_en, code: l.code,
    colourName: l.colour_name, colourNameEn: l.colour_name_en, hex: l.hex, imageUrl: l.image_path ? storage.url(l.image_path) : '',
    unit: l.unit, displayUnit: l.display_unit, gramsPerMetre: l.weight_g_per_m, unitPrice: l.unit_price, num: l.num, amount: l.amount,
  };
}

export function toAfterSale(a: Selectable<AfterSaleTable>, lang: Lang): AfterSale {
  return {
    id: a.id, orderId: a.order_id, reason: a.reason, status: a.status, statusLabel: afterSaleStatusLabels[a.status]?.[lang] ?? String(a.status),
    orderState: a.order_state, platformNote: a.platform_note, createdAt: iso(a.created_at), decidedAt: a.decided_at ? iso(a.decided_at) : null,
  };
}

/** What this side may do with the order now: the table's actions, narrowed by its payments and after-sale. */
export function actionsFor(order: OrderRow, role: Party['role'], hasPendingPayment: boolean): OrderAction[] {
  if (afterSaleBlocksOrder(order.after_sale_status)) return [];
  return allowedActions(order.buy_type, rowState(order), role).filter((a) => {
    if (a === 'declarePayment') return !hasPendingPayment;
    if (a === 'confirmPayment') return hasPendingPayment;
    if (a === 'cancel') return !hasPendingPayment;
    return true;
  });
}

async function summaries(deps: ViewDeps, rows: OrderRow[], role: Party['role'], lang: Lang, now: Date): Promise<OrderSummary[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const companyIds = [...new Set(rows.map((r) => r.company_id))];
  const buyerIds = [...new Set(rows.map((r) => r.buyer_id))];
  const [lines, companyOf, buyerOf, pending] = await Promise.all([
    q.linesOfOrders(deps.db, ids),
    companyNames(deps.db, companyIds),
    userBriefs(deps.db, buyerIds),
    q.ordersWithPendingPayment(deps.db, ids),
  ]);
  const linesOf = new Map<number, OrderLine[]>();
  for (const l of lines) {
    const list = linesOf.get(l.order_id) ?? [];
    list.push(toLine(deps.storage, l));
    linesOf.set(l.order_id, list);
  }
  return rows.map((o) => {
    const state = rowState(o);
    const company = companyOf.get(o.company_id);
    const buyer = buyerOf.get(o.buyer_id);
    const amounts = { goodsAmount: o.goods_amount, depositAmount: o.deposit_amount, balanceAmount: o.balance_amount, paidAmount: o.paid_amount };
    return {
      id: o.id, orderNo: o.order_no, buyType: o.buy_type, status: o.status, subStatus: o.sub_status, state, stateLabel: stateLabel(state)[lang],
      shippingFlag: shippingFlag({ status: o.status, shipBy: o.ship_by }, now), afterSaleStatus: o.after_sale_status,
      companyId: o.company_id, companyName: company?.name ?? '', companyNameEn: company?.nameEn ?? '',
      buyerId: o.buyer_id, buyerName: buyer ? buyer.nickname || maskMobile(buyer.mobile) : '',
      ...amounts, amountDue: amountDue(state, amounts), delivery: o.delivery,
      lines: linesOf.get(o.id) ?? [], createdAt: iso(o.created_at),
      actions: actionsFor(o, role, pending.has(o.id)),
      canApplyAfterSale: role === 'buyer' && !afterSaleBlocksOrder(o.after_sale_status) && afterSaleStates.includes(state),
    };
  });
}

export interface OrderFilter { buyType?: number; statusGroup?: StatusGroup; pageNum: number; pageSize: number }

function scoped(db: Kysely<Database>, party: Party, f: Pick<OrderFilter, 'buyType'>) {
  return q.scopedOrders(db, party.role === 'buyer' ? { buyerId: party.userId } : { companyId: party.companyId ?? -1 }, f.buyType);
}

/** The caller's orders (as buyer, or as seller for their company), newest first, one status group. */
export async function listOrders(deps: ViewDeps, party: Party, f: OrderFilter, lang: Lang, now = new Date()): Promise<Page<OrderSummary>> {
  let orders = scoped(deps.db, party, f);
  const group = f.statusGroup ?? 'all';
  if (group === 'afterSale') orders = orders.where('after_sale_status', 'in', [0, 1]);
  else if (group !== 'all') orders = orders.where('status', 'in', [...statusGroups[group]]);
  const [rows, count] = await Promise.all([
    orders.selectAll().orderBy('id', 'desc').offset((f.pageNum - 1) * f.pageSize).limit(f.pageSize).execute(),
    orders.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list: await summaries(deps, rows, party.role, lang, now), total: Number(count.n), pageNum: f.pageNum, pageSize: f.pageSize };
}

/** Counts per status group, for the tabs. */
export async function statOrders(db: Kysely<Database>, party: Party, buyType: number | undefined): Promise<OrderStatCounts> {
  const [byStatus, afterSale] = await Promise.all([
    scoped(db, party, { buyType }).select((eb) => ['status', eb.fn.countAll<number>().as('n')]).groupBy('status').execute(),
    scoped(db, party, { buyType }).select((eb) => eb.fn.countAll<number>().as('n')).where('after_sale_status', 'in', [0, 1]).executeTakeFirstOrThrow(),
  ]);
  const counts = Object.fromEntries(statusGroupNames.map((g) => [g, 0])) as OrderStatCounts;
  for (const r of byStatus) {
    const n = Number(r.n);
    counts.all += n;
    for (const [group, statuses] of Object.entries(statusGroups)) if (statuses.includes(r.status)) counts[group as keyof typeof statusGroups] += n;
  }
  counts.afterSale = Number(afterSale.n);
  return counts;
}

export async function orderDetail(deps: ViewDeps, party: Party, order: OrderRow, lang: Lang, now = new Date()): Promise<OrderDetail> {
  const [[summary], events, payments, afterSales] = await Promise.all([
    summaries(deps, [order], party.role, lang, now),
    q.eventsOf(deps.db, order.id),
    q.paymentsOf(deps.db, order.id),
    q.afterSalesOf(deps.db, order.id),
  ]);
  const timeline: OrderEvent[] = events.map((e) => ({
    id: e.id, actor: e.actor as OrderEvent['actor'], action: e.action,
    actionLabel: actionLabels[e.action as keyof typeof actionLabels]?.[lang] ?? e.action,
    fromState: e.from_state, toState: e.to_state, note: e.note, createdAt: iso(e.created_at),
  }));
  const trace = traceFields.flatMap((field) => {
    const at = order[traceColumn[field]] as string | null;
    return at ? [{ field, label: traceLabels[field][lang], at: iso(at) }] : [];
  });
  return {
    ...summary,
    viewerRole: party.role,
    remark: order.remark,
    stockPeriod: order.stock_period,
    consignee: { name: order.consignee_name, phone: order.consignee_phone, region: regionTextFromChinese(order.consignee_region, lang), detail: order.consignee_detail },
    carrier: order.carrier,
    trackingNo: order.tracking_no,
    shipBy: order.ship_by ? iso(order.ship_by) : null,
    cancelReason: order.cancel_reason,
    trace,
    timeline,
    payments: payments.map((p) => ({
      id: p.id, purpose: p.purpose as PaymentPurpose, amount: p.amount, driver: p.driver, status: p.status as PaymentRecordStatusName,
      payerName: p.payer_name, reference: p.reference, note: p.note, decisionNote: p.decision_note,
      createdAt: iso(p.created_at), decidedAt: p.decided_at ? iso(p.decided_at) : null,
    })),
    afterSales: afterSales.map((a) => toAfterSale(a, lang)),
  };
}

/** Summaries of orders just read (after placing or acting). */
export async function summarize(deps: ViewDeps, party: Party, rows: OrderRow[], lang: Lang): Promise<OrderSummary[]> {
  return summaries(deps, rows, party.role, lang, new Date());
}
