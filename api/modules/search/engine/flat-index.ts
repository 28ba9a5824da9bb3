// Exact nearest-neighbour search over a flat Float32Array of unit vectors (dot product = cosine).
// Above `coarseFrom` entries a first pass scores a short sketch of every vector (each dimension added, with
// a random sign, into one of `coarseDim` buckets: inner products are kept in expectation, at O(dim) cost per
// vector) and only the best `candidates` entries are scored exactly: the answer is nearly always
// the exact one, at a fraction of the memory traffic. Each entry belongs to a product; a query's result is
// the best score per product.
import fs from 'node:fs/promises';
import path from 'node:path';
import { Rng } from '../../../db/seed/random';
import type { IndexHit, VectorIndex } from './vector-index';
import { dotAt } from './types';

export type { IndexHit } from './vector-index';

export interface FlatIndexOptions { coarseDim?: number; coarseFrom?: number; candidates?: number }

const MAGIC = 0x4c414345; // "LACE"
const VERSION = 1;

export class FlatIndex implements VectorIndex {
  readonly kind = 'flat' as const;
  private vectors: Float32Array;
  private products: Int32Array;
  // The sketch: int8 codes (a quarter of the memory traffic of floats) with one scale per entry.
  private coarse: Int8Array | null = null;
  private coarseScale: Float32Array | null = null;
  private sketchTmp: Float32Array | null = null;
  private bucket: Int32Array | null = null;
  private sign: Float32Array | null = null;
  private size = 0;
  readonly coarseDim: number;
  readonly coarseFrom: number;
  readonly candidates: number;

  constructor(readonly dim: number, capacity = 1024, opts: FlatIndexOptions = {}) {
    this.vectors = new Float32Array(dim * capacity);
    this.products = new Int32Array(capacity);
    this.coarseDim = Math.min(dim, opts.coarseDim ?? 128);
    this.coarseFrom = opts.coarseFrom ?? 20_000;
    this.candidates = opts.candidates ?? 1500;
  }

  get count(): number { return this.size; }

  /** Distinct products in the index. */
  productCount(): number {
    return new Set(this.products.subarray(0, this.size)).size;
  }

  /** Approximate bytes held by the index. */
  bytes(): number {
    return this.vectors.byteLength + this.products.byteLength + (this.coarse?.byteLength ?? 0) + (this.coarseScale?.byteLength ?? 0);
  }

  private grow(min: number): void {
    let cap = this.products.length;
    if (cap >= min) return;
    while (cap < min) cap *= 2;
    const v = new Float32Array(this.dim * cap);
    v.set(this.vectors.subarray(0, this.size * this.dim));
    const p = new Int32Array(cap);
    p.set(this.products.subarray(0, this.size));
    this.vectors = v;
    this.products = p;
    if (this.coarse && this.coarseScale) {
      const c = new Int8Array(this.coarseDim * cap);
      c.set(this.coarse.subarray(0, this.size * this.coarseDim));
      this.coarse = c;
      const sc = new Float32Array(cap);
      sc.set(this.coarseScale.subarray(0, this.size));
      this.coarseScale = sc;
    }
  }

  /** Adds one product's vectors (each of length `dim`, unit length). */
  add(productId: number, vectors: Float32Array[]): void {
    this.grow(this.size + vectors.length);
    for (const v of vectors) {
      if (v.length !== this.dim) throw new Error(`vector of ${v.length} dimensions in an index of ${this.dim}`);
      this.vectors.set(v, this.size * this.dim);
      this.products[this.size] = productId;
      if (this.coarse) this.encode(v, this.size);
      this.size++;
    }
  }

  addMany(items: Array<{ productId: number; vectors: Float32Array[] }>): void {
    for (const it of items) this.add(it.productId, it.vectors);
  }

