// Approximate nearest neighbours for large catalogues: descriptors projected to a few hundred dimensions
// (PCA fitted on the catalogue, projection.ts) and kept in usearch's HNSW graph as int8 with the cosine
// metric. Keys are the stored descriptors' row ids, so callers can re-score the candidates exactly with
// the full descriptors (the service does: the similarity a buyer sees is always the fused cosine).
// Persisted as two files: usearch's own (`<file>.usearch`) and ours (projection and key → product map).
import fs from 'node:fs/promises';
import { Index, MetricKind, ScalarKind } from 'usearch';
import type { IndexHit, VectorIndex } from './vector-index';
import { Projection } from './projection';

export interface AnnOptions {
  /** HNSW graph degree (usearch "connectivity") */
  connectivity?: number;
  /** candidate list while inserting / searching (usearch "expansion") */
  expansionAdd?: number;
  expansionSearch?: number;
  /** vectors fetched per query view for every product wanted */
  perProduct?: number;
  /** threads usearch may use to insert a batch (0 = all cores) */
  addThreads?: number;
  /** how the graph keeps the projected vectors: int8 (usearch scales each by its length × 127 and truncates) or half floats */
  scalar?: 'i8' | 'f16';
  /** the best this-many candidate products list every entry for re-scoring, not only those the graph returned */
  allEntriesOf?: number;
}

const MAGIC = 0x414e4e31; // "ANN1"

export class AnnIndex implements VectorIndex {
  readonly kind = 'ann' as const;
  private readonly graph: Index;
  private readonly productOf = new Map<number, number>();
  private readonly keysOf = new Map<number, number[]>();
  private nextKey = 1;
  private readonly perProduct: number;
  private readonly addThreads: number;

  constructor(readonly dim: number, readonly projection: Projection, private readonly opts: AnnOptions = {}) {
    if (projection.dim !== dim) throw new Error(`projection of ${projection.dim} dimensions for an index of ${dim}`);
    this.graph = new Index({
      dimensions: projection.k,
      metric: MetricKind.Cos,
      quantization: opts.scalar === 'f16' ? ScalarKind.F16 : ScalarKind.I8,
      connectivity: opts.connectivity ?? 16,
      expansion_add: opts.expansionAdd ?? 128,
      expansion_search: opts.expansionSearch ?? 256,
      multi: false,
    });
    this.perProduct = opts.perProduct ?? 6;
    this.addThreads = opts.addThreads ?? 0;
  }

  get count(): number { return this.productOf.size; }
  /** Whether the graph was built as these options and this many projected dimensions ask. */
  builtAs(opts: AnnOptions, dims: number): boolean { return (this.opts.scalar ?? 'i8') === (opts.scalar ?? 'i8') && this.projection.k === Math.min(dims, this.dim); }
  productCount(): number { return this.keysOf.size; }
  has(productId: number): boolean { return this.keysOf.has(productId); }

  /** usearch's memory is outside the JS heap: the vectors (int8 or f16) plus about 2 × connectivity links of 4 bytes. */
  bytes(): number {
    const c = this.opts.connectivity ?? 16;
    const { dim, k } = this.projection;
    const perValue = this.opts.scalar === 'f16' ? 2 : 1;
    return this.count * (perValue * k + 2 * c * 4 + 16) + this.count * 40 + 4 * dim * (k + 1);
  }

  /** Adds one product's vectors; `keys` (row ids) are given when the vectors are stored rows. */
  add(productId: number, vectors: Float32Array[], keys?: number[]): void {
    this.addMany([{ productId, vectors, keys }]);
  }

  /** Adds several products' vectors in one insertion (the graph inserts a batch on all cores). */
  addMany(items: Array<{ productId: number; vectors: Float32Array[]; keys?: number[] }>): void {
    const k = this.projection.k;
    const n = items.reduce((s, it) => s + it.vectors.length, 0);
    if (n === 0) return;
    const flat = new Float32Array(n * k);
    const big = new BigUint64Array(n);
    let at = 0;
    for (const { productId, vectors, keys } of items) {
      const list = this.keysOf.get(productId) ?? [];
      vectors.forEach((v, i) => {
        if (v.length !== this.dim) throw new Error(`vector of ${v.length} dimensions in an index of ${this.dim}`);
        const key = keys?.[i] ?? this.nextKey;
        if (this.productOf.has(key)) throw new Error(`key ${key} is already in the index`);
        this.projection.apply(v, flat.subarray(at * k, (at + 1) * k));
        this.nextKey = Math.max(this.nextKey, key + 1);
        big[at++] = BigInt(key);
        this.productOf.set(key, productId);
        list.push(key);
      });
      this.keysOf.set(productId, list);
    }
    this.graph.add(big, flat, this.addThreads);
  }

  /** Adds vectors that are already projected (`flat`: rows of k numbers, each row one product's view). */
  addProjected(products: number[], perProduct: number, flat: Float32Array): void {
    const n = products.length * perProduct;
    const big = new BigUint64Array(n);
    for (let p = 0, at = 0; p < products.length; p++) {
      const list = this.keysOf.get(products[p]) ?? [];
      for (let i = 0; i < perProduct; i++, at++) {
        const key = this.nextKey++;
        big[at] = BigInt(key);
        this.productOf.set(key, products[p]);
        list.push(key);
      }
      this.keysOf.set(products[p], list);
    }
    this.graph.add(big, flat.subarray(0, n * this.projection.k), this.addThreads);
  }

