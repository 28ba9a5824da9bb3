// The seller's catalogue (issue 17): a settled seller's own products with their status and counts, the
// product form (fields, lace attributes, pictures with order and cover, colour cards, cut-plate price and
// bulk ladder), on and off sale; and the operator's take-down with a reason. Every product and colour
// card id is looked up through the seller's company: another company's answers "does not exist".
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { DialectName } from '../../db/database';
import type { StorageDriver } from '../file/storage';
import type { ColourCardInput, ProductInput, SellerProduct, SellerProductDetail, SellerProductPage, SellerProductQuery, SimilarProduct } from '../../../isomorphic/contracts/catalogue-seller';
import { ProductStatus } from '../../../isomorphic/domain/catalogue';
import {
  CatalogueSellerCodes as C, CatalogueSellerLimits as L, checkColourCard, checkProductFields, given, parseLadder, sellerStatusOf, storeLadder,
} from '../../../isomorphic/domain/catalogue-seller';
import { ApiError } from '../../http/errors';
import type { ShopOwner } from '../company/shop-owner';
import { checkImagesOwned, imageRef } from '../company/company-settings.service';
import { imageSizes } from '../file/upload.service';
import { indexProducts } from './search-index';
import { photoIndexedAt } from '../search/index-product';
import { recordAudit } from '../platform/platform.service';
import {
  cardsOf, countOwnByStatus, deleteCards, findAnyProduct, findOwnCard, findOwnProduct, insertCards, insertProduct, ownProducts, picturesOf, replacePictures,
  setProductStatus, touchProduct, updateCard, updateOwnProduct, type OwnProductFullRow, type OwnProductRow,
} from './seller.queries';
import { openFlagsOf } from './copy.queries';

export interface SellerCatalogueDeps {
  db: Kysely<Database>;
  storage: StorageDriver;
  dialect?: DialectName;
  /** called after a product's pictures or status changed (photo search re-indexes it off the request path) */
  picturesChanged?: (productId: number) => void;
}

const refuse = (code: number, status = 400) => new ApiError(code, status);
const productMissing = () => refuse(C.PRODUCT_NOT_FOUND, 404);
const cardMissing = () => refuse(C.COLOUR_CARD_NOT_FOUND, 404);

/** Per product, the other companies' on-sale products it is nearly the same as (open pattern-copy flags): no more than their public pages show. */
async function similarNotices(db: Kysely<Database>, productIds: number[]): Promise<Map<number, SimilarProduct[]>> {
  const out = new Map<number, SimilarProduct[]>();
  for (const r of await openFlagsOf(db, productIds)) {
    if (r.status !== ProductStatus.ON_SALE) continue;
    out.set(r.product_id, [...(out.get(r.product_id) ?? []), { id: r.id, title: r.title, titleEn: r.title_en }]);
  }
  return out;
}

function toSellerProduct(storage: StorageDriver, r: OwnProductRow | OwnProductFullRow, indexedAt: Map<number, string>, similar: Map<number, SimilarProduct[]>): SellerProduct {
  const at = indexedAt.get(r.id);
  return {
    id: r.id, kind: r.kind, title: r.title, titleEn: r.title_en, code: r.code, cover: imageRef(storage, r.cover_path), unit: r.unit,
    status: r.status, takedownReason: r.status === ProductStatus.TAKEN_DOWN ? r.takedown_reason : '',
    platePrice: r.price, ladder: parseLadder(r.bulk_ladder), colourCount: Number(r.colour_count), updatedAt: new Date(r.updated_at).toISOString(),
    photoSearch: r.status !== ProductStatus.ON_SALE ? 'notListed' : at !== undefined && new Date(at).getTime() >= new Date(r.updated_at).getTime() ? 'searchable' : 'pending',
    similarTo: r.status === ProductStatus.ON_SALE ? similar.get(r.id) ?? [] : [],
  };
}

