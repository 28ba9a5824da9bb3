// The catalogue: listings with filters and sorts, text search, product detail and colour cards, and
// the writes that keep the text search index in step with the product rows. URLs come from the storage driver.
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database } from '../../db/schema';
import type { ProductTable } from './catalogue.table';
import type { DialectName } from '../../db/database';
import type { ColourCard, Page, ProductDetail, ProductSummary, WithVerifiedCompanies } from '../../../isomorphic/contracts/common';
import type { SearchPage } from '../../../isomorphic/contracts/catalogue';
import type { StorageDriver } from '../file/storage';
import { BuyType, isOnSale, ProductKind, ProductStatus } from '../../../isomorphic/domain/catalogue';
import { ladderMinimum, ladderUnitPrice } from '../../../isomorphic/domain/price-ladder';
import { parseLadder } from '../../../isomorphic/domain/catalogue-seller';
import { ApiError, gone, notFound } from '../../http/errors';
import { verifiedCompanies } from '../shop/certificate.service';
import {
  anyProductId, catalogueVersion, coloursOfCompany, countByCompany, countListed, findCoverAndStatus, listCardImagePaths, listImagePaths, onSaleIdsAmong, countOnSale, countProducts, countProductsCapped, findProduct, lastProductChange, sitemapProducts, findProductStatus, incrementViews, listColourCards, listImages, listProducts,
  searchProducts, summariesByIds, insertProduct, updateProductRow, deleteProductRow, productIdsOfCompany,
  type ListFilter, type ProductFilter, type ProductSort, type ProductSummaryRow,
} from './catalogue.queries';
import { indexProducts, unindexProducts } from './search-index';
import { highlight, parseQuery } from './text-analysis';
import { CatalogueSellerCodes } from '../../../isomorphic/domain/catalogue-seller-codes';

export interface CatalogueDeps { db: Kysely<Database>; storage: StorageDriver; dialect?: DialectName }

const iso = (t: string) => new Date(t).toISOString();
const urlOf = (storage: StorageDriver, p: string) => (p ? storage.url(p) : '');

export function toSummary(storage: StorageDriver, r: ProductSummaryRow): ProductSummary {
  return {
    id: r.id,
    companyId: r.company_id,
    companyName: r.company_name,
    companyNameEn: r.company_name_en,
    title: r.title,
    titleEn: r.title_en,
    code: r.code,
    patternType: r.pattern_type,
    shape: r.shape,
    unit: r.unit,
    price: r.price,
    coverUrl: urlOf(storage, r.cover_path),
    width: r.width_cm,
    views: r.views,
    createdAt: iso(r.created_at),
  };
}

export interface Paging { pageNum: number; pageSize: number }

