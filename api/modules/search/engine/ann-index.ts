// Approximate nearest neighbours for large catalogues: descriptors projected to a few hundred dimensions
// (PCA fitted on the catalogue, projection.ts) and kept in usearch's HNSW graph as int8 with the cosine
// metric. Keys are the stored descriptors' row ids. The graph's order is that of the projected, centred and
// normalised vectors; `rescore` puts the candidates back in the order of the fused cosine itself, estimated
// from codes kept in memory (EntryCodes below), so no stored descriptor is read while a buyer waits.
// Persisted as two files: usearch's own (`<file>.usearch`) and ours (projection, key → product map, codes).
import fs from 'node:fs/promises';
import { Index, MetricKind, ScalarKind } from 'usearch';
import type { IndexHit, VectorIndex } from './vector-index';
import { Projection } from './projection';
import { LAYOUT_DIM, boosted, layoutCosine, layoutEvidence, queryLayoutNorms, tauOf, type LayoutScoring } from './layout';
import { dot, dotAt, l2normalise } from './types';

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
  /**
   * Where the layout block sits in the vectors (layout.ts), if they carry one: entries whose block is not
   * zero (the catalogue's whole-picture views) keep it in memory as int8, so that `layoutCandidates` can find
   * the products whose layout lines up with a photo, which the graph, blind to the block, may not return.
   */
  layoutAt?: number;
}

// "ANN3": the file also holds the re-scoring codes and the layout codes (older files are rebuilt from the stored descriptors).
const MAGIC = 0x414e4e33;

/**
 * What re-scoring keeps of each entry: its coordinates in the projection's basis (the centred descriptor
 * p = B(v − μ), not normalised) as int8 with one scale per entry, and v·μ. For a query q with coordinates
 * p_q, v·q = v·μ + μ·(q − μ) + p·p_q + r·r_q, where r and r_q are the parts outside the basis; all but the
 * last term are known, so the estimate misses only the similarity PCA threw away, in k + 8 bytes an entry
 * instead of the descriptor's 4 × dim. The int8 rounding adds an error of about scale/√12 × |p_q| (≈ 0.001).
 * (Keeping the colour and texture statistics' part of r as well, 98 more bytes, changed no recall at 2,000
 * designs: what the codes miss is in the network features; the exact step after them recovers it.)
 */
class EntryCodes {
  private codes: Int8Array;
  /** per slot: the coordinates' scale, v·μ */
  private floats: Float32Array;
  private readonly slotOf = new Map<number, number>();
  private readonly free: number[] = [];
  private used = 0;

  constructor(readonly k: number, capacity = 1024) {
    this.codes = new Int8Array(capacity * k);
    this.floats = new Float32Array(capacity * 2);
  }

  private get capacity(): number { return this.floats.length / 2; }
  bytes(): number { return this.capacity * (this.k + 8) + this.slotOf.size * 40; }

  set(key: number, coords: Float32Array, meanDot: number): void {
    let slot = this.slotOf.get(key) ?? this.free.pop();
    if (slot === undefined) {
      if (this.used === this.capacity) this.grow(Math.ceil(this.capacity * 1.5));
      slot = this.used++;
    }
    this.slotOf.set(key, slot);
    this.floats[slot * 2] = quantise(coords, this.k, this.codes, slot * this.k);
    this.floats[slot * 2 + 1] = meanDot;
  }

  delete(key: number): void {
    const slot = this.slotOf.get(key);
    if (slot === undefined) return;
    this.slotOf.delete(key);
    this.free.push(slot);
  }

  /** The estimated v·q of entry `key` for a query given as its coordinates and μ·(q − μ); undefined when unknown. */
  score(key: number, coords: Float32Array, constant: number): number | undefined {
    const slot = this.slotOf.get(key);
    if (slot === undefined) return undefined;
    return dotAt(this.codes, slot * this.k, coords, 0, this.k) * this.floats[slot * 2] + this.floats[slot * 2 + 1] + constant;
  }