  removeProduct(productId: number): number {
    const keys = this.keysOf.get(productId);
    if (!keys) return 0;
    this.graph.remove(BigUint64Array.from(keys, (k) => BigInt(k)));
    for (const k of keys) this.productOf.delete(k);
    this.keysOf.delete(productId);
    return keys.length;
  }

  /**
   * Candidates for the `k` best products: a product's score is its best entry's cosine in the projected
   * space, `entry` is that entry's key. Approximate: re-score with the full vectors for the final order.
   */
  search(queries: Float32Array[], k: number, allow?: (productId: number) => boolean): IndexHit[] {
    if (this.count === 0) return [];
    const want = Math.min(this.count, Math.max(64, k * this.perProduct));
    const best = new Map<number, IndexHit>();
    for (const q of queries) {
      const m = this.graph.search(this.projection.apply(q), want, 1);
      for (let i = 0; i < m.keys.length; i++) {
        const key = Number(m.keys[i]);
        const pid = this.productOf.get(key);
        if (pid === undefined) continue;
        const score = 1 - m.distances[i];
        const cur = best.get(pid);
        if (!cur) best.set(pid, { productId: pid, score, entry: key, entries: [key] });
        else {
          if (cur.entries && cur.entries.length < 4 && !cur.entries.includes(key)) cur.entries.push(key);
          if (score > cur.score) { cur.score = score; cur.entry = key; }
        }
      }
    }
    let hits = [...best.values()];
    if (allow) hits = hits.filter((h) => allow(h.productId));
    hits = hits.sort((a, b) => b.score - a.score || a.productId - b.productId).slice(0, k);
    // The graph finds a product by whichever of its views came near in the projected space; the view that
    // matches best in the full space may not be among them, so the leading candidates offer all of theirs.
    const all = Math.min(hits.length, this.opts.allEntriesOf ?? 0);
    for (let i = 0; i < all; i++) hits[i].entries = [...(this.keysOf.get(hits[i].productId) ?? [hits[i].entry])];
    return hits;
  }

  async save(file: string, meta: Record<string, unknown>): Promise<void> {
    const tmp = `${file}.${process.pid}.tmp`;
    this.graph.save(`${tmp}.usearch`);
    const metaBuf = Buffer.from(JSON.stringify({ ...meta, kind: 'ann', dim: this.dim, opts: this.opts }));
    const pairs = new Int32Array(this.count * 2);
    let i = 0;
    for (const [key, pid] of this.productOf) { pairs[i++] = key; pairs[i++] = pid; }
    const header = Buffer.alloc(12);
    header.writeUInt32LE(MAGIC, 0);
    header.writeUInt32LE(metaBuf.length, 4);
    header.writeUInt32LE(this.count, 8);
    await fs.writeFile(tmp, Buffer.concat([header, metaBuf, this.projection.toBuffer(), Buffer.from(pairs.buffer)]));
    // The graph first, then the file that says it is complete: a crash between leaves an old pair that
    // fails its count check and is rebuilt.
    await fs.rename(`${tmp}.usearch`, `${file}.usearch`);
    await fs.rename(tmp, file);
  }

  /** Reads an index saved by `save`; null when the file is not an ANN index or is inconsistent. */
  static async load(file: string, buf?: Buffer, searchOpts: Pick<AnnOptions, 'allEntriesOf'> = {}): Promise<{ index: AnnIndex; meta: Record<string, unknown> } | null> {
    try {
      buf ??= await fs.readFile(file);
      if (buf.length < 12 || buf.readUInt32LE(0) !== MAGIC) return null;
      const metaLen = buf.readUInt32LE(4), count = buf.readUInt32LE(8);
      const meta = JSON.parse(buf.subarray(12, 12 + metaLen).toString()) as Record<string, unknown> & { dim: number; opts: AnnOptions };
      const { projection, bytes } = Projection.fromBuffer(buf, 12 + metaLen);
      const at = 12 + metaLen + bytes;
      if (buf.length !== at + count * 8) return null;
      const index = new AnnIndex(meta.dim, projection, { ...meta.opts, ...searchOpts });
      index.graph.load(`${file}.usearch`);
      if (index.graph.size() !== count) return null;
      const pairs = new Int32Array(buf.buffer.slice(buf.byteOffset + at, buf.byteOffset + at + count * 8));
      for (let i = 0; i < count; i++) {
        const key = pairs[2 * i], pid = pairs[2 * i + 1];
        index.productOf.set(key, pid);
        const list = index.keysOf.get(pid) ?? [];
        list.push(key);
        index.keysOf.set(pid, list);
        index.nextKey = Math.max(index.nextKey, key + 1);
      }
      return { index, meta };
    } catch {
      return null;
    }
  }
}

/**
 * Re-scores approximate hits with the full descriptors of their entries (the best entry against the best
 * query view), best first. Hits none of whose vectors is known keep no place.
 */
export function rescore(hits: IndexHit[], queries: Float32Array[], vectorOf: (entry: number) => Float32Array | undefined, k: number): IndexHit[] {
  const out: IndexHit[] = [];
  for (const h of hits) {
    let best = -Infinity, bestEntry = h.entry;
    for (const entry of h.entries ?? [h.entry]) {
      const v = vectorOf(entry);
      if (!v) continue;
      for (const q of queries) {
        let s = 0;
        for (let j = 0; j < q.length; j++) s += q[j] * v[j];
        if (s > best) { best = s; bestEntry = entry; }
      }
    }
    if (best > -Infinity) out.push({ productId: h.productId, score: best, entry: bestEntry });
  }
  return out.sort((a, b) => b.score - a.score || a.productId - b.productId).slice(0, k);
}
