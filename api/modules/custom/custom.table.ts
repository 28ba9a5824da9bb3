// Tables of the custom module. Collected into Database by api/db/schema.ts.
import type { Generated } from 'kysely';

/** Custom pattern and garment requests; images and fields are JSON text. */
export interface CustomRequestTable {
  id: Generated<number>;
  user_id: number;
  kind: string;                // pattern | garment
  status: number;              // 0 submitted, 1 quoted, 2 closed
  images: string;              // JSON array of storage paths
  fields: string;              // JSON object
  created_at: string;
  updated_at: string;
}

export interface CustomTables {
  custom_request: CustomRequestTable;
}