  static bytesFor(count: number, k: number): number { return count * (k + 8); }

  /** The codes of `keys`, in that order: k bytes each, then two float32 each. */
  toBuffer(keys: number[]): Buffer {
    const { k } = this;
    const codes = new Int8Array(keys.length * k), floats = new Float32Array(keys.length * 2);
    keys.forEach((key, i) => {
      const slot = this.slotOf.get(key);
      if (slot === undefined) throw new Error(`no re-scoring codes for key ${key}`);
      codes.set(this.codes.subarray(slot * k, (slot + 1) * k), i * k);
      floats.set(this.floats.subarray(slot * 2, slot * 2 + 2), i * 2);
    });
    return Buffer.concat([Buffer.from(codes.buffer), Buffer.from(floats.buffer)]);
  }

  /** Reads what `toBuffer(keys)` wrote. */
  static fromBuffer(buf: Buffer, keys: ArrayLike<number>, k: number): EntryCodes {
    const n = keys.length;
    const out = new EntryCodes(k, Math.max(1024, n));
    out.codes.set(new Int8Array(buf.buffer, buf.byteOffset, n * k));
    out.floats.set(new Float32Array(buf.buffer.slice(buf.byteOffset + n * k, buf.byteOffset + n * k + n * 8)));
    for (let i = 0; i < n; i++) out.slotOf.set(keys[i], i);
    out.used = n;
    return out;
  }

  /** Room for `n` entries in all, so a build of known size allocates once. */
  reserve(n: number): void {
    if (n > this.capacity) this.grow(n);
  }

  private grow(capacity: number): void {
    const codes = new Int8Array(capacity * this.k);
    codes.set(this.codes);
    const floats = new Float32Array(capacity * 2);
    floats.set(this.floats);
    this.codes = codes;
    this.floats = floats;
  }
}

/** `v[0..n)` as int8 at `out[at..]`, scaled by its largest magnitude; returns the scale. */
function quantise(v: Float32Array, n: number, out: Int8Array, at: number): number {
  let max = 0;
  for (let j = 0; j < n; j++) max = Math.max(max, Math.abs(v[j]));
  const scale = max > 0 ? max / 127 : 1;
  for (let j = 0; j < n; j++) out[at + j] = Math.round(v[j] / scale);
  return scale;
}

/** The layout values scanned first (the block's first rows of frequencies), and the rest's length. */
const HEAD = 32;
function tailLength(v: Float32Array): number {
  let s = 0;
  for (let j = HEAD; j < LAYOUT_DIM; j++) s += v[j] * v[j];
  return Math.sqrt(s);
}

/**
 * The layout blocks of the entries that carry one (the catalogue's whole-picture views), unit length, as int8
 * with one scale each and the length of their values past HEAD: LAYOUT_DIM + 8 bytes an entry (and its key).
 * Scanned for a photo's whole view (layoutCandidates).
 */
class LayoutCodes {
  /** per slot, the block's first HEAD values, then (in `rest`) the others: the bound reads only the first, contiguously */
  private heads = new Int8Array(0);
  private rest = new Int8Array(0);
  private scales = new Float32Array(0);
  /** per slot: the length of the block past its first HEAD values (for the bound that skips most of the scan) */
  private tails = new Float32Array(0);
  private keys = new Int32Array(0);
  private readonly slotOf = new Map<number, number>();
  private readonly free: number[] = [];
  private used = 0;

  get size(): number { return this.slotOf.size; }
  bytes(): number { return this.scales.length * (LAYOUT_DIM + 12) + this.slotOf.size * 40; }

