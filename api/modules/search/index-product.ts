// The catalogue's and the import command's way into the image index: call indexProduct(productId) after a
// product or its pictures are created or changed (and after removal: it then leaves the index).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ImageIndexService } from './image-index.service';
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
export function reindexLater(db: Kysely<Database>, productId: number, log: { warn(obj: object, msg?: string): void }): Promise<void> {
  const service = services.get(db);
  const next = chain.then(async () => {
    if (service?.running) await service.indexProduct(productId);
    else await dropDescriptors(db, productId);
  }).catch((err: unknown) => log.warn({ err, productId }, 're-indexing a product for photo search failed'));
  chain = next;
  return next;
}

/** Resolves when the re-indexing asked so far has run (tests). */
export const reindexSettled = (): Promise<unknown> => chain;

/** When each of these products' pictures were last indexed for photo search (products never indexed are absent). */
export function photoIndexedAt(db: Kysely<Database>, productIds: number[]): Promise<Map<number, string>> {
  return descriptorTimes(db, productIds);
}
