// Tables of the cart module. Collected into Database by api/db/schema.ts.
import type { Generated } from 'kysely';

export interface ShoppingCartTable {
  id: Generated<number>;
  user_id: number;
  company_id: number;
  product_id: number;
  color_id: number;
  buy_type: number;           // BuyType: 1 sample cut, 2 bulk, 3 plate cut
  buy_num: number;
  display_unit: number | null; // the unit the buyer sees the line in (units.ts); null: the product's own
  created_at: string;
  updated_at: string;
}

export interface CartTables {
  shopping_cart: ShoppingCartTable;
}
