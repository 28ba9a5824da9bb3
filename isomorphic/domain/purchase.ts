// Purchase requests (求购, SPEC §3, §4, §6): the fields' rules, the lifecycle as one state table, who may
// read the details, and how responses (报价) compare. The api enforces these; the pages show them.
import { BuyType, PatternType, Unit, UserType } from './catalogue';
import type { Bilingual } from './trade-codes';

export const PurchaseStatus = { IN_PURCHASE: 10, PURCHASING: 20, CANCELLED: 30, FINISHED: 40, CLOSED: 50 } as const;
export type PurchaseState = (typeof PurchaseStatus)[keyof typeof PurchaseStatus];

export const purchaseStatusLabels: Record<PurchaseState, Bilingual> = {
  10: { zh: '求购中', en: 'In purchase' },
  20: { zh: '采购中', en: 'Purchasing' },
  30: { zh: '已取消', en: 'Cancelled' },
  40: { zh: '已完成', en: 'Finished' },
  50: { zh: '已关闭', en: 'Closed' },
};

export type PurchaseAction = 'respond' | 'cancelRespond' | 'close' | 'cancel' | 'finish' | 'republish' | 'select' | 'success';
export type PurchaseActor = 'buyer' | 'supplier' | 'system';

export const purchaseActionLabels: Record<PurchaseAction, Bilingual> = {
  respond: { zh: '报价', en: 'Respond' },
  cancelRespond: { zh: '撤回报价', en: 'Withdraw response' },
  close: { zh: '关闭', en: 'Close' },
  cancel: { zh: '取消求购', en: 'Cancel request' },
  finish: { zh: '结束求购', en: 'Finish' },
  republish: { zh: '重新发布', en: 'Republish' },
  select: { zh: '选定供应商', en: 'Select' },
  success: { zh: '确认成交', en: 'Deal done' },
};

const S = PurchaseStatus;

/**
 * The lifecycle: for each state, the actions allowed in it, who may take them and the state they lead to.
 * Anything not in this table is refused (PURCHASE_ACTION_NOT_ALLOWED).
 * - in purchase: suppliers respond and withdraw; the buyer selects one response (an order is placed:
 *   purchasing), closes it (also the system at the deadline), cancels it, or finishes it without choosing.
 * - purchasing: the buyer confirms the deal done (finished).
 * - closed and cancelled: the buyer republishes with a new deadline.
 * - finished: final.
 */
export const purchaseTransitions: Record<PurchaseState, Partial<Record<PurchaseAction, { actors: readonly PurchaseActor[]; to: PurchaseState }>>> = {
  [S.IN_PURCHASE]: {
    respond: { actors: ['supplier'], to: S.IN_PURCHASE },
    cancelRespond: { actors: ['supplier'], to: S.IN_PURCHASE },
    select: { actors: ['buyer'], to: S.PURCHASING },
    close: { actors: ['buyer', 'system'], to: S.CLOSED },
    cancel: { actors: ['buyer'], to: S.CANCELLED },
    finish: { actors: ['buyer'], to: S.FINISHED },
  },
  [S.PURCHASING]: {
    success: { actors: ['buyer'], to: S.FINISHED },
  },
  [S.CANCELLED]: {
    republish: { actors: ['buyer'], to: S.IN_PURCHASE },
  },
  [S.FINISHED]: {},
  [S.CLOSED]: {
    republish: { actors: ['buyer'], to: S.IN_PURCHASE },
  },
};

export const purchaseStates = Object.values(S) as PurchaseState[];
export const purchaseActions = Object.keys(purchaseActionLabels) as PurchaseAction[];

/** The state this action leads to, or null when the table refuses it. */
export function purchaseNext(state: number, action: PurchaseAction, actor: PurchaseActor): PurchaseState | null {
  const t = purchaseTransitions[state as PurchaseState]?.[action];
  return t && t.actors.includes(actor) ? t.to : null;
}

/** A request in purchase past its deadline counts as closed, whether or not the sweep has written it yet. */
export function effectivePurchaseStatus(r: { status: number; deadline: string }, now: Date): PurchaseState {
  if (r.status === S.IN_PURCHASE && Date.parse(r.deadline) <= now.getTime()) return S.CLOSED;
  return r.status as PurchaseState;
}

export const PurchaseLimits = {
  descriptionMin: 1,
  descriptionMax: 50,
  maxQuantity: 10_000_000,
  maxDeadlineDays: 90,
  maxResponses: 10,
  maxOpenPerBuyer: 50,
  responseNoteMax: 200,
  responseMaxPictures: 6,
  maxLeadDays: 365,
} as const;

export const catalogueChoices = Object.values(PatternType) as number[];
export const unitChoices = Object.values(Unit) as number[];
export const sampleTypeChoices = Object.values(BuyType) as number[];

/** SPEC §6: purchase information is open only to merchants (manufacturers and traders). */
export const mayReadPurchase = (userType: number | null | undefined): boolean => userType === UserType.MANUFACTURER || userType === UserType.TRADER;
/** SPEC §6: supply details are open only to buyers (designers). */
export const mayReadSupply = (userType: number | null | undefined): boolean => userType === UserType.DESIGNER;

export interface PurchaseInput {
  imagePath: string;
  catalogue: number;
  sampleType: number;
  acceptProduce: boolean;
  quantity: number;
  unit: number;
  description: string;
  deadline: string; // ISO date-time
}

export type PurchaseProblem = 'description' | 'quantity' | 'image' | 'deadline' | 'catalogue' | 'unit' | 'sampleType';

const DAY = 86_400_000;

