// `npm run import -- <folder>`: loads a manufacturer's patterns from a folder holding patterns.csv and
// the pictures it names. Columns (header row, UTF-8, comma separated, quotes allowed):
//   company,title,titleEn,patternType,shape,unit,price,colours,images
// patternType/shape/unit are codes (100010…) or English labels ("fabric", "in stock", "yard"); price is in
// yuan ("" = by negotiation); colours are names separated by "|", each optionally "name:#hex"; images are
// file names separated by "|", the first is the cover, the n-th colour uses the n-th picture when there is one.
// Each row is checked and imported on its own: a bad row is reported and the rest go in. Products are
// indexed for photo search as they are created. `--sample <folder>` writes a small sample folder first.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import sharp from 'sharp';
import type { Kysely } from 'kysely';
import { loadConfig } from '../config/index';
import { openDatabase } from '../api/db/database';
import { migrateToLatest } from '../api/db/migrate';
import type { Database } from '../api/db/schema';
import { createStorageDriver } from '../api/modules/file/create-storage';
import type { StorageDriver } from '../api/modules/file/storage';
import { findCompaniesByNames, insertCompany } from '../api/modules/company/company.service';
import { patternTypeLabels, shapeLabels, unitLabels, UserType } from '../isomorphic/domain/catalogue';
import { ImageIndexService } from '../api/modules/search/image-index.service';
import { imageSearchSettings } from '../api/modules/search/image-search.settings';
import { designFor, renderLaceJpeg, type LaceLayout } from '../api/db/seed/lace-image';
import { sniffFormat } from '../api/modules/search/engine/image-input';

export interface ImportRow {
  line: number;
  company: string; title: string; titleEn: string; patternType: string; shape: string; unit: string; price: string; colours: string; images: string;
}
export interface ImportReport { imported: Array<{ line: number; productId: number }>; errors: Array<{ line: number; error: string }> }