  /** Keeps the block `v[at .. at + LAYOUT_DIM)` of entry `key` when it is not zero. */
  set(key: number, v: Float32Array, at: number): void {
    const block = v.subarray(at, at + LAYOUT_DIM);
    let n = 0;
    for (let j = 0; j < LAYOUT_DIM; j++) n += block[j] * block[j];
    if (!(n > 0)) return;
    let slot = this.slotOf.get(key) ?? this.free.pop();
    if (slot === undefined) {
      if (this.used === this.scales.length) this.grow(Math.max(1024, Math.ceil(this.scales.length * 1.5)));
      slot = this.used++;
    }
    this.slotOf.set(key, slot);
    const unit = Float32Array.from(block, (x) => x / Math.sqrt(n));
    const row = new Int8Array(LAYOUT_DIM);
    this.scales[slot] = quantise(unit, LAYOUT_DIM, row, 0);
    this.heads.set(row.subarray(0, HEAD), slot * HEAD);
    this.rest.set(row.subarray(HEAD), slot * (LAYOUT_DIM - HEAD));
    this.tails[slot] = tailLength(unit);
    this.keys[slot] = key;
  }

  delete(key: number): void {
    const slot = this.slotOf.get(key);
    if (slot === undefined) return;
    this.slotOf.delete(key);
    this.keys[slot] = 0;
    this.scales[slot] = 0;
    this.free.push(slot);
  }

  /**
   * Every kept entry whose layout cosine with `q` (a unit block) passes `min`: [key, cosine] pairs. Most
   * entries are ruled out from their first HEAD values: the cosine is at most their part plus the product
   * of the two blocks' remaining lengths (Cauchy–Schwarz), with a margin for the int8 rounding.
   */
  above(q: Float32Array, min: number): Array<[number, number]> {
    const out: Array<[number, number]> = [];
    const qTail = tailLength(q);
    const heads = this.heads, scales = this.scales, tails = this.tails, qHead = q.subarray(0, HEAD);
    for (let slot = 0, at = 0; slot < this.used; slot++, at += HEAD) {
      const scale = scales[slot];
      if (scale === 0) continue;
      let h = 0;
      for (let j = 0; j < HEAD; j++) h += heads[at + j] * qHead[j];
      const head = h * scale;
      if (head + qTail * tails[slot] + 0.02 <= min) continue;
      const l = head + dotAt(this.rest, slot * (LAYOUT_DIM - HEAD), q, HEAD, LAYOUT_DIM - HEAD) * scale;
      if (l > min) out.push([this.keys[slot], l]);
    }
    return out;
  }

  toBuffer(): Buffer {
    const slots = [...this.slotOf.values()];
    const keys = Int32Array.from(slots, (s) => this.keys[s]), scales = Float32Array.from(slots, (s) => this.scales[s]), tails = Float32Array.from(slots, (s) => this.tails[s]);
    const codes = new Int8Array(slots.length * LAYOUT_DIM);
    slots.forEach((s, i) => {
      codes.set(this.heads.subarray(s * HEAD, (s + 1) * HEAD), i * LAYOUT_DIM);
      codes.set(this.rest.subarray(s * (LAYOUT_DIM - HEAD), (s + 1) * (LAYOUT_DIM - HEAD)), i * LAYOUT_DIM + HEAD);
    });
    const head = Buffer.alloc(4);
    head.writeUInt32LE(slots.length, 0);
    return Buffer.concat([head, Buffer.from(keys.buffer), Buffer.from(scales.buffer), Buffer.from(tails.buffer), Buffer.from(codes.buffer)]);
  }

  static bytesIn(buf: Buffer, at: number): number { return 4 + buf.readUInt32LE(at) * (LAYOUT_DIM + 12); }

