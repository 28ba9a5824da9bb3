import type { MigrationStep } from './helpers';
import { withId } from './helpers';

export const catalogue: MigrationStep = {
  name: '2026112201-catalogue',
  async up(db, ctx) {
    await withId(db.schema.createTable('company'), ctx)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('name_en', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('abbreviation', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('kind', 'integer', (c) => c.notNull())
      .addColumn('logo_path', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('banner_path', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('main_business', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('main_business_en', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('intro', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('intro_en', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('tel', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('province', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('city', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('lat', 'real')
      .addColumn('lng', 'real')
      .addColumn('established_at', 'text')
      .addColumn('staff_count', 'integer')
      .addColumn('workshop_area', 'integer')
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('product'), ctx)
      .addColumn('company_id', 'integer', (c) => c.notNull().references('company.id'))
      .addColumn('kind', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('title_en', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('description_en', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('composition', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('pattern_type', 'integer', (c) => c.notNull())
      .addColumn('shape', 'integer', (c) => c.notNull())
      .addColumn('unit', 'integer', (c) => c.notNull())
      .addColumn('price', 'integer')
      .addColumn('width_cm', 'integer')
      .addColumn('cover_path', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('product_listing_idx').on('product').columns(['status', 'kind', 'created_at']).execute();
    await db.schema.createIndex('product_company_idx').on('product').columns(['company_id', 'status']).execute();
    await db.schema.createIndex('product_type_idx').on('product').columns(['pattern_type', 'status']).execute();

    await withId(db.schema.createTable('product_image'), ctx)
      .addColumn('product_id', 'integer', (c) => c.notNull().references('product.id').onDelete('cascade'))
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('product_image_product_idx').on('product_image').columns(['product_id', 'sort']).execute();

    await withId(db.schema.createTable('colour_card'), ctx)
      .addColumn('product_id', 'integer', (c) => c.notNull().references('product.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('name_en', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('hex', 'text', (c) => c.notNull())
      .addColumn('image_path', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('colour_card_product_idx').on('colour_card').columns(['product_id', 'sort']).execute();

    await withId(db.schema.createTable('dictionary'), ctx)
      .addColumn('type_key', 'text', (c) => c.notNull())
      .addColumn('dic_value', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('name_en', 'text', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addUniqueConstraint('dictionary_key_value_uq', ['type_key', 'dic_value'])
      .execute();

    await db.schema.createTable('area')
      .addColumn('code', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('parent_code', 'text')
      .addColumn('level', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('area_parent_idx').on('area').column('parent_code').execute();
    await db.schema.createIndex('area_level_idx').on('area').column('level').execute();

    await withId(db.schema.createTable('stored_file'), ctx)
      .addColumn('path', 'text', (c) => c.notNull().unique())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('width', 'integer')
      .addColumn('height', 'integer')
      .addColumn('owner_user_id', 'integer')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
};
