// Purchase requests (求购), the requests themselves: a buyer (type 3) posts one; merchants (types 1 and 2) read the details and
// respond; the buyer closes, cancels, finishes or republishes it by the state table of
// isomorphic/domain/purchase.ts. A request past its deadline counts as closed at once (the effective
// status) and the sweep writes it. Who may read what is decided here (SPEC §6), never by the pages.
import type { Kysely } from 'kysely';
import { buyTypeLabels, patternTypeLabels, unitLabels, UserType } from '../../../isomorphic/domain/catalogue';
import {
  effectivePurchaseStatus, MatchStatus, mayReadPurchase, purchaseActions, purchaseNext, purchaseProblem, PurchaseLimits, PurchaseStatus, purchaseStatusLabels,
  type PurchaseAction, type PurchaseActor, type PurchaseInput, type PurchaseProblem, type PurchaseState,
} from '../../../isomorphic/domain/purchase';
import type { Page } from '../../../isomorphic/contracts/common';
import type { PurchaseDetail, PurchaseListItem, PurchaseTeaser, PurchaseView, Refusal } from '../../../isomorphic/contracts/purchase';
import { ApiError } from '../../http/errors';
import type { Lang } from '../../http/envelope';
import type { Database } from '../../db/schema';
import type { StorageDriver } from '../file/storage';
import type { UserRow } from '../account/session';
import { filesOwnedBy } from '../file/upload.service';
import { tradeCodeMessages } from '../../../isomorphic/domain/trade-messages';
import { closeExpired, countOpenOf, findRequest, insertRequest, matchedFor, requests, responseCounts, updateRequestIf, type RequestFilter, type RequestRow } from './purchase.queries';
import { TradeCodes } from '../../../isomorphic/domain/trade-codes';

export interface PurchaseDeps { db: Kysely<Database>; storage: StorageDriver }
export type Viewer = Pick<UserRow, 'id' | 'user_type' | 'company_id'> | null;

const refuse = (code: number, status = 400) => new ApiError(code, status);
export const purchaseMissing = () => refuse(TradeCodes.PURCHASE_NOT_FOUND, 404);

const problemCodes: Record<PurchaseProblem, number> = {
  description: TradeCodes.PURCHASE_DESCRIPTION, quantity: TradeCodes.PURCHASE_QUANTITY, image: TradeCodes.PURCHASE_IMAGE, deadline: TradeCodes.PURCHASE_DEADLINE,
  catalogue: TradeCodes.PURCHASE_CATALOGUE, unit: TradeCodes.PURCHASE_UNIT, sampleType: TradeCodes.PURCHASE_SAMPLE_TYPE,
};

/** Why this viewer may not read a request's details, or null when they may (the buyer always reads their own). */
export function purchaseRefusal(viewer: Viewer, row: Pick<RequestRow, 'buyer_id'>): number | null {
  if (viewer && viewer.id === row.buyer_id) return null;
  if (!viewer) return TradeCodes.PURCHASE_SIGN_IN;
  return mayReadPurchase(viewer.user_type) ? null : TradeCodes.PURCHASE_MERCHANTS_ONLY;
}

const refusal = (code: number, lang: Lang): Refusal => ({ code, message: tradeCodeMessages[code][lang] });

function teaser(r: RequestRow, count: number, lang: Lang, now: Date): PurchaseTeaser {
  const status = effectivePurchaseStatus(r, now);
  return {
    id: r.id, catalogue: r.catalogue, catalogueLabel: patternTypeLabels[r.catalogue]?.[lang] ?? '', sampleType: r.sample_type,
    sampleTypeLabel: buyTypeLabels[r.sample_type]?.[lang] ?? '', unit: r.unit, unitLabel: unitLabels[r.unit]?.[lang] ?? '',
    status, statusLabel: purchaseStatusLabels[status][lang], deadline: r.deadline, responseCount: count, createdAt: r.created_at,
  };
}

/** The actor this viewer is for a request: its buyer, a supplier (a merchant with a company), or none. */
export function actorOf(viewer: Viewer, r: Pick<RequestRow, 'buyer_id'>): PurchaseActor | null {
  if (!viewer) return null;
  if (viewer.id === r.buyer_id) return 'buyer';
  return mayReadPurchase(viewer.user_type) && viewer.company_id !== null ? 'supplier' : null;
}

function detail(storage: StorageDriver, viewer: Viewer, r: RequestRow, count: number, lang: Lang, now: Date): PurchaseDetail {
  const t = teaser(r, count, lang, now);
  const actor = actorOf(viewer, r);
  return {
    ...t, imagePath: r.image_path, imageUrl: storage.url(r.image_path), acceptProduce: r.accept_produce === 1, quantity: r.quantity,
    description: r.description, mine: actor === 'buyer', actions: actor ? purchaseActions.filter((a) => purchaseNext(t.status, a, actor) !== null) : [],
    selectedResponseId: r.selected_response_id, orderId: r.order_id, version: r.version,
  };
}

