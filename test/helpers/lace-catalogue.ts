// A small lace catalogue for photo-search tests: one company and `n` products, each with a generated
// lace picture (distinct designs) stored through the storage driver.
import type { Kysely } from 'kysely';
import type { Database } from '../../api/db/schema';
import type { StorageDriver } from '../../api/modules/file/storage';
import { insertCompany } from '../../api/modules/company/company.queries';
import { designFor, renderLaceJpeg, type LaceLayout } from '../../api/db/seed/lace-image';

const LAYOUTS: LaceLayout[] = ['fabric', 'bigBorder', 'smallBorder', 'eyelash', 'medallion'];
const COLOURS = ['#f5f0e6', '#1b1b1b', '#c8102e', '#1f3a93', '#d4af37', '#7b2d8b', '#2e8b57', '#ff8c94'];

export interface TestProduct { id: number; picture: Buffer; path: string }

/** A seller company (kind 1, approved) with no products; `names` gives its Chinese and English names. */
export async function insertTestCompany(db: Kysely<Database>, names: { name: string; name_en: string; abbreviation: string } = { name: '测试花边厂', name_en: 'Test Lace Works', abbreviation: '测试' }): Promise<number> {
  const now = new Date().toISOString();
  return insertCompany(db, {
    ...names, kind: 1, logo_path: '', banner_path: '', main_business: '花边', main_business_en: 'lace',
    intro: '', intro_en: '', tel: '', province: '', city: '', address: '', lat: null, lng: null, established_at: null, staff_count: null, workshop_area: null,
    status: 1, created_at: now, updated_at: now,
  });
}

/** A product on sale written as the seed writes one: the row, its stored picture as cover and first image,
 * and no photo indexing. `title` defaults to the code. */
export async function addPicturedProduct(db: Kysely<Database>, storage: StorageDriver, companyId: number, code: string, picture: Buffer, opts: { title?: string; title_en?: string; price?: number; size?: number } = {}): Promise<{ id: number; path: string }> {
  const now = new Date().toISOString();
  const size = opts.size ?? 400;
  const row = await db.insertInto('product').values({
    company_id: companyId, kind: 1, code, title: opts.title ?? code, title_en: opts.title_en ?? code, description: '', description_en: '', composition: '',
    pattern_type: 100010, shape: 200012, unit: 400010, price: opts.price ?? 1000, width_cm: 120, cover_path: '', views: 0, status: 1, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  const path = `product/${row.id}/1.jpg`;
  await storage.put(path, picture, 'image/jpeg');
  await db.updateTable('product').set({ cover_path: path }).where('id', '=', row.id).execute();
  await db.insertInto('product_image').values({ product_id: row.id, path, width: size, height: size, sort: 1 }).execute();
  return { id: row.id, path };
}

/** `seed`: where the company's designs start (another seed, other designs); `name`: the company's name. */
export async function createLaceCatalogue(db: Kysely<Database>, storage: StorageDriver, n: number, size = 400, opts: { seed?: number; name?: string } = {}): Promise<TestProduct[]> {
  const companyId = await insertTestCompany(db, opts.name ? { name: opts.name, name_en: opts.name, abbreviation: '测试' } : undefined);
  const out: TestProduct[] = [];
  for (let i = 0; i < n; i++) {
    const design = designFor((opts.seed ?? 7000) + i * 13, LAYOUTS[i % LAYOUTS.length]);
    const picture = await renderLaceJpeg(design, COLOURS[i % COLOURS.length], 'full', size, size);
    const { id, path } = await addPicturedProduct(db, storage, companyId, `T-${1000 + i}`, picture, { title: `测试花边 ${i}`, title_en: `Test lace ${i}`, price: 1000 + i, size });
    await db.insertInto('colour_card').values({ product_id: id, name: '本色', name_en: 'Natural', hex: COLOURS[i % COLOURS.length], image_path: path, sort: 1 }).execute();
    out.push({ id, picture, path });
  }
  return out;
}