  /** Removes every vector of a product (order of the others is kept). */
  removeProduct(productId: number): number {
    let w = 0;
    const d = this.dim, cd = this.coarseDim;
    for (let r = 0; r < this.size; r++) {
      if (this.products[r] === productId) continue;
      if (w !== r) {
        this.vectors.copyWithin(w * d, r * d, (r + 1) * d);
        this.products[w] = this.products[r];
        if (this.coarse && this.coarseScale) {
          this.coarse.copyWithin(w * cd, r * cd, (r + 1) * cd);
          this.coarseScale[w] = this.coarseScale[r];
        }
      }
      w++;
    }
    const removed = this.size - w;
    this.size = w;
    return removed;
  }

  /** The vector of entry `i` (a view into the index; undefined past the end). */
  vectorAt(i: number): Float32Array | undefined {
    return i >= 0 && i < this.size ? this.vectors.subarray(i * this.dim, (i + 1) * this.dim) : undefined;
  }

  has(productId: number): boolean {
    return this.products.subarray(0, this.size).includes(productId);
  }

  /** A fixed random sketch (seeded, so every process makes the same one). */
  private ensureCoarse(): void {
    if (this.coarse) return;
    const r = new Rng(this.dim * 1_000_003 + this.coarseDim);
    this.bucket = Int32Array.from({ length: this.dim }, () => Math.floor(r.next() * this.coarseDim));
    this.sign = Float32Array.from({ length: this.dim }, () => (r.next() < 0.5 ? -1 : 1));
    this.coarse = new Int8Array(this.coarseDim * this.products.length);
    this.coarseScale = new Float32Array(this.products.length);
    for (let i = 0; i < this.size; i++) this.encode(this.vectors.subarray(i * this.dim, (i + 1) * this.dim), i);
  }

  private encode(v: Float32Array, entry: number): void {
    const tmp = (this.sketchTmp ??= new Float32Array(this.coarseDim));
    this.project(v, tmp, 0);
    let max = 1e-12;
    for (let k = 0; k < this.coarseDim; k++) max = Math.max(max, Math.abs(tmp[k]));
    const q = 127 / max;
    const off = entry * this.coarseDim;
    const codes = this.coarse as Int8Array;
    for (let k = 0; k < this.coarseDim; k++) codes[off + k] = Math.round(tmp[k] * q);
    (this.coarseScale as Float32Array)[entry] = max / 127;
  }

  private project(v: Float32Array, out: Float32Array, offset: number): void {
    const b = this.bucket, sg = this.sign;
    if (!b || !sg) return;
    for (let k = 0; k < this.coarseDim; k++) out[offset + k] = 0;
    for (let j = 0; j < this.dim; j++) out[offset + b[j]] += v[j] * sg[j];
  }

  /** Scores of every entry against one query (exact). */
  private scanExact(q: Float32Array, scores: Float32Array): void {
    const d = this.dim, v = this.vectors;
    for (let i = 0, off = 0; i < this.size; i++, off += d) scores[i] = dot4(v, off, q, d);
  }

  private exact(q: Float32Array, entry: number): number {
    return dot4(this.vectors, entry * this.dim, q, this.dim);
  }

  /**
   * The `k` best products for a query given as one or more vectors (views of the query photo): a product's
   * score is its best entry against any query vector. `allow` filters products (e.g. only those on sale).
   */
  search(queries: Float32Array[], k: number, allow?: (productId: number) => boolean, exact = false): IndexHit[] {
    const best = new Map<number, IndexHit>();
    if (this.size === 0) return [];
    const consider = (entry: number, score: number) => {
      const pid = this.products[entry];
      const cur = best.get(pid);
      if (!cur || score > cur.score) best.set(pid, { productId: pid, score, entry });
    };
    if (exact || this.size < this.coarseFrom) {
      const scores = new Float32Array(this.size);
      for (const q of queries) {
        this.scanExact(q, scores);
        for (let i = 0; i < this.size; i++) consider(i, scores[i]);
      }
    } else {
      this.ensureCoarse();
      const coarse = this.coarse as Int8Array;
      const scale = this.coarseScale as Float32Array;
      const cd = this.coarseDim;
      // One pass over the codes scores every query view (the scan is bound by memory, not arithmetic):
      // an entry's coarse score is its best over the views.
      const qcs = queries.map((q) => { const qc = new Float32Array(cd); this.project(q, qc, 0); return qc; });
      const scores = new Float32Array(this.size);
      for (let i = 0, off = 0; i < this.size; i++, off += cd) {
        let best = -Infinity;
        for (const qc of qcs) {
          const s = dot4(coarse, off, qc, cd);
          if (s > best) best = s;
        }
        scores[i] = best * scale[i];
      }
      const picked = topIndices(scores, this.size, this.candidates * queries.length);
      for (const q of queries) for (const entry of picked) consider(entry, this.exact(q, entry));
    }
    let hits = [...best.values()];
    if (allow) hits = hits.filter((h) => allow(h.productId));
    return hits.sort((a, b) => b.score - a.score || a.productId - b.productId).slice(0, k);
  }

