// Tables of the dictionary module. Collected into Database by api/db/schema.ts.
import type { Generated } from 'kysely';

export interface DictionaryTable {
  id: Generated<number>;
  type_key: string;
  dic_value: string;
  name: string;
  name_en: string;
  sort: Generated<number>;
}

export interface DictionaryTables {
  dictionary: DictionaryTable;
}
