// Photo searches: start (checks, daily quota, job), the background run (extract → nearest → results),
// polling, results and cancel. A search is a row in search_job plus a task in this process's queue.
import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { StorageDriver } from '../file/storage';
import type { ColourCard, Page } from '../../../isomorphic/contracts/common';
import type { SearchHit, SearchHitDetail } from '../../../isomorphic/contracts/search';
import { Codes } from '../../../isomorphic/domain/codes';
import { Limits } from '../../../isomorphic/domain/limits';
import { ApiError, badRequest } from '../../http/errors';
import { getColourCards } from '../catalogue/catalogue.service';
import { decodeUpload, ImageInputError, type ImageLimits, DEFAULT_IMAGE_LIMITS } from './engine/image-input';
import type { RgbImage } from './engine/types';
import type { ImageIndexService, SearchLog } from './image-index.service';
import {
  cancelJob, countGuestJobsOfAddress, countJobsOfDay, countResults, failJob, findJobByKey, findJobByPublicId, finishJob, insertJob, listResults, type ResultRow,
} from './search.queries';

export interface SearchDeps {
  db: Kysely<Database>; storage: StorageDriver; engine: ImageIndexService; log: SearchLog;
  /** this api replica's name (API_INSTANCE_ID) on the jobs it runs */
  owner: string;
}

/**
 * Who a search counts against: a signed-in user, or a guest by signed visitor id; a guest's client
 * address (`ip`) also counts against the per-address daily cap.
 */
export interface Searcher { userId: number | null; subject: string; ip: string | null }

export const imageLimits: ImageLimits = { ...DEFAULT_IMAGE_LIMITS, maxBytes: Limits.maxImageMb * 1024 * 1024 };

const PROBLEM_CODES = {
  empty: Codes.IMAGE_EMPTY,
  tooLarge: Codes.IMAGE_TOO_LARGE,
  notImage: Codes.IMAGE_NOT_IMAGE,
  tooManyPixels: Codes.IMAGE_TOO_MANY_PIXELS,
  corrupt: Codes.IMAGE_CORRUPT,
} as const;

export const imageError = (code: number) => new ApiError(code, code === Codes.IMAGE_TOO_LARGE ? 413 : 400);

/** The day a search counts against: the calendar day in China (UTC+8), where the marketplace trades. */
export function quotaDay(now = new Date()): string {
  return new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}

/** Checks and decodes an uploaded picture, or throws the error code for what is wrong with it. */
export async function readQueryImage(bytes: Buffer): Promise<RgbImage> {
  try {
    return await decodeUpload(bytes, imageLimits);
  } catch (err) {
    if (err instanceof ImageInputError) throw imageError(PROBLEM_CODES[err.problem]);
    throw err;
  }
}

interface Running { extractId: number }
const running = new WeakMap<ImageIndexService, Map<string, Running>>();
const runningOf = (engine: ImageIndexService) => {
  let m = running.get(engine);
  if (!m) running.set(engine, (m = new Map()));
  return m;
};

/** 'all': pattern, texture and (when the photo still carries it) colour; 'shape': colour left out. */
export type SearchMode = 'all' | 'shape';

const quotaUsed = () => new ApiError(Codes.IMAGE_SEARCH_QUOTA, 429);
const busy = () => new ApiError(Codes.SEARCH_BUSY, 503);

/** Refuses a search whose subject or address has used up today's quota (counted in `db`). */
async function checkQuota(db: Kysely<Database>, who: Searcher, day: string, perIpPerDay: number): Promise<void> {
  if ((await countJobsOfDay(db, who.subject, day)) >= Limits.freeImageSearchesPerDay) throw quotaUsed();
  if (who.ip !== null && (await countGuestJobsOfAddress(db, who.ip, day)) >= perIpPerDay) throw quotaUsed();
}

/**
 * Cheap checks before the picture is decoded: the daily quota and room in the extraction queue. They are
 * made again, atomically, when the search starts.
 */
export async function admitSearch(deps: SearchDeps, who: Searcher): Promise<void> {
  if (runningOf(deps.engine).size >= deps.engine.settings.queueMax) throw busy();
  await checkQuota(deps.db, who, quotaDay(), deps.engine.settings.perIpPerDay);
}

