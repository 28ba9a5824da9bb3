// The scale part of the image-search benchmark: search latency and memory with 10,000 and 100,000
// indexed catalogue pictures (× the catalogue views each), using the index the api would use at that
// size, filled with the benchmark's real descriptors copied with noise; and whole queries from a photo, as
// the api answers them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Rng } from '../../api/db/seed/random';
import { AnnIndex, exactTop, rescore, withLayoutCandidates } from '../../api/modules/search/engine/ann-index';
import { FlatIndex } from '../../api/modules/search/engine/flat-index';
import { LAYOUT_DIM } from '../../api/modules/search/engine/layout';
import { Projection } from '../../api/modules/search/engine/projection';
import { dot, l2normalise } from '../../api/modules/search/engine/types';
import type { IndexHit } from '../../api/modules/search/engine/vector-index';
import { annOptions, layoutScoringOf, type ImageSearchSettings } from '../../api/modules/search/image-search.settings';
import { THUMB_SIDE, lookReads, windowLook, withWindowCheck, type PhotoWindows, type ViewThumb } from '../../api/modules/search/engine/window-check';

export interface ScaleRow {
  images: number; vectors: number; kind: 'flat' | 'ann'; buildSeconds: number;
  median: number; p95: number; rescoreMedian: number; bytes: number; rss: number;
  /** share of queries whose top product is a copy of the query's own design */
  rightDesign: number;
  /** share of queries where the index's top-1 design equals an exact scan's (ann only) */
  agreeExact: number | null;
  /** whole queries from a photo, as the api answers them (when asked for: see WholeQuery) */
  whole: { median: number; p95: number; rightDesign: number; queries: number; stages: Record<string, { median: number; p95: number }> } | null;
}

/**
 * A whole query at scale, as the api answers it: the photo decoded and described by the extraction
 * threads, the graph's candidates, re-scored from the codes the graph keeps in memory, joined by the
 * products the graph's kept layouts find, and the best `annExactTop` (and those) once more with their full
 * descriptors read from SQLite (`table`).
 */
export interface WholeQuery {
  /** a photo of product `product` (an index into `real`); the `i`-th of the queries */
  photoOf(product: number, i: number): Promise<Buffer>;
  /** the photo's vectors and, with settings.windowCheck, its windows (made by the extraction threads, as the api does) */
  describe(photo: Buffer): Promise<{ vectors: Float32Array[]; windows: PhotoWindows | null }>;
  table: RescoreTable;
  /** with settings.windowCheck: design d's thumbs (window-check.ts THUMB_VIEWS) */
  thumbsOf?(design: number): readonly ViewThumb[] | undefined;
}

const pct = (xs: number[], p: number) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(p * s.length))]; };

/**
 * `real[i]` are design i's catalogue-view descriptors. Index `images` products, product p a noisy copy of
 * design (p - 1) % real.length; query with two real views of a design; a product's design is known.
 */
