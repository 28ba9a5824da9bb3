// Pattern-copy detection (issue 17 item 2) and the operator's product desk. After a seller's product is
// indexed for photo search, its pictures are compared with other companies' on-sale products by the
// engine's similarity; a pair at or above the threshold (IMAGE_COPY_SIMILARITY, measured on the photo-search
// benchmark) is flagged: the seller sees "nearly the same as a product of another company" with a link to
// that product's public page and nothing more, and the operator sees the pair in the console, where they
// dismiss it or take the product down, with a reason. The operator's product list searches every
// company's products by title, code or company and takes one down or restores it.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { StorageDriver } from '../file/storage';
import type { CopyFlag, CopyFlagDecision, CopyFlagQuery, PlatformProduct, PlatformProductQuery } from '../../../isomorphic/contracts/catalogue-seller';
import type { Page } from '../../../isomorphic/contracts/common';
import { ProductStatus } from '../../../isomorphic/domain/catalogue';
import { CatalogueSellerCodes as C, CatalogueSellerLimits as L, CopyFlagStatus, copyFlagStatusOf, sellerStatusOf } from '../../../isomorphic/domain/catalogue-seller';
import { ApiError } from '../../http/errors';
import { imageRef } from '../company/company-settings.service';
import {
  decideFlag, deleteOpenFlags, findFlag, flagPage, flagsTouching, insertFlag, ownersOf, platformProducts, productsByIds, updateOpenFlag, type PlatformProductRow,
} from './copy.queries';
import { takeDownIn, type SellerCatalogueDeps } from './seller.service';

/** At most this many other products are flagged for one product (the nearest). */
const MAX_FLAGS_PER_PRODUCT = 5;

export type SimilarSearch = (productId: number) => Promise<Array<{ productId: number; score: number }> | null>;

/**
 * Compares one product, just indexed, with other companies' on-sale products (`similar`: photo search's
 * nearest products to its pictures) and keeps its open flags in step: pairs at or above `threshold` are
 * flagged (or their similarity updated), open flags of pairs no longer that close are withdrawn. A pair
 * the operator already decided stays decided; a pair flagged the other way round is not flagged twice.
 */
export async function checkPatternCopies(db: Kysely<Database>, productId: number, similar: SimilarSearch, threshold: number, now = new Date()): Promise<number> {
  const [self] = await ownersOf(db, [productId]);
  if (!self) return 0;
  const hits = self.status === ProductStatus.ON_SALE ? await similar(productId) : [];
  if (hits === null) return 0; // photo search does not run here: nothing is known
  const close = hits.filter((h) => h.productId !== productId && h.score >= threshold);
  const owners = new Map((await ownersOf(db, close.map((h) => h.productId))).map((r) => [r.id, r]));
  const copies = close.filter((h) => { const o = owners.get(h.productId); return o && o.company_id !== self.company_id && o.status === ProductStatus.ON_SALE; })
    .slice(0, MAX_FLAGS_PER_PRODUCT);
  await db.transaction().execute(async (trx) => {
    const existing = await flagsTouching(trx, productId);
    const mine = existing.filter((f) => f.product_id === productId);
    await deleteOpenFlags(trx, mine.filter((f) => !copies.some((c) => c.productId === f.other_product_id)).map((f) => f.id));
    for (const c of copies) {
      const same = mine.find((f) => f.other_product_id === c.productId);
      if (same) await updateOpenFlag(trx, same.id, c.score);
      else if (!existing.some((f) => f.product_id === c.productId && f.other_product_id === productId)) {
        await insertFlag(trx, { product_id: productId, other_product_id: c.productId, similarity: c.score, created_at: now.toISOString() });
      }
    }
  });
  return copies.length;
}

const toPlatformProduct = (storage: StorageDriver, r: PlatformProductRow): PlatformProduct => ({
  id: r.id, title: r.title, titleEn: r.title_en, code: r.code, cover: imageRef(storage, r.cover_path), status: r.status,
  takedownReason: r.status === ProductStatus.TAKEN_DOWN ? r.takedown_reason : '', companyId: r.company_id, companyName: r.company_name, companyNameEn: r.company_name_en,
  updatedAt: new Date(r.updated_at).toISOString(),
});

/** The operator's product list: every company's products, by keyword and status. */
export async function listPlatformProducts({ db, storage }: SellerCatalogueDeps, q: PlatformProductQuery): Promise<Page<PlatformProduct>> {
  const status = q.status ? sellerStatusOf[q.status] : undefined;
  const { rows, total } = await platformProducts(db, (q.keyword ?? '').trim(), status, (q.pageNum - 1) * q.pageSize, q.pageSize);
  return { list: rows.map((r) => toPlatformProduct(storage, r)), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

/** The console's flagged pairs, by status (open by default), newest first, both products with their pictures and companies. */
export async function listCopyFlags({ db, storage }: SellerCatalogueDeps, q: CopyFlagQuery): Promise<Page<CopyFlag>> {
  const { rows, total } = await flagPage(db, copyFlagStatusOf[q.status ?? 'open'], (q.pageNum - 1) * q.pageSize, q.pageSize);
  const products = new Map((await productsByIds(db, [...new Set(rows.flatMap((r) => [r.product_id, r.other_product_id]))])).map((p) => [p.id, toPlatformProduct(storage, p)]));
  const list = rows.flatMap((r) => {
    const product = products.get(r.product_id), other = products.get(r.other_product_id);
    return product && other ? [{
      id: r.id, similarity: Math.round(r.similarity * 1000) / 1000, status: r.status, reason: r.reason,
      createdAt: new Date(r.created_at).toISOString(), decidedAt: r.decided_at ? new Date(r.decided_at).toISOString() : null, product, other,
    }] : [];
  });
  return { list, total, pageNum: q.pageNum, pageSize: q.pageSize };
}

/** The operator dismisses an open flag or takes its product down (the product saved later), with a reason, in one transaction. */
export async function decideCopyFlag(deps: SellerCatalogueDeps, operatorId: number, input: CopyFlagDecision, now = new Date()): Promise<void> {
  const { db } = deps;
  const reason = input.reason.trim();
  if (reason.length < L.reasonMin || reason.length > L.reasonMax) throw new ApiError(C.COPY_REASON_REQUIRED, 400);
  const flag = await findFlag(db, input.id);
  if (!flag || flag.status !== CopyFlagStatus.OPEN) throw new ApiError(C.COPY_FLAG_NOT_FOUND, 404);
  const status = input.action === 'takeDown' ? CopyFlagStatus.TAKEN_DOWN : CopyFlagStatus.DISMISSED;
  await db.transaction().execute(async (trx) => {
    if ((await decideFlag(trx, flag.id, { status, reason, decided_by: operatorId, decided_at: now.toISOString() })) === 0) throw new ApiError(C.COPY_FLAG_NOT_FOUND, 404);
    if (input.action === 'takeDown') await takeDownIn(trx, deps.dialect ?? 'sqlite', flag.product_id, reason, now);
  });
  if (input.action === 'takeDown') deps.picturesChanged?.(flag.product_id);
}