/** Products on sale, newest first (the home gallery); `kind` undefined is any. */
export async function listHomeProducts({ db, storage }: CatalogueDeps, q: ListFilter & Paging): Promise<Page<ProductSummary>> {
  const filter: ListFilter = { patternType: q.patternType, kind: q.kind, companyId: q.companyId };
  const [rows, total] = await Promise.all([
    listProducts(db, filter, 'newest', (q.pageNum - 1) * q.pageSize, q.pageSize),
    countOnSale(db, filter),
  ]);
  return { list: rows.map((r) => toSummary(storage, r)), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

/** A filtered, sorted listing (patterns or garments). */
export async function listCatalogue({ db, storage }: CatalogueDeps, f: ProductFilter, sort: ProductSort, page: Paging): Promise<Page<ProductSummary>> {
  const [rows, total] = await Promise.all([
    listProducts(db, f, sort, (page.pageNum - 1) * page.pageSize, page.pageSize),
    countProducts(db, f),
  ]);
  return { list: rows.map((r) => toSummary(storage, r)), total, pageNum: page.pageNum, pageSize: page.pageSize };
}

/**
 * A listing's page with the ids of its products' companies that carry the verified badge today (the shop
 * module's rule, asked of its service), so that a page of cards needs one call. Public, as the badge is.
 */
export async function withVerifiedCompanies<P extends Page<ProductSummary>>(db: Kysely<Database>, page: P): Promise<WithVerifiedCompanies<P>> {
  const ids = [...new Set(page.list.map((p) => p.companyId))];
  const verified = ids.length === 0 ? [] : [...(await verifiedCompanies(db, ids))].sort((a, b) => a - b);
  return { ...page, verifiedCompanies: verified };
}

/**
 * Text search with the listing's filters. No searchable word (empty, symbols only) is the listing. All
 * words must match; when that finds nothing and there are several words, any word may (ranked by how
 * many and where they match), so a long or partly wrong query still gets an answer.
 */
export async function searchCatalogue(
  deps: CatalogueDeps, keyword: string, f: ProductFilter, sort: ProductSort | 'relevance', page: Paging,
): Promise<SearchPage> {
  const { db, storage, dialect = 'sqlite' } = deps;
  const terms = parseQuery(keyword);
  if (terms.length === 0) {
    // The listing, its total counted as a search's is (up to COUNT_CAP).
    const [rows, count] = await Promise.all([
      listProducts(db, f, sort === 'relevance' ? 'newest' : sort, (page.pageNum - 1) * page.pageSize, page.pageSize),
      countProductsCapped(db, f),
    ]);
    return {
      list: rows.map((r) => ({ ...toSummary(storage, r), score: 0, titleParts: highlight(r.title, []), titleEnParts: highlight(r.title_en, []) })),
      total: count.total,
      ...(count.totalCapped ? { totalCapped: true } : {}),
      pageNum: page.pageNum,
      pageSize: page.pageSize,
    };
  }
  const offset = (page.pageNum - 1) * page.pageSize;
  let result = await searchProducts(db, dialect, terms, 'all', f, sort, offset, page.pageSize);
  if (result.total === 0 && terms.length > 1) result = await searchProducts(db, dialect, terms, 'any', f, sort, offset, page.pageSize);
  return {
    list: result.rows.map((r) => ({
      ...toSummary(storage, r),
      score: Number(r.score.toPrecision(6)),
      titleParts: highlight(r.title, terms),
      titleEnParts: highlight(r.title_en, terms),
    })),
    total: result.total,
    ...(result.totalCapped ? { totalCapped: true } : {}),
    pageNum: page.pageNum,
    pageSize: page.pageSize,
  };
}

const productMissing = (id: number) => notFound({ zh: `商品 ${id} 不存在`, en: `There is no product ${id}` });
const productRemoved = (id: number) => gone({ zh: `商品 ${id} 已下架`, en: `Product ${id} has been removed` });

function toColourCard(storage: StorageDriver, c: Awaited<ReturnType<typeof listColourCards>>[number]): ColourCard {
  return { id: c.id, productId: c.product_id, name: c.name, nameEn: c.name_en, hex: c.hex, imageUrl: urlOf(storage, c.image_path), sort: c.sort };
}

/** One product with its images and colour cards; counts the view. Removed products answer 410. */
export async function getProductDetail({ db, storage }: CatalogueDeps, id: number): Promise<ProductDetail> {
  const row = await findProduct(db, id);
  if (!row) throw productMissing(id);
  if (!isOnSale({ productStatus: row.status, companyStatus: row.company_status })) throw productRemoved(id);
  const [images, cards] = await Promise.all([listImages(db, id), listColourCards(db, id), incrementViews(db, id)]);
  return {
    ...toSummary(storage, row),
    views: row.views + 1,
    description: row.description,
    descriptionEn: row.description_en,
    composition: row.composition,
    status: row.status,
    ladder: parseLadder(row.bulk_ladder),
    edge: row.edge,
    craft: row.craft,
    stretch: row.stretch,
    weightPerMetre: row.weight_g_per_m,
    images: images.map((i) => ({ id: i.id, url: storage.url(i.path), width: i.width, height: i.height, sort: i.sort })),
    colourCards: cards.map((c) => toColourCard(storage, c)),
  };
}

export async function getColourCards({ db, storage }: CatalogueDeps, productId: number): Promise<ColourCard[]> {
  const row = await findProductStatus(db, productId);
  if (!row) throw productMissing(productId);
  if (!isOnSale({ productStatus: row.status, companyStatus: row.company_status })) throw productRemoved(productId);
  return (await listColourCards(db, productId)).map((c) => toColourCard(storage, c));
}

/** How many products a company has on sale (used by the company module). */
export function countProductsOnSale(db: Kysely<Database>, companyId: number): Promise<number> {
  return countOnSale(db, { companyId });
}

/** Products on sale per company, for a page of companies (used by the company module). */
export function productCountsByCompany(db: Kysely<Database>, companyIds: number[]): Promise<Map<number, number>> {
  return countByCompany(db, companyIds);
}

/** Sitemap pages of products (kind 1) or garments (kind 2) on sale, by id. */
export async function sitemapPage(db: Kysely<Database>, kind: number, offset: number, limit: number): Promise<Array<{ id: number; updatedAt: string }>> {
  const rows = await sitemapProducts(db, kind, offset, limit);
  return rows.map((r) => ({ id: r.id, updatedAt: iso(r.updated_at) }));
}

export async function sitemapCounts(db: Kysely<Database>): Promise<{ products: number; garments: number; lastModified: string | null }> {
  const [products, garments, lastModified] = await Promise.all([countProducts(db, { kind: ProductKind.PATTERN }), countProducts(db, { kind: ProductKind.GARMENT }), lastProductChange(db)]);
  return { products, garments, lastModified };
}

/** A value that changes with any product or company write (the web service's page cache compares it). */
export function getCatalogueVersion(db: Kysely<Database>): Promise<string> {
  return catalogueVersion(db);
}

/** Whether a product is on sale (used by the favourite module). */
export async function isProductOnSale(db: Kysely<Database>, id: number): Promise<boolean> {
  const row = await findProductStatus(db, id);
  return !!row && isOnSale({ productStatus: row.status, companyStatus: row.company_status });
}

// Reads of the photo index (search module): it covers products whose own status is on sale, and shows
// only those on sale by the whole rule.

/** How many products have the status on sale, whatever their company's. */
export const countListedProducts = (db: Kysely<Database>): Promise<number> => countListed(db);

/** The stored pictures of a product whose status is on sale: cover, gallery, colour cards (may repeat); null otherwise. */
export async function productPicturePaths(db: Kysely<Database>, id: number): Promise<string[] | null> {
  const product = await findCoverAndStatus(db, id);
  if (!product || product.status !== ProductStatus.ON_SALE) return null;
  const [images, cards] = await Promise.all([listImagePaths(db, id), listCardImagePaths(db, id)]);
  return [product.cover_path, ...images.map((i) => i.path), ...cards.map((c) => c.image_path)];
}

/** The ids among these that are on sale. */
export async function onSaleIds(db: Kysely<Database>, ids: number[]): Promise<Set<number>> {
  return new Set(await onSaleIdsAmong(db, ids));
}

/** Summaries of products on sale, in the order of `ids` (missing or removed ones left out). */
export async function productSummaries({ db, storage }: CatalogueDeps, ids: number[]): Promise<Map<number, ProductSummary>> {
  const rows = await summariesByIds(db, ids);
  return new Map(rows.map((r) => [r.id, toSummary(storage, r)]));
}

// Writes. Every change of a product's text goes through these, in one transaction with its search document.

type ProductInput = Omit<Insertable<ProductTable>, 'id' | 'created_at' | 'updated_at'>;

export async function createProduct({ db, dialect = 'sqlite' }: Pick<CatalogueDeps, 'db' | 'dialect'>, input: ProductInput, now = new Date()): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const at = now.toISOString();
    const id = await insertProduct(trx, { ...input, created_at: at, updated_at: at });
    await indexProducts({ db: trx, dialect }, [id]);
    return id;
  });
}

