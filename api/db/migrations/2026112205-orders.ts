import { sql } from 'kysely';
import type { MigrationStep } from './helpers';
import { withId } from './helpers';

// Cart and orders. Order lines keep a snapshot of the product (title, code, colour, price) so that
// later catalogue edits never change an order; order_event is the audit trail and the timeline.
export const orders: MigrationStep = {
  name: '2026112205-orders',
  async up(db, ctx) {
    await withId(db.schema.createTable('shopping_cart'), ctx)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('company_id', 'integer', (c) => c.notNull().references('company.id').onDelete('cascade'))
      .addColumn('product_id', 'integer', (c) => c.notNull().references('product.id').onDelete('cascade'))
      .addColumn('color_id', 'integer', (c) => c.notNull().references('colour_card.id').onDelete('cascade'))
      .addColumn('buy_type', 'integer', (c) => c.notNull())
      .addColumn('buy_num', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('shopping_cart_line_uq', ['user_id', 'buy_type', 'color_id'])
      .execute();

    await withId(db.schema.createTable('order_placement'), ctx)
      .addColumn('buyer_id', 'integer', (c) => c.notNull().references('app_user.id'))
      .addColumn('idempotency_key', 'text', (c) => c.notNull())
      .addColumn('request_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('order_placement_key_uq', ['buyer_id', 'idempotency_key'])
      .execute();

    await withId(db.schema.createTable('trade_order'), ctx)
      .addColumn('order_no', 'text', (c) => c.notNull().unique())
      .addColumn('placement_id', 'integer', (c) => c.notNull().references('order_placement.id'))
      .addColumn('buyer_id', 'integer', (c) => c.notNull().references('app_user.id'))
      .addColumn('company_id', 'integer', (c) => c.notNull().references('company.id'))
      .addColumn('buy_type', 'integer', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('sub_status', 'integer')
      .addColumn('status_at', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('after_sale_status', 'integer')
      .addColumn('goods_amount', 'integer')
      .addColumn('deposit_amount', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('balance_amount', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('paid_amount', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('stock_period', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('delivery', 'integer', (c) => c.notNull())
      .addColumn('consignee_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('consignee_phone', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('consignee_region', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('consignee_detail', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('carrier', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('tracking_no', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('ship_by', 'text')
      .addColumn('cancel_reason', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('seller_confirmed_at', 'text')
      .addColumn('deposit_paid_at', 'text')
      .addColumn('paid_at', 'text')
      .addColumn('sample_sent_at', 'text')
      .addColumn('shipped_at', 'text')
      .addColumn('received_at', 'text')
      .addColumn('trade_success_at', 'text')
      .addColumn('cancelled_at', 'text')
      .execute();
    await db.schema.createIndex('trade_order_buyer_idx').on('trade_order').columns(['buyer_id', 'buy_type', 'status']).execute();
    await db.schema.createIndex('trade_order_company_idx').on('trade_order').columns(['company_id', 'buy_type', 'status']).execute();
    await db.schema.createIndex('trade_order_sweep_idx').on('trade_order').columns(['status', 'status_at']).execute();
    await db.schema.createIndex('trade_order_placement_idx').on('trade_order').column('placement_id').execute();

    await withId(db.schema.createTable('order_line'), ctx)
      .addColumn('order_id', 'integer', (c) => c.notNull().references('trade_order.id').onDelete('cascade'))
      .addColumn('product_id', 'integer', (c) => c.notNull())
      .addColumn('color_id', 'integer', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('title_en', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('colour_name', 'text', (c) => c.notNull())
      .addColumn('colour_name_en', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('hex', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('image_path', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('unit', 'integer', (c) => c.notNull())
      .addColumn('unit_price', 'integer')
      .addColumn('num', 'integer', (c) => c.notNull())
      .addColumn('amount', 'integer')
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('order_line_order_idx').on('order_line').columns(['order_id', 'sort']).execute();

    await withId(db.schema.createTable('order_payment'), ctx)
      .addColumn('order_id', 'integer', (c) => c.notNull().references('trade_order.id').onDelete('cascade'))
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('driver', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('payer_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('reference', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('declared_by', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('decided_at', 'text')
      .addColumn('decided_by', 'integer')
      .addColumn('decision_note', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.createIndex('order_payment_order_idx').on('order_payment').column('order_id').execute();
    // At most one payment awaiting confirmation per order, even under concurrent declarations.
    await db.schema.createIndex('order_payment_pending_uq').on('order_payment').column('order_id').unique().where(sql.ref('status'), '=', sql.lit('pending')).execute();

    await withId(db.schema.createTable('after_sale'), ctx)
      .addColumn('order_id', 'integer', (c) => c.notNull().references('trade_order.id').onDelete('cascade'))
      .addColumn('buyer_id', 'integer', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('order_state', 'integer', (c) => c.notNull())
      .addColumn('platform_note', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('decided_by', 'integer')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('decided_at', 'text')
      .execute();
    await db.schema.createIndex('after_sale_order_idx').on('after_sale').column('order_id').execute();
    await db.schema.createIndex('after_sale_status_idx').on('after_sale').columns(['status', 'created_at']).execute();

    await withId(db.schema.createTable('order_event'), ctx)
      .addColumn('order_id', 'integer', (c) => c.notNull().references('trade_order.id').onDelete('cascade'))
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('actor_user_id', 'integer')
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('from_state', 'integer')
      .addColumn('to_state', 'integer')
      .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('order_event_order_idx').on('order_event').columns(['order_id', 'id']).execute();
  },
};
