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

/** One company's answer to a custom request (unique per request and company): a quote or a decline. */
export interface CustomQuoteTable {
  id: Generated<number>;
  request_id: number;
  company_id: number;
  user_id: number;             // the seller who last saved it
  status: number;              // QuoteStatus: 1 quoted, 2 declined
  price: number | null;        // cents, for the quantity asked
  lead_days: number | null;
  note: string;
  created_at: string;
  updated_at: string;
}

export interface CustomTables {
  custom_request: CustomRequestTable;
  custom_quote: CustomQuoteTable;
}