  static fromBuffer(buf: Buffer, at: number): LayoutCodes {
    const n = buf.readUInt32LE(at);
    const out = new LayoutCodes();
    out.grow(Math.max(1024, n));
    const body = buf.buffer.slice(buf.byteOffset + at + 4, buf.byteOffset + at + 4 + n * (LAYOUT_DIM + 12));
    out.keys.set(new Int32Array(body, 0, n));
    out.scales.set(new Float32Array(body, n * 4, n));
    out.tails.set(new Float32Array(body, n * 8, n));
    const codes = new Int8Array(body, n * 12, n * LAYOUT_DIM);
    for (let i = 0; i < n; i++) {
      out.heads.set(codes.subarray(i * LAYOUT_DIM, i * LAYOUT_DIM + HEAD), i * HEAD);
      out.rest.set(codes.subarray(i * LAYOUT_DIM + HEAD, (i + 1) * LAYOUT_DIM), i * (LAYOUT_DIM - HEAD));
    }
    for (let i = 0; i < n; i++) out.slotOf.set(out.keys[i], i);
    out.used = n;
    return out;
  }

  private grow(capacity: number): void {
    const heads = new Int8Array(capacity * HEAD), rest = new Int8Array(capacity * (LAYOUT_DIM - HEAD));
    const scales = new Float32Array(capacity), tails = new Float32Array(capacity), keys = new Int32Array(capacity);
    heads.set(this.heads); rest.set(this.rest); scales.set(this.scales); tails.set(this.tails); keys.set(this.keys);
    this.heads = heads; this.rest = rest; this.scales = scales; this.tails = tails; this.keys = keys;
  }
}

