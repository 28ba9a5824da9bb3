// Pattern-copy detection (issue 17 item 2) and the operator's product desk. When a product's photo indexing
// completes (whatever indexed it: a seller's save, the seed, the import command, the background pass), its
// pictures are compared with other companies' on-sale products by the engine's similarity, once per picture
// version; a pair at or above the threshold (IMAGE_COPY_SIMILARITY, measured on the photo-search benchmark)
// whose pictures also agree in structure (IMAGE_COPY_STRUCTURE: the engine alone flagged distinct demo
// products) is flagged, and the flag written to the platform's audit log: the seller sees "nearly the same as a product of another company" with a link to
// that product's public page and nothing more, and the operator sees the pair in the console, where they
// dismiss it or take the product down, with a reason. The operator's product list searches every
// company's products by title, code or company and takes one down or restores it.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { StorageDriver } from '../file/storage';
import type { CopyFlag, CopyFlagDecision, CopyFlagQuery, PlatformProduct, PlatformProductQuery } from '../../../isomorphic/contracts/catalogue-seller';
import type { Page } from '../../../isomorphic/contracts/common';
import { ProductStatus } from '../../../isomorphic/domain/catalogue';
import { CatalogueSellerCodes as C, CatalogueSellerLimits as L, CopyFlagStatus, copyFlagStatusOf, sellerStatusOf } from '../../../isomorphic/domain/catalogue-seller';
import { ApiError } from '../../http/errors';
import { imageRef } from '../company/company-settings.service';
import { recordAudit } from '../platform/platform.service';
import {
  checkedVersions, decideFlag, deleteOpenFlags, findFlag, flagPage, flagsTouching, forgetCheck, insertFlag, ownersOf, picturesOfProducts, platformProducts, productsByIds,
  recordCheck, updateOpenFlag, type PlatformProductRow,
} from './copy.queries';
import { takeDownIn, type SellerCatalogueDeps } from './seller.service';

/** At most this many other products are flagged for one product (the nearest). */
const MAX_FLAGS_PER_PRODUCT = 5;

export type SimilarSearch = (productId: number) => Promise<Array<{ productId: number; score: number }> | null>;

/**
 * The second look at a candidate pair the engine finds at or above the threshold: how alike the two
 * products' pictures are in structure, 0 to 1 (photo search's pictureAgreement), or null when it cannot
 * tell (a picture missing from storage).
 */
export type CopyConfirm = (productId: number, otherId: number) => Promise<number | null>;

export interface CopyCheckSettings {
  /** the engine's similarity a pair must reach (IMAGE_COPY_SIMILARITY) */
  threshold: number;
  /** and, when `confirm` is given, the structure agreement it must reach (IMAGE_COPY_STRUCTURE) */
  confirm?: CopyConfirm;
  structure?: number;
}

/** Who raised an audit entry that no operator made (a flag raised or withdrawn by the copy check). */
const SYSTEM = 0;

/**
 * Compares one product, just indexed, with other companies' on-sale products (`similar`: photo search's
 * nearest products to its pictures) and keeps the open flags of its pairs in step: pairs at or above the
 * threshold (and, with `confirm`, whose pictures agree in structure) are flagged, the product listed later
 * as the copy (or their similarity updated), open flags of its pairs no longer that close are withdrawn; each flag raised or withdrawn is written to the platform's
 * audit log in the same transaction. A pair the operator already decided stays decided; a pair flagged the
 * other way round is not flagged twice. Returns the number of copies found, or null when photo search does
 * not run in this process (nothing is known, nothing changes).
 */
