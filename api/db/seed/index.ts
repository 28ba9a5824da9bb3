// Seeding: reference data (dictionary, areas) that every installation needs, and demo data (companies,
// products with generated lace pictures) so that a fresh checkout shows a living marketplace.
import os from 'node:os';
import type { Insertable, Kysely } from 'kysely';
import type { ApiDeps } from '../../deps';
import type { Database } from '../schema';
import { seedDictionary } from '../../modules/dictionary/dictionary.service';
import { seedAreas } from '../../modules/area/area.service';
import { findCompaniesByNames, insertCompany, setCompanyImages } from '../../modules/company/company.service';
import {
  countAllProducts, coverFromFirstPicture, hasNoProducts, indexProducts, insertProductPictures, insertProductRows,
} from '../../modules/catalogue/catalogue.service';
import { recordStoredFiles } from '../../modules/file/upload.service';
import { demoCompanies } from './demo-companies';
import { demoProduct, layoutOf, type Colour, type DemoProduct } from './demo-products';
import { designFor, paintJpeg, shadeView, shadeViews, type LaceView } from './lace-image';
import { drawGarment } from './garment-image';
import { seedSettledLands } from '../../modules/settlement/settlement.service';
import { seedDemoAccounts, type SeededAccount } from './demo-accounts';

export type SeedLog = (msg: string) => void;

export interface SeedOptions {
  products: number;
  log?: SeedLog;
  /** at most this many distinct lace designs are drawn; further products reuse their pictures */
  designPool?: number;
  /** products drawn at the same time (sharp itself is multithreaded) */
  concurrency?: number;
}

export const IMAGE_SIZE = 800;
const VIEWS: LaceView[] = ['full', 'detail', 'drape'];
const DEFAULT_POOL = 600;

/** True when there is no product yet: the start-up seed runs then. */
export const isDatabaseEmpty = (db: Kysely<Database>): Promise<boolean> => hasNoProducts(db);

type StoredFileRow = Insertable<Database['stored_file']>;
type ProductRow = Insertable<Database['product']>;
type ProductImageRow = Insertable<Database['product_image']>;
type ColourCardRow = Insertable<Database['colour_card']>;

/** Dictionary and areas; idempotent and quick, so tests and every start can call it. */
export async function seedReferenceData(deps: Pick<ApiDeps, 'db'>): Promise<{ dictionary: number; areas: number }> {
  const db = deps.db.db;
  const dictionary = await seedDictionary(db);
  const areas = await seedAreas(db);
  await seedSettledLands(db);
  return { dictionary, areas };
}

const nowIso = () => new Date().toISOString();

async function storeJpeg(deps: ApiDeps, path: string, body: Buffer, width: number, height: number): Promise<StoredFileRow> {
  await deps.storage.put(path, body, 'image/jpeg');
  return { path, content_type: 'image/jpeg', size: body.length, width, height, owner_user_id: null, created_at: nowIso() };
}

/** The demo companies, inserted when missing (with a logo and a banner); ids in demoCompanies order. */
async function ensureCompanies(deps: ApiDeps, log: SeedLog): Promise<Array<{ id: number; codePrefix: string }>> {
  const db = deps.db.db;
  const existing = new Map((await findCompaniesByNames(db, demoCompanies.map((c) => c.name))).map((c) => [c.name, c.id]));
  const result: Array<{ id: number; codePrefix: string }> = [];
  let created = 0;
  for (const [i, c] of demoCompanies.entries()) {
    let id = existing.get(c.name);
    if (id === undefined) {
      const at = new Date(Date.parse(`${c.establishedAt}T08:00:00Z`) + 86_400_000 * 400).toISOString();
      id = await insertCompany(db, {
        name: c.name, name_en: c.nameEn, abbreviation: c.abbreviation, kind: c.kind, logo_path: '', banner_path: '',
        main_business: c.mainBusiness, main_business_en: c.mainBusinessEn, intro: c.intro, intro_en: c.introEn, tel: c.tel,
        province: c.province, city: c.city, address: c.address, lat: c.lat, lng: c.lng, established_at: c.establishedAt,
        staff_count: c.staffCount, workshop_area: c.workshopArea, status: 1, created_at: at, updated_at: at,
      });
      const design = designFor(900_000 + i, 'medallion');
      const bannerDesign = designFor(900_100 + i, 'bigBorder');
      const [logo, banner] = await Promise.all([
        shadeView(design, 'full', 240, 240).then((s) => paintJpeg(s, design, c.colour)),
        shadeView(bannerDesign, 'full', 1190, 300).then((s) => paintJpeg(s, bannerDesign, c.colour)),
      ]);
      const logoPath = `company/${id}/logo.jpg`, bannerPath = `company/${id}/banner.jpg`;
      await recordStoredFiles(db, [await storeJpeg(deps, logoPath, logo, 240, 240), await storeJpeg(deps, bannerPath, banner, 1190, 300)]);
      await setCompanyImages(db, id, logoPath, bannerPath);
      created++;
    }
    result.push({ id, codePrefix: c.codePrefix });
  }
  if (created) log(`seed: ${created} companies created`);
  return result;
}

