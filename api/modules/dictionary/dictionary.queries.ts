// Rows of the dictionary table (owned by the dictionary module).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface DictionaryRow { type_key: string; dic_value: string; name: string; name_en: string; sort: number }

export function listEntries(db: Kysely<Database>, typeKey?: string): Promise<DictionaryRow[]> {
  let q = db.selectFrom('dictionary').select(['type_key', 'dic_value', 'name', 'name_en', 'sort']);
  if (typeKey) q = q.where('type_key', '=', typeKey);
  return q.orderBy('type_key').orderBy('sort').orderBy('id').execute();
}

/** Inserts or refreshes entries by (type_key, dic_value). */
export async function upsertEntries(db: Kysely<Database>, rows: DictionaryRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('dictionary').values(rows)
    .onConflict((oc) => oc.columns(['type_key', 'dic_value']).doUpdateSet((eb) => ({
      name: eb.ref('excluded.name'),
      name_en: eb.ref('excluded.name_en'),
      sort: eb.ref('excluded.sort'),
    })))
    .execute();
}
