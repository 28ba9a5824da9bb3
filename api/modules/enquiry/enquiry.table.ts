// Tables of the enquiry module: questions (询盘) about a product, a supply offer or a purchase request,
// and the replies threaded under each. Exactly one of seller_company_id and seller_user_id is set: the
// company that owns the product or offer, or the person who owns a request (or an offer without a shop).
import type { Generated } from 'kysely';

export interface EnquiryTable {
  id: Generated<number>;
  asker_id: number;
  asker_company_id: number | null;  // the company the asker acted for when asking (shown to the seller)
  kind: number;                      // EnquiryTarget: 1 product, 2 supply, 3 purchase
  target_id: number;
  subject: string;                   // what it is about, as it read when asked (title or description)
  subject_en: string;
  seller_company_id: number | null;
  seller_user_id: number | null;
  text: string;
  reply_count: number;
  last_asker_at: string;             // the asker's question or latest reply
  last_seller_at: string | null;     // the seller side's latest reply (null: not answered)
  asker_read_at: string | null;
  seller_read_at: string | null;
  created_at: string;
  updated_at: string;                // the latest message of either side
}

export interface EnquiryReplyTable {
  id: Generated<number>;
  enquiry_id: number;
  author_id: number;
  from_seller: number;               // 1: written by the seller side
  text: string;
  created_at: string;
}

export interface EnquiryTables {
  enquiry: EnquiryTable;
  enquiry_reply: EnquiryReplyTable;
}