export async function measureScale(real: Float32Array[][], sizes: number[], settings: ImageSearchSettings, log: (m: string) => void, whole?: WholeQuery): Promise<ScaleRow[]> {
  const dim = real[0][0].length;
  const perImage = real[0].length;
  const rows: ScaleRow[] = [];
  const queryOf = (d: number) => [real[d][0], real[d][Math.min(6, perImage - 1)]];
  // 102 queries: each of the bench's 17 transformations 6 times in the whole queries (photoOf's i-th photo is
  // under the (i mod 17)-th), and a p95 that is not just the second-slowest of a few (it was 40 before session 23).
  const queryDesigns = Array.from({ length: 102 }, (_, i) => (i * 37) % real.length);
  const noiseSd = 0.005 / Math.sqrt(3); // as uniform ±0.005 per dimension
  const photos = whole ? await Promise.all(queryDesigns.map((d, i) => whole.photoOf(d, i))) : [];
  // The same photos described before any index is built: what describing costs with nothing else in the
  // process, beside what it costs in the whole queries below.
  if (whole) {
    const alone: number[] = [];
    for (const photo of photos) { const t = performance.now(); await whole.describe(photo); alone.push(performance.now() - t); }
    log(`describing the ${photos.length} whole-query photos before any index is built: median ${pct(alone, 0.5).toFixed(0)} ms, p95 ${pct(alone, 0.95).toFixed(0)} ms`);
  }
  for (const images of sizes) {
    const vectors = images * perImage;
    const t0 = Date.now();
    const noise = new Rng(images);
    let index: FlatIndex | AnnIndex;
    let exactProjected: FlatIndex | null = null;
    if (vectors < settings.annFrom) {
      const flat = new FlatIndex(dim, vectors);
      const tmp = new Float32Array(dim);
      for (let p = 1; p <= images; p++) {
        const src = real[(p - 1) % real.length];
        flat.add(p, src.map((v) => {
          let s = 0;
          for (let j = 0; j < dim; j++) { tmp[j] = v[j] + noiseSd * noise.gaussian(); s += tmp[j] * tmp[j]; }
          const n = Math.sqrt(s);
          return Float32Array.from(tmp, (x) => x / n);
        }));
      }
      index = flat;
    } else {
      // As the api: PCA on a sample of the catalogue, then the graph. Noise is added after projecting (the
      // projection is linear and orthonormal, so iid noise of the full vector projects to iid noise of the
      // same spread), which spares projecting a million noisy full vectors.
      const sample = real.flat().filter((_, i) => i % Math.max(1, Math.floor((real.length * perImage) / 3000)) === 0);
      const projection = Projection.fit(sample, dim, settings.annDims);
      const opts = annOptions(settings, dim);
      const ann = new AnnIndex(dim, projection, opts);
      ann.reserve(vectors);
      const k = projection.k;
      const base = real.map((views) => views.map((v) => projection.apply(v, new Float32Array(k), false)));
      const baseMeanDot = real.map((views) => views.map((v) => dot(v, projection.mean)));
      // The layout blocks of the views that have one (the whole views; the others' stay zero and are not
      // kept), which the graph keeps and every whole query scans, as the api's does (layoutCandidates). Each
      // copy's block is its design's with its own noise of 2% of the block's length, renormalised, so that
      // copies of one design are alike but not identical. Random blocks would under-time the scan: its
      // Cauchy–Schwarz bound rules out a block unlike the photo's from its first values, while an alike one
      // passes the bound and is read in full (and its product may join the exact step). The noise has its own
      // generator, so the copies' coordinates are those of a run without layouts.
      const layoutAt = opts.layoutAt;
      const baseLayout = layoutAt === undefined ? null : real.map((views) => views.map((v) => {
        const block = v.subarray(layoutAt, layoutAt + LAYOUT_DIM);
        const norm = Math.sqrt(dot(block, block));
        return norm > 0 ? { block, norm } : null;
      }));
      const layoutNoise = new Rng(images + 1_000_003);
      const layouts: Array<Float32Array | undefined> = [];
      exactProjected = new FlatIndex(k, vectors);
      const batch = 2000;
      const coords = new Float32Array(batch * perImage * k);
      const meanDots = new Float32Array(batch * perImage);
      for (let first = 1; first <= images; first += batch) {
        const products: number[] = [];
        for (let p = first; p < first + batch && p <= images; p++) {
          const d = (p - 1) % base.length;
          const copies: Float32Array[] = [];
          const row0 = products.length * perImage;
          for (let v = 0; v < perImage; v++) {
            const at = (row0 + v) * k;
            for (let j = 0; j < k; j++) coords[at + j] = base[d][v][j] + noiseSd * noise.gaussian();
            meanDots[row0 + v] = baseMeanDot[d][v];
            copies.push(l2normalise(coords.slice(at, at + k)));
            const own = baseLayout?.[d][v];
            if (baseLayout) layouts[row0 + v] = own ? noisyBlock(own.block, own.norm, layoutNoise) : undefined;
          }
          products.push(p);
          exactProjected.add(p, copies);
        }
        ann.addProjected(products, perImage, coords.subarray(0, products.length * perImage * k), meanDots, baseLayout ? layouts : undefined);
        if ((first - 1 + batch) % 20_000 === 0) log(`  ${first - 1 + batch} of ${images} pictures in the graph (${Math.round((Date.now() - t0) / 1000)} s)`);
      }
      index = ann;
    }
    const buildSeconds = (Date.now() - t0) / 1000;
    const times: number[] = [], rescoreTimes: number[] = [];
    let right = 0, agree = 0;
    for (const d of queryDesigns.slice(0, 3)) index.search(queryOf(d), 100);
    for (const d of queryDesigns) {
      const q = queryOf(d);
      const t = performance.now();
      // The api asks the graph for 3 × maxResults candidate products before re-scoring (the flat scan is exact).
      let hits: IndexHit[] = index.search(q, index.kind === 'ann' ? settings.maxResults * 3 : 100);
      times.push(performance.now() - t);
      if (index.kind === 'ann' && exactProjected) {
        const ann = index as AnnIndex, exactIndex = exactProjected;
        // How much the graph loses: its candidates ranked exactly in the projected space against an exact
        // scan of that space.
        const pq = q.map((v) => ann.projection.apply(v));
        const graphTop = rescore(hits, pq, (e) => exactIndex.vectorAt(e - 1), 1);
        const exact = exactIndex.search(pq, 1);
        if ((exact[0].productId - 1) % real.length === (graphTop[0].productId - 1) % real.length) agree++;
        // The api's re-scoring, from the codes in memory.
        const t2 = performance.now();
        hits = ann.rescore(hits, q, settings.maxResults);
        rescoreTimes.push(performance.now() - t2);
      }
      if (hits[0] && (hits[0].productId - 1) % real.length === d) right++;
    }
    // The exact scan of the projected copies (2.4 GB at 100,000 pictures of 23 views) is the bench's own, not
    // the api's: let it go before the whole queries, so that it does not take the page cache the api's
    // descriptor table reads from.
    const measuredExact = exactProjected !== null;
    exactProjected = null;
    (globalThis as { gc?: () => void }).gc?.();
    const wholeRow = whole ? await measureWhole(index, real, perImage, queryDesigns, photos, whole, settings) : null;
    if (wholeRow) log(`${images} images: whole query from a photo median ${wholeRow.median.toFixed(0)} ms, p95 ${wholeRow.p95.toFixed(0)} ms, right design ${wholeRow.rightDesign.toFixed(2)}; ${Object.entries(wholeRow.stages).map(([k, v]) => `${k} ${v.median.toFixed(0)}/${v.p95.toFixed(0)}`).join(', ')} ms (median/p95)`);
    rows.push({
      images, vectors: index.count, kind: index.kind, buildSeconds, median: pct(times, 0.5), p95: pct(times, 0.95), whole: wholeRow,
      rescoreMedian: rescoreTimes.length ? pct(rescoreTimes, 0.5) : 0, bytes: index.bytes(), rss: process.memoryUsage().rss,
      rightDesign: right / queryDesigns.length, agreeExact: measuredExact ? agree / queryDesigns.length : null,
    });
    log(`${images} images (${index.count} vectors, ${index.kind}): search median ${pct(times, 0.5).toFixed(2)} ms, p95 ${pct(times, 0.95).toFixed(2)} ms, built in ${buildSeconds.toFixed(0)} s`);
  }
  return rows;
}

