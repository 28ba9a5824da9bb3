// Responses (报价) to purchase requests: a supplier's company responds once per request (a price ladder,
// unit, lead time, cut sample, pictures, note), at most 10 per request, editable and withdrawable while the
// request is in purchase; the buyer compares them (prices normalised to the request's unit) and selects
// one, which places one bulk order through the order module and tells every responder the outcome. A
// response may name one of its company's products on sale: the buyer opens it from the comparison, and
// the chosen response's order line links it (when it is still that company's and on sale).
import type { Kysely, Transaction } from 'kysely';
import { Delivery, unitLabels } from '../../../isomorphic/domain/catalogue';
import { ladderMinimum, ladderProblem, ladderUnitPrice, type PriceStep } from '../../../isomorphic/domain/price-ladder';
import { PurchaseLimits, PurchaseStatus, ResponseStatus, responseStatusLabels, unitChoices } from '../../../isomorphic/domain/purchase';
import type { PurchaseResponse, PurchaseResponseInput, ResponseProduct } from '../../../isomorphic/contracts/purchase';
import { ApiError } from '../../http/errors';
import type { Lang } from '../../http/envelope';
import type { Database } from '../../db/schema';
import { isUniqueViolation } from '../../db/database';
import type { UserRow } from '../account/session';
import { companyUserIds } from '../account/account.service';
import { companyNames } from '../company/company.service';
import { productSummaries } from '../catalogue/catalogue.service';
import { filesOwnedBy } from '../file/upload.service';
import { notify } from '../notification/notification.service';
import { placeQuotedOrder, quotedOrderOf } from '../order/order.service';
import type { StorageDriver } from '../file/storage';
import {
  findRequest, findResponse, insertResponse, responseOfCompany, responsesOf, settleResponses, updateRequestIf, updateResponse, type RequestRow, type ResponseRow,
} from './purchase.queries';
import { checkAction, purchaseMissing, type PurchaseDeps } from './purchase.requests';
import { TradeCodes } from '../../../isomorphic/domain/trade-codes';

const refuse = (code: number, status = 400) => new ApiError(code, status);
const responseMissing = () => refuse(TradeCodes.RESPONSE_NOT_FOUND, 404);
const parse = <T>(s: string, fallback: T): T => {
  try {
    return JSON.parse(s) as T;
  } catch {
    return fallback;
  }
};

/** The ladder in the request's unit: quantities times `perUnit`, prices divided by it (perUnit in thousandths). */
export function normalise(ladder: PriceStep[], perUnitMilli: number): PriceStep[] {
  return ladder.map((s) => ({ from: Math.max(1, Math.round((s.from * perUnitMilli) / 1000)), price: Math.max(1, Math.round((s.price * 1000) / perUnitMilli)) }));
}

/** The products these responses name that are on sale now, as a response shows them. */
async function offeredProducts(deps: PurchaseDeps, rows: ResponseRow[]): Promise<Map<number, ResponseProduct>> {
  const ids = [...new Set(rows.map((r) => r.product_id).filter((id): id is number => id !== null))];
  const found = await productSummaries(deps, ids);
  return new Map([...found].map(([id, p]) => [id, { id, title: p.title, titleEn: p.titleEn, code: p.code, coverUrl: p.coverUrl }]));
}

function toResponse(
  storage: StorageDriver, r: ResponseRow, request: RequestRow, names: Map<number, { name: string; nameEn: string }>, products: Map<number, ResponseProduct>, lang: Lang,
): PurchaseResponse {
  const ladder = parse<PriceStep[]>(r.ladder, []);
  const normalisedLadder = normalise(ladder, r.per_unit);
  const pictures = parse<string[]>(r.pictures, []);
  const c = names.get(r.company_id);
  return {
    id: r.id, requestId: r.request_id, companyId: r.company_id, companyName: c?.name ?? '', companyNameEn: c?.nameEn ?? '', ladder, normalisedLadder,
    unit: r.unit, unitLabel: unitLabels[r.unit]?.[lang] ?? '', perUnit: r.per_unit / 1000, minimum: ladderMinimum(ladder) ?? 0, leadDays: r.lead_days,
    cutSample: r.cut_sample === 1, pictureUrls: pictures.map((p) => storage.url(p)), pictures, note: r.note,
    productId: r.product_id, product: r.product_id === null ? null : products.get(r.product_id) ?? null, status: r.status,
    statusLabel: responseStatusLabels[r.status]?.[lang] ?? '', priceForRequest: ladderUnitPrice(normalisedLadder, request.quantity),
    createdAt: r.created_at, updatedAt: r.updated_at,
  };
}

