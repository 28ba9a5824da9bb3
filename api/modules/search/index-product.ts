// The catalogue's and the import command's way into the image index: call indexProduct(productId) after a
// product or its pictures are created or changed (and after removal: it then leaves the index).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ImageIndexService } from './image-index.service';

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
