// The dictionary tree: code tables grouped by typeKey. Entries live in the database (seeded from the
// code tables of isomorphic/domain/catalogue.ts); group names come from those same code tables.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { DictGroup } from '../../../isomorphic/contracts/common';
import { dictionaryGroups } from '../../../isomorphic/domain/catalogue';
import { listEntries, upsertEntries, type DictionaryRow } from './dictionary.queries';

const groupOrder = new Map(dictionaryGroups.map((g, i) => [g.typeKey, i]));
const groupNames = new Map(dictionaryGroups.map((g) => [g.typeKey, g.name]));

export async function getDictionaryTree(db: Kysely<Database>, typeKey?: string): Promise<DictGroup[]> {
  const rows = await listEntries(db, typeKey);
  const groups = new Map<string, DictGroup>();
  for (const r of rows) {
    let group = groups.get(r.type_key);
    if (!group) {
      const name = groupNames.get(r.type_key);
      group = { typeKey: r.type_key, name: name?.zh ?? r.type_key, nameEn: name?.en ?? r.type_key, children: [] };
      groups.set(r.type_key, group);
    }
    group.children.push({ typeKey: r.type_key, dicValue: r.dic_value, name: r.name, nameEn: r.name_en, label: r.name, sort: r.sort });
  }
  const rank = (k: string) => groupOrder.get(k) ?? Number.MAX_SAFE_INTEGER;
  return [...groups.values()].sort((a, b) => rank(a.typeKey) - rank(b.typeKey) || a.typeKey.localeCompare(b.typeKey));
}

/** Rows for every entry of the code tables, in their order. */
export function dictionaryRowsFromCodeTables(): DictionaryRow[] {
  return dictionaryGroups.flatMap((g) =>
    Object.entries(g.entries).map(([value, label], i) => ({ type_key: g.typeKey, dic_value: value, name: label.zh, name_en: label.en, sort: i + 1 })));
}

/** Loads the code tables into the dictionary table; safe to run again (labels are refreshed). */
export async function seedDictionary(db: Kysely<Database>): Promise<number> {
  const rows = dictionaryRowsFromCodeTables();
  await upsertEntries(db, rows);
  return rows.length;
}