/** Starts a search of an already checked picture; returns its key. The 8th search of a day is refused. */
export async function startSearch(deps: SearchDeps, who: Searcher, image: RgbImage, source: 'encoded' | 'url', mode: SearchMode = 'all'): Promise<string> {
  const { db, engine, log } = deps;
  const key = crypto.randomBytes(24).toString('base64url');
  const day = quotaDay();
  // A place in the bounded queue is taken before anything is written, synchronously, so parallel starts
  // cannot overfill it.
  const runs = runningOf(engine);
  if (runs.size >= engine.settings.queueMax) throw busy();
  const run: Running = { extractId: -1 };
  runs.set(key, run);
  let jobId: number;
  try {
    jobId = await db.transaction().execute(async (trx) => {
      // Count-then-insert must not interleave for one subject or address: SQLite runs one write transaction
      // at a time; on PostgreSQL transaction-scoped advisory locks on both serialise their searches.
      if (engine.dialect === 'postgres') {
        if (who.ip !== null) await sql`select pg_advisory_xact_lock(hashtext(${`ip:${who.ip}`}))`.execute(trx);
        await sql`select pg_advisory_xact_lock(hashtext(${who.subject}))`.execute(trx);
      }
      await checkQuota(trx, who, day, engine.settings.perIpPerDay);
      return insertJob(trx, {
        search_key: key, public_id: newPublicId(), subject: who.subject, user_id: who.userId, client_ip: who.ip, owner: deps.owner, day, source, created_at: new Date().toISOString(),
      });
    });
  } catch (err) {
    runs.delete(key);
    throw err;
  }
  const { id: extractId, promise, windows } = engine.describeQuery(image, mode === 'shape');
  run.extractId = extractId;
  const t0 = Date.now();
  void Promise.all([promise, windows])
    .then(([vectors, photo]) => engine.nearest(vectors, engine.settings.maxResults, { photo }))
    .then(async (hits) => {
      const stored = await finishJob(db, jobId, hits);
      log.info({ searchId: jobId, hits: hits.length, ms: Date.now() - t0, stored }, 'image search finished');
    })
    .catch(async (err: Error) => {
      if (err.message === 'withdrawn') return;
      log.error({ err, searchId: jobId }, 'image search failed');
      await failJob(db, jobId, err.message).catch(() => undefined);
    })
    .finally(() => runs.delete(key));
  return key;
}

const searchMissing = () => new ApiError(Codes.SEARCH_NOT_FOUND, 404);

/** A search's public id: random below 2^48 (a collision, one in billions, fails that one insert). */
const newPublicId = () => crypto.randomInt(1, 2 ** 48);

/** -1 while the search runs, else its (public) id. A cancelled or failed search answers its error code. */
export async function pollSearch(db: Kysely<Database>, key: string): Promise<number> {
  const job = await findJobByKey(db, key);
  if (!job) throw searchMissing();
  if (job.status === 'pending') return -1;
  if (job.status === 'cancelled') throw new ApiError(Codes.SEARCH_CANCELLED, 410);
  if (job.status === 'failed') throw new ApiError(Codes.SEARCH_FAILED, 500);
  return Number(job.public_id);
}

export async function cancelSearch(deps: SearchDeps, key: string): Promise<boolean> {
  const job = await findJobByKey(deps.db, key);
  if (!job) throw searchMissing();
  const cancelled = await cancelJob(deps.db, key);
  const run = runningOf(deps.engine).get(key);
  if (cancelled && run) deps.engine.client.withdraw(run.extractId);
  return cancelled || job.status === 'cancelled';
}

/** A finished search the caller may read: a signed-in user's searches are theirs only. */
async function readableJob(db: Kysely<Database>, searchId: number, who: Searcher) {
  const job = await findJobByPublicId(db, searchId);
  if (!job || (job.user_id !== null && job.user_id !== who.userId)) throw searchMissing();
  if (job.status === 'pending') throw badRequest({ zh: '搜索尚未完成', en: 'The search has not finished yet' });
  if (job.status === 'cancelled') throw new ApiError(Codes.SEARCH_CANCELLED, 410);
  if (job.status === 'failed') throw new ApiError(Codes.SEARCH_FAILED, 500);
  return job;
}

const urlOf = (storage: StorageDriver, p: string) => (p ? storage.url(p) : '');

function toHit(storage: StorageDriver, r: ResultRow): SearchHit {
  return {
    id: r.id, companyId: r.company_id, companyName: r.company_name, companyNameEn: r.company_name_en, title: r.title, titleEn: r.title_en,
    code: r.code, patternType: r.pattern_type, shape: r.shape, unit: r.unit, price: r.price, coverUrl: urlOf(storage, r.cover_path),
    width: r.width_cm, views: r.views, createdAt: new Date(r.created_at).toISOString(), rank: r.rank, similarity: Math.round(Number(r.score) * 10000) / 10000,
  };
}

/** One page of a finished search's results that the caller may read, and their total. */
async function resultPage(deps: SearchDeps, who: Searcher, q: { searchId: number; pageNum: number; pageSize: number }) {
  const job = await readableJob(deps.db, q.searchId, who);
  const [rows, total] = await Promise.all([listResults(deps.db, job.id, (q.pageNum - 1) * q.pageSize, q.pageSize), countResults(deps.db, job.id)]);
  return { rows, total };
}

export async function getResult(deps: SearchDeps, who: Searcher, q: { searchId: number; pageNum: number; pageSize: number }): Promise<Page<SearchHit>> {
  const { rows, total } = await resultPage(deps, who, q);
  return { list: rows.map((r) => toHit(deps.storage, r)), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

export async function getResultDetail(deps: SearchDeps, who: Searcher, q: { searchId: number; pageNum: number; pageSize: number }): Promise<Page<SearchHitDetail>> {
  const { rows, total } = await resultPage(deps, who, q);
  const list = await Promise.all(rows.map(async (r): Promise<SearchHitDetail> => {
    const cards: ColourCard[] = await getColourCards({ db: deps.db, storage: deps.storage }, r.id).catch(() => []);
    return {
      ...toHit(deps.storage, r),
      company: { id: r.company_id, name: r.company_name, nameEn: r.company_name_en, abbreviation: r.company_abbreviation, logoUrl: urlOf(deps.storage, r.company_logo_path) },
      colourCards: cards,
    };
  }));
  return { list, total, pageNum: q.pageNum, pageSize: q.pageSize };
}

