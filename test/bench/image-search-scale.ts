// The scale part of the image-search benchmark: search latency and memory with 10,000 and 100,000
// indexed catalogue pictures (× the catalogue views each), using the index the api would use at that
// size, filled with the benchmark's real descriptors copied with noise; and the cost of the exact
// re-scoring read (full descriptors by row id) from SQLite.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Rng } from '../../api/db/seed/random';
import { AnnIndex, rescore } from '../../api/modules/search/engine/ann-index';
import { FlatIndex } from '../../api/modules/search/engine/flat-index';
import { Projection } from '../../api/modules/search/engine/projection';
import type { IndexHit } from '../../api/modules/search/engine/vector-index';
import { annOptions, type ImageSearchSettings } from '../../api/modules/search/image-search.settings';

export interface ScaleRow {
  images: number; vectors: number; kind: 'flat' | 'ann'; buildSeconds: number;
  median: number; p95: number; rescoreMedian: number; bytes: number; rss: number;
  /** share of queries whose top product is a copy of the query's own design */
  rightDesign: number;
  /** share of queries where the index's top-1 design equals an exact scan's (ann only) */
  agreeExact: number | null;
}

const pct = (xs: number[], p: number) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(p * s.length))]; };

/**
 * `real[i]` are design i's catalogue-view descriptors. Index `images` products, product p a noisy copy of
 * design (p - 1) % real.length; query with two real views of a design; a product's design is known.
 */
export async function measureScale(real: Float32Array[][], sizes: number[], settings: ImageSearchSettings, log: (m: string) => void): Promise<ScaleRow[]> {
  const dim = real[0][0].length;
  const perImage = real[0].length;
  const rows: ScaleRow[] = [];
  const queryOf = (d: number) => [real[d][0], real[d][Math.min(6, perImage - 1)]];
  const queryDesigns = Array.from({ length: 40 }, (_, i) => (i * 37) % real.length);
  const noiseSd = 0.005 / Math.sqrt(3); // as uniform ±0.005 per dimension
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
      const ann = new AnnIndex(dim, projection, annOptions(settings));
      const k = projection.k;
      const base = real.map((views) => views.map((v) => projection.apply(v, new Float32Array(k), false)));
      exactProjected = new FlatIndex(k, vectors);
      const batch = 2000;
      const flat = new Float32Array(batch * perImage * k);
      const one = new Float32Array(k);
      for (let first = 1; first <= images; first += batch) {
        const products: number[] = [];
        for (let p = first; p < first + batch && p <= images; p++) {
          const src = base[(p - 1) % base.length];
          const copies: Float32Array[] = [];
          const row0 = products.length * perImage;
          for (let v = 0; v < perImage; v++) {
            let s = 0;
            for (let j = 0; j < k; j++) { one[j] = src[v][j] + noiseSd * noise.gaussian(); s += one[j] * one[j]; }
            const n = Math.sqrt(s);
            const at = (row0 + v) * k;
            for (let j = 0; j < k; j++) flat[at + j] = one[j] / n;
            copies.push(flat.slice(at, at + k));
          }
          products.push(p);
          exactProjected.add(p, copies);
        }
        ann.addProjected(products, perImage, flat);
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
        // Exact re-scoring in the projected space here (the copies' full vectors are never made); the api
        // re-scores with the stored full vectors: its read is measured below.
        const t2 = performance.now();
        const pq = q.map((v) => ann.projection.apply(v));
        hits = rescore(hits, pq, (e) => exactIndex.vectorAt(e - 1), 100);
        rescoreTimes.push(performance.now() - t2);
        const exact = exactIndex.search(pq, 1);
        if ((exact[0].productId - 1) % real.length === (hits[0].productId - 1) % real.length) agree++;
      }
      if (hits[0] && (hits[0].productId - 1) % real.length === d) right++;
    }
    rows.push({
      images, vectors: index.count, kind: index.kind, buildSeconds, median: pct(times, 0.5), p95: pct(times, 0.95),
      rescoreMedian: rescoreTimes.length ? pct(rescoreTimes, 0.5) : 0, bytes: index.bytes(), rss: process.memoryUsage().rss,
      rightDesign: right / queryDesigns.length, agreeExact: exactProjected ? agree / queryDesigns.length : null,
    });
    log(`${images} images (${index.count} vectors, ${index.kind}): search median ${pct(times, 0.5).toFixed(2)} ms, p95 ${pct(times, 0.95).toFixed(2)} ms, built in ${buildSeconds.toFixed(0)} s`);
    exactProjected = null;
  }
  return rows;
}

/**
 * The api's re-scoring read: full descriptors (dim floats) of `perQuery` rows by id, from a SQLite table of
 * `rows` descriptors. Returns the median and p95 milliseconds of 40 reads.
 */
export function measureRescoreRead(dim: number, rows: number, perQuery: number): { median: number; p95: number } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rescore-'));
  const db = new SQLite(path.join(dir, 'r.sqlite'));
  try {
    db.pragma('journal_mode = WAL');
    db.exec('create table image_descriptor (id integer primary key, product_id integer not null, vec blob not null)');
    const ins = db.prepare('insert into image_descriptor (id, product_id, vec) values (?, ?, ?)');
    const blob = Buffer.alloc(dim * 4, 7);
    db.transaction(() => { for (let i = 1; i <= rows; i++) ins.run(i, Math.ceil(i / 12), blob); })();
    const r = new Rng(5);
    const times: number[] = [];
    for (let q = 0; q < 43; q++) {
      const ids = Array.from({ length: perQuery }, () => r.int(1, rows));
      const t = performance.now();
      for (let i = 0; i < ids.length; i += 500) {
        const chunk = ids.slice(i, i + 500);
        db.prepare(`select id, vec from image_descriptor where id in (${chunk.map(() => '?').join(',')})`).all(...chunk);
      }
      if (q >= 3) times.push(performance.now() - t);
    }
    return { median: pct(times, 0.5), p95: pct(times, 0.95) };
  } finally {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The catalogue in the graph the api uses from `annFrom` vectors on (PCA fitted on a sample of it), with
 * a search that re-scores the candidates with the full vectors as the api does: the quality rows can then
 * be measured on both kinds of index in one run.
 */
export function graphOf(vectorsOf: Map<number, Float32Array[]>, settings: ImageSearchSettings): (queries: Float32Array[], k: number) => IndexHit[] {
  const all = [...vectorsOf.values()];
  const dim = all[0][0].length;
  const flat = all.flat();
  const step = Math.max(1, Math.floor(flat.length / 3000));
  const ann = new AnnIndex(dim, Projection.fit(flat.filter((_, i) => i % step === 0), dim, settings.annDims), annOptions(settings));
  const byKey = new Map<number, Float32Array>();
  let key = 1;
  const items = [...vectorsOf].map(([productId, vectors]) => {
    const keys = vectors.map((v) => { byKey.set(key, v); return key++; });
    return { productId, vectors, keys };
  });
  for (let i = 0; i < items.length; i += 500) ann.addMany(items.slice(i, i + 500));
  // As the api asks (ImageIndexService.nearest): 3 × maxResults candidate products, re-scored, then the top k.
  return (queries, k) => rescore(ann.search(queries, settings.maxResults * 3), queries, (e) => byKey.get(e), k);
}
