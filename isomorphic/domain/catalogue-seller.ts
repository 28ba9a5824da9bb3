// The seller's catalogue (issue 17): its codes (400100-400149) with their messages, its limits, the
// statuses a seller's list filters by, the stored form of a bulk price ladder, and the checks of a
// product a seller saves. The api refuses with these codes; the form says the same before sending.
import { craftLabels, edgeLabels, LaceCraft, LaceEdge, LaceStretch, PatternType, ProductKind, ProductStatus, Shape, stretchLabels, Unit, type Labelled } from './catalogue';
import { ladderProblem, type PriceLadder, type PriceStep } from './price-ladder';
import { CatalogueSellerCodes } from './catalogue-seller-codes';

export { CatalogueSellerCodes } from './catalogue-seller-codes';

export const CatalogueSellerLimits = {
  titleMin: 2, titleMax: 60, codeMax: 30, compositionMax: 100, descriptionMax: 2000,
  picturesMax: 12, colourCardsMax: 30, colourNameMax: 20, widthMax: 1000, weightMax: 10_000, reasonMin: 2, reasonMax: 200,
  /** ¥1,000,000 in cents, as the ladder's */
  priceMax: 100_000_000,
} as const;

/** A pattern-copy flag's state: open until the operator dismisses it or takes the product down. */
export const CopyFlagStatus = { OPEN: 0, DISMISSED: 1, TAKEN_DOWN: 2 } as const;
export type CopyFlagFilter = 'open' | 'dismissed' | 'takenDown';
export const copyFlagStatusOf: Record<CopyFlagFilter, number> = { open: CopyFlagStatus.OPEN, dismissed: CopyFlagStatus.DISMISSED, takenDown: CopyFlagStatus.TAKEN_DOWN };

/** What a seller's list filters by; '' is every status. */
export type SellerStatusFilter = '' | 'onSale' | 'offSale' | 'takenDown';
export const sellerStatusOf: Record<Exclude<SellerStatusFilter, ''>, number> = {
  onSale: ProductStatus.ON_SALE, offSale: ProductStatus.REMOVED, takenDown: ProductStatus.TAKEN_DOWN,
};
export const sellerStatusLabels: Record<number, Labelled> = {
  [ProductStatus.ON_SALE]: { zh: '在售', en: 'On sale' },
  [ProductStatus.REMOVED]: { zh: '已下架', en: 'Off sale' },
  [ProductStatus.TAKEN_DOWN]: { zh: '平台下架', en: 'Taken down' },
};

/** A stored ladder (JSON text, '' for none) as steps; anything unreadable is no ladder. */
export function parseLadder(text: string | null | undefined): PriceStep[] {
  if (!text) return [];
  try {
    const v: unknown = JSON.parse(text);
    if (!Array.isArray(v)) return [];
    const steps = v.map((s: { from?: unknown; price?: unknown }) => ({ from: Number(s?.from), price: Number(s?.price) }));
    return ladderProblem(steps) === null ? steps : [];
  } catch {
    return [];
  }
}

export const storeLadder = (ladder: PriceLadder): string => (ladder.length === 0 ? '' : JSON.stringify(ladder.map((s) => ({ from: s.from, price: s.price }))));

export const HEX = /^#[0-9a-fA-F]{6}$/;

export interface ColourCardFields { name: string; nameEn?: string; hex: string }

export function checkColourCard(c: ColourCardFields): number | null {
  const name = c.name.trim();
  if (name.length < 1 || name.length > CatalogueSellerLimits.colourNameMax || (c.nameEn ?? '').trim().length > 40 || !HEX.test(c.hex)) return CatalogueSellerCodes.COLOUR_CARD_INVALID;
  return null;
}

export interface ProductFields {
  kind: number;
  title: string;
  titleEn?: string;
  code: string;
  patternType: number;
  shape: number;
  unit: number;
  widthCm?: number | null;
  composition?: string;
  description?: string;
  descriptionEn?: string;
  edge?: number | null;
  craft?: number | null;
  stretch?: number | null;
  /** grams per metre (1-10,000); null or absent unsaid: buyers are offered kilograms only when it is given */
  weightPerMetre?: number | null;
  /** cut plate: cents per unit; null is price by negotiation (a cut sample is always free) */
  platePrice?: number | null;
  /** bulk: a quantity ladder whose first step is the minimum order per colour; empty is price by negotiation */
  ladder: PriceStep[];
}

const inTable = (table: Record<string, number>, v: number) => Object.values(table).includes(v);
/** 0, null and undefined are "not given" (the api's coercion turns a JSON null into 0). */
export const given = (v: number | null | undefined): number | null => (v === null || v === undefined || v === 0 ? null : v);
const optionalIn = (table: Record<string, number>, v: number | null | undefined) => given(v) === null || inTable(table, v as number);

/** The first broken rule of a product's fields, as a code; null when it may be saved. */
export function checkProductFields(p: ProductFields): number | null {
  const C = CatalogueSellerCodes, L = CatalogueSellerLimits;
  const title = p.title.trim();
  if (title.length < L.titleMin || title.length > L.titleMax || (p.titleEn ?? '').trim().length > 120) return C.PRODUCT_TITLE_LENGTH;
  const code = p.code.trim();
  if (code.length < 1 || code.length > L.codeMax) return C.PRODUCT_CODE_LENGTH;
  if (!inTable(ProductKind, p.kind) || !inTable(PatternType, p.patternType) || !inTable(Shape, p.shape) || !inTable(Unit, p.unit)
    || !optionalIn(LaceEdge, p.edge) || !optionalIn(LaceCraft, p.craft) || !optionalIn(LaceStretch, p.stretch)) return C.PRODUCT_CHOICE_INVALID;
  if (given(p.widthCm) !== null && (!Number.isInteger(p.widthCm) || (p.widthCm as number) < 1 || (p.widthCm as number) > L.widthMax)) return C.PRODUCT_WIDTH_INVALID;
  const weight = given(p.weightPerMetre);
  if (weight !== null && (!Number.isInteger(weight) || weight < 1 || weight > L.weightMax)) return C.PRODUCT_WEIGHT_INVALID;
  if ((p.composition ?? '').length > L.compositionMax || (p.description ?? '').length > L.descriptionMax || (p.descriptionEn ?? '').length > L.descriptionMax) return C.PRODUCT_TEXT_TOO_LONG;
  const plate = given(p.platePrice);
  if (plate !== null && (!Number.isInteger(plate) || plate < 1 || plate > L.priceMax)) return C.PRODUCT_PRICE_INVALID;
  if (p.ladder.length > 0 && ladderProblem(p.ladder) !== null) return C.PRODUCT_LADDER_INVALID;
  return null;
}

export const attributeLabels = { edge: edgeLabels, craft: craftLabels, stretch: stretchLabels } as const;
