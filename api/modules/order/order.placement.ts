// /order/placeOrder: the order parameters of SPEC §3 become one order per company, in one transaction,
// priced from the catalogue (never from the request), and the ordered colours leave the cart. The
// buyer's idempotency key makes a double submit return the orders of the first one.
import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { BuyType, Delivery } from '../../../isomorphic/domain/catalogue';
import { Codes } from '../../../isomorphic/domain/codes';
import { initialState, OrderLimits, splitState } from '../../../isomorphic/domain/order';
import type { PlaceOrderInput } from '../../../isomorphic/contracts/order';
import { ApiError, badRequest } from '../../http/errors';
import type { Database } from '../../db/schema';
import { checkDisplayUnit, checkQuantity, removeOrdered } from '../cart/cart.service';
import { belowMinimum, findColours, isPurchasable, linePrice, type ColourRow } from '../catalogue/catalogue.service';
import { findOwnConsignee } from '../consignee/consignee.service';
import { isUniqueViolation, orderTooLarge, recordEvent, type OrderRow } from './order.lifecycle';
import * as q from './order.queries';

export interface PlacingBuyer { id: number; company_id: number | null }

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** 20 digits: UTC time to the second, then 6 random digits (the unique index guards the rest). */
export function newOrderNo(now: Date): string {
  const t = `${now.getUTCFullYear()}${pad(now.getUTCMonth() + 1)}${pad(now.getUTCDate())}${pad(now.getUTCHours())}${pad(now.getUTCMinutes())}${pad(now.getUTCSeconds())}`;
  return t + pad(crypto.randomInt(0, 1_000_000), 6);
}

/**
 * A number no order has yet: two orders placed in the same second draw the same 6 digits about once in a
 * million pairs, and the unique index would then fail the whole placement (it did, seeding demo orders in a
 * CI run). Drawn again while taken, within the placing transaction (`draw`: the numbers' source).
 */
export async function freshOrderNo(trx: Kysely<Database>, now: Date, draw: (now: Date) => string = newOrderNo): Promise<string> {
  for (let i = 0; ; i++) {
    const no = draw(now);
    if (i === 9 || !(await q.orderNoTaken(trx, no))) return no;
  }
}