export async function listOwnProducts({ db, storage }: SellerCatalogueDeps, owner: ShopOwner, q: SellerProductQuery): Promise<SellerProductPage> {
  const status = q.status ? sellerStatusOf[q.status] : undefined;
  const [rows, counts] = await Promise.all([
    ownProducts(db, owner.companyId, status, (q.pageNum - 1) * q.pageSize, q.pageSize),
    countOwnByStatus(db, owner.companyId),
  ]);
  const [indexedAt, similar] = await Promise.all([photoIndexedAt(db, rows.map((r) => r.id)), similarNotices(db, rows.map((r) => r.id))]);
  const onSale = counts.get(ProductStatus.ON_SALE) ?? 0, offSale = counts.get(ProductStatus.REMOVED) ?? 0, takenDown = counts.get(ProductStatus.TAKEN_DOWN) ?? 0;
  const byStatus = status === undefined ? onSale + offSale + takenDown : counts.get(status) ?? 0;
  return {
    list: rows.map((r) => toSellerProduct(storage, r, indexedAt, similar)), total: byStatus, pageNum: q.pageNum, pageSize: q.pageSize,
    counts: { all: onSale + offSale + takenDown, onSale, offSale, takenDown },
  };
}

export async function getOwnProduct({ db, storage }: SellerCatalogueDeps, owner: ShopOwner, id: number): Promise<SellerProductDetail> {
  const row = await findOwnProduct(db, owner.companyId, id);
  if (!row) throw productMissing();
  const [pictures, cards, indexedAt, similar] = await Promise.all([picturesOf(db, id), cardsOf(db, id), photoIndexedAt(db, [id]), similarNotices(db, [id])]);
  return {
    ...toSellerProduct(storage, row, indexedAt, similar),
    patternType: row.pattern_type, shape: row.shape, widthCm: row.width_cm, composition: row.composition, description: row.description, descriptionEn: row.description_en,
    edge: row.edge, craft: row.craft, stretch: row.stretch, weightPerMetre: row.weight_g_per_m,
    pictures: pictures.map((p) => ({ path: p.path, url: storage.url(p.path) })),
    colourCards: cards.map((c) => ({ id: c.id, name: c.name, nameEn: c.name_en, hex: c.hex.toUpperCase(), image: imageRef(storage, c.image_path) })),
  };
}

/** Checks the fields, pictures and colour cards of a product the seller saves; the paths already attached need no new upload. */
async function check(db: Kysely<Database>, owner: ShopOwner, input: ProductInput, attached: string[]): Promise<void> {
  const broken = checkProductFields(input);
  if (broken !== null) throw refuse(broken);
  if (input.pictures.length === 0) throw refuse(C.PRODUCT_PICTURES_REQUIRED);
  if (input.pictures.length > L.picturesMax) throw refuse(C.PRODUCT_TOO_MANY_PICTURES);
  if (new Set(input.pictures).size !== input.pictures.length) throw refuse(C.PRODUCT_IMAGE_NOT_OWNED);
  if (input.cover && !input.pictures.includes(input.cover)) throw refuse(C.PRODUCT_COVER_NOT_PICTURE);
  if (input.colourCards.length === 0) throw refuse(C.COLOUR_CARDS_REQUIRED);
  if (input.colourCards.length > L.colourCardsMax) throw refuse(C.COLOUR_CARDS_TOO_MANY);
  for (const card of input.colourCards) {
    const bad = checkColourCard(card);
    if (bad !== null) throw refuse(bad);
  }
  const images = [...input.pictures, ...input.colourCards.flatMap((c) => (c.image ? [c.image] : []))];
  await checkImagesOwned(db, owner.userId, images, attached, C.PRODUCT_IMAGE_NOT_OWNED);
}

const fields = (input: ProductInput) => ({
  kind: input.kind, title: input.title.trim(), title_en: (input.titleEn ?? '').trim(), code: input.code.trim(),
  pattern_type: input.patternType, shape: input.shape, unit: input.unit, width_cm: given(input.widthCm),
  composition: (input.composition ?? '').trim(), description: (input.description ?? '').trim(), description_en: (input.descriptionEn ?? '').trim(),
  edge: given(input.edge), craft: given(input.craft), stretch: given(input.stretch), weight_g_per_m: given(input.weightPerMetre),
  price: given(input.platePrice), bulk_ladder: storeLadder(input.ladder),
  cover_path: input.cover || input.pictures[0],
});