/** `block` (of length `norm`) with Gaussian noise of `relative` × `norm` in all, rescaled to length `norm`. */
function noisyBlock(block: Float32Array, norm: number, rng: Rng, relative = 0.02): Float32Array {
  const sd = (relative * norm) / Math.sqrt(block.length);
  const out = Float32Array.from(block, (x) => x + sd * rng.gaussian());
  const n = Math.sqrt(dot(out, out));
  for (let j = 0; j < out.length; j++) out[j] *= norm / n;
  return out;
}

/**
 * Whole queries against a large index, one at a time, with the time of each stage. The index holds noisy
 * copies whose full vectors were never made, so the exact step reads as many rows from the SQLite table as
 * the api would and converts them as the api does, then scores with the copied design's real (noise-free)
 * descriptors: the same work, on the vectors at hand. Product p's keys are (p - 1) × perImage + 1 … p × perImage.
 */
async function measureWhole(index: FlatIndex | AnnIndex, real: Float32Array[][], perImage: number, designs: number[], photos: Buffer[], whole: WholeQuery, settings: ImageSearchSettings): Promise<ScaleRow['whole']> {
  const fullOf = (entry: number) => real[Math.floor((entry - 1) / perImage) % real.length][(entry - 1) % perImage];
  const times: number[] = [];
  const stages = { describe: [] as number[], search: [] as number[], rescore: [] as number[], layout: [] as number[], exact: [] as number[], onSale: [] as number[], window: [] as number[] };
  const layout = layoutScoringOf(index.dim, settings);
  const check = settings.windowCheck && whole.thumbsOf ? settings.windowCheck : null;
  let right = 0;
  for (const [i, photo] of photos.entries()) {
    const t = performance.now();
    const { vectors: q, windows } = await whole.describe(photo);
    const t1 = performance.now();
    let hits: IndexHit[];
    if (index.kind === 'ann') {
      const candidates = index.search(q, settings.maxResults * 3);
      const t2 = performance.now();
      const estimated = index.rescore(candidates, q, settings.maxResults * 3);
      const t3 = performance.now();
      // As the api (ImageIndexService.nearest): the products the kept layouts find join the exact step.
      const { hits: joined, m } = withLayoutCandidates(index, estimated, q, layout, settings.annExactTop);
      const t4 = performance.now();
      const read = whole.table.read(joined.slice(0, m).flatMap((h) => h.entries ?? [h.entry]));
      // As the api: all of them on to the window check, which may look at more than a page (a see-through piece).
      hits = exactTop(joined, m, q, (e) => (read.has(e) ? fullOf(e) : undefined), layout);
      stages.search.push(t2 - t1); stages.rescore.push(t3 - t2); stages.layout.push(t4 - t3); stages.exact.push(performance.now() - t4);
    } else {
      hits = index.search(q, settings.maxResults, undefined, layout);
      stages.search.push(performance.now() - t1);
    }
    // As the api: only the products on sale go on.
    const t6 = performance.now();
    const onSale = whole.table.onSale(hits.map((h) => h.productId));
    hits = hits.filter((h) => onSale.has(h.productId));
    stages.onSale.push(performance.now() - t6);
    const look = check && windows ? windowLook(windows, check) : null;
    if (look) {
      // As the api: the leading products' thumbs read from their rows of the look's views, then the window check.
      const t5 = performance.now();
      const has = new Set(lookReads(look, hits.map((h) => h.productId)).flatMap((r) => [...whole.table.thumbs(r.ids, r.views)]));
      hits = withWindowCheck(hits, look, (p) => (has.has(p) ? whole.thumbsOf!((p - 1) % real.length) : undefined));
      stages.window.push(performance.now() - t5);
    }
    hits = hits.slice(0, settings.maxResults);
    stages.describe.push(t1 - t);
    times.push(performance.now() - t);
    if (hits[0] && (hits[0].productId - 1) % real.length === designs[i]) right++;
  }
  const split = Object.fromEntries(Object.entries(stages).filter(([, xs]) => xs.length).map(([k, xs]) => [k, { median: pct(xs, 0.5), p95: pct(xs, 0.95) }]));
  return { median: pct(times, 0.5), p95: pct(times, 0.95), rightDesign: right / photos.length, queries: photos.length, stages: split };
}

