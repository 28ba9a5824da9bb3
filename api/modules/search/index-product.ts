// The catalogue's and the import command's way into the image index: call indexProduct(productId) after a
// product or its pictures are created or changed (and after removal: it then leaves the index).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { StorageDriver } from '../file/storage';
import type { ImageIndexService } from './image-index.service';
import { readQueryImage } from './search.service';
import { descriptorTimes, dropDescriptors } from './search.queries';

// The running api's index service per database, registered by the search module. Several apps can live in
// one process (tests), so the database picks the right one; without a db argument the newest is used.
const services = new Map<Kysely<Database>, ImageIndexService>();

export function registerImageIndex(db: Kysely<Database>, service: ImageIndexService): void {
  services.set(db, service);
}

export function unregisterImageIndex(db: Kysely<Database>): void {
  services.delete(db);
}

/**
 * (Re)indexes a product's pictures. Returns the number of vectors stored, or null when no search module
 * runs in this process (the next api start indexes the product in the background).
 */
export async function indexProduct(productId: number, db?: Kysely<Database>): Promise<number | null> {
  const service = db ? services.get(db) : [...services.values()].pop();
  if (!service) return null;
  return service.indexProduct(productId);
}

let chain: Promise<unknown> = Promise.resolve();

/**
 * After a seller saved a product's pictures or changed its status: off the request path, one at a time,
 * the running index re-indexes it (a product off sale leaves the index). Where photo search has not
 * started in this process, the product's stored descriptors are dropped instead, so the next start's
 * background indexing picks it up with its new pictures (loading the model for one product would cost
 * more than the save).
 */
export function reindexLater(
  db: Kysely<Database>, productId: number, log: { warn(obj: object, msg?: string): void },
  /** run after the product is indexed, when photo search runs in this process (pattern-copy detection) */
  afterIndexed?: () => Promise<void>,
): Promise<void> {
  const service = services.get(db);
  const next = chain.then(async () => {
    if (service?.running) {
      await service.indexProduct(productId);
      await afterIndexed?.();
    } else await dropDescriptors(db, productId);
  }).catch((err: unknown) => log.warn({ err, productId }, 're-indexing a product for photo search failed'));
  chain = next;
  return next;
}

/**
 * Runs a task on the queue the re-indexing uses (one task at a time, off the request path), so that photo
 * work other modules ask for never competes with itself for the extraction threads.
 */
export function inIndexQueue<T>(task: () => Promise<T>): Promise<T> {
  const run = chain.then(task);
  chain = run.catch(() => undefined);
  return run;
}

/** What a photo search on a stored picture found: its products, nothing to search, or try again later. */
export type StoredPictureSearch =
  | { kind: 'hits'; hits: Array<{ productId: number; score: number }>; ms: number }
  | { kind: 'noPicture' }
  | { kind: 'later'; why: 'not running' | 'busy' };

/**
 * The photo search on a picture already on our storage (a purchase request's), for another module: the
 * best `k` products on sale, like /search/url but without a job row or a quota (the caller's own rate
 * rules apply). 'later' when photo search does not run in this process yet or its queue is full; the
 * caller tries again. A missing or unreadable picture is 'noPicture'.
 */
export async function searchStoredPicture(db: Kysely<Database>, storage: StorageDriver, path: string, k: number): Promise<StoredPictureSearch> {
  if (!path) return { kind: 'noPicture' };
  const service = services.get(db);
  if (!service?.running) return { kind: 'later', why: 'not running' };
  if (service.client.queued >= service.settings.queueMax) return { kind: 'later', why: 'busy' };
  const bytes = await storage.get(path).catch(() => null);
  if (!bytes) return { kind: 'noPicture' };
  const image = await readQueryImage(bytes).catch(() => null);
  if (!image) return { kind: 'noPicture' };
  const t0 = Date.now();
  const vectors = await service.describeQuery(image).promise;
  const hits = await service.nearest(vectors, k);
  return { kind: 'hits', hits: hits.map((h) => ({ productId: h.productId, score: h.score })), ms: Date.now() - t0 };
}

/** Resolves when the re-indexing asked so far has run (tests). */
export const reindexSettled = (): Promise<unknown> => chain;

/** When each of these products' pictures were last indexed for photo search (products never indexed are absent). */
export function photoIndexedAt(db: Kysely<Database>, productIds: number[]): Promise<Map<number, string>> {
  return descriptorTimes(db, productIds);
}

/**
 * The on-sale products whose pictures are nearest to this product's own (best similarity first, at most
 * `k`, the product itself left out), or null when photo search does not run in this process.
 */
export async function similarProducts(db: Kysely<Database>, productId: number, k = 10): Promise<Array<{ productId: number; score: number }> | null> {
  const service = services.get(db);
  if (!service?.running) return null;
  return (await service.similarTo(productId, k)).map((h) => ({ productId: h.productId, score: h.score }));
}
