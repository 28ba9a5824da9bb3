// Tables of the catalogue module (SQLite also keeps product_fts, an FTS5 table outside Kysely's types: see search-index.ts). Collected into Database by api/db/schema.ts.
import type { Generated } from 'kysely';

export interface ProductTable {
  id: Generated<number>;
  company_id: number;
  kind: Generated<number>;               // ProductKind: 1 pattern (lace), 2 garment
  code: string;
  title: string;
  title_en: Generated<string>;
  description: Generated<string>;
  description_en: Generated<string>;
  composition: Generated<string>;
  pattern_type: number;
  shape: number;
  unit: number;
  price: number | null;       // cents
  width_cm: number | null;
  cover_path: Generated<string>;
  views: Generated<number>;
  status: Generated<number>;             // ProductStatus: 1 on sale, 0 off sale, 2 taken down by the platform
  bulk_ladder: Generated<string>;        // JSON PriceStep[] (cents per unit from a quantity); '' none
  edge: number | null;                   // LaceEdge
  craft: number | null;                  // LaceCraft
  stretch: number | null;                // LaceStretch
  weight_g_per_m: number | null;         // grams per metre, given by the seller (kilograms are offered only then)
  takedown_reason: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface ProductImageTable {
  id: Generated<number>;
  product_id: number;
  path: string;
  width: number;
  height: number;
  sort: Generated<number>;
}

export interface ColourCardTable {
  id: Generated<number>;
  product_id: number;
  name: string;
  name_en: Generated<string>;
  hex: string;
  image_path: Generated<string>;
  sort: Generated<number>;
}

/** The PostgreSQL full-text document of a product (SQLite keeps it in the FTS5 table product_fts). */
/**
 * PostgreSQL: a product's search document, and a copy of the product's columns that the search's filters
 * read (kept in step by the search index and a trigger on product: migration 2026112485).
 */
export interface ProductSearchTable {
  product_id: number; doc: string;
  status: number | null; company_id: number | null; kind: number | null; pattern_type: number | null; shape: number | null;
  unit: number | null; edge: number | null; craft: number | null; stretch: number | null; price: number | null;
}

/** SQLite only: the tokens of product_fts's four columns as written (space-separated), for ranking in the api (search-index.ts). */
export interface ProductSearchTermsTable { product_id: number; tw: string; tc: string; bw: string; bc: string }

/** Every Latin or digit word the search index has held (search-index.ts: prefixExpansions). */
export interface ProductSearchVocabTable { term: string }

/** A pair of products of two companies whose pictures photo search finds nearly the same (pattern-copy detection). */
export interface ProductCopyFlagTable {
  id: Generated<number>;
  product_id: number;                    // the product saved later (flagged to its seller)
  other_product_id: number;              // the other company's product it resembles
  similarity: number;                    // the engine's similarity, 0..1
  status: Generated<number>;             // CopyFlagStatus: 0 open, 1 dismissed, 2 taken down
  reason: Generated<string>;             // the operator's reason
  decided_by: number | null;
  created_at: string;
  decided_at: string | null;
}

/** The picture version of a product pattern-copy detection last compared (a digest of its picture paths). */
export interface ProductCopyCheckTable {
  product_id: number;
  pictures: string;
  checked_at: string;
}

export interface CatalogueTables {
  product: ProductTable;
  product_image: ProductImageTable;
  colour_card: ColourCardTable;
  product_search: ProductSearchTable;
  product_search_terms: ProductSearchTermsTable;
  product_search_vocab: ProductSearchVocabTable;
  product_copy_flag: ProductCopyFlagTable;
  product_copy_check: ProductCopyCheckTable;
}