/**
 * The api's stored descriptors, as far as re-scoring reads them: a SQLite table of `rows` full descriptors
 * (dim floats each) read by id in chunks of 500, as ImageIndexService.exactTop reads them.
 */
export class RescoreTable {
  private readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rescore-'));
  private readonly db = new SQLite(path.join(this.dir, 'r.sqlite'));

  constructor(readonly dim: number, readonly rows: number, readonly perImage: number) {
    // A fixture written once: no journal, no syncing, in transactions of 20,000 rows (the largest is 2.1M
    // rows, about 14 GB, as the api's table at 100,000 pictures of 21 views).
    this.db.pragma('journal_mode = OFF');
    this.db.pragma('synchronous = OFF');
    // Two rows of each picture (its first and last) carry a thumb, as the api's 'full' and 'tight' rows (window-check.ts THUMB_VIEWS).
    this.db.exec('create table image_descriptor (id integer primary key, product_id integer not null, view text not null, vec blob not null, thumb blob)');
    const ins = this.db.prepare('insert into image_descriptor (id, product_id, view, vec, thumb) values (?, ?, ?, ?, ?)');
    const blob = Buffer.alloc(dim * 4, 7), thumb = Buffer.alloc(THUMB_SIDE * THUMB_SIDE, 9);
    const viewOf = (i: number) => ((i - 1) % perImage === 0 ? 'full' : i % perImage === 0 ? 'tight' : 'other');
    const batch = this.db.transaction((from: number, to: number) => { for (let i = from; i <= to; i++) ins.run(i, Math.ceil(i / perImage), viewOf(i), blob, viewOf(i) === 'other' ? null : thumb); });
    for (let i = 1; i <= rows; i += 20_000) batch(i, Math.min(rows, i + 19_999));
    this.db.exec('create index image_descriptor_product_idx on image_descriptor (product_id)');
    // As the api (migration 2026112900): the rows with a thumb, by product.
    this.db.exec('create index image_descriptor_thumb_idx on image_descriptor (product_id, view) where thumb is not null');
    // The products, each of one of 500 companies (all active, every product on sale), for the api's on-sale filter.
    const products = Math.ceil(rows / perImage);
    this.db.exec("create table company (id integer primary key, status text not null); create table product (id integer primary key, company_id integer not null, status text not null)");
    const co = this.db.prepare("insert into company (id, status) values (?, 'active')"), pr = this.db.prepare("insert into product (id, company_id, status) values (?, ?, 'on_sale')");
    this.db.transaction(() => { for (let c = 1; c <= 500; c++) co.run(c); for (let p = 1; p <= products; p++) pr.run(p, (p % 500) + 1); })();
  }

