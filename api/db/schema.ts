// Table types for Kysely. Each module owns its tables (see the comment on each); timestamps are ISO-8601
// text in both dialects so that ordering and comparisons behave the same on SQLite and PostgreSQL.
import type { Generated } from 'kysely';

/** company module */
export interface CompanyTable {
  id: Generated<number>;
  name: string;
  name_en: Generated<string>;
  abbreviation: Generated<string>;
  kind: number;               // 1 manufacturer, 2 trader
  logo_path: Generated<string>;
  banner_path: Generated<string>;
  main_business: Generated<string>;
  main_business_en: Generated<string>;
  intro: Generated<string>;
  intro_en: Generated<string>;
  tel: Generated<string>;
  province: Generated<string>;           // area code
  city: Generated<string>;               // area code
  address: Generated<string>;
  lat: number | null;
  lng: number | null;
  established_at: string | null;
  staff_count: number | null;
  workshop_area: number | null;
  status: Generated<number>;             // 1 active, 0 removed
  created_at: string;
  updated_at: string;
}

/** catalogue module */
export interface ProductTable {
  id: Generated<number>;
  company_id: number;
  kind: Generated<number>;               // 1 pattern (lace), 2 garment
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
  status: Generated<number>;             // 1 on sale, 0 removed
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

/** dictionary module */
export interface DictionaryTable {
  id: Generated<number>;
  type_key: string;
  dic_value: string;
  name: string;
  name_en: string;
  sort: Generated<number>;
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

/** account module */
export interface UserTable {
  id: Generated<number>;
  mobile: string;
  password_hash: string;
  user_type: number;
  nickname: string;
  real_name: string;
  email: string;
  avatar_path: string;
  company_id: number | null;
  settled: number;
  created_at: string;
  updated_at: string;
}

export interface SessionTable { token_hash: string; user_id: number; expires_at: string; created_at: string }

/** sms module */
export interface SmsCodeTable {
  id: Generated<number>;
  mobile: string;
  purpose: string;
  code_hash: string;
  attempts: number;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface LoginFailureTable { mobile: string; failures: number; window_start: string }

/** consignee module */
export interface ConsigneeTable {
  id: Generated<number>;
  user_id: number;
  consignee: string;
  phone: string;
  province_code: string;
  city_code: string;
  district_code: string;
  region: string;
  detail: string;
  is_default: number;
  created_at: string;
  updated_at: string;
}

/** cart module */
export interface ShoppingCartTable {
  id: Generated<number>;
  user_id: number;
  company_id: number;
  product_id: number;
  color_id: number;
  buy_type: number;           // BuyType: 1 sample cut, 2 bulk, 3 plate cut
  buy_num: number;
  created_at: string;
  updated_at: string;
}

/** order module: one submission of /order/placeOrder, which makes one order per company */
export interface OrderPlacementTable {
  id: Generated<number>;
  buyer_id: number;
  idempotency_key: string;    // unique per buyer: a double submit finds the first placement
  request_hash: string;
  created_at: string;
}

/** order module */
export interface TradeOrderTable {
  id: Generated<number>;
  order_no: string;
  placement_id: number;
  buyer_id: number;
  company_id: number;         // the seller
  buy_type: number;
  status: number;             // OrderStatus
  sub_status: number | null;  // PaymentStage while status is 2010
  status_at: string;          // when status or sub_status last changed
  version: number;            // bumped by every change: conditional updates compare it
  after_sale_status: number | null;
  goods_amount: number | null; // cents; null while a bulk order waits for the seller's price
  deposit_amount: number;
  balance_amount: number;
  paid_amount: number;
  remark: string;
  stock_period: number;       // days
  delivery: number;           // Delivery
  consignee_name: string;
  consignee_phone: string;
  consignee_region: string;
  consignee_detail: string;
  carrier: string;
  tracking_no: string;
  ship_by: string | null;
  cancel_reason: string;
  created_at: string;
  updated_at: string;
  seller_confirmed_at: string | null;
  deposit_paid_at: string | null;
  paid_at: string | null;
  sample_sent_at: string | null;
  shipped_at: string | null;
  received_at: string | null;
  trade_success_at: string | null;
  cancelled_at: string | null;
}

export interface OrderLineTable {
  id: Generated<number>;
  order_id: number;
  product_id: number;
  color_id: number;
  title: string;
  title_en: string;
  code: string;
  colour_name: string;
  colour_name_en: string;
  hex: string;
  image_path: string;
  unit: number;
  unit_price: number | null;  // cents
  num: number;
  amount: number | null;      // cents
  sort: number;
}

export interface OrderPaymentTable {
  id: Generated<number>;
  order_id: number;
  purpose: string;            // full | deposit | balance
  amount: number;             // cents
  driver: string;             // offline, or an online provider's name
  status: string;             // pending | confirmed | rejected | void
  payer_name: string;
  reference: string;          // bank transfer serial or the provider's reference
  note: string;
  declared_by: number;
  created_at: string;
  decided_at: string | null;
  decided_by: number | null;
  decision_note: string;
}

export interface AfterSaleTable {
  id: Generated<number>;
  order_id: number;
  buyer_id: number;
  reason: string;
  status: number;             // AfterSaleStatus 0-3
  order_state: number;        // the order's state when it was requested
  platform_note: string;
  decided_by: number | null;
  created_at: string;
  updated_at: string;
  decided_at: string | null;
}

/** The audit trail and the timeline of an order: who did what, when. */
export interface OrderEventTable {
  id: Generated<number>;
  order_id: number;
  actor: string;              // buyer | seller | system | platform
  actor_user_id: number | null;
  action: string;
  from_state: number | null;
  to_state: number | null;
  note: string;
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
  app_user: UserTable;
  user_session: SessionTable;
  sms_code: SmsCodeTable;
  login_failure: LoginFailureTable;
  consignee: ConsigneeTable;
  shopping_cart: ShoppingCartTable;
  order_placement: OrderPlacementTable;
  trade_order: TradeOrderTable;
  order_line: OrderLineTable;
  order_payment: OrderPaymentTable;
  after_sale: AfterSaleTable;
  order_event: OrderEventTable;
}

/** search module: photo-search jobs (also the daily quota), results, and catalogue image descriptors */
export interface SearchJobTable {
  id: Generated<number>;
  search_key: string;          // unguessable, handed to the page
  public_id: number | string;  // the search id pages see: random below 2^48 (PostgreSQL returns bigint as a string)
  subject: string;             // quota subject: "u:<user id>" or "v:<ip>|<visitor id>"
  user_id: number | null;
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
  created_at: string;
}

// Declaration merging adds the search tables to Database without touching the list above.
export interface Database {
  search_job: SearchJobTable;
  search_result: SearchResultTable;
  image_descriptor: ImageDescriptorTable;
}

/** catalogue module: the PostgreSQL full-text document of a product (SQLite keeps it in the FTS5 table product_fts) */
export interface ProductSearchTable { product_id: number; doc: string }

/** favourite module: one row per (user, type, target); type 1 company, 2 product, 3 supply */
export interface FavouriteTable { id: Generated<number>; user_id: number; target_type: number; target_id: number; created_at: string }

/** file module: an upload directory handed to one user by /file/token */
export interface UploadGrantTable { id: Generated<number>; dir: string; user_id: number; file_type: string; created_at: string; expires_at: string }

/** custom module: custom pattern and garment requests; images and fields are JSON text */
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

export interface Database {
  product_search: ProductSearchTable;
  favourite: FavouriteTable;
  upload_grant: UploadGrantTable;
  custom_request: CustomRequestTable;
}
