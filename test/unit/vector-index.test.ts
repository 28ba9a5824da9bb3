// The nearest-neighbour indexes of photo search on synthetic descriptors: the PCA projection keeps the
// leading directions, and the projected HNSW graph (usearch) finds the same products as the exact flat
// scan, survives a save and a load, and forgets removed products.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import { Rng } from '../../api/db/seed/random';
import { AnnIndex, EXACT_VIEWS, exactTop, rescore } from '../../api/modules/search/engine/ann-index';
import { FlatIndex } from '../../api/modules/search/engine/flat-index';
import { KeysIndex } from '../../api/modules/search/engine/keys-index';
import { Projection } from '../../api/modules/search/engine/projection';
import { l2normalise, dot } from '../../api/modules/search/engine/types';

const DIM = 96;

/** `products` clusters in a 12-dimensional subspace of DIM, each with `views` noisy members. */
function catalogue(products: number, views: number, seed = 1) {
  const r = new Rng(seed);
  const axes = Array.from({ length: 12 }, () => l2normalise(Float32Array.from({ length: DIM }, () => r.gaussian())));
  const centre = (k: number) => {
    const rr = new Rng(1000 + k);
    const v = new Float32Array(DIM);
    for (const a of axes) { const w = rr.gaussian(); for (let j = 0; j < DIM; j++) v[j] += w * a[j]; }
    return v;
  };
  const noisy = (c: Float32Array, amount: number) => l2normalise(Float32Array.from(c, (x) => x + amount * r.gaussian()));
  const items = Array.from({ length: products }, (_, p) => {
    const c = centre(p);
    return { productId: p + 1, centre: c, vectors: Array.from({ length: views }, () => noisy(c, 0.08)) };
  });
  return { items, noisy };
}

t.test('the projection keeps the subspace the data live in', async (t) => {
  const { items } = catalogue(200, 4);
  const sample = items.flatMap((i) => i.vectors);
  const p = Projection.fit(sample, DIM, 16);
  t.equal(p.k, 16);
  // Rows are orthonormal.
  let worst = 0;
  for (let a = 0; a < p.k; a++) for (let b = 0; b <= a; b++) {
    const d = dot(p.basis.subarray(a * DIM, (a + 1) * DIM), p.basis.subarray(b * DIM, (b + 1) * DIM));
    worst = Math.max(worst, Math.abs(d - (a === b ? 1 : 0)));
  }
  t.ok(worst < 1e-3, `basis orthonormal (worst error ${worst.toExponential(2)})`);
  // Two views of one product stay closer than views of two products after projection.
  const same = dot(p.apply(items[0].vectors[0]), p.apply(items[0].vectors[1]));
  const other = dot(p.apply(items[0].vectors[0]), p.apply(items[1].vectors[0]));
  t.ok(same > other, `same product ${same.toFixed(3)} > another ${other.toFixed(3)}`);
  const back = Projection.fromBuffer(p.toBuffer()).projection;
  t.same(Array.from(back.apply(items[3].vectors[2])), Array.from(p.apply(items[3].vectors[2])), 'a projection read back projects the same');
  t.throws(() => Projection.fit([], DIM, 8), /no vectors/);
});