const cardRow = (productId: number, c: ColourCardInput, sort: number) => ({
  product_id: productId, name: c.name.trim(), name_en: (c.nameEn ?? '').trim(), hex: c.hex.toUpperCase(), image_path: c.image ?? '', sort,
});

async function writePicturesAndCards(trx: Kysely<Database>, productId: number, input: ProductInput, existingCards: number[]): Promise<void> {
  const sizes = await imageSizes(trx, input.pictures);
  await replacePictures(trx, productId, input.pictures.map((path, sort) => ({ product_id: productId, path, width: sizes.get(path)?.width ?? 0, height: sizes.get(path)?.height ?? 0, sort })));
  const kept = new Set<number>();
  const fresh = [];
  for (const [sort, c] of input.colourCards.entries()) {
    if (c.id === undefined) { fresh.push(cardRow(productId, c, sort)); continue; }
    if (!existingCards.includes(c.id) || kept.has(c.id)) throw cardMissing();
    kept.add(c.id);
    const { product_id: _p, ...set } = cardRow(productId, c, sort);
    await updateCard(trx, productId, c.id, set);
  }
  await deleteCards(trx, productId, existingCards.filter((id) => !kept.has(id)));
  await insertCards(trx, fresh);
}

/** A new product of the seller's company, on sale at once. */
export async function createOwnProduct(deps: SellerCatalogueDeps, owner: ShopOwner, input: ProductInput, now = new Date()): Promise<SellerProductDetail> {
  const { db, dialect = 'sqlite' } = deps;
  if (input.colourCards.some((c) => c.id !== undefined)) throw cardMissing();
  await check(db, owner, input, []);
  const at = now.toISOString();
  const id = await db.transaction().execute(async (trx) => {
    const productId = await insertProduct(trx, { company_id: owner.companyId, ...fields(input), status: ProductStatus.ON_SALE, created_at: at, updated_at: at });
    await writePicturesAndCards(trx, productId, input, []);
    await indexProducts({ db: trx, dialect }, [productId]);
    return productId;
  });
  deps.picturesChanged?.(id);
  return getOwnProduct(deps, owner, id);
}

/** Saves the whole form of one of the seller's products (its status stays). */
export async function updateOwnProductForm(deps: SellerCatalogueDeps, owner: ShopOwner, id: number, input: ProductInput, now = new Date()): Promise<SellerProductDetail> {
  const { db, dialect = 'sqlite' } = deps;
  const row = await findOwnProduct(db, owner.companyId, id);
  if (!row) throw productMissing();
  const [pictures, cards] = await Promise.all([picturesOf(db, id), cardsOf(db, id)]);
  await check(db, owner, input, [row.cover_path, ...pictures.map((p) => p.path), ...cards.map((c) => c.image_path)].filter(Boolean));
  await db.transaction().execute(async (trx) => {
    if ((await updateOwnProduct(trx, owner.companyId, id, { ...fields(input), updated_at: now.toISOString() })) === 0) throw productMissing();
    await writePicturesAndCards(trx, id, input, cards.map((c) => c.id));
    await indexProducts({ db: trx, dialect }, [id]);
  });
  deps.picturesChanged?.(id);
  return getOwnProduct(deps, owner, id);
}

/** Puts one of the seller's products on or off sale; a product the platform took down stays down. */
export async function setOwnProductOnSale(deps: SellerCatalogueDeps, owner: ShopOwner, id: number, onSale: boolean, now = new Date()): Promise<SellerProductDetail> {
  const { db, dialect = 'sqlite' } = deps;
  const row = await findOwnProduct(db, owner.companyId, id);
  if (!row) throw productMissing();
  if (row.status === ProductStatus.TAKEN_DOWN) throw refuse(C.PRODUCT_TAKEN_DOWN);
  const status = onSale ? ProductStatus.ON_SALE : ProductStatus.REMOVED;
  if (row.status !== status) {
    await db.transaction().execute(async (trx) => {
      await updateOwnProduct(trx, owner.companyId, id, { status, updated_at: now.toISOString() });
      await indexProducts({ db: trx, dialect }, [id]);
    });
    deps.picturesChanged?.(id);
  }
  return getOwnProduct(deps, owner, id);
}