async function checkInput({ db }: PurchaseDeps, user: UserRow, input: PurchaseInput, now: Date): Promise<PurchaseInput> {
  const clean = { ...input, description: input.description.trim(), imagePath: input.imagePath.trim() };
  const problem = purchaseProblem(clean, now);
  if (problem) throw refuse(problemCodes[problem]);
  const owned = await filesOwnedBy(db, user.id, [clean.imagePath]);
  if (!owned.has(clean.imagePath)) throw refuse(TradeCodes.PURCHASE_IMAGE);
  return { ...clean, deadline: new Date(clean.deadline).toISOString() };
}

/** /productBuy/release: a buyer (type 3) posts a request, in purchase until its deadline. */
export async function releasePurchase(deps: PurchaseDeps, user: UserRow, input: PurchaseInput, lang: Lang, now = new Date()): Promise<PurchaseDetail> {
  if (user.user_type !== UserType.DESIGNER) throw refuse(TradeCodes.PURCHASE_BUYERS_ONLY, 403);
  const clean = await checkInput(deps, user, input, now);
  if ((await countOpenOf(deps.db, user.id, now.toISOString())) >= PurchaseLimits.maxOpenPerBuyer) throw refuse(TradeCodes.PURCHASE_OPEN_LIMIT);
  const at = now.toISOString();
  const row = await insertRequest(deps.db, {
    buyer_id: user.id, image_path: clean.imagePath, catalogue: clean.catalogue, sample_type: clean.sampleType, accept_produce: clean.acceptProduce ? 1 : 0,
    quantity: clean.quantity, unit: clean.unit, description: clean.description, deadline: clean.deadline, status: PurchaseStatus.IN_PURCHASE,
    selected_response_id: null, order_id: null, created_at: at, updated_at: at,
    // Photo matching is asked with the post, in the same row; purchase.matching.ts runs it off the request path.
    match_status: MatchStatus.PENDING, match_image: clean.imagePath, match_asked_at: at,
  });
  return detail(deps.storage, user, row, 0, lang, now);
}

/** One request by id: the details for its buyer and merchants; the teaser and the reason for anyone else. */
export async function purchaseView(deps: PurchaseDeps, viewer: Viewer, id: number, lang: Lang, now = new Date()): Promise<PurchaseView> {
  const row = await findRequest(deps.db, id);
  if (!row) throw purchaseMissing();
  const count = (await responseCounts(deps.db, [id])).get(id) ?? 0;
  const hidden = purchaseRefusal(viewer, row);
  return {
    teaser: teaser(row, count, lang, now),
    detail: hidden === null ? detail(deps.storage, viewer, row, count, lang, now) : null,
    hidden: hidden === null ? null : refusal(hidden, lang),
  };
}

async function page(deps: PurchaseDeps, viewer: Viewer, f: RequestFilter, q: { pageNum: number; pageSize: number }, lang: Lang, now: Date): Promise<Page<PurchaseListItem>> {
  const found = requests(deps.db, f, now.toISOString());
  const [rows, total] = await Promise.all([found.rows((q.pageNum - 1) * q.pageSize, q.pageSize), found.count()]);
  const counts = await responseCounts(deps.db, rows.map((r) => r.id));
  const company = merchantCompany(viewer);
  const matched = company === null ? new Set<number>() : await matchedFor(deps.db, company, rows.map((r) => r.id));
  const list = rows.map((r) => {
    const open = purchaseRefusal(viewer, r) === null;
    return {
      ...teaser(r, counts.get(r.id) ?? 0, lang, now), description: open ? r.description : null, imageUrl: open ? deps.storage.url(r.image_path) : null,
      mine: viewer?.id === r.buyer_id, matchesMine: matched.has(r.id),
    };
  });
  return { list, total, pageNum: q.pageNum, pageSize: q.pageSize };
}

/** The company of a merchant viewer (who may get requests matching its patterns first), else null. */
const merchantCompany = (viewer: Viewer): number | null => (viewer && viewer.company_id !== null && mayReadPurchase(viewer.user_type) ? viewer.company_id : null);

export interface HallQuery { pageNum: number; pageSize: number; catalogue?: number; unit?: number; sampleType?: number }

/**
 * /buyTask/listBuyTask: the requests in purchase (the hall and the merchants' task list); details only to
 * merchants. A merchant's company sees the requests whose picture matches its patterns first, marked.
 */
export function listOpenPurchases(deps: PurchaseDeps, viewer: Viewer, q: HallQuery, lang: Lang, now = new Date()): Promise<Page<PurchaseListItem>> {
  const first = merchantCompany(viewer) ?? undefined;
  return page(deps, viewer, { status: PurchaseStatus.IN_PURCHASE, catalogue: q.catalogue, unit: q.unit, sampleType: q.sampleType, matchedFirstFor: first }, q, lang, now);
}

/** /productBuy/myProductBuys: the buyer's own requests, newest first, optionally by (effective) status. */
export function myPurchases(deps: PurchaseDeps, user: UserRow, q: { pageNum: number; pageSize: number; status?: number }, lang: Lang, now = new Date()): Promise<Page<PurchaseListItem>> {
  return page(deps, user, { buyerId: user.id, status: q.status }, q, lang, now);
}