/** The first rule this input breaks, or null. */
export function purchaseProblem(i: PurchaseInput, now: Date): PurchaseProblem | null {
  const d = i.description.trim();
  if ([...d].length < PurchaseLimits.descriptionMin || [...d].length > PurchaseLimits.descriptionMax) return 'description';
  if (!Number.isInteger(i.quantity) || i.quantity < 1 || i.quantity > PurchaseLimits.maxQuantity) return 'quantity';
  if (!i.imagePath.trim()) return 'image';
  if (!catalogueChoices.includes(i.catalogue)) return 'catalogue';
  if (!unitChoices.includes(i.unit)) return 'unit';
  if (!sampleTypeChoices.includes(i.sampleType)) return 'sampleType';
  const at = Date.parse(i.deadline);
  if (!Number.isFinite(at) || at < now.getTime() + 3_600_000 || at > now.getTime() + PurchaseLimits.maxDeadlineDays * DAY) return 'deadline';
  return null;
}

/**
 * A response's price per unit of the request: the response prices its own unit; `perUnit` says how many
 * request units one response unit holds (1 when the units are the same). Cents, rounded to the cent.
 */
export function normalisedPrice(price: number, perUnit: number): number {
  return Math.round(price / perUnit);
}

export const ResponseStatus = { WITHDRAWN: 0, ACTIVE: 1, SELECTED: 2, NOT_CHOSEN: 3 } as const;
export const responseStatusLabels: Record<number, Bilingual> = {
  0: { zh: '已撤回', en: 'Withdrawn' },
  1: { zh: '已报价', en: 'Responded' },
  2: { zh: '已选定', en: 'Selected' },
  3: { zh: '未选中', en: 'Not chosen' },
};

/** Photo matching of a request's picture (purchase_request.match_status). */
export const MatchStatus = { NONE: 0, PENDING: 1, DONE: 2, FAILED: 3 } as const;
export const matchStates = { 0: 'none', 1: 'pending', 2: 'done', 3: 'failed' } as const;

/**
 * Who a request's picture reaches. Measured on the generated lace catalogue (24 designs, MobileNet fused
 * descriptor, 2026-11-24): the product the photo shows scores 1.000 (its own picture), 0.992–0.996 (a 30 %
 * crop), 0.973–0.983 (darker, tinted, compressed); other designs of the same kind score 0.955–0.990, and a
 * plain cloth photo with no lace 0.85–0.87. Scores of lace are all high, so the inbox needs both an absolute
 * floor (no lace, no invitation) and a margin below the best match (only the companies whose patterns are
 * as close as the best one get it first; a tinted photo of a product can lose 0.01 to a look-alike).
 * Session 17 (docs/benchmarks.md, "Purchase-request matching: a score relative to the catalogue"; colour
 * network, test/bench/match-thresholds.ts --dump and test/bench/match-rules.ts, 272 photos with no lace and
 * 7 kinds of buyer photo at 40 and at 200 designs): the 0.95 / 0.96 floors let 7 (40 designs) and 14 (200)
 * photos with no lace show products and 1 and 2 invite a company. A print of small flowers (photo #87)
 * scores 0.973 against the same design at both sizes, and it is as close to many designs as a photo of lace
 * (rank 10: 0.954 / 0.966), so no rule on the shape of the hit list tried (best minus the score at rank k,
 * minus the mean of ranks 2..k, a z-score; a photo of lace is close to many lace designs, so its best stands
 * out less than a print's) kept it out with a margin without dropping more real matches than a higher floor.
 * - `showMin`: products shown to the buyer score at least this: 0.976, 0.0027 above that print; the next
 *   photo with no lace is 0.022 below it at 40 designs and 0.013 at 200 (the tail of the others rises with
 *   the catalogue: 0.957 → 0.963). The own product of a buyer's photo is shown for 0.95 / 0.89 of the photos
 *   with the layout boost (6b5b990; warm and cool light 1.00, textured backdrops 0.63 / 0.56; the old floors
 *   0.97 / 0.92), for 0.84 / 0.83 before it (warm light 0.60, cool light 0.65); the print is unchanged by it;
 * - `referenceRank` and `laceLevel`: and only when the photo is close to many products: its hit at rank
 *   `referenceRank` (counting every hit, on sale or not; in a catalogue smaller than four times that rank,
 *   the hit at a quarter of it, at least the second) scores at least `laceLevel`. Photos of lace: 5th
 *   percentile 0.951 (40 designs) / 0.960 (200); with no lace, other than the print, at most 0.935 / 0.941
 *   (a print whose best is 0.948). A weak second line (it costs 0.01 of the own products at 5 designs,
 *   nothing at 40 or 200) that a larger catalogue crosses too: both need measuring on a real catalogue;
 * - `inboxMin` and `inboxMargin`: a company gets the request first when its best product scores at least
 *   `inboxMin` (the show floor: no company is told of a product its buyer is not shown) and no more than
 *   `inboxMargin` below the best product found;
 * - `inboxCompanies`: at most this many companies: enough for the buyer to compare several responses,
 *   few enough that "matches your patterns" still means something and the other merchants are not left out
 *   (they see the request in the hall as before).
 */
export const MatchLimits = {
  candidates: 40,
  shown: 8,
  showMin: 0.976,
  inboxMin: 0.976,
  inboxMargin: 0.01,
  inboxCompanies: 5,
  referenceRank: 10,
  laceLevel: 0.94,
  /** runs tried again when the engine is busy or not started, with these waits (ms), then failed */
  retryMs: [2_000, 10_000, 30_000, 60_000, 120_000],
  /** a run asked this long ago and still pending (a restart dropped it) is asked again by the sweep */
  staleMs: 5 * 60_000,
} as const;