export interface ColourCardEdit { id: number; name: string; nameEn?: string; hex: string; image?: string }

/** Changes one colour card of one of the seller's products. */
export async function updateOwnColourCard(deps: SellerCatalogueDeps, owner: ShopOwner, input: ColourCardEdit, now = new Date()): Promise<SellerProductDetail> {
  const { db } = deps;
  const card = await findOwnCard(db, owner.companyId, input.id);
  if (!card) throw cardMissing();
  const bad = checkColourCard(input);
  if (bad !== null) throw refuse(bad);
  await checkImagesOwned(db, owner.userId, input.image ? [input.image] : [], card.image_path ? [card.image_path] : [], C.PRODUCT_IMAGE_NOT_OWNED);
  await db.transaction().execute(async (trx) => {
    await updateCard(trx, card.product_id, card.id, { name: input.name.trim(), name_en: (input.nameEn ?? '').trim(), hex: input.hex.toUpperCase(), image_path: input.image ?? '' });
    await touchProduct(trx, card.product_id, now.toISOString());
  });
  deps.picturesChanged?.(card.product_id);
  return getOwnProduct(deps, owner, card.product_id);
}

/** Removes one colour card of one of the seller's products (past orders keep their own copy of it). */
export async function deleteOwnColourCard(deps: SellerCatalogueDeps, owner: ShopOwner, id: number, now = new Date()): Promise<SellerProductDetail> {
  const { db } = deps;
  const card = await findOwnCard(db, owner.companyId, id);
  if (!card) throw cardMissing();
  await db.transaction().execute(async (trx) => {
    const cards = await cardsOf(trx, card.product_id);
    if (cards.length <= 1) throw refuse(C.COLOUR_CARD_LAST);
    await deleteCards(trx, card.product_id, [card.id]);
    await touchProduct(trx, card.product_id, now.toISOString());
  });
  deps.picturesChanged?.(card.product_id);
  return getOwnProduct(deps, owner, card.product_id);
}

/** The operator takes a product down with a reason the seller sees (status 2), or puts it back off sale (the seller may then sell it again). */
export async function platformTakeDown(deps: SellerCatalogueDeps, operatorId: number, input: { id: number; reason?: string; restore?: boolean }, now = new Date()): Promise<void> {
  const { db, dialect = 'sqlite' } = deps;
  const row = await findAnyProduct(db, input.id);
  if (!row) throw productMissing();
  if (input.restore && row.status !== ProductStatus.TAKEN_DOWN) return; // only a taken-down product is restored
  const reason = (input.reason ?? '').trim();
  if (!input.restore && (reason.length < L.reasonMin || reason.length > L.reasonMax)) throw refuse(C.TAKEDOWN_REASON_REQUIRED);
  await db.transaction().execute(async (trx) => {
    if (input.restore) {
      await setProductStatus(trx, input.id, { status: ProductStatus.REMOVED, takedown_reason: '', updated_at: now.toISOString() });
      await indexProducts({ db: trx, dialect }, [input.id]);
    } else await takeDownIn(trx, dialect, input.id, reason, now);
    await recordAudit(trx, {
      operatorId, action: input.restore ? 'product.restore' : 'product.takeDown', targetType: 'product', targetId: input.id,
      before: { status: row.status, takedownReason: row.takedown_reason }, after: input.restore ? { status: ProductStatus.REMOVED, takedownReason: '' } : { status: ProductStatus.TAKEN_DOWN, takedownReason: reason },
      note: reason, now,
    });
  });
  deps.picturesChanged?.(input.id);
}

/** Takes a product down with a reason inside the caller's transaction (the console's take-down and a pattern-copy decision). */
export async function takeDownIn(trx: Kysely<Database>, dialect: DialectName, id: number, reason: string, now: Date): Promise<void> {
  await setProductStatus(trx, id, { status: ProductStatus.TAKEN_DOWN, takedown_reason: reason, updated_at: now.toISOString() });
  await indexProducts({ db: trx, dialect }, [id]);
}
