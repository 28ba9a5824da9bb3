// The cart of SPEC §4: lines per buy type, grouped by company. Adding a colour already in the cart (same
// buy type) replaces its quantity; only products on sale can be added, with a colour card of their own.
import type { Kysely, Transaction } from 'kysely';
import { BuyType } from '../../../isomorphic/domain/catalogue';
import { Codes } from '../../../isomorphic/domain/codes';
import { OrderLimits } from '../../../isomorphic/domain/order';
import { displayUnitsOf } from '../../../isomorphic/domain/units';
import { CatalogueSellerCodes as C } from '../../../isomorphic/domain/catalogue-seller-codes';
import { catalogueSellerCodeMessages } from '../../../isomorphic/domain/catalogue-seller-messages';
import type { CartCount, CartGroup, CartLine } from '../../../isomorphic/contracts/order';
import { ApiError } from '../../http/errors';
import type { Database } from '../../db/schema';
import type { StorageDriver } from '../file/storage';
import { belowMinimum, findColours, isPurchasable, linePrice } from '../catalogue/catalogue.service';
import * as q from './cart.queries';
import type { CartRow } from './cart.queries';

export interface CartDeps { db: Kysely<Database>; storage: StorageDriver }
export interface Buyer { id: number; company_id: number | null }

const lineMissing = () => new ApiError(Codes.CART_LINE_NOT_FOUND, 404);

/** Refuses a sample quantity above the limit: samples are free, so they are capped. */
export function checkQuantity(buyType: number, num: number): void {
  if (buyType === BuyType.SAMPLE_CUT && num > OrderLimits.maxSampleNum) {
    throw new ApiError(Codes.SAMPLE_QUANTITY, 400, {
      zh: `剪样每个颜色最多${OrderLimits.maxSampleNum}份`, en: `At most ${OrderLimits.maxSampleNum} sample cuts per colour`,
    });
  }
}


function toLine(storage: StorageDriver, r: CartRow): CartLine {
  const image = r.image_path || r.cover_path;
  return {
    id: r.id, colorId: r.color_id, productId: r.product_id, buyNum: r.buy_num,
    title: r.title, titleEn: r.title_en, code: r.code, colourName: r.colour_name, colourNameEn: r.colour_name_en, hex: r.hex,
    imageUrl: image ? storage.url(image) : '', unit: r.unit, displayUnit: r.buy_type === BuyType.SAMPLE_CUT ? null : r.display_unit, gramsPerMetre: r.weight_g_per_m,
    // Priced at the api: samples are free (SPEC §9), bulk by the product's ladder for this quantity.
    price: linePrice(r.buy_type, r, r.buy_num).unit,
    available: isPurchasable(r), updatedAt: new Date(r.updated_at).toISOString(),
  };
}

async function lineById({ db, storage }: CartDeps, userId: number, id: number): Promise<CartLine> {
  const row = await q.cartLine(db, userId, id);
  if (!row) throw lineMissing();
  return toLine(storage, row);
}

export interface AddToCart { buyType: number; productId: number; colorId: number; buyNum: number; displayUnit?: number }

/**
 * The unit a buyer chose to see a line in, as stored: null for the product's own unit or a sample cut (a
 * count); refused when the product does not offer it (kilograms only with a weight per metre).
 */
export function checkDisplayUnit(buyType: number, product: { unit: number; weight_g_per_m: number | null; title: string }, displayUnit: number | undefined): number | null {
  if (displayUnit === undefined || displayUnit === product.unit || buyType === BuyType.SAMPLE_CUT) return null;
  if (!displayUnitsOf(product.unit, product.weight_g_per_m).includes(displayUnit)) {
    const m = catalogueSellerCodeMessages[C.DISPLAY_UNIT_NOT_OFFERED];
    throw new ApiError(C.DISPLAY_UNIT_NOT_OFFERED, 400, { zh: `${product.title}：${m.zh}`, en: `${product.title}: ${m.en}` });
  }
  return displayUnit;
}

