// Tables of the search module: photo-search jobs (also the daily quota), results, and catalogue image descriptors. Collected into Database by api/db/schema.ts.
import type { Generated } from 'kysely';

export interface SearchJobTable {
  id: Generated<number>;
  search_key: string;          // unguessable, handed to the page
  public_id: number | string;  // the search id pages see: random below 2^48 (PostgreSQL returns bigint as a string)
  subject: string;             // quota subject: "u:<user id>" or "v:<signed visitor id>" ("v:<ip>|<id>" before 2026112410)
  user_id: number | null;
  client_ip: string | null;    // the client address of a guest's search (per-address daily cap)
  owner: string | null;        // the api replica (API_INSTANCE_ID) that runs it
  day: string;                 // YYYY-MM-DD (UTC) the search counts against
  status: string;              // pending, done, cancelled, failed
  source: string;              // encoded or url
  error: string | null;
  created_at: string;
  finished_at: string | null;
}

export interface SearchResultTable { search_id: number; rank: number; product_id: number; score: number }

export interface ImageDescriptorTable {
  id: Generated<number>;
  product_id: number;
  image_path: string;
  view: string;
  model: string;
  dim: number;
  vec: Uint8Array;             // Float32 little-endian
  thumb: Uint8Array | null;    // the rows of 'full' and 'tight' (THUMB_VIEWS): the view's luma over 48 × 48 cells (engine/window-check.ts); null on the other views' rows
  thumb_lace: number | null;   // the rows of LACE_THUMBS ('tight'): the picture's threads' colour 0xRRGGBB (engine/window-check.ts thumbLace), -1 where not told; null elsewhere and before it is made
  created_at: string;
}

export interface SearchTables {
  search_job: SearchJobTable;
  search_result: SearchResultTable;
  image_descriptor: ImageDescriptorTable;
}