type Fields = Omit<PurchaseResponseInput, 'requestId'>;

/**
 * The product a response names, checked by id: it must be on sale (else NOT_ON_SALE, which is also the
 * answer for another company's product off sale: nothing is told of it) and the responder's company's.
 */
async function checkProduct(deps: PurchaseDeps, user: UserRow, productId: number | undefined): Promise<number | null> {
  if (productId === undefined) return null;
  const p = (await productSummaries(deps, [productId])).get(productId);
  if (!p) throw refuse(TradeCodes.RESPONSE_PRODUCT_NOT_ON_SALE);
  if (p.companyId !== user.company_id) throw refuse(TradeCodes.RESPONSE_PRODUCT_NOT_OURS, 403);
  return p.id;
}

async function checkFields(deps: PurchaseDeps, user: UserRow, request: RequestRow, f: Fields) {
  const { db } = deps;
  if (ladderProblem(f.ladder) !== null) throw refuse(TradeCodes.RESPONSE_LADDER);
  if (!unitChoices.includes(f.unit) || !Number.isInteger(f.leadDays) || f.leadDays < 0 || f.leadDays > PurchaseLimits.maxLeadDays
    || f.note.trim().length > PurchaseLimits.responseNoteMax || f.pictures.length > PurchaseLimits.responseMaxPictures) throw refuse(TradeCodes.RESPONSE_FIELDS);
  const perUnit = f.unit === request.unit ? 1000 : Math.round(f.perUnit * 1000);
  if (!Number.isFinite(perUnit) || perUnit < 1 || perUnit > 100_000_000) throw refuse(TradeCodes.RESPONSE_UNIT_FACTOR);
  const owned = await filesOwnedBy(db, user.id, f.pictures);
  if (f.pictures.some((p) => !owned.has(p))) throw refuse(TradeCodes.RESPONSE_FIELDS);
  const productId = await checkProduct(deps, user, f.productId);
  return {
    ladder: JSON.stringify(f.ladder.map((s) => ({ from: s.from, price: s.price }))), unit: f.unit, per_unit: perUnit, lead_days: f.leadDays,
    cut_sample: f.cutSample ? 1 : 0, pictures: JSON.stringify([...new Set(f.pictures)]), note: f.note.trim(), product_id: productId,
  };
}

/** Locks the request for this change (bumps its version if it is still as read), so that counts and selection serialise. */
async function lockRequest(trx: Kysely<Database>, row: RequestRow, now: string): Promise<void> {
  if (!(await updateRequestIf(trx, row.id, row.status, row.version, { updated_at: now }))) throw refuse(TradeCodes.PURCHASE_STATUS_CHANGED, 409);
}

async function view(deps: PurchaseDeps, r: ResponseRow, request: RequestRow, lang: Lang): Promise<PurchaseResponse> {
  const [names, products] = await Promise.all([companyNames(deps.db, [r.company_id]), offeredProducts(deps, [r])]);
  return toResponse(deps.storage, r, request, names, products, lang);
}

async function tellBuyer(trx: Kysely<Database>, request: RequestRow, companyId: number, leadDays: number, changed: boolean, now: Date) {
  const c = (await companyNames(trx, [companyId])).get(companyId);
  await notify(trx, [request.buyer_id], {
    kind: 'purchaseResponse', params: { request: request.id, company: c?.name ?? '', companyEn: c?.nameEn ?? '', leadDays, changed: changed ? 1 : 0 }, link: `/buy/${request.id}`,
  }, now);
}