export async function addToCart(deps: CartDeps, user: Buyer, input: AddToCart): Promise<CartLine> {
  const { db } = deps;
  const [colour] = await findColours(db, [input.colorId]);
  if (!colour) throw new ApiError(Codes.COLOUR_NOT_OF_PRODUCT, 400);
  if (colour.product_id !== input.productId) throw new ApiError(Codes.COLOUR_NOT_OF_PRODUCT, 400);
  if (!isPurchasable(colour)) throw new ApiError(Codes.PRODUCT_NOT_AVAILABLE, 400);
  if (user.company_id !== null && user.company_id === colour.company_id) throw new ApiError(Codes.OWN_PRODUCT, 400);
  checkQuantity(input.buyType, input.buyNum);
  const { belowMinimum: minimum } = linePrice(input.buyType, colour, input.buyNum);
  if (minimum !== null) throw belowMinimum(minimum, colour.title);
  const displayUnit = checkDisplayUnit(input.buyType, colour, input.displayUnit);
  const now = new Date().toISOString();
  return lineById(deps, user.id, await db.transaction().execute(async (trx) => {
    const existing = await q.lineOfColour(trx, user.id, input.buyType, input.colorId);
    if (!existing && await q.countLinesOfType(trx, user.id, input.buyType) >= OrderLimits.maxCartLinesPerType) {
      throw new ApiError(Codes.CART_FULL, 400);
    }
    // Same colour in the same buy type: the new quantity replaces the old one (SPEC §4).
    return q.upsertLine(trx, {
      user_id: user.id, company_id: colour.company_id, product_id: colour.product_id, color_id: colour.color_id,
      buy_type: input.buyType, buy_num: input.buyNum, display_unit: displayUnit, created_at: now, updated_at: now,
    });
  }));
}

/** The cart of one buy type, grouped by company: the group of the most recently touched line first. */
export async function listCart({ db, storage }: CartDeps, userId: number, buyType: number): Promise<CartGroup[]> {
  const rows = await q.cartLinesOfType(db, userId, buyType);
  const groups = new Map<number, CartGroup>();
  for (const r of rows) {
    let g = groups.get(r.company_id);
    if (!g) {
      g = { companyId: r.company_id, companyName: r.company_name, companyNameEn: r.company_name_en, shoppingCarts: [] };
      groups.set(r.company_id, g);
    }
    g.shoppingCarts.push(toLine(storage, r));
  }
  return [...groups.values()];
}

export async function setBuyNum(deps: CartDeps, userId: number, id: number, buyNum: number): Promise<CartLine> {
  const line = await q.ownLine(deps.db, userId, id);
  if (!line) throw lineMissing();
  checkQuantity(line.buy_type, buyNum);
  const [colour] = await findColours(deps.db, [line.color_id]);
  const minimum = colour ? linePrice(line.buy_type, colour, buyNum).belowMinimum : null;
  if (colour && minimum !== null) throw belowMinimum(minimum, colour.title);
  await q.setLineQuantity(deps.db, userId, id, buyNum, new Date().toISOString());
  return lineById(deps, userId, id);
}

/** Deletes the caller's lines among these ids (others' ids are ignored); returns how many went. */
export async function deleteLines(db: Kysely<Database>, userId: number, ids: readonly number[]): Promise<number> {
  return q.deleteOwnLines(db, userId, [...new Set(ids)]);
}

export async function countCart(db: Kysely<Database>, userId: number): Promise<CartCount> {
  const by = await q.countByType(db, userId);
  const sampleCut = by.get(BuyType.SAMPLE_CUT) ?? 0, bulk = by.get(BuyType.BULK) ?? 0, plateCut = by.get(BuyType.PLATE_CUT) ?? 0;
  return { total: sampleCut + bulk + plateCut, sampleCut, bulk, plateCut };
}

/** Takes ordered colours out of the buyer's cart, inside the placing transaction. */
export async function removeOrdered(trx: Transaction<Database>, userId: number, buyType: number, colorIds: readonly number[]): Promise<void> {
  if (colorIds.length === 0) return;
  await q.deleteColours(trx, userId, buyType, [...new Set(colorIds)]);
}
