// The shop manager: the rest of the company's fields, and the shop's certificates, partners, equipment
// and micro-site template.
import type { MigrationStep } from './helpers';
import { withId } from './helpers';

export const shop: MigrationStep = {
  name: '2026112318-shop',
  async up(db, ctx) {
    // One column a statement: SQLite's ALTER TABLE adds one at a time.
    const text = ['fax', 'sms_mobiles', 'album', 'markets', 'customers'];
    for (const col of text) {
      const dflt = col === 'sms_mobiles' || col === 'album' ? '[]' : '';
      await db.schema.alterTable('company').addColumn(col, 'text', (c) => c.notNull().defaultTo(dflt)).execute();
    }
    for (const col of ['registered_capital', 'company_type', 'annual_turnover', 'business_model']) {
      await db.schema.alterTable('company').addColumn(col, 'integer').execute();
    }

    await withId(db.schema.createTable('shop_certificate'), ctx)
      .addColumn('company_id', 'integer', (c) => c.notNull().references('company.id'))
      .addColumn('type', 'integer', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('number', 'text', (c) => c.notNull())
      .addColumn('issuer', 'text', (c) => c.notNull())
      .addColumn('valid_from', 'text', (c) => c.notNull())
      .addColumn('valid_to', 'text')
      .addColumn('images', 'text', (c) => c.notNull())
      .addColumn('verify_status', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('verify_note', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('verified_by', 'integer')
      .addColumn('verified_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('shop_certificate_company_idx').on('shop_certificate').column('company_id').execute();
    await db.schema.createIndex('shop_certificate_status_idx').on('shop_certificate').columns(['verify_status', 'updated_at']).execute();

    await withId(db.schema.createTable('shop_partner'), ctx)
      .addColumn('company_id', 'integer', (c) => c.notNull().references('company.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('kind', 'integer', (c) => c.notNull())
      .addColumn('contact', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('tel', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('province', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('city', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('intro', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('logo_path', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('shop_partner_company_idx').on('shop_partner').column('company_id').execute();

    await withId(db.schema.createTable('shop_device'), ctx)
      .addColumn('company_id', 'integer', (c) => c.notNull().references('company.id'))
      .addColumn('kind', 'integer', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('gauge', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('needles', 'integer')
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('shop_device_company_idx').on('shop_device').column('company_id').execute();

    await db.schema.createTable('shop_website')
      .addColumn('company_id', 'integer', (c) => c.primaryKey().references('company.id'))
      .addColumn('template_id', 'text', (c) => c.notNull())
      .addColumn('sections', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
  },
};