/** Pictures of one product: its three views in its first colour, and the full view in each other colour. */
interface Pictures { views: Buffer[]; cards: Buffer[] }

async function drawProduct(p: DemoProduct): Promise<Pictures> {
  if (p.kind === 2 && p.garment) return drawGarment(designFor(p.index, 'fabric'), p.garment, p.colours.map((c) => c.hex), IMAGE_SIZE);
  const design = designFor(p.index, layoutOf[p.patternType]);
  const shadings = await shadeViews(design, IMAGE_SIZE, IMAGE_SIZE);
  const views: Buffer[] = [];
  for (const view of VIEWS) views.push(await paintJpeg(shadings[view], design, p.colours[0].hex));
  const cards: Buffer[] = [];
  for (const c of p.colours.slice(1)) cards.push(await paintJpeg(shadings.full, design, c.hex));
  return { views, cards };
}

/** Stored pictures another product may reuse (large catalogues), by poolKey. */
interface PoolEntry { imagePaths: string[]; cards: Array<Colour & { path: string }> }

/** Products reuse pictures of their own kind: lace of the same pattern type, garments of the same cut. */
const poolKey = (p: DemoProduct) => (p.kind === 2 ? `garment:${p.garment}` : `lace:${p.patternType}`);

function productRow(p: DemoProduct, companyId: number, coverPath: string): ProductRow {
  return {
    company_id: companyId, kind: p.kind, code: p.code, title: p.title, title_en: p.titleEn, description: p.description,
    description_en: p.descriptionEn, composition: p.composition, pattern_type: p.patternType, shape: p.shape, unit: p.unit,
    price: p.price, width_cm: p.widthCm, edge: p.edge, craft: p.craft, stretch: p.stretch, cover_path: coverPath, views: p.views, status: 1, created_at: p.createdAt, updated_at: p.createdAt,
  };
}

/** Writes drawn products: rows, pictures and file records in one transaction per batch. */
async function saveDrawn(deps: ApiDeps, companyIds: number[], batch: Array<{ p: DemoProduct; pics: Pictures }>, pool: Map<string, PoolEntry[]>): Promise<void> {
  await deps.db.db.transaction().execute(async (trx) => {
    const ids = await insertProductRows(trx, batch.map(({ p }) => productRow(p, companyIds[p.companyIndex], '')));
    const images: ProductImageRow[] = [];
    const cards: ColourCardRow[] = [];
    const files: StoredFileRow[] = [];
    for (const [k, { p, pics }] of batch.entries()) {
      const id = ids[k];
      const imagePaths = pics.views.map((_, n) => `product/${id}/${n + 1}.jpg`);
      for (const [n, body] of pics.views.entries()) {
        files.push(await storeJpeg(deps, imagePaths[n], body, IMAGE_SIZE, IMAGE_SIZE));
        images.push({ product_id: id, path: imagePaths[n], width: IMAGE_SIZE, height: IMAGE_SIZE, sort: n + 1 });
      }
      // The first colour card is the colour the product's own pictures show.
      const cardPaths = [imagePaths[0], ...pics.cards.map((_, n) => `product/${id}/colour-${n + 2}.jpg`)];
      for (const [n, body] of pics.cards.entries()) files.push(await storeJpeg(deps, cardPaths[n + 1], body, IMAGE_SIZE, IMAGE_SIZE));
      p.colours.forEach((c, n) => cards.push({ product_id: id, name: c.name, name_en: c.nameEn, hex: c.hex, image_path: cardPaths[n], sort: n + 1 }));
      const entries = pool.get(poolKey(p)) ?? [];
      entries.push({ imagePaths, cards: p.colours.map((c, n) => ({ ...c, path: cardPaths[n] })) });
      pool.set(poolKey(p), entries);
    }
    await insertProductPictures(trx, images, cards);
    await recordStoredFiles(trx, files);
    await coverFromFirstPicture(trx, ids);
    await indexProducts({ db: trx, dialect: deps.db.dialect }, ids);
  });
}

