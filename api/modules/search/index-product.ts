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

// Who is told, per database, when products' photo indexing completes (the catalogue's pattern-copy check).
const completeListeners = new Map<Kysely<Database>, Set<(productIds: number[]) => Promise<void>>>();

export function registerImageIndex(db: Kysely<Database>, service: ImageIndexService): void {
  services.set(db, service);
  service.onIndexComplete(async (ids) => {
    for (const l of completeListeners.get(db) ?? []) await l(ids);
  });
}

export function unregisterImageIndex(db: Kysely<Database>): void {
  services.delete(db);
}

/**
 * Calls `listener` (one at a time, off the request path) with products whose photo indexing has completed
 * in this process's index, whatever indexed them: a seller's save, the background pass after a start (its
 * second round), rows another process wrote (the import command), and after the background pass every
 * product complete in the index (so what an earlier start or the seed left is offered too; the listener
 * skips what it has done). Returns the function that stops the calls.
 */
export function onPhotoIndexComplete(db: Kysely<Database>, listener: (productIds: number[]) => Promise<void>): () => void {
  const set = completeListeners.get(db) ?? completeListeners.set(db, new Set()).get(db)!;
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0) completeListeners.delete(db);
  };
}

/** How alike two products' pictures are in structure (pattern-copy detection's second look), or null where photo search does not run here or a picture is missing. */
export async function pictureAgreement(db: Kysely<Database>, productId: number, otherId: number): Promise<number | null> {
  const service = services.get(db);
  if (!service?.running) return null;
  return service.pictureAgreement(productId, otherId);
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
export function reindexLater(db: Kysely<Database>, productId: number, log: { warn(obj: object, msg?: string): void }): Promise<void> {
  const service = services.get(db);
  const next = chain.then(async () => {
    // Once indexed, listeners of onPhotoIndexComplete are told (pattern-copy detection).
    if (service?.running) await service.indexProduct(productId);
    else await dropDescriptors(db, productId);
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

/** Resolves when this database's photo index has loaded, its background pass has run and listeners of completed indexing have been told (tests). */
export async function photoIndexSettled(db: Kysely<Database>): Promise<void> {
  await services.get(db)?.idle();
}

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