export async function updateProduct(
  { db, dialect = 'sqlite' }: Pick<CatalogueDeps, 'db' | 'dialect'>, id: number, patch: Omit<Updateable<ProductTable>, 'id' | 'created_at'>, now = new Date(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!await updateProductRow(trx, id, { ...patch, updated_at: now.toISOString() })) throw productMissing(id);
    await indexProducts({ db: trx, dialect }, [id]);
  });
}

/** Takes a product off sale (it answers 410 and leaves listings, search and sitemaps). */
export function removeProduct(deps: Pick<CatalogueDeps, 'db' | 'dialect'>, id: number, now = new Date()): Promise<void> {
  return updateProduct(deps, id, { status: ProductStatus.REMOVED }, now);
}

export async function deleteProduct({ db, dialect = 'sqlite' }: Pick<CatalogueDeps, 'db' | 'dialect'>, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await unindexProducts({ db: trx, dialect }, [id]);
    await deleteProductRow(trx, id);
  });
}

/** Re-writes the search documents of a company's products (its name is part of them). */
export async function reindexCompanyProducts({ db, dialect = 'sqlite' }: Pick<CatalogueDeps, 'db' | 'dialect'>, companyId: number): Promise<void> {
  const ids = await productIdsOfCompany(db, companyId);
  await db.transaction().execute((trx) => indexProducts({ db: trx, dialect }, ids));
}