/** The requests the viewer's company responded to (myReceiving), newest first. */
export function respondedPurchases(deps: PurchaseDeps, user: UserRow, q: { pageNum: number; pageSize: number; status?: number }, lang: Lang, now = new Date()): Promise<Page<PurchaseListItem>> {
  if (user.company_id === null || !mayReadPurchase(user.user_type)) throw refuse(TradeCodes.RESPONSE_NEEDS_COMPANY, 403);
  return page(deps, user, { respondedBy: user.company_id, status: q.status }, q, lang, now);
}

const notAllowed = (state: PurchaseState) => {
  const m = tradeCodeMessages[TradeCodes.PURCHASE_ACTION_NOT_ALLOWED];
  const s = purchaseStatusLabels[state];
  return new ApiError(TradeCodes.PURCHASE_ACTION_NOT_ALLOWED, 409, { zh: `${m.zh}（${s.zh}）`, en: `${m.en} (${s.en.toLowerCase()})` });
};

/**
 * Checks an action against the state table for this viewer and the request's effective state; answers
 * the state it leads to. A buyer's action on someone else's request answers "does not exist".
 */
export function checkAction(viewer: Viewer, row: RequestRow, action: PurchaseAction, now: Date): { from: PurchaseState; to: PurchaseState; actor: PurchaseActor } {
  const actor = actorOf(viewer, row);
  const buyerAction = !['respond', 'cancelRespond'].includes(action);
  if (buyerAction && actor !== 'buyer') throw purchaseMissing();
  if (!buyerAction && actor !== 'supplier') {
    if (actor === 'buyer') throw refuse(TradeCodes.RESPONSE_OWN_REQUEST);
    throw refuse(viewer ? TradeCodes.RESPONSE_NEEDS_COMPANY : TradeCodes.PURCHASE_SIGN_IN, 403);
  }
  const from = effectivePurchaseStatus(row, now);
  const to = purchaseNext(from, action, actor as PurchaseActor);
  if (to === null) throw notAllowed(from);
  return { from, to, actor: actor as PurchaseActor };
}

export type BuyerAction = 'close' | 'cancel' | 'finish' | 'republish' | 'success';

/** The buyer's own moves: close, cancel, finish, success, and republish (with a new deadline). */
export async function actOnPurchase(
  deps: PurchaseDeps, user: UserRow, input: { id: number; action: BuyerAction; deadline?: string; expectedVersion?: number; imagePath?: string }, lang: Lang, now = new Date(),
): Promise<PurchaseDetail> {
  const row = await findRequest(deps.db, input.id);
  if (!row) throw purchaseMissing();
  const { to } = checkAction(user, row, input.action, now);
  if (input.expectedVersion !== undefined && input.expectedVersion !== row.version) throw refuse(TradeCodes.PURCHASE_STATUS_CHANGED, 409);
  const at = now.toISOString();
  const set: { status: number; updated_at: string; deadline?: string; image_path?: string; match_status?: number; match_image?: string; match_asked_at?: string } = { status: to, updated_at: at };
  if (input.action === 'republish') {
    const deadline = input.deadline ?? '';
    if (purchaseProblem({ ...toInput(row), deadline }, now) === 'deadline') throw refuse(TradeCodes.PURCHASE_DEADLINE);
    set.deadline = new Date(deadline).toISOString();
    // A republished request may carry a new picture (the buyer's own upload): photo matching runs on it again.
    const picture = input.imagePath?.trim();
    if (picture && picture !== row.image_path) {
      if (!(await filesOwnedBy(deps.db, user.id, [picture])).has(picture)) throw refuse(TradeCodes.PURCHASE_IMAGE);
      Object.assign(set, { image_path: picture, match_status: MatchStatus.PENDING, match_image: picture, match_asked_at: at });
    }
  }
  const updated = await updateRequestIf(deps.db, row.id, row.status, row.version, set);
  if (!updated) throw refuse(TradeCodes.PURCHASE_STATUS_CHANGED, 409);
  const count = (await responseCounts(deps.db, [row.id])).get(row.id) ?? 0;
  return detail(deps.storage, user, updated, count, lang, now);
}

const toInput = (r: RequestRow): PurchaseInput => ({
  imagePath: r.image_path, catalogue: r.catalogue, sampleType: r.sample_type, acceptProduce: r.accept_produce === 1, quantity: r.quantity,
  unit: r.unit, description: r.description, deadline: r.deadline,
});

/** The sweep: writes "closed" on requests past their deadline (reads already treat them as closed). */
export async function closeExpiredPurchases(db: Kysely<Database>, now = new Date()): Promise<number[]> {
  return (await closeExpired(db, now.toISOString())).map((r) => r.id);
}

/** What the enquiry module needs of a request: its buyer, description and whether it is open now; null when there is none. */
export async function purchaseForEnquiry(db: Kysely<Database>, id: number, now = new Date()): Promise<{ buyerId: number; description: string; open: boolean } | null> {
  const row = await findRequest(db, id);
  return row ? { buyerId: row.buyer_id, description: row.description, open: effectivePurchaseStatus(row, now) === PurchaseStatus.IN_PURCHASE } : null;
}
