// Favourites: a signed-in user follows companies, products and supplies. Targets are checked through
// the company and catalogue services; a follow is idempotent, an unfollow removes the row.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Page } from '../../../isomorphic/contracts/common';
import type { FollowedCompany, FollowedProduct } from '../../../isomorphic/contracts/catalogue';
import { FavouriteType } from '../../../isomorphic/domain/catalogue';
import { Codes } from '../../../isomorphic/domain/codes';
import type { StorageDriver } from '../file/storage';
import { ApiError } from '../../http/errors';
import { companySummaries, isCompanyActive } from '../company/company.service';
import { isProductOnSale, productSummaries } from '../catalogue/catalogue.service';
import { isSupplyOpen, supplySummaries, type Viewer as SupplyViewer } from '../supply/supply.service';
import type { FollowedSupply } from '../../../isomorphic/contracts/supply';
import type { Lang } from '../../http/envelope';
import { countFavourites, deleteFavourite, hasFavourite, insertFavourite, listFavourites } from './favourite.queries';

export interface FavouriteDeps { db: Kysely<Database>; storage: StorageDriver }

const targetMissing = () => new ApiError(Codes.FAVOURITE_TARGET_NOT_FOUND, 404);

async function targetExists(db: Kysely<Database>, type: number, id: number): Promise<boolean> {
  if (type === FavouriteType.COMPANY) return isCompanyActive(db, id);
  if (type === FavouriteType.PRODUCT) return isProductOnSale(db, id);
  if (type === FavouriteType.SUPPLY) return isSupplyOpen(db, id);
  return false;
}

/** Follows (idempotent) or unfollows a target; answers the state after the call. */
export async function setFavourite({ db }: FavouriteDeps, userId: number, type: number, targetId: number, follow: boolean, now = new Date()): Promise<{ followed: boolean }> {
  if (!follow) {
    await deleteFavourite(db, userId, type, targetId);
    return { followed: false };
  }
  if (!(await targetExists(db, type, targetId))) throw targetMissing();
  await insertFavourite(db, userId, type, targetId, now.toISOString());
  return { followed: true };
}

export async function favouriteStatus({ db }: FavouriteDeps, userId: number | null, type: number, targetId: number): Promise<{ followed: boolean }> {
  if (userId === null) return { followed: false };
  return { followed: await hasFavourite(db, userId, type, targetId) };
}

/**
 * A page of followed targets, newest followed first. Targets since removed stay counted (the row is
 * the user's) but are left out of the page, so a page may hold fewer than pageSize entries.
 */
async function followedPage<T>(
  db: Kysely<Database>, userId: number, type: number, page: { pageNum: number; pageSize: number },
  load: (ids: number[]) => Promise<Map<number, T>>,
): Promise<Page<T & { followedAt: string }>> {
  const [rows, total] = await Promise.all([
    listFavourites(db, userId, type, (page.pageNum - 1) * page.pageSize, page.pageSize),
    countFavourites(db, userId, type),
  ]);
  const found = await load(rows.map((r) => r.target_id));
  const list = rows.flatMap((r) => {
    const item = found.get(r.target_id);
    return item ? [{ ...item, followedAt: new Date(r.created_at).toISOString() }] : [];
  });
  return { list, total, pageNum: page.pageNum, pageSize: page.pageSize };
}

export function listFollowedCompanies(deps: FavouriteDeps, userId: number, page: { pageNum: number; pageSize: number }, lang: 'zh' | 'en' = 'zh'): Promise<Page<FollowedCompany>> {
  return followedPage(deps.db, userId, FavouriteType.COMPANY, page, (ids) => companySummaries({ ...deps, lang }, ids));
}

export function listFollowedProducts(deps: FavouriteDeps, userId: number, page: { pageNum: number; pageSize: number }): Promise<Page<FollowedProduct>> {
  return followedPage(deps.db, userId, FavouriteType.PRODUCT, page, (ids) => productSummaries(deps, ids));
}

/** Followed supply offers, newest followed first, as this follower may see them (details only for buyers). */
export function listFollowedSupplies(deps: FavouriteDeps, viewer: NonNullable<SupplyViewer>, page: { pageNum: number; pageSize: number }, lang: Lang): Promise<Page<FollowedSupply>> {
  return followedPage(deps.db, viewer.id, FavouriteType.SUPPLY, page, (ids) => supplySummaries(deps, viewer, ids, lang));
}
