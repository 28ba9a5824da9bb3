// Tables of the favourite module. Collected into Database by api/db/schema.ts.
import type { Generated } from 'kysely';

/** One row per (user, type, target); target_type is a FavouriteType (isomorphic/domain/catalogue.ts). */
export interface FavouriteTable { id: Generated<number>; user_id: number; target_type: number; target_id: number; created_at: string }

export interface FavouriteTables {
  favourite: FavouriteTable;
}