  /** Writes the index to a file (atomically: a temporary file renamed into place). */
  async save(file: string, meta: Record<string, unknown>): Promise<void> {
    const metaBuf = Buffer.from(JSON.stringify(meta));
    const header = Buffer.alloc(20);
    header.writeUInt32LE(MAGIC, 0);
    header.writeUInt32LE(VERSION, 4);
    header.writeUInt32LE(this.dim, 8);
    header.writeUInt32LE(this.size, 12);
    header.writeUInt32LE(metaBuf.length, 16);
    const prods = Buffer.from(this.products.buffer, 0, this.size * 4);
    const vecs = Buffer.from(this.vectors.buffer, 0, this.size * this.dim * 4);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    await fs.writeFile(tmp, Buffer.concat([header, metaBuf, prods, vecs]));
    await fs.rename(tmp, file);
  }

  /** Reads an index file; null when it is missing or not ours. */
  static async load(file: string, opts: FlatIndexOptions = {}): Promise<{ index: FlatIndex; meta: Record<string, unknown> } | null> {
    let buf: Buffer;
    try {
      buf = await fs.readFile(file);
    } catch {
      return null;
    }
    if (buf.length < 20 || buf.readUInt32LE(0) !== MAGIC || buf.readUInt32LE(4) !== VERSION) return null;
    const dim = buf.readUInt32LE(8), size = buf.readUInt32LE(12), metaLen = buf.readUInt32LE(16);
    const need = 20 + metaLen + size * 4 + size * dim * 4;
    if (buf.length !== need) return null;
    const meta = JSON.parse(buf.subarray(20, 20 + metaLen).toString()) as Record<string, unknown>;
    const index = new FlatIndex(dim, Math.max(1024, size), opts);
    const off = 20 + metaLen;
    index.products.set(new Int32Array(buf.buffer.slice(buf.byteOffset + off, buf.byteOffset + off + size * 4)));
    index.vectors.set(new Float32Array(buf.buffer.slice(buf.byteOffset + off + size * 4, buf.byteOffset + need)));
    index.size = size;
    return { index, meta };
  }
}

/** Dot product of `q` with `v[off .. off+d)`. */
const dot4 = (v: Float32Array | Int8Array, off: number, q: Float32Array, d: number) => dotAt(v, off, q, 0, d);

/** Indices of (about) the `k` largest of `scores[0..n)`: a threshold from a sorted sample, then one filter pass. */
function topIndices(scores: Float32Array, n: number, k: number): number[] {
  if (n <= k) return Array.from({ length: n }, (_, i) => i);
  const step = Math.max(1, Math.floor(n / 8192));
  const sample: number[] = [];
  for (let i = 0; i < n; i += step) sample.push(scores[i]);
  sample.sort((a, b) => b - a);
  // Aim for twice k above the threshold, then keep the best k of those.
  const at = Math.min(sample.length - 1, Math.ceil(((2 * k) / n) * sample.length));
  const threshold = sample[at];
  const picked: number[] = [];
  for (let i = 0; i < n; i++) if (scores[i] >= threshold) picked.push(i);
  if (picked.length < k) return Array.from(scores.subarray(0, n), (s, i) => [s, i] as const).sort((a, b) => b[0] - a[0]).slice(0, k).map(([, i]) => i);
  return picked.sort((a, b) => scores[b] - scores[a]).slice(0, k);
}