export async function checkPatternCopies(db: Kysely<Database>, productId: number, similar: SimilarSearch, settings: number | CopyCheckSettings, now = new Date()): Promise<number | null> {
  const { threshold, confirm, structure = 0 } = typeof settings === 'number' ? { threshold: settings } : settings;
  const [self] = await ownersOf(db, [productId]);
  if (!self) return 0;
  const hits = self.status === ProductStatus.ON_SALE ? await similar(productId) : [];
  if (hits === null) return null;
  const close = hits.filter((h) => h.productId !== productId && h.score >= threshold);
  const owners = new Map((await ownersOf(db, close.map((h) => h.productId))).map((r) => [r.id, r]));
  const candidates = close.filter((h) => { const o = owners.get(h.productId); return o && o.company_id !== self.company_id && o.status === ProductStatus.ON_SALE; });
  const copies: Array<{ productId: number; score: number; structure: number | null; later: boolean }> = [];
  for (const c of candidates) {
    if (copies.length >= MAX_FLAGS_PER_PRODUCT) break;
    const agreement = confirm ? await confirm(productId, c.productId) : null;
    if (confirm && (agreement === null || agreement < structure)) continue;
    // The product listed later is the copy: the flag is its seller's, whichever of the two is checked.
    const o = owners.get(c.productId)!;
    const later = new Date(o.created_at).getTime() > new Date(self.created_at).getTime() || (o.created_at === self.created_at && o.id > self.id);
    copies.push({ ...c, structure: agreement === null ? null : Math.round(agreement * 1000) / 1000, later });
  }
  await db.transaction().execute(async (trx) => {
    // The pair's flag, either way round (one row a pair).
    const existing = await flagsTouching(trx, productId);
    const otherOf = (f: { product_id: number; other_product_id: number }) => (f.product_id === productId ? f.other_product_id : f.product_id);
    const withdrawn = existing.filter((f) => f.status === CopyFlagStatus.OPEN && !copies.some((c) => c.productId === otherOf(f)));
    await deleteOpenFlags(trx, withdrawn.map((f) => f.id));
    for (const f of withdrawn) {
      await recordAudit(trx, {
        operatorId: SYSTEM, action: 'copy.withdraw', targetType: 'product', targetId: f.product_id,
        before: { flag: f.id, product: f.product_id, other: f.other_product_id, similarity: f.similarity, status: 'open' }, after: null, note: '', now,
      });
    }
    for (const c of copies) {
      const same = existing.find((f) => otherOf(f) === c.productId);
      if (same) await updateOpenFlag(trx, same.id, c.score);
      else {
        const [copy, original] = c.later ? [c.productId, productId] : [productId, c.productId];
        const id = await insertFlag(trx, { product_id: copy, other_product_id: original, similarity: c.score, created_at: now.toISOString() });
        await recordAudit(trx, {
          operatorId: SYSTEM, action: 'copy.flag', targetType: 'product', targetId: copy,
          before: null, after: { flag: id, product: copy, other: original, similarity: Math.round(c.score * 10_000) / 10_000, structure: c.structure, status: 'open' }, note: '', now,
        });
      }
    }
  });
  return copies.length;
}

/** A product's picture version: a digest of its distinct picture paths in order (a new upload is a new path). */
const pictureVersion = (paths: string[]) => crypto.createHash('sha256').update(JSON.stringify([...new Set(paths.filter(Boolean))])).digest('hex').slice(0, 32);

/**
 * Pattern-copy detection for products whose photo indexing has completed (photo search's onIndexComplete,
 * on every path that indexes: a seller's save, the seed, the import command, the background pass, a
 * restart): each on-sale product whose picture version was not checked yet is checked, and the version
 * recorded, so unchanged pictures are not checked again; a product no longer on sale loses its open flags
 * and its record (it is checked again when it is back on sale). Returns how many were checked.
 */
export async function checkIndexedProducts(db: Kysely<Database>, productIds: number[], similar: SimilarSearch, settings: CopyCheckSettings, now: () => Date = () => new Date()): Promise<number> {
  let checked = 0;
  for (let i = 0; i < productIds.length; i += 200) {
    const batch = productIds.slice(i, i + 200);
    const [products, done] = await Promise.all([picturesOfProducts(db, batch), checkedVersions(db, batch)]);
    for (const p of products) {
      if (p.status !== ProductStatus.ON_SALE) {
        if (done.has(p.id)) {
          await checkPatternCopies(db, p.id, similar, settings, now());
          await forgetCheck(db, p.id);
        }
        continue;
      }
      const version = pictureVersion(p.paths);
      if (done.get(p.id) === version) continue;
      const found = await checkPatternCopies(db, p.id, similar, settings, now());
      if (found === null) return checked; // photo search stopped meanwhile: the next completion or start checks the rest
      await recordCheck(db, p.id, version, now().toISOString());
      checked++;
    }
  }
  return checked;
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
    const pair = { flag: flag.id, product: flag.product_id, other: flag.other_product_id, similarity: flag.similarity };
    await recordAudit(trx, {
      operatorId, action: input.action === 'takeDown' ? 'copy.takeDown' : 'copy.dismiss', targetType: 'product', targetId: flag.product_id,
      before: { ...pair, status: 'open' }, after: { ...pair, status: input.action === 'takeDown' ? 'takenDown' : 'dismissed', reason }, note: reason, now,
    });
  });
  if (input.action === 'takeDown') deps.picturesChanged?.(flag.product_id);
}