export class AnnIndex implements VectorIndex {
  readonly kind = 'ann' as const;
  private readonly graph: Index;
  private readonly productOf = new Map<number, number>();
  private readonly keysOf = new Map<number, number[]>();
  private nextKey = 1;
  private codes: EntryCodes;
  private layouts = new LayoutCodes();
  private readonly meanNorm2: number;
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
    this.codes = new EntryCodes(projection.k);
    this.meanNorm2 = dot(projection.mean, projection.mean);
  }

  get count(): number { return this.productOf.size; }
  /** Room for `n` entries in all (the re-scoring codes are one block, grown by half when full). */
  reserve(n: number): void { this.codes.reserve(n); }
  /** Whether the graph was built as these options and this many projected dimensions ask. */
  builtAs(opts: AnnOptions, dims: number): boolean { return (this.opts.scalar ?? 'i8') === (opts.scalar ?? 'i8') && this.projection.k === Math.min(dims, this.dim); }
  productCount(): number { return this.keysOf.size; }
  has(productId: number): boolean { return this.keysOf.has(productId); }

  /**
   * usearch's memory is outside the JS heap: the vectors (int8 or f16) plus about 2 × connectivity links of
   * 4 bytes; then the key maps, the re-scoring codes and the projection.
   */
  bytes(): number {
    const c = this.opts.connectivity ?? 16;
    const { dim, k } = this.projection;
    const perValue = this.opts.scalar === 'f16' ? 2 : 1;
    return this.count * (perValue * k + 2 * c * 4 + 16) + this.count * 40 + this.codes.bytes() + this.layouts.bytes() + 4 * dim * (k + 1);
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
    const coords = new Float32Array(k);
    let at = 0;
    for (const { productId, vectors, keys } of items) {
      const list = this.keysOf.get(productId) ?? [];
      vectors.forEach((v, i) => {
        if (v.length !== this.dim) throw new Error(`vector of ${v.length} dimensions in an index of ${this.dim}`);
        const key = keys?.[i] ?? this.nextKey;
        if (this.productOf.has(key)) throw new Error(`key ${key} is already in the index`);
        this.projection.apply(v, coords, false);
        this.codes.set(key, coords, dot(v, this.projection.mean));
        if (this.opts.layoutAt !== undefined) this.layouts.set(key, v, this.opts.layoutAt);
        flat.set(coords, at * k);
        l2normalise(flat.subarray(at * k, (at + 1) * k));
        this.nextKey = Math.max(this.nextKey, key + 1);
        big[at++] = BigInt(key);
        this.productOf.set(key, productId);
        list.push(key);
      });
      this.keysOf.set(productId, list);
    }
    this.graph.add(big, flat, this.addThreads);
  }

  /**
   * Adds vectors that are already projected: `coords` has rows of k numbers, each row one product's view
   * in the projection's basis (not normalised: projection.apply(v, out, false)), and `meanDots` each
   * view's v·μ. For the benchmark, which makes large catalogues from noisy copies of projected vectors.
   * `layouts`, when given: each view's layout block (the LAYOUT_DIM values at `layoutAt` in its full vector),
   * or undefined where it has none; kept as addMany keeps them, so the graph's layout scan has them to read.
   */
  addProjected(products: number[], perProduct: number, coords: Float32Array, meanDots: Float32Array, layouts?: ArrayLike<Float32Array | undefined>): void {
    const n = products.length * perProduct;
    const k = this.projection.k;
    if (layouts && this.opts.layoutAt === undefined) throw new Error('layout blocks given to an index built without layoutAt');
    for (let i = 0; layouts && i < n; i++) {
      const block = layouts[i];
      if (block && block.length !== LAYOUT_DIM) throw new Error(`layout block of ${block.length} values, not ${LAYOUT_DIM}`);
    }
    const big = new BigUint64Array(n);
    const flat = new Float32Array(n * k);
    for (let p = 0, at = 0; p < products.length; p++) {
      const list = this.keysOf.get(products[p]) ?? [];
      for (let i = 0; i < perProduct; i++, at++) {
        const key = this.nextKey++;
        const row = coords.subarray(at * k, (at + 1) * k);
        this.codes.set(key, row, meanDots[at]);
        const layout = layouts?.[at];
        if (layout) this.layouts.set(key, layout, 0);
        flat.set(row, at * k);
        l2normalise(flat.subarray(at * k, (at + 1) * k));
        big[at] = BigInt(key);
        this.productOf.set(key, products[p]);
        list.push(key);
      }
      this.keysOf.set(products[p], list);
    }
    this.graph.add(big, flat, this.addThreads);
  }

  removeProduct(productId: number): number {
    const keys = this.keysOf.get(productId);
    if (!keys) return 0;
    this.graph.remove(BigUint64Array.from(keys, (k) => BigInt(k)));
    for (const k of keys) { this.productOf.delete(k); this.codes.delete(k); this.layouts.delete(k); }
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

  /**
   * The candidates of `search` in the order of the fused cosine (the best entry against the best query
   * view), estimated from the codes kept in memory (EntryCodes), the best `k`; each lists its EXACT_VIEWS
   * best entries by that estimate, for exactTop.
   */
  rescore(hits: IndexHit[], queries: Float32Array[], k: number): IndexHit[] {
    const { mean } = this.projection;
    const qs = queries.map((q) => ({ coords: this.projection.apply(q, undefined, false), constant: dot(mean, q) - this.meanNorm2 }));
    return rescoreBy(hits, (entry) => {
      let best: number | undefined;
      for (const q of qs) {
        const s = this.codes.score(entry, q.coords, q.constant);
        if (s !== undefined && (best === undefined || s > best)) best = s;
      }
      return best;
    }, k, EXACT_VIEWS);
  }

  /**
   * The products whose kept layout (whole-picture views) lines up with the query's: each query vector within
   * `layout.boost.queryViews` that carries a layout block is scanned against every kept block, and the best
   * `max` products whose cosine passes `tau` come back (best layout first), each with that entry, for the
   * exact step to score (withLayoutCandidates). Empty when the index keeps no layouts.
   */
  layoutCandidates(queries: Float32Array[], layout: LayoutScoring, max: number): IndexHit[] {
    if (this.layouts.size === 0 || max <= 0) return [];
    const norms = queryLayoutNorms(queries, layout);
    const best = new Map<number, { key: number; l: number }>();
    for (let qi = 0; qi < queries.length; qi++) {
      if (!(norms[qi] > 0)) continue;
      const q = Float32Array.from(queries[qi].subarray(layout.block.at, layout.block.at + LAYOUT_DIM), (x) => x / norms[qi]);
      for (const [key, cos] of this.layouts.above(q, tauOf(layout.boost, qi))) {
        const l = layoutEvidence(cos, qi, layout.boost);
        const pid = this.productOf.get(key);
        if (pid === undefined) continue;
        const cur = best.get(pid);
        if (!cur || l > cur.l) best.set(pid, { key, l });
      }
    }
    return [...best].sort((a, b) => b[1].l - a[1].l || a[0] - b[0]).slice(0, max)
      .map(([productId, { key, l }]) => ({ productId, score: l, entry: key, entries: [key] }));
  }

  async save(file: string, meta: Record<string, unknown>): Promise<void> {
    const tmp = `${file}.${process.pid}.tmp`;
    this.graph.save(`${tmp}.usearch`);
    const metaBuf = Buffer.from(JSON.stringify({ ...meta, kind: 'ann', dim: this.dim, opts: this.opts }));
    const pairs = new Int32Array(this.count * 2);
    const keys: number[] = [];
    let i = 0;
    for (const [key, pid] of this.productOf) { pairs[i++] = key; pairs[i++] = pid; keys.push(key); }
    const header = Buffer.alloc(12);
    header.writeUInt32LE(MAGIC, 0);
    header.writeUInt32LE(metaBuf.length, 4);
    header.writeUInt32LE(this.count, 8);
    await fs.writeFile(tmp, Buffer.concat([header, metaBuf, this.projection.toBuffer(), Buffer.from(pairs.buffer), this.codes.toBuffer(keys), this.layouts.toBuffer()]));
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
      const layoutAt = at + count * 8 + EntryCodes.bytesFor(count, projection.k);
      if (buf.length < layoutAt + 4 || buf.length !== layoutAt + LayoutCodes.bytesIn(buf, layoutAt)) return null;
      const index = new AnnIndex(meta.dim, projection, { ...meta.opts, ...searchOpts });
      index.graph.load(`${file}.usearch`);
      if (index.graph.size() !== count) return null;
      const pairs = new Int32Array(buf.buffer.slice(buf.byteOffset + at, buf.byteOffset + at + count * 8));
      index.codes = EntryCodes.fromBuffer(buf.subarray(at + count * 8), pairs.filter((_, i) => i % 2 === 0), projection.k);
      index.layouts = LayoutCodes.fromBuffer(buf, layoutAt);
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
 * Hits re-ordered by `scoreOf` their best entry, best first; hits none of whose entries has a score keep no
 * place. With `keepEntries`, each hit lists its best that-many entries, best first.
 */
function rescoreBy(hits: IndexHit[], scoreOf: (entry: number) => number | undefined, k: number, keepEntries = 0): IndexHit[] {
  const out: IndexHit[] = [];
  for (const h of hits) {
    const scored: Array<{ entry: number; s: number }> = [];
    for (const entry of h.entries ?? [h.entry]) {
      const s = scoreOf(entry);
      if (s !== undefined) scored.push({ entry, s });
    }
    if (scored.length === 0) continue;
    scored.sort((a, b) => b.s - a.s);
    out.push({ productId: h.productId, score: scored[0].s, entry: scored[0].entry, ...(keepEntries ? { entries: scored.slice(0, keepEntries).map((x) => x.entry) } : {}) });
  }
  return out.sort((a, b) => b.score - a.score || a.productId - b.productId).slice(0, k);
}

/** How many of a product's views, the best by the codes' estimate, the exact step scores (exactTop). */
export const EXACT_VIEWS = 4;

/**
 * Re-scores approximate hits with the full descriptors of their entries (the best entry against the best
 * query view), best first: the exact fused cosine, for comparison with AnnIndex.rescore's estimate.
 * `layout`: each product's score boosted by its best layout cosine over those entries (layout.ts).
 */
export function rescore(hits: IndexHit[], queries: Float32Array[], vectorOf: (entry: number) => Float32Array | undefined, k: number, layout?: LayoutScoring | null): IndexHit[] {
  const out = rescoreBy(hits, (entry) => {
    const v = vectorOf(entry);
    if (!v) return undefined;
    let best = -Infinity;
    for (const q of queries) best = Math.max(best, dot(q, v));
    return best;
  }, Infinity);
  if (layout) {
    const norms = queryLayoutNorms(queries, layout);
    const entriesOf = new Map(hits.map((h) => [h.productId, h.entries ?? [h.entry]]));
    for (const h of out) {
      let l = -Infinity;
      for (const entry of entriesOf.get(h.productId) ?? []) {
        const v = vectorOf(entry);
        if (!v) continue;
        for (let qi = 0; qi < queries.length; qi++) if (norms[qi] > 0) l = Math.max(l, layoutEvidence(layoutCosine(v, 0, queries[qi], norms[qi], layout), qi, layout.boost));
      }
      h.score = boosted(h.score, l, layout.boost);
    }
    out.sort((a, b) => b.score - a.score || a.productId - b.productId);
  }
  return out.slice(0, k);
}

/**
 * The best `m` of re-scored hits scored again with the full descriptors (`vectorOf`) of the entries they
 * list (AnnIndex.rescore: their best EXACT_VIEWS by the estimate), in that order; the rest follow in their
 * estimated order, their similarity no higher than the last exact one, so the list stays best first. A
 * product none of whose full descriptors is known (removed meanwhile) keeps its estimate among the rest.
 * `layout`: the exact scores boosted by the layout (rescore).
 */
export function exactTop(hits: IndexHit[], m: number, queries: Float32Array[], vectorOf: (entry: number) => Float32Array | undefined, layout?: LayoutScoring | null): IndexHit[] {
  const exact = rescore(hits.slice(0, m), queries, vectorOf, m, layout);
  const seen = new Set(exact.map((h) => h.productId));
  const floor = exact.length ? exact[exact.length - 1].score : Infinity;
  return [...exact, ...hits.filter((h) => !seen.has(h.productId)).map((h) => ({ ...h, score: Math.min(h.score, floor) }))];
}

/** How many products the layout may add to the exact step (AnnIndex.layoutCandidates). */
export const LAYOUT_CANDIDATES = 10;

/**
 * The graph's estimated hits with the products whose layout lines up with the photo (AnnIndex.
 * layoutCandidates) joined to its leaders, so that the exact step (exactTop, with the boost) scores them
 * too: the codes estimate the fused cosine, which does not see the layout, so a washed-out photo's own
 * design may be far down the estimate. Returns the list and how many leading hits the exact step takes.
 */
export function withLayoutCandidates(index: AnnIndex, estimated: IndexHit[], queries: Float32Array[], layout: LayoutScoring | null, exactTopN: number): { hits: IndexHit[]; m: number } {
  const m = Math.min(estimated.length, exactTopN);
  if (!layout) return { hits: estimated, m };
  const lead = estimated.slice(0, m);
  const inLead = new Map(lead.map((h) => [h.productId, h]));
  const added: IndexHit[] = [];
  for (const c of index.layoutCandidates(queries, layout, LAYOUT_CANDIDATES)) {
    const h = inLead.get(c.productId);
    if (h) { if (!(h.entries ?? [h.entry]).includes(c.entry)) h.entries = [...(h.entries ?? [h.entry]), c.entry]; continue; }
    const own = estimated.find((e) => e.productId === c.productId);
    added.push({ productId: c.productId, score: own?.score ?? -Infinity, entry: c.entry, entries: [...new Set([...(own?.entries ?? []), c.entry])] });
  }
  if (added.length === 0) return { hits: estimated, m };
  const addedIds = new Set(added.map((h) => h.productId));
  return { hits: [...lead, ...added, ...estimated.slice(m).filter((h) => !addedIds.has(h.productId))], m: m + added.length };
}