t.test('the graph finds what the exact scan finds, and keeps it across a save', async (t) => {
  const { items, noisy } = catalogue(600, 6, 7);
  const flat = new FlatIndex(DIM);
  const projection = Projection.fit(items.flatMap((i) => i.vectors).filter((_, i) => i % 3 === 0), DIM, 24);
  const ann = new AnnIndex(DIM, projection);
  const byKey = new Map<number, Float32Array>();
  let key = 100;
  for (const it of items) {
    flat.add(it.productId, it.vectors);
    const keys = it.vectors.map(() => key++);
    ann.add(it.productId, it.vectors, keys);
    keys.forEach((k, i) => byKey.set(k, it.vectors[i]));
  }
  t.equal(ann.count, 3600);
  t.equal(ann.productCount(), 600);
  t.ok(ann.has(5) && !ann.has(601));

  let agree = 0;
  const queries = items.filter((_, i) => i % 10 === 0);
  for (const it of queries) {
    const q = [noisy(it.centre, 0.1)];
    const exact = flat.search(q, 5);
    const approx = rescore(ann.search(q, 15), q, (e) => byKey.get(e), 5);
    t.equal(exact[0].productId, it.productId, `the exact scan finds product ${it.productId}`);
    if (approx[0]?.productId === it.productId) agree++;
    // Re-scored hits carry full-vector similarities: never above the exact scan's, and close to it.
    if (approx[0]?.productId === exact[0].productId) t.ok(approx[0].score <= exact[0].score + 1e-6 && approx[0].score > exact[0].score - 0.05, `re-scored ${approx[0].score.toFixed(4)} vs exact ${exact[0].score.toFixed(4)}`);
  }
  t.ok(agree >= queries.length - 1, `graph top-1 right for ${agree} of ${queries.length}`);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ann-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'test.idx');
  t.equal(ann.removeProduct(11), 6, 'a removed product takes its six vectors with it');
  t.equal(ann.removeProduct(11), 0);
  await ann.save(file, { model: 'm', count: ann.count });
  t.ok(fs.existsSync(`${file}.usearch`), 'the graph is kept next to the index file');
  const loaded = await AnnIndex.load(file);
  t.ok(loaded, 'the saved index loads');
  t.equal(loaded!.meta.model, 'm');
  t.equal(loaded!.index.count, 3594);
  const q = [noisy(items[10].centre, 0.05)];
  t.notOk(loaded!.index.search(q, 20).some((h) => h.productId === 11), 'the removed product is not found after a load');
  const q2 = [noisy(items[20].centre, 0.05)];
  t.equal(rescore(loaded!.index.search(q2, 5), q2, (e) => byKey.get(e), 5)[0].productId, 21, 'the loaded graph still finds a product');
  // Keys must be unique; a product added again after removal gets its vectors back.
  t.throws(() => loaded!.index.add(99, [items[0].vectors[0]], [100]), /already/);
  loaded!.index.add(11, items[10].vectors, items[10].vectors.map((_, i) => 90_000 + i));
  t.equal(loaded!.index.search(q, 1)[0].productId, 11);
  // A flat index file is not an ANN index, and a truncated sidecar is refused.
  await flat.save(path.join(dir, 'flat.idx'), {});
  t.equal(await AnnIndex.load(path.join(dir, 'flat.idx')), null);
  fs.writeFileSync(file, fs.readFileSync(file).subarray(0, 100));
  t.equal(await AnnIndex.load(file), null);
});