/** A CSV line splitter with quotes ("a, b" and doubled "" inside quotes). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [], cell = '', quoted = false;
  const src = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < src.length; i++) {
    const ch = src[i];
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') { cell += '"'; i++; } else if (ch === '"') quoted = false; else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') { row.push(cell); cell = ''; } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      row.push(cell); rows.push(row); row = []; cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length) { row.push(cell); rows.push(row); }
  return rows.filter((r) => r.some((c) => c.trim() !== ''));
}

function codeOf(value: string, labels: Record<number, { zh: string; en: string }>, what: string): number {
  const v = value.trim();
  if (/^\d+$/.test(v) && labels[Number(v)]) return Number(v);
  const hit = Object.entries(labels).find(([, l]) => l.en.toLowerCase() === v.toLowerCase() || l.zh === v);
  if (!hit) throw new Error(`unknown ${what} "${value}" (expected one of ${Object.entries(labels).map(([k, l]) => `${k} ${l.en}`).join(', ')})`);
  return Number(hit[0]);
}

const HEX = /^#[0-9a-fA-F]{6}$/;

async function storePicture(storage: StorageDriver, folder: string, name: string, productKey: string): Promise<{ path: string; width: number; height: number }> {
  const file = path.resolve(folder, name.trim());
  if (!file.startsWith(path.resolve(folder) + path.sep)) throw new Error(`picture "${name}" is outside the folder`);
  if (!fs.existsSync(file)) throw new Error(`picture "${name}" not found`);
  const bytes = fs.readFileSync(file);
  const format = sniffFormat(bytes);
  if (!format || format === 'bmp') throw new Error(`"${name}" is not a JPEG, PNG, WebP or GIF picture`);
  const meta = await sharp(bytes).metadata().catch(() => null);
  if (!meta?.width || !meta.height) throw new Error(`"${name}" cannot be read`);
  // Stored as JPEG under a new name: the catalogue never serves the manufacturer's original file.
  const jpeg = await sharp(bytes, { failOn: 'truncated' }).autoOrient().resize(1600, 1600, { fit: 'inside', withoutEnlargement: true }).flatten({ background: '#ffffff' }).jpeg({ quality: 88 }).toBuffer({ resolveWithObject: true })
    .catch((err: Error) => { throw new Error(`"${name}" is damaged: ${err.message}`); });
  const rel = `product/import/${productKey}/${crypto.randomBytes(8).toString('hex')}.jpg`;
  await storage.put(rel, jpeg.data, 'image/jpeg');
  return { path: rel, width: jpeg.info.width, height: jpeg.info.height };
}

/** Imports one row: company (found or created), product, pictures, colour cards; all rows of the product in one transaction. */
async function importRow(db: Kysely<Database>, storage: StorageDriver, folder: string, r: ImportRow): Promise<number> {
  if (!r.company.trim()) throw new Error('company is empty');
  if (!r.title.trim() || r.title.length > 100) throw new Error('title must be 1-100 characters');
  const patternType = codeOf(r.patternType, patternTypeLabels, 'pattern type');
  const shape = codeOf(r.shape, shapeLabels, 'shape');
  const unit = codeOf(r.unit, unitLabels, 'unit');
  let price: number | null = null;
  if (r.price.trim()) {
    if (!/^\d+(\.\d{1,2})?$/.test(r.price.trim())) throw new Error(`price "${r.price}" is not an amount in yuan`);
    price = Math.round(Number(r.price.trim()) * 100);
  }
  const colours = r.colours.split('|').map((c) => c.trim()).filter(Boolean).map((c) => {
    const [name, hex] = c.split(':').map((s) => s.trim());
    if (hex && !HEX.test(hex)) throw new Error(`colour "${c}": "${hex}" is not a #rrggbb colour`);
    return { name, hex: hex ?? '#ffffff' };
  });
  if (colours.length === 0) throw new Error('at least one colour is needed');
  const names = r.images.split('|').map((s) => s.trim()).filter(Boolean);
  if (names.length === 0) throw new Error('at least one picture is needed');

  const key = crypto.randomBytes(6).toString('hex');
  const stored: Array<{ path: string; width: number; height: number }> = [];
  try {
    for (const n of names) stored.push(await storePicture(storage, folder, n, key));
    const now = new Date().toISOString();
    return await db.transaction().execute(async (trx) => {
      let companyId = (await findCompaniesByNames(trx, [r.company.trim()]))[0]?.id;
      companyId ??= await insertCompany(trx, {
        name: r.company.trim(), name_en: '', abbreviation: '', kind: UserType.MANUFACTURER, logo_path: '', banner_path: '', main_business: '', main_business_en: '',
        intro: '', intro_en: '', tel: '', province: '', city: '', address: '', lat: null, lng: null, established_at: null, staff_count: null, workshop_area: null,
        status: 1, created_at: now, updated_at: now,
      });
      const product = await trx.insertInto('product').values({
        company_id: companyId, kind: 1, code: `IMP-${key.toUpperCase()}`, title: r.title.trim(), title_en: r.titleEn.trim(), description: '', description_en: '', composition: '',
        pattern_type: patternType, shape, unit, price, width_cm: null, cover_path: stored[0].path, views: 0, status: 1, created_at: now, updated_at: now,
      }).returning('id').executeTakeFirstOrThrow();
      await trx.insertInto('product_image').values(stored.map((s, i) => ({ product_id: product.id, path: s.path, width: s.width, height: s.height, sort: i + 1 }))).execute();
      await trx.insertInto('colour_card').values(colours.map((c, i) => ({
        product_id: product.id, name: c.name, name_en: c.name, hex: c.hex, image_path: (stored[i] ?? stored[0]).path, sort: i + 1,
      }))).execute();
      return product.id;
    });
  } catch (err) {
    // Nothing of a failed row stays behind.
    for (const s of stored) await storage.remove(s.path).catch(() => undefined);
    throw err;
  }
}

export function rowsOf(csv: string): { rows: ImportRow[]; errors: ImportReport['errors'] } {
  const table = parseCsv(csv);
  const header = (table.shift() ?? []).map((h) => h.trim());
  const need = ['company', 'title', 'patternType', 'shape', 'unit', 'price', 'colours', 'images'];
  const missing = need.filter((n) => !header.includes(n));
  if (missing.length) throw new Error(`patterns.csv lacks the column(s) ${missing.join(', ')}`);
  const rows: ImportRow[] = [];
  const errors: ImportReport['errors'] = [];
  table.forEach((cells, i) => {
    const line = i + 2;
    if (cells.length !== header.length) { errors.push({ line, error: `${cells.length} cells, the header has ${header.length}` }); return; }
    const get = (n: string) => cells[header.indexOf(n)] ?? '';
    rows.push({ line, company: get('company'), title: get('title'), titleEn: get('titleEn'), patternType: get('patternType'), shape: get('shape'), unit: get('unit'), price: get('price'), colours: get('colours'), images: get('images') });
  });
  return { rows, errors };
}