function requestHash(input: PlaceOrderInput): string {
  const canonical = {
    buyType: input.buyType, consigneeId: input.consigneeId ?? null, delivery: input.delivery,
    orders: input.orders.map((o) => ({
      companyId: o.companyId, remark: o.remark ?? '', stockPeriod: o.stockPeriod ?? 0,
      // the display unit only when given, so that keys of earlier placements hash as they did
      productParams: o.productParams.map((p) => (p.displayUnit === undefined ? [p.productId, p.colorId, p.num] : [p.productId, p.colorId, p.num, p.displayUnit])),
    })),
  };
  return crypto.createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

async function placementOrders(db: Kysely<Database>, buyerId: number, key: string, hash: string): Promise<OrderRow[] | null> {
  const placement = await q.placementByKey(db, buyerId, key);
  if (!placement) return null;
  if (placement.request_hash !== hash) throw new ApiError(Codes.IDEMPOTENCY_KEY_REUSED, 409);
  return q.ordersOfPlacement(db, placement.id);
}

const productRefused = (code: number, title: string, zh: string, en: string) => new ApiError(code, 400, { zh: `${title}：${zh}`, en: `${title}: ${en}` });

interface PricedLine { colour: ColourRow; num: number; unitPrice: number | null; amount: number | null; displayUnit: number | null }

/** Checks every line against the catalogue and prices it. */
function priceLines(buyType: number, buyer: PlacingBuyer, input: PlaceOrderInput, colours: Map<number, ColourRow>): PricedLine[][] {
  const seenCompanies = new Set<number>();
  return input.orders.map((entry) => {
    if (seenCompanies.has(entry.companyId)) throw badRequest({ zh: '同一店铺的商品请合并为一个订单', en: 'Each company may appear only once in an order submission' });
    seenCompanies.add(entry.companyId);
    const seenColours = new Set<number>();
    return entry.productParams.map((p) => {
      if (seenColours.has(p.colorId)) throw badRequest({ zh: '同一颜色在订单中重复出现', en: 'A colour appears twice in the same order' });
      seenColours.add(p.colorId);
      const colour = colours.get(p.colorId);
      if (!colour || colour.product_id !== p.productId) throw new ApiError(Codes.COLOUR_NOT_OF_PRODUCT, 400);
      if (colour.company_id !== entry.companyId) {
        throw badRequest({ zh: `${colour.title}：该商品不属于所选店铺`, en: `${colour.title_en || colour.title}: this product does not belong to the chosen company` });
      }
      const title = colour.title;
      if (!isPurchasable(colour)) throw productRefused(Codes.PRODUCT_NOT_AVAILABLE, title, '商品已下架', 'no longer on sale');
      if (buyer.company_id !== null && buyer.company_id === colour.company_id) throw new ApiError(Codes.OWN_PRODUCT, 400);
      checkQuantity(buyType, p.num);
      // Priced from the catalogue only: samples free (SPEC §9), cut plate at the product's price, bulk by its ladder.
      const { unit: price, belowMinimum: minimum } = linePrice(buyType, colour, p.num);
      if (minimum !== null) throw belowMinimum(minimum, title);
      // The unit the buyer sees the line in: shown converted, never priced in it.
      const displayUnit = checkDisplayUnit(buyType, colour, p.displayUnit);
      if (buyType === BuyType.SAMPLE_CUT) return { colour, num: p.num, unitPrice: 0, amount: 0, displayUnit };
      if (buyType === BuyType.PLATE_CUT && price === null) {
        throw productRefused(Codes.PRICE_REQUIRED, title, '价格面议，不能剪版下单，请先联系卖家', 'price by negotiation, so it cannot be ordered as a cut plate; please contact the seller');
      }
      // Bulk without a price waits for the seller's price at confirmation.
      return { colour, num: p.num, unitPrice: price, amount: price === null ? null : price * p.num, displayUnit };
    });
  }).map((lines) => {
    // Line amounts are at most 2^31 × 10^6 (exact in a double); their sum is refused past the maximum.
    if (lines.reduce((sum, l) => sum + (l.amount ?? 0), 0) > OrderLimits.maxOrderAmount) throw orderTooLarge();
    return lines;
  });
}

export async function placeOrder(db: Kysely<Database>, buyer: PlacingBuyer, input: PlaceOrderInput, now = new Date()): Promise<OrderRow[]> {
  const hash = requestHash(input);
  const earlier = await placementOrders(db, buyer.id, input.idempotencyKey, hash);
  if (earlier) return earlier;

  const consignee = input.consigneeId === undefined ? null
    : await findOwnConsignee(db, buyer.id, input.consigneeId);
  if (input.consigneeId !== undefined && !consignee) throw new ApiError(Codes.ADDRESS_NOT_FOUND, 404);
  if (!consignee && input.delivery !== Delivery.SELF_PICKUP) throw new ApiError(Codes.CONSIGNEE_REQUIRED, 400);

  const colourIds = input.orders.flatMap((o) => o.productParams.map((p) => p.colorId));
  const colours = new Map((await findColours(db, colourIds)).map((c) => [c.color_id, c]));
  const priced = priceLines(input.buyType, buyer, input, colours);
  const at = now.toISOString();
  const { status, subStatus } = splitState(initialState[input.buyType as keyof typeof initialState]);

  try {
    return await db.transaction().execute(async (trx: Transaction<Database>) => {
      const placementId = await q.insertPlacement(trx, { buyer_id: buyer.id, idempotency_key: input.idempotencyKey, request_hash: hash, created_at: at });
      const created: OrderRow[] = [];
      for (const [i, entry] of input.orders.entries()) {
        const lines = priced[i];
        const goods = lines.some((l) => l.amount === null) ? null : lines.reduce((sum, l) => sum + (l.amount ?? 0), 0);
        const order = await q.insertOrder(trx, {
          order_no: await freshOrderNo(trx, now), placement_id: placementId, buyer_id: buyer.id, company_id: entry.companyId, buy_type: input.buyType,
          status, sub_status: subStatus, status_at: at, version: 0, after_sale_status: null,
          goods_amount: goods, deposit_amount: 0, balance_amount: 0, paid_amount: 0,
          remark: (entry.remark ?? '').trim(), stock_period: entry.stockPeriod ?? 0, delivery: input.delivery,
          consignee_name: consignee?.consignee ?? '', consignee_phone: consignee?.phone ?? '',
          consignee_region: consignee?.region ?? '', consignee_detail: consignee?.detail ?? '',
          carrier: '', tracking_no: '', ship_by: null, cancel_reason: '', created_at: at, updated_at: at,
          seller_confirmed_at: null, deposit_paid_at: null, paid_at: null, sample_sent_at: null, shipped_at: null,
          received_at: null, trade_success_at: null, cancelled_at: null,
        });
        await q.insertLines(trx, lines.map((l, sort) => ({
          order_id: order.id, product_id: l.colour.product_id, color_id: l.colour.color_id, title: l.colour.title, title_en: l.colour.title_en,
          code: l.colour.code, colour_name: l.colour.colour_name, colour_name_en: l.colour.colour_name_en, hex: l.colour.hex,
          image_path: l.colour.image_path || l.colour.cover_path, unit: l.colour.unit, unit_price: l.unitPrice, num: l.num, amount: l.amount, sort,
          display_unit: l.displayUnit, weight_g_per_m: l.colour.weight_g_per_m,
        })));
        await recordEvent(trx, { orderId: order.id, actor: 'buyer', userId: buyer.id, action: 'place', from: null, to: initialState[input.buyType as keyof typeof initialState], note: order.remark, at });
        created.push(order);
      }
      await removeOrdered(trx, buyer.id, input.buyType, colourIds);
      return created;
    });
  } catch (err) {
    // A concurrent double submit: the other request inserted the placement first; answer with its orders.
    if (isUniqueViolation(err)) {
      const other = await placementOrders(db, buyer.id, input.idempotencyKey, hash);
      if (other) return other;
    }
    throw err;
  }
}