  /** The products among these on sale, read as the api reads them (catalogue.queries.ts onSaleIdsAmong). */
  onSale(productIds: number[]): Set<number> {
    if (productIds.length === 0) return new Set();
    const got = this.db.prepare(`select id from product where id in (${productIds.map(() => '?').join(',')}) and status = 'on_sale' and company_id not in (select id from company where status <> 'active')`)
      .all(...productIds) as Array<{ id: number }>;
    return new Set(got.map((r) => r.id));
  }

  /** The table file's size in bytes. */
  bytes(): number { return fs.statSync(path.join(this.dir, 'r.sqlite')).size; }

  /** The descriptors of these ids (taken modulo the table's size), by the id asked for. */
  read(ids: number[]): Map<number, Float32Array> {
    const out = new Map<number, Float32Array>();
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      const asked = new Map(chunk.map((id) => [((id - 1) % this.rows) + 1, id]));
      const got = this.db.prepare(`select id, vec from image_descriptor where id in (${[...asked.keys()].map(() => '?').join(',')})`).all(...asked.keys()) as Array<{ id: number; vec: Buffer }>;
      for (const r of got) out.set(asked.get(r.id)!, new Float32Array(r.vec.buffer.slice(r.vec.byteOffset, r.vec.byteOffset + r.vec.byteLength)));
    }
    return out;
  }

  /** Which of these products have a thumb row of these views, read as the api reads the thumbs (the blobs come back). */
  thumbs(productIds: number[], views: readonly string[]): Set<number> {
    if (productIds.length === 0 || views.length === 0) return new Set();
    const got = this.db.prepare(`select product_id, thumb from image_descriptor where product_id in (${productIds.map(() => '?').join(',')}) and view in (${views.map(() => '?').join(',')}) and thumb is not null`)
      .all(...productIds, ...views) as Array<{ product_id: number; thumb: Buffer }>;
    return new Set(got.filter((r) => r.thumb.length === THUMB_SIDE * THUMB_SIDE).map((r) => r.product_id));
  }

  close(): void {
    this.db.close();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

/**
 * The catalogue in the graph the api uses from `annFrom` vectors on (PCA fitted on a sample of it), with
 * a search that re-scores the candidates as the api does (`'api'`: from the graph's codes, then the best
 * annExactTop with their full vectors), from the codes alone (`'codes'`), or all with the full vectors
 * (`'full'`, the exact fused cosine): the quality rows can then be
 * measured on both kinds of index in one run.
 */
export function graphOf(vectorsOf: Map<number, Float32Array[]>, settings: ImageSearchSettings, rescoreWith: 'api' | 'codes' | 'full' = 'api'): (queries: Float32Array[], k: number) => IndexHit[] {
  const all = [...vectorsOf.values()];
  const dim = all[0][0].length;
  const flat = all.flat();
  const step = Math.max(1, Math.floor(flat.length / 3000));
  const ann = new AnnIndex(dim, Projection.fit(flat.filter((_, i) => i % step === 0), dim, settings.annDims), annOptions(settings, dim));
  const byKey = new Map<number, Float32Array>();
  let key = 1;
  const items = [...vectorsOf].map(([productId, vectors]) => {
    const keys = vectors.map((v) => { byKey.set(key, v); return key++; });
    return { productId, vectors, keys };
  });
  for (let i = 0; i < items.length; i += 500) ann.addMany(items.slice(i, i + 500));
  // As the api asks (ImageIndexService.nearest): 3 × maxResults candidate products, re-scored, then the top k.
  // The layout's boost where the api applies it: on the exactly re-scored leaders, joined by the products the
  // kept layouts find (ImageIndexService.nearest).
  const layout = layoutScoringOf(dim, settings);
  if (rescoreWith === 'full') return (queries, k) => rescore(ann.search(queries, settings.maxResults * 3), queries, (e) => byKey.get(e), k, layout);
  if (rescoreWith === 'api') {
    return (queries, k) => {
      const estimated = ann.rescore(ann.search(queries, settings.maxResults * 3), queries, settings.maxResults * 3);
      const { hits, m } = withLayoutCandidates(ann, estimated, queries, layout, settings.annExactTop);
      return exactTop(hits, m, queries, (e) => byKey.get(e), layout).slice(0, k);
    };
  }
  return (queries, k) => ann.rescore(ann.search(queries, settings.maxResults * 3), queries, k);
}