t.test('a graph of half floats, and candidates that offer all their views for re-scoring', async (t) => {
  const { items, noisy } = catalogue(300, 6, 11);
  const projection = Projection.fit(items.flatMap((i) => i.vectors).filter((_, i) => i % 2 === 0), DIM, 24);
  const half = new AnnIndex(DIM, projection, { scalar: 'f16', allEntriesOf: 3 });
  const bytes = new AnnIndex(DIM, projection);
  let key = 1;
  const keysOf = new Map<number, number[]>();
  for (const it of items) {
    const keys = it.vectors.map(() => key++);
    keysOf.set(it.productId, keys);
    half.add(it.productId, it.vectors, keys);
    bytes.add(it.productId, it.vectors, keys);
  }
  t.ok(half.bytes() > bytes.bytes(), 'half floats take more memory than int8');
  t.ok(half.builtAs({ scalar: 'f16' }, 24) && !half.builtAs({ scalar: 'i8' }, 24) && !half.builtAs({ scalar: 'f16' }, 32), 'the graph says how it was built');
  const q = [noisy(items[40].centre, 0.1)];
  const hits = half.search(q, 10);
  t.equal(hits[0].productId, 41);
  for (let i = 0; i < 3; i++) t.same([...hits[i].entries!].sort((a, b) => a - b), keysOf.get(hits[i].productId), `candidate ${i + 1} lists all six of its views`);
  t.ok(hits.slice(3).every((h) => h.entries!.length <= 4), 'the others list only the views the graph returned (at most 4)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ann-f16-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  await half.save(path.join(dir, 'g.idx'), {});
  const loaded = (await AnnIndex.load(path.join(dir, 'g.idx'), undefined, { allEntriesOf: 1 }))!.index;
  t.ok(loaded.builtAs({ scalar: 'f16' }, 24), 'a loaded graph keeps its scalar kind');
  const again = loaded.search(q, 10);
  t.equal(again[0].productId, 41);
  t.equal(again[0].entries!.length, 6, 'the search options given at load apply');
  t.ok(again[1].entries!.length <= 4);
});

t.test('with pgvector the process keeps only which rows are whose', async (t) => {
  const keys = new KeysIndex(DIM);
  keys.addMany([{ productId: 1, vectors: [], keys: [10, 11, 12] }, { productId: 2, vectors: [], keys: [13] }]);
  keys.add(1, [], [14]);
  t.equal(keys.count, 5);
  t.equal(keys.productCount(), 2);
  t.ok(keys.has(2) && !keys.has(3));
  t.equal(keys.removeProduct(1), 4, 'a product leaves with all its rows');
  t.equal(keys.count, 1);
  t.ok(keys.bytes() < 200, 'no vectors held');
  t.throws(() => keys.search(), /PostgreSQL/, 'searching it is a mistake the caller hears about');
});

t.test('the graph re-scores its candidates from codes in memory: the fused cosine but for what PCA dropped', async (t) => {
  const { items, noisy } = catalogue(400, 6, 13);
  const sample = items.flatMap((i) => i.vectors).filter((_, i) => i % 2 === 0);
  const byKey = new Map<number, Float32Array>();
  const build = (k: number) => {
    const ann = new AnnIndex(DIM, Projection.fit(sample, DIM, k), { allEntriesOf: 5 });
    let key = 1;
    for (const it of items) ann.add(it.productId, it.vectors, it.vectors.map((v) => { byKey.set(key, v); return key++; }));
    return ann;
  };
  const ann = build(24);
  const { projection } = ann;
  // What the k-dimensional basis misses of a vector: r = (v − μ) − Bᵀ·B(v − μ).
  const residual = (v: Float32Array) => {
    const c = projection.apply(v, undefined, false);
    const r = Float32Array.from(v, (x, j) => x - projection.mean[j]);
    for (let i = 0; i < projection.k; i++) for (let j = 0; j < DIM; j++) r[j] -= c[i] * projection.basis[i * DIM + j];
    return r;
  };
  const norm = (v: Float32Array) => Math.sqrt(dot(v, v));
  let right = 0, checked = 0;
  for (const it of items.filter((_, i) => i % 20 === 0)) {
    const q = [noisy(it.centre, 0.1)];
    const hits = ann.rescore(ann.search(q, 30), q, 10);
    if (hits[0].productId === it.productId) right++;
    for (const h of hits) {
      const exact = dot(q[0], byKey.get(h.entry)!);
      const bound = norm(residual(q[0])) * norm(residual(byKey.get(h.entry)!)) + 0.01;
      if (Math.abs(h.score - exact) <= bound) checked++;
      else t.fail(`entry ${h.entry}: estimate ${h.score.toFixed(4)}, exact ${exact.toFixed(4)}, bound ${bound.toFixed(4)}`);
    }
    // The order is the estimate's, best first, with the entry that gave each product its score, and each
    // product lists its best EXACT_VIEWS entries by the estimate for the exact step.
    t.ok(hits.every((h, i) => i === 0 || hits[i - 1].score >= h.score), 'best first');
    t.ok(hits.every((h) => h.entries && h.entries.length >= 1 && h.entries.length <= EXACT_VIEWS && h.entries[0] === h.entry), 'each lists its best views, the best first');
  }
  t.equal(right, 20, 'every query finds its own product first');
  t.equal(checked, 200, 'every estimate is within |r_v|·|r_q| (+ int8 rounding) of the full cosine');
  // With a basis as wide as the descriptors nothing is dropped: the estimate is the full cosine.
  const whole = build(DIM);
  const q = [noisy(items[7].centre, 0.1)];
  const full = rescore(whole.search(q, 30), q, (e) => byKey.get(e), 10);
  const est = whole.rescore(whole.search(q, 30), q, 10);
  // (int8 rounding may swap two products a thousandth apart further down)
  t.same(est.slice(0, 5).map((h) => h.productId), full.slice(0, 5).map((h) => h.productId), 'the same leading order as the full vectors give');
  t.ok(est.every((h, i) => Math.abs(h.score - full[i].score) < 0.01), 'and the same scores, but for int8 rounding');

  // The codes are saved with the graph, follow removals, and an older file without them is not read.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ann-codes-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'c.idx');
  ann.removeProduct(8);
  await ann.save(file, {});
  const loaded = (await AnnIndex.load(file))!.index;
  const q8 = [noisy(items[7].centre, 0.1)];
  const before = ann.rescore(ann.search(q8, 30), q8, 10), after = loaded.rescore(loaded.search(q8, 30), q8, 10);
  t.same(after, before, 'a loaded graph re-scores exactly as the saved one');
  t.notOk(after.some((h) => h.productId === 8), 'a removed product has no codes left to score');
  t.ok(loaded.rescore([{ productId: 8, score: 1, entry: 43, entries: [43, 44] }], q8, 10).length === 0, 'not even when a stale candidate names its entries');
  const old = fs.readFileSync(file);
  old.writeUInt32LE(0x414e4e31, 0);
  fs.writeFileSync(file, old);
  t.equal(await AnnIndex.load(file), null, 'an "ANN1" file (no codes) is not loaded: the service rebuilds it from the stored descriptors');
});

t.test('the best few estimates are scored again with the full descriptors, and the list stays best first', async (t) => {
  const unit = (...xs: number[]) => l2normalise(Float32Array.from(xs));
  // Entries 1–2 are product 1's views, 3–4 product 2's, 5 product 3's, 6 product 4's; the query is [1, 0, 0].
  const full = new Map<number, Float32Array>([[1, unit(0.6, 0.8, 0)], [2, unit(0.9, 0.1, 0)], [3, unit(0.7, 0.7, 0)], [4, unit(0, 1, 0)], [6, unit(0.5, 0.5, 0.7)]]);
  // Estimates (as from the codes) that put product 2 first and product 1's weaker view before its better one.
  const estimated = [
    { productId: 2, score: 0.8, entry: 3, entries: [3, 4] }, { productId: 1, score: 0.7, entry: 1, entries: [1, 2] },
    { productId: 3, score: 0.75, entry: 5, entries: [5] }, { productId: 4, score: 0.6, entry: 6, entries: [6] },
  ];
  const q = [unit(1, 0, 0)];
  const out = exactTop(estimated, 3, q, (e) => full.get(e));
  t.same(out.map((h) => h.productId), [1, 2, 3, 4], 'product 1 first on its best view, product 3 (no stored rows left) after the exact ones');
  t.equal(out[0].entry, 2, 'with the view that gave it its score');
  t.ok(Math.abs(out[0].score - full.get(2)![0]) < 1e-6 && Math.abs(out[1].score - full.get(3)![0]) < 1e-6, 'exact similarities');
  t.ok(out.every((h, i) => i === 0 || out[i - 1].score >= h.score), 'best first, the estimates capped by the last exact score');
  t.equal(out[3].score, 0.6, 'an estimate below that cap keeps its value');
  t.same(exactTop(estimated, 0, q, (e) => full.get(e)).map((h) => h.productId), [2, 1, 3, 4], 'with none to score again the estimates stand');
});
