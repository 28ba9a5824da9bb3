// The catalogue: listings, product detail and colour cards. URLs come from the storage driver.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ColourCard, Page, ProductDetail, ProductSummary } from '../../../isomorphic/api-client/types';
import type { StorageDriver } from '../file/storage';
import { gone, notFound } from '../../http/errors';
import {
  countOnSale, findProduct, findProductStatus, incrementViews, listColourCards, listImages, listOnSale, ProductStatus,
  type ListFilter, type ProductSummaryRow,
} from './catalogue.queries';

export interface CatalogueDeps { db: Kysely<Database>; storage: StorageDriver }

const iso = (t: string) => new Date(t).toISOString();
const urlOf = (storage: StorageDriver, p: string) => (p ? storage.url(p) : '');

function toSummary(storage: StorageDriver, r: ProductSummaryRow): ProductSummary {
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

/** Products on sale, newest first. */
export async function listHomeProducts(
  { db, storage }: CatalogueDeps,
  q: ListFilter & { pageNum: number; pageSize: number },
): Promise<Page<ProductSummary>> {
  const filter: ListFilter = { patternType: q.patternType, kind: q.kind, companyId: q.companyId };
  const [rows, total] = await Promise.all([
    listOnSale(db, filter, (q.pageNum - 1) * q.pageSize, q.pageSize),
    countOnSale(db, filter),
  ]);
  return { list: rows.map((r) => toSummary(storage, r)), total, pageNum: q.pageNum, pageSize: q.pageSize };
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
  if (row.status !== ProductStatus.ON_SALE || row.company_status !== 1) throw productRemoved(id);
  const [images, cards] = await Promise.all([listImages(db, id), listColourCards(db, id), incrementViews(db, id)]);
  return {
    ...toSummary(storage, row),
    views: row.views + 1,
    description: row.description,
    descriptionEn: row.description_en,
    composition: row.composition,
    status: row.status,
    images: images.map((i) => ({ id: i.id, url: storage.url(i.path), width: i.width, height: i.height, sort: i.sort })),
    colourCards: cards.map((c) => toColourCard(storage, c)),
  };
}

export async function getColourCards({ db, storage }: CatalogueDeps, productId: number): Promise<ColourCard[]> {
  const row = await findProductStatus(db, productId);
  if (!row) throw productMissing(productId);
  if (row.status !== ProductStatus.ON_SALE || row.company_status !== 1) throw productRemoved(productId);
  return (await listColourCards(db, productId)).map((c) => toColourCard(storage, c));
}

/** How many products a company has on sale (used by the company module). */
export function countProductsOnSale(db: Kysely<Database>, companyId: number): Promise<number> {
  return countOnSale(db, { companyId });
}