/** Writes products that reuse pictures of the pool (same pattern type), in one transaction per batch. */
async function saveReused(deps: ApiDeps, companyIds: number[], batch: DemoProduct[], pool: Map<string, PoolEntry[]>): Promise<void> {
  const picked = batch.map((p) => {
    const entries = pool.get(poolKey(p))!;
    return entries[(p.index * 7 + 3) % entries.length];
  });
  await deps.db.db.transaction().execute(async (trx) => {
    const ids = await insertProductRows(trx, batch.map((p, k) => productRow(p, companyIds[p.companyIndex], picked[k].imagePaths[0])));
    const images: ProductImageRow[] = [];
    const cards: ColourCardRow[] = [];
    ids.forEach((id, k) => {
      picked[k].imagePaths.forEach((path, n) => images.push({ product_id: id, path, width: IMAGE_SIZE, height: IMAGE_SIZE, sort: n + 1 }));
      picked[k].cards.forEach((c, n) => cards.push({ product_id: id, name: c.name, name_en: c.nameEn, hex: c.hex, image_path: c.path, sort: n + 1 }));
    });
    await insertProductPictures(trx, images, cards);
    await indexProducts({ db: trx, dialect: deps.db.dialect }, ids);
  });
}

const countProducts = (db: Kysely<Database>): Promise<number> => countAllProducts(db);

/**
 * Reference data, the demo companies (when missing) and `opts.products` more products with pictures.
 * Product n of the catalogue always gets the same design, text and colours.
 */
export async function seedDemoData(deps: ApiDeps, opts: SeedOptions): Promise<{ companies: number; products: number; accounts: SeededAccount[] }> {
  const result = await seedDemoCatalogue(deps, opts);
  const log = opts.log ?? (() => undefined);
  // Demo accounts exist only beside demo data, and only when the setting allows them.
  const accounts = deps.config.demoAccounts && result.firstCompanyId !== undefined ? await seedDemoAccounts(deps, result.firstCompanyId, log) : [];
  return { companies: result.companies, products: result.products, accounts };
}

async function seedDemoCatalogue(deps: ApiDeps, opts: SeedOptions): Promise<{ companies: number; products: number; firstCompanyId?: number }> {
  const log = opts.log ?? (() => undefined);
  const db = deps.db.db;
  const started = Date.now();
  const ref = await seedReferenceData(deps);
  log(`seed: dictionary ${ref.dictionary} entries, ${ref.areas ? `${ref.areas} areas loaded` : 'areas already loaded'}`);
  const companies = await ensureCompanies(deps, log);
  const companyIds = companies.map((c) => c.id);
  const total = Math.max(0, Math.floor(opts.products));
  if (total === 0) return { companies: companies.length, products: 0, firstCompanyId: companyIds[0] };

  const first = await countProducts(db);
  const poolSize = Math.max(1, opts.designPool ?? DEFAULT_POOL);
  // One more than the cores: the JavaScript half of a drawing overlaps with libvips work of the others.
  const concurrency = Math.max(1, opts.concurrency ?? Math.min(5, os.availableParallelism() + 1));
  const now = Date.now();
  const pool = new Map<string, PoolEntry[]>();
  const productAt = (k: number) => demoProduct(first + k, companies, now);
  const drawnCount = Math.min(total, poolSize);
  const every = Math.max(1, Math.round(total / 20));
  let done = 0;
  const progress = (n: number) => {
    const before = done;
    done += n;
    if (Math.floor(done / every) !== Math.floor(before / every) || done === total) {
      log(`seed: ${done}/${total} products (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    }
  };

  // Drawn products: a few drawn at a time, written in batches as they finish.
  let next = 0;
  let pending: Array<{ p: DemoProduct; pics: Pictures }> = [];
  let writing: Promise<void> = Promise.resolve();
  const flush = () => {
    const batch = pending;
    pending = [];
    writing = writing.then(async () => {
      await saveDrawn(deps, companyIds, batch, pool);
      progress(batch.length);
    });
    return writing;
  };
  const worker = async () => {
    while (next < drawnCount) {
      const p = productAt(next++);
      const pics = await drawProduct(p); // before touching `pending`: a flush may swap it meanwhile
      pending.push({ p, pics });
      if (pending.length >= 16) await flush();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  if (pending.length) await flush();
  await writing;

  // The rest reuse pictures of a drawn product of the same pattern type (or get drawn when none has one).
  for (let k = drawnCount; k < total;) {
    const batch: DemoProduct[] = [];
    for (; k < total && batch.length < 400; k++) {
      const p = productAt(k);
      if (!pool.get(poolKey(p))?.length) {
        await saveDrawn(deps, companyIds, [{ p, pics: await drawProduct(p) }], pool);
        progress(1);
      } else {
        batch.push(p);
      }
    }
    if (batch.length) {
      await saveReused(deps, companyIds, batch, pool);
      progress(batch.length);
    }
  }
  return { companies: companies.length, products: total, firstCompanyId: companyIds[0] };
}
