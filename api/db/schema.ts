// Table types for Kysely. Each module owns its tables (see the comment on each); timestamps are ISO-8601
// text in both dialects so that ordering and comparisons behave the same on SQLite and PostgreSQL.
import type { Generated } from 'kysely';

/** company module */
export interface CompanyTable {
  id: Generated<number>;
  name: string;
  name_en: string;
  abbreviation: string;
  kind: number;               // 1 manufacturer, 2 trader
  logo_path: string;
  banner_path: string;
  main_business: string;
  main_business_en: string;
  intro: string;
  intro_en: string;
  tel: string;
  province: string;           // area code
  city: string;               // area code
  address: string;
  lat: number | null;
  lng: number | null;
  established_at: string | null;
  staff_count: number | null;
  workshop_area: number | null;
  status: number;             // 1 active, 0 removed
  created_at: string;
  updated_at: string;
}

/** catalogue module */
export interface ProductTable {
  id: Generated<number>;
  company_id: number;
  kind: number;               // 1 pattern (lace), 2 garment
  code: string;
  title: string;
  title_en: string;
  description: string;
  description_en: string;
  composition: string;
  pattern_type: number;
  shape: number;
  unit: number;
  price: number | null;       // cents
  width_cm: number | null;
  cover_path: string;
  views: number;
  status: number;             // 1 on sale, 0 removed
  created_at: string;
  updated_at: string;
}

export interface ProductImageTable {
  id: Generated<number>;
  product_id: number;
  path: string;
  width: number;
  height: number;
  sort: number;
}

export interface ColourCardTable {
  id: Generated<number>;
  product_id: number;
  name: string;
  name_en: string;
  hex: string;
  image_path: string;
  sort: number;
}

/** dictionary module */
export interface DictionaryTable {
  id: Generated<number>;
  type_key: string;
  dic_value: string;
  name: string;
  name_en: string;
  sort: number;
}

/** area module: provinces (level 1), cities (2), districts (3) */
export interface AreaTable {
  code: string;
  name: string;
  parent_code: string | null;
  level: number;
}

/** file module: every stored object, so the api knows its real type and size */
export interface StoredFileTable {
  id: Generated<number>;
  path: string;
  content_type: string;
  size: number;
  width: number | null;
  height: number | null;
  owner_user_id: number | null;
  created_at: string;
}

export interface Database {
  company: CompanyTable;
  product: ProductTable;
  product_image: ProductImageTable;
  colour_card: ColourCardTable;
  dictionary: DictionaryTable;
  area: AreaTable;
  stored_file: StoredFileTable;
}
