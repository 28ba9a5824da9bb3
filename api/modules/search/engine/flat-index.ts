// Exact nearest-neighbour search over a flat Float32Array of unit vectors (dot product = cosine): the
// index of catalogues below IMAGE_ANN_FROM vectors (larger ones use the HNSW graph, ann-index.ts). Each
// entry belongs to a product; a query's result is the best score per product.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { IndexHit, VectorIndex } from './vector-index';
import { boosted, layoutCosine, layoutEvidence, queryLayoutNorms, type LayoutScoring } from './layout';
import { dotAt } from './types';

export type { IndexHit } from './vector-index';

const MAGIC = 0x4c414345; // "LACE"
const VERSION = 1;

export class FlatIndex implements VectorIndex {
  readonly kind = 'flat' as const;
  private vectors: Float32Array;
  private products: Int32Array;
  private size = 0;

  constructor(readonly dim: number, capacity = 1024) {
    this.vectors = new Float32Array(dim * capacity);
    this.products = new Int32Array(capacity);
  }

  get count(): number { return this.size; }

  /** Distinct products in the index. */
  productCount(): number {
    return new Set(this.products.subarray(0, this.size)).size;
  }

  /** Approximate bytes held by the index. */
  bytes(): number {
    return this.vectors.byteLength + this.products.byteLength;
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
  }

  /** Adds one product's vectors (each of length `dim`, unit length). */
  add(productId: number, vectors: Float32Array[]): void {
    this.grow(this.size + vectors.length);
    for (const v of vectors) {
      if (v.length !== this.dim) throw new Error(`vector of ${v.length} dimensions in an index of ${this.dim}`);
      this.vectors.set(v, this.size * this.dim);
      this.products[this.size] = productId;
      this.size++;
    }
  }

  addMany(items: Array<{ productId: number; vectors: Float32Array[] }>): void {
    for (const it of items) this.add(it.productId, it.vectors);
  }

  /** Removes every vector of a product (order of the others is kept). */
  removeProduct(productId: number): number {
    let w = 0;
    const d = this.dim;
    for (let r = 0; r < this.size; r++) {
      if (this.products[r] === productId) continue;
      if (w !== r) {
        this.vectors.copyWithin(w * d, r * d, (r + 1) * d);
        this.products[w] = this.products[r];
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

  /** Scores of every entry against one query (exact). */
  private scanExact(q: Float32Array, scores: Float32Array): void {
    const d = this.dim, v = this.vectors;
    for (let i = 0, off = 0; i < this.size; i++, off += d) scores[i] = dotAt(v, off, q, 0, d);
  }

  /**
   * The `k` best products for a query given as one or more vectors (views of the query photo): a product's
   * score is its best entry against any query vector. `allow` filters products (e.g. only those on sale).
   * `layout`: the score boosted by the layout (layout.ts).
   */
  search(queries: Float32Array[], k: number, allow?: (productId: number) => boolean, layout?: LayoutScoring | null): IndexHit[] {
    const best = new Map<number, IndexHit>();
    if (this.size === 0) return [];
    const scores = new Float32Array(this.size);
    // With layout scoring, each product's best layout cosine with the query's first views (layout.ts).
    const norms = layout ? queryLayoutNorms(queries, layout) : null;
    const bestLayout = new Map<number, number>();
    for (const [qi, q] of queries.entries()) {
      this.scanExact(q, scores);
      for (let i = 0; i < this.size; i++) {
        const pid = this.products[i];
        const cur = best.get(pid);
        if (!cur || scores[i] > cur.score) best.set(pid, { productId: pid, score: scores[i], entry: i });
      }
      if (!layout || !norms?.[qi]) continue;
      for (let i = 0, off = 0; i < this.size; i++, off += this.dim) {
        const l = layoutEvidence(layoutCosine(this.vectors, off, q, norms[qi], layout), qi, layout.boost);
        const pid = this.products[i];
        if (l > (bestLayout.get(pid) ?? -Infinity)) bestLayout.set(pid, l);
      }
    }
    let hits = [...best.values()];
    if (layout) for (const h of hits) h.score = boosted(h.score, bestLayout.get(h.productId) ?? 0, layout.boost);
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
  static async load(file: string): Promise<{ index: FlatIndex; meta: Record<string, unknown> } | null> {
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
    const index = new FlatIndex(dim, Math.max(1024, size));
    const off = 20 + metaLen;
    index.products.set(new Int32Array(buf.buffer.slice(buf.byteOffset + off, buf.byteOffset + off + size * 4)));
    index.vectors.set(new Float32Array(buf.buffer.slice(buf.byteOffset + off + size * 4, buf.byteOffset + need)));
    index.size = size;
    return { index, meta };
  }
}