export async function importFolder(db: Kysely<Database>, storage: StorageDriver, folder: string, index: (productId: number) => Promise<unknown>, log: (msg: string) => void = () => undefined): Promise<ImportReport> {
  const csvFile = path.join(folder, 'patterns.csv');
  if (!fs.existsSync(csvFile)) throw new Error(`${csvFile} not found`);
  const { rows, errors } = rowsOf(fs.readFileSync(csvFile, 'utf8'));
  const imported: ImportReport['imported'] = [];
  for (const r of rows) {
    try {
      const productId = await importRow(db, storage, folder, r);
      imported.push({ line: r.line, productId });
      try {
        await index(productId);
      } catch (err) {
        log(`line ${r.line}: product ${productId} imported but not indexed: ${(err as Error).message}`);
      }
      log(`line ${r.line}: product ${productId} "${r.title}"`);
    } catch (err) {
      errors.push({ line: r.line, error: (err as Error).message });
      log(`line ${r.line}: ERROR ${(err as Error).message}`);
    }
  }
  errors.sort((a, b) => a.line - b.line);
  return { imported, errors };
}

/** A sample folder: 5 patterns of generated lace and one row of each kind of mistake. */
export async function writeSampleFolder(folder: string): Promise<void> {
  fs.mkdirSync(folder, { recursive: true });
  const layouts: LaceLayout[] = ['fabric', 'bigBorder', 'smallBorder', 'eyelash', 'fabric'];
  const lines = ['company,title,titleEn,patternType,shape,unit,price,colours,images'];
  for (let i = 0; i < layouts.length; i++) {
    const d = designFor(880_000 + i, layouts[i]);
    await fs.promises.writeFile(path.join(folder, `pattern-${i + 1}-white.jpg`), await renderLaceJpeg(d, '#f5f0e6', 'full', 600, 600));
    await fs.promises.writeFile(path.join(folder, `pattern-${i + 1}-black.jpg`), await renderLaceJpeg(d, '#1b1b1b', 'full', 600, 600));
    lines.push(`样品花边厂,"样品花边 ${i + 1}号",Sample lace ${i + 1},${['fabric', 'big border', 'small border', 'eyelash', '100010'][i]},in stock,yard,${(12.5 + i).toFixed(2)},"本白:#f5f0e6|黑色:#1b1b1b",pattern-${i + 1}-white.jpg|pattern-${i + 1}-black.jpg`);
  }
  fs.writeFileSync(path.join(folder, 'not-a-picture.jpg'), 'this is text');
  lines.push('样品花边厂,Missing picture,,fabric,in stock,yard,10,白色,nowhere.jpg');
  lines.push('样品花边厂,Bad type,,tablecloth,in stock,yard,10,白色,pattern-1-white.jpg');
  lines.push('样品花边厂,Bad picture,,fabric,in stock,yard,10,白色,not-a-picture.jpg');
  fs.writeFileSync(path.join(folder, 'patterns.csv'), lines.join('\n') + '\n');
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const sampleAt = argv.indexOf('--sample');
  let folder = argv.find((a, i) => !a.startsWith('--') && argv[i - 1] !== '--sample');
  if (sampleAt >= 0) {
    folder = path.resolve(argv[sampleAt + 1] ?? 'tmp/import-sample');
    await writeSampleFolder(folder);
    console.log(`sample folder written to ${folder}`);
  }
  if (!folder) throw new Error('usage: npm run import -- <folder>   (or --sample <folder> to write and import a sample)');
  const config = loadConfig(process.env, []);
  const db = openDatabase(config.db);
  const storage = createStorageDriver(config);
  const log = { info: () => undefined, warn: (o: object, m?: string) => console.warn(m, o), error: (o: object, m?: string) => console.error(m, o) };
  const engine = new ImageIndexService(db.db, db.dialect, storage, imageSearchSettings(config.dataDir, { ...config.imageSearch, indexOnStart: false, refreshMs: 0 }), log);
  try {
    await migrateToLatest(db);
    await engine.start();
    const report = await importFolder(db.db, storage, path.resolve(folder), (id) => engine.indexProduct(id), (m) => console.log(m));
    await engine.save();
    console.log(`imported ${report.imported.length} products, ${report.errors.length} rows with errors`);
    for (const e of report.errors) console.log(`  line ${e.line}: ${e.error}`);
    if (report.errors.length) process.exitCode = 1;
  } finally {
    await engine.stop();
    await db.destroy();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(2);
  });
}
