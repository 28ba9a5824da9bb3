// Kysely's Database: every module's tables, each declared in its module's x.table.ts (as kysely's
// example/ collects them). Timestamps are ISO-8601 text in both dialects, so that ordering and
// comparisons behave the same on SQLite and PostgreSQL.
import type { AccountTables } from '../modules/account/account.table';
import type { AreaTables } from '../modules/area/area.table';
import type { CartTables } from '../modules/cart/cart.table';
import type { CatalogueTables } from '../modules/catalogue/catalogue.table';
import type { CompanyTables } from '../modules/company/company.table';
import type { ConsigneeTables } from '../modules/consignee/consignee.table';
import type { CustomTables } from '../modules/custom/custom.table';
import type { EnquiryTables } from '../modules/enquiry/enquiry.table';
import type { DictionaryTables } from '../modules/dictionary/dictionary.table';
import type { FavouriteTables } from '../modules/favourite/favourite.table';
import type { FileTables } from '../modules/file/file.table';
import type { NotificationTables } from '../modules/notification/notification.table';
import type { OrderTables } from '../modules/order/order.table';
import type { PlatformTables } from '../modules/platform/platform.table';
import type { PurchaseTables } from '../modules/purchase/purchase.table';
import type { SearchTables } from '../modules/search/search.table';
import type { SettlementTables } from '../modules/settlement/settlement.table';
import type { ShopTables } from '../modules/shop/shop.table';
import type { SmsTables } from '../modules/sms/sms.table';
import type { SupplyTables } from '../modules/supply/supply.table';

export interface Database extends
  AccountTables, AreaTables, CartTables, CatalogueTables, CompanyTables, ConsigneeTables, CustomTables,
  DictionaryTables, EnquiryTables, FavouriteTables, FileTables, NotificationTables, OrderTables, PlatformTables, PurchaseTables,
  SearchTables, SettlementTables, ShopTables, SmsTables, SupplyTables {}