/** /buyTask/respond: the supplier's company responds (once; a withdrawn response may be given again). */
export async function respond(deps: PurchaseDeps, user: UserRow, input: PurchaseResponseInput, lang: Lang, now = new Date()): Promise<PurchaseResponse> {
  const request = await findRequest(deps.db, input.requestId);
  if (!request) throw purchaseMissing();
  checkAction(user, request, 'respond', now);
  const companyId = user.company_id as number;
  const fields = await checkFields(deps, user, request, input);
  const at = now.toISOString();
  try {
    const row = await deps.db.transaction().execute(async (trx: Transaction<Database>) => {
      await lockRequest(trx, request, at);
      const existing = await responseOfCompany(trx, request.id, companyId);
      if (existing && existing.status !== ResponseStatus.WITHDRAWN) throw refuse(TradeCodes.RESPONSE_ONE_PER_COMPANY, 409);
      const active = (await responsesOf(trx, request.id)).filter((r) => r.status === ResponseStatus.ACTIVE).length;
      if (active >= PurchaseLimits.maxResponses) throw refuse(TradeCodes.RESPONSE_LIMIT, 409);
      const saved = existing
        ? await updateResponse(trx, existing.id, { ...fields, user_id: user.id, status: ResponseStatus.ACTIVE, updated_at: at })
        : await insertResponse(trx, { ...fields, request_id: request.id, company_id: companyId, user_id: user.id, status: ResponseStatus.ACTIVE, created_at: at, updated_at: at });
      await tellBuyer(trx, request, companyId, fields.lead_days, false, now);
      return saved;
    });
    return view(deps, row, request, lang);
  } catch (err) {
    if (isUniqueViolation(err)) throw refuse(TradeCodes.RESPONSE_ONE_PER_COMPANY, 409);
    throw err;
  }
}

/** The company's own response, for an edit or a withdrawal while the request is in purchase. */
async function ownResponse(deps: PurchaseDeps, user: UserRow, id: number, now: Date): Promise<{ response: ResponseRow; request: RequestRow }> {
  const response = await findResponse(deps.db, id);
  if (!response || user.company_id === null || response.company_id !== user.company_id || response.status === ResponseStatus.WITHDRAWN) throw responseMissing();
  if (response.status !== ResponseStatus.ACTIVE) throw refuse(TradeCodes.RESPONSE_LOCKED, 409);
  const request = await findRequest(deps.db, response.request_id);
  if (!request) throw responseMissing();
  if (request.status === PurchaseStatus.PURCHASING || request.status === PurchaseStatus.FINISHED) throw refuse(TradeCodes.RESPONSE_LOCKED, 409);
  checkAction(user, request, 'cancelRespond', now);
  return { response, request };
}

/** /buyTask/editResponse: changes the company's response until the buyer selects. */
export async function editResponse(deps: PurchaseDeps, user: UserRow, input: Fields & { id: number }, lang: Lang, now = new Date()): Promise<PurchaseResponse> {
  const { response, request } = await ownResponse(deps, user, input.id, now);
  const fields = await checkFields(deps, user, request, input);
  const at = now.toISOString();
  const row = await deps.db.transaction().execute(async (trx: Transaction<Database>) => {
    await lockRequest(trx, request, at);
    const current = await findResponse(trx, response.id);
    if (current?.status !== ResponseStatus.ACTIVE) throw refuse(TradeCodes.RESPONSE_LOCKED, 409);
    const saved = await updateResponse(trx, response.id, { ...fields, user_id: user.id, updated_at: at });
    await tellBuyer(trx, request, response.company_id, fields.lead_days, true, now);
    return saved;
  });
  return view(deps, row, request, lang);
}

/** /buyTask/withdrawResponse */
export async function withdrawResponse(deps: PurchaseDeps, user: UserRow, id: number, lang: Lang, now = new Date()): Promise<PurchaseResponse> {
  const { response, request } = await ownResponse(deps, user, id, now);
  const at = now.toISOString();
  const row = await deps.db.transaction().execute(async (trx: Transaction<Database>) => {
    await lockRequest(trx, request, at);
    return updateResponse(trx, response.id, { status: ResponseStatus.WITHDRAWN, updated_at: at });
  });
  return view(deps, row, request, lang);
}

/**
 * /productBuy/responses: the buyer sees every response (cheapest for the requested quantity first, then
 * by id); a supplier sees only their company's; anyone else is told the request does not exist.
 */
