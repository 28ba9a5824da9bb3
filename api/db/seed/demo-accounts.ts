// Demo accounts for every role, created with the demo data (never without it; DEMO_ACCOUNTS=false turns
// them off): a clothing designer and a stall trader who buy, a lace manufacturer who owns the first demo
// company and its products, and a platform operator. The manufacturer's shop gets a short order history
// from the two buyers, driven through the order lifecycle itself, so every seller page has real orders.
import type { Kysely } from 'kysely';
import { BuyType, Delivery, ProductKind } from '../../../isomorphic/domain/catalogue';
import { UserRole } from '../../../isomorphic/domain/platform';
import type { ApiDeps } from '../../deps';
import type { Database } from '../schema';
import { ensureUser as ensureAccount, hashPassword } from '../../modules/account/account.service';
import { colourChoices } from '../../modules/catalogue/catalogue.service';
import { buyerOf, cancelOrder, confirmOrder, confirmPayment, declarePayment, placeOrder, receiveGoods, sellerOf, shipOrder } from '../../modules/order/order.service';
import { offlineTransferDriver } from '../../modules/order/payment.driver';

export const DEMO_PASSWORD = 'lace2026';

export interface DemoAccount { role: 'designer' | 'trader' | 'manufacturer' | 'operator'; mobile: string; userType: number; nickname: string; label: { zh: string; en: string } }

export const demoAccounts: DemoAccount[] = [
  { role: 'designer', mobile: '13800000003', userType: 3, nickname: '林设计师', label: { zh: '服装设计师（买家）', en: 'clothing designer (buyer)' } },
  { role: 'trader', mobile: '13800000002', userType: 2, nickname: '陈档口', label: { zh: '档口商（买家，可申请入驻）', en: 'stall trader (buyer, may apply to settle)' } },
  { role: 'manufacturer', mobile: '13800000001', userType: 1, nickname: '黄厂长', label: { zh: '花边厂（卖家，拥有第一家演示公司）', en: 'lace manufacturer (seller, owns the first demo company)' } },
  { role: 'operator', mobile: '13800000009', userType: 3, nickname: '平台运营', label: { zh: '平台运营（控制台 /platform）', en: 'platform operator (console at /platform)' } },
];

export interface SeededAccount extends DemoAccount { id: number; created: boolean }

async function ensureUser(db: Kysely<Database>, a: DemoAccount, companyId: number | null, hash: string): Promise<SeededAccount> {
  const { id, created } = await ensureAccount(db, {
    mobile: a.mobile, passwordHash: hash, userType: a.userType, nickname: a.nickname, companyId,
    role: a.role === 'operator' ? UserRole.OPERATOR : UserRole.MEMBER,
  });
  return { ...a, id, created };
}

/** The demo accounts (created once), the manufacturer attached to `companyId`, and its order history. */
export async function seedDemoAccounts(deps: ApiDeps, companyId: number, log: (msg: string) => void = () => undefined): Promise<SeededAccount[]> {
  const db = deps.db.db;
  const hash = await hashPassword(DEMO_PASSWORD, deps.config.passwordHashCost);
  const accounts: SeededAccount[] = [];
  for (const a of demoAccounts) accounts.push(await ensureUser(db, a, a.role === 'manufacturer' ? companyId : null, hash));
  const maker = accounts.find((a) => a.role === 'manufacturer')!;
  if (maker.created) {
    const orders = await seedDemoOrders(db, companyId, maker.id, accounts.filter((a) => a.role === 'designer' || a.role === 'trader').map((a) => a.id));
    log(`seed: demo accounts for every role, ${orders} demo orders for the manufacturer's shop`);
  }
  return accounts;
}

/** A few orders of the two buyers in several states, each moved by the lifecycle's own calls. */
async function seedDemoOrders(db: Kysely<Database>, companyId: number, sellerId: number, buyerIds: number[]): Promise<number> {
  const colours = await colourChoices(db, companyId, ProductKind.PATTERN, 40);
  const priced = colours.filter((c) => c.price !== null && c.price > 0);
  if (priced.length < 4 || buyerIds.length < 2) return 0;
  const seller = sellerOf({ id: sellerId, company_id: companyId });
  const [designer, trader] = buyerIds.map((id) => buyerOf({ id, company_id: null }));
  let n = 0;
  const place = async (buyerId: number, buyType: number, pick: typeof priced, num: number, remark: string) => {
    const [order] = await placeOrder(db, { id: buyerId, company_id: null }, {
      buyType, delivery: Delivery.SELF_PICKUP, idempotencyKey: `demo-${buyerId}-${buyType}-${++n}`,
      orders: [{ companyId, remark, productParams: pick.map((c) => ({ num, colorId: c.colorId, productId: c.productId })) }],
    });
    return order.id;
  };
  // Awaiting payment: a cut plate just ordered.
  await place(designer.userId, BuyType.PLATE_CUT, priced.slice(0, 2), 5, '请尽快安排');
  // Awaiting the seller's confirmation: a bulk order.
  await place(trader.userId, BuyType.BULK, priced.slice(2, 3), 300, '大货，请报价交期');
  // Awaiting receipt: a sample sent.
  const sample = await place(designer.userId, BuyType.SAMPLE_CUT, priced.slice(3, 4), 1, '');
  await shipOrder(db, seller, { id: sample, carrier: '顺丰速运', trackingNo: 'SF1000000001' });
  // Trade succeeded: a cut plate paid, shipped and received.
  const done = await place(trader.userId, BuyType.PLATE_CUT, priced.slice(1, 3), 10, '');
  await declarePayment(db, offlineTransferDriver, trader, { id: done, payerName: '陈档口', reference: 'ICBC-20261120-0001' });
  await confirmPayment(db, seller, done);
  await shipOrder(db, seller, { id: done, carrier: '中通快递', trackingNo: 'ZT2000000002' });
  await receiveGoods(db, trader, { id: done });
  // Awaiting full payment: a bulk order the seller priced.
  const bulk = await place(designer.userId, BuyType.BULK, priced.slice(0, 1), 200, '');
  await confirmOrder(db, seller, { id: bulk, paymentMode: 'full' });
  // Cancelled by the buyer.
  const cancelled = await place(trader.userId, BuyType.PLATE_CUT, priced.slice(3, 4), 3, '');
  await cancelOrder(db, trader, { id: cancelled, reason: '颜色选错了' });
  return n;
}