/**
 * The unit price of a line, always at the api (the cart, order placement): a cut sample is free; a cut
 * plate is the product's price; bulk is the product's quantity ladder for this quantity of this colour
 * (`belowMinimum` is the ladder's minimum when the quantity does not reach it), or its price when it
 * has no ladder. `unit` null is price by negotiation.
 */
export function linePrice(buyType: number, row: { price: number | null; bulk_ladder: string }, num: number): { unit: number | null; belowMinimum: number | null } {
  if (buyType === BuyType.SAMPLE_CUT) return { unit: 0, belowMinimum: null };
  const flat = row.price !== null && row.price >= 0 ? row.price : null;
  if (buyType !== BuyType.BULK) return { unit: flat, belowMinimum: null };
  const ladder = parseLadder(row.bulk_ladder);
  if (ladder.length === 0) return { unit: flat, belowMinimum: null };
  const unit = ladderUnitPrice(ladder, num);
  return unit === null ? { unit: null, belowMinimum: ladderMinimum(ladder) } : { unit, belowMinimum: null };
}

/** Refuses a bulk quantity below the product's minimum order per colour (the first step of its ladder). */
export function belowMinimum(minimum: number, title: string): ApiError {
  return new ApiError(CatalogueSellerCodes.BELOW_MINIMUM_ORDER, 400, { zh: `${title}：大货每色起订量为 ${minimum}`, en: `${title}: the bulk minimum order is ${minimum} per colour` });
}

/** Colour cards with their product and company, and whether they may be bought (the cart and order placement). */
export { findColours, isPurchasable, type ColourRow } from './purchasable.queries';

/** Colours of a company's products of a kind whose status is on sale (the demo seed orders them). */
export const colourChoices = (db: Kysely<Database>, companyId: number, kind: number, limit: number) => coloursOfCompany(db, companyId, kind, limit);

// Bulk writes of the demo seed and the importer, in the caller's transaction; after them the caller
// indexes the new products' text with indexProducts.

/** True when there is no product yet (the start-up seed runs then). */
export const hasNoProducts = async (db: Kysely<Database>): Promise<boolean> => (await anyProductId(db)) === undefined;
export { countAll as countAllProducts, coverFromFirstPicture, insertPictureRows as insertProductPictures, insertProductRows } from './catalogue.queries';
export { indexProducts } from './search-index';