export async function responsesFor(deps: PurchaseDeps, user: UserRow, requestId: number, lang: Lang): Promise<PurchaseResponse[]> {
  const request = await findRequest(deps.db, requestId);
  if (!request) throw purchaseMissing();
  const mine = request.buyer_id === user.id;
  if (!mine && user.company_id === null) throw purchaseMissing();
  const rows = (await responsesOf(deps.db, requestId)).filter((r) => r.status !== ResponseStatus.WITHDRAWN && (mine || r.company_id === user.company_id));
  const [names, products] = await Promise.all([companyNames(deps.db, rows.map((r) => r.company_id)), offeredProducts(deps, rows)]);
  const list = rows.map((r) => toResponse(deps.storage, r, request, names, products, lang));
  return list.sort((a, b) => (a.priceForRequest ?? Infinity) - (b.priceForRequest ?? Infinity) || a.id - b.id);
}

export interface SelectInput { requestId: number; responseId: number; delivery?: number; consigneeId?: number; remark?: string }

/**
 * /productBuy/select: the buyer chooses one response. In one transaction the request moves to purchasing
 * (a conditional update: of two concurrent selections one wins), the order module places one bulk order
 * under the key `purchase-<id>`, the chosen response is marked selected and the others not chosen, and
 * every responder is told. Selecting again answers the same order.
 */
export async function selectResponse(deps: PurchaseDeps, user: UserRow, input: SelectInput, now = new Date()): Promise<{ requestId: number; orderId: number; orderNo: string }> {
  const request = await findRequest(deps.db, input.requestId);
  if (!request || request.buyer_id !== user.id) throw purchaseMissing();
  const key = `purchase-${request.id}`;
  const again = async () => {
    const current = await findRequest(deps.db, request.id);
    if (current?.status === PurchaseStatus.PURCHASING && current.selected_response_id === input.responseId && current.order_id !== null) {
      const order = await quotedOrderOf(deps.db, user.id, key);
      if (order) return { requestId: request.id, orderId: order.id, orderNo: order.order_no };
    }
    return null;
  };
  const earlier = await again();
  if (earlier) return earlier;
  checkAction(user, request, 'select', now);
  const response = await findResponse(deps.db, input.responseId);
  if (!response || response.request_id !== request.id || response.status !== ResponseStatus.ACTIVE) throw responseMissing();
  const at = now.toISOString();
  const ladder = parse<PriceStep[]>(response.ladder, []);
  const unitPrice = ladderUnitPrice(normalise(ladder, response.per_unit), request.quantity);
  // The line links the response's product only while it is still that company's and on sale (no link to a gone page).
  const offered = response.product_id === null ? undefined : (await productSummaries(deps, [response.product_id])).get(response.product_id);
  const productId = offered?.companyId === response.company_id ? offered.id : 0;
  try {
    return await deps.db.transaction().execute(async (trx: Transaction<Database>) => {
      const moved = await updateRequestIf(trx, request.id, PurchaseStatus.IN_PURCHASE, request.version, { status: PurchaseStatus.PURCHASING, selected_response_id: response.id, updated_at: at });
      if (!moved) throw refuse(TradeCodes.PURCHASE_STATUS_CHANGED, 409);
      const order = await placeQuotedOrder(trx, {
        buyerId: user.id, companyId: response.company_id, idempotencyKey: key, title: request.description, code: `BUY-${request.id}`,
        imagePath: request.image_path, unit: request.unit, num: request.quantity, unitPrice, delivery: input.delivery ?? Delivery.SELF_PICKUP,
        consigneeId: input.consigneeId, remark: input.remark ?? '', stockPeriod: response.lead_days, productId,
      }, now);
      await updateRequestIf(trx, request.id, PurchaseStatus.PURCHASING, moved.version, { order_id: order.id, updated_at: at });
      const others = await settleResponses(trx, request.id, response.id, at);
      await notify(trx, await companyUserIds(trx, response.company_id), { kind: 'purchaseSelected', params: { request: request.id, orderNo: order.order_no }, link: `/home/person/orderDetail/${order.id}?as=seller` }, now);
      const otherUsers = (await Promise.all(others.map((o) => companyUserIds(trx, o.company_id)))).flat();
      await notify(trx, otherUsers, { kind: 'purchaseNotChosen', params: { request: request.id }, link: `/buy/${request.id}` }, now);
      return { requestId: request.id, orderId: order.id, orderNo: order.order_no };
    });
  } catch (err) {
    // A concurrent second selection: the first one's order is the answer when it chose the same response.
    if (isUniqueViolation(err) || (err instanceof ApiError && err.code === TradeCodes.PURCHASE_STATUS_CHANGED)) {
      const other = await again();
      if (other) return other;
    }
    throw err;
  }
}
