// The layout block (engine/layout.ts): a photo under warm, dim light keeps its picture's layout while other
// designs do not share it, and a search boosts a product whose layout lines up, in the flat scan and in the
// exact step after the graph, but only from `tau` on and never past 1.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import { designFor, renderLaceJpeg } from '../../api/db/seed/lace-image';
import { AnnIndex, exactTop, withLayoutCandidates } from '../../api/modules/search/engine/ann-index';
import { FlatIndex } from '../../api/modules/search/engine/flat-index';
import { DEFAULT_LAYOUT_BOOST, DEFAULT_WEIGHTS, fuse, fusedDim, layoutBlockOf } from '../../api/modules/search/engine/fused-descriptor';
import { colourHistogram, textureDescriptor } from '../../api/modules/search/engine/handcrafted';
import { decodeUpload } from '../../api/modules/search/engine/image-input';
import { Projection } from '../../api/modules/search/engine/projection';
import { LAYOUT_DIM, boosted, layoutDescriptor, layoutEvidence, tauOf, type LayoutScoring } from '../../api/modules/search/engine/layout';
import { dot, l2normalise, type FeatureExtractor, type RgbImage } from '../../api/modules/search/engine/types';

/** Warm, dim light falling off across the frame, most colour gone, a little noise (as buyers' photos are). */
function warmDim(img: RgbImage, seed = 1): RgbImage {
  const out = new Uint8Array(img.data.length);
  const gains = [1.28, 0.92, 0.54];
  let s = seed;
  const noise = () => { s = (s * 1103515245 + 12345) % 2147483648; return (s / 2147483648 - 0.5) * 8; };
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      const i = (y * img.width + x) * 3;
      const light = 0.6 * (1 - 0.3 * (x / img.width));
      const Y = 0.299 * img.data[i] + 0.587 * img.data[i + 1] + 0.114 * img.data[i + 2];
      for (let c = 0; c < 3; c++) out[i + c] = Math.max(0, Math.min(255, Math.round((Y + 0.15 * (img.data[i + c] - Y)) * gains[c] * light + noise())));
    }
  }
  return { data: out, width: img.width, height: img.height };
}

const picture = async (seed: number, layout: 'medallion' | 'bigBorder' | 'fabric', colour = '#f5f0e6') =>
  decodeUpload(await renderLaceJpeg(designFor(seed, layout), colour, 'full', 160, 160));

t.test('a photo under warm, dim light keeps its layout; other designs of the same kind do not share it', async (t) => {
  const mine = await picture(31, 'medallion');
  const own = layoutDescriptor(mine);
  t.equal(own.length, LAYOUT_DIM);
  t.ok(Math.abs(dot(own, own) - 1) < 1e-5, 'unit length');
  const photo = layoutDescriptor(warmDim(mine));
  const same = dot(own, photo);
  t.ok(same > 0.99, `own picture under warm light: ${same.toFixed(4)}`);
  for (const seed of [32, 33, 34]) {
    const other = dot(layoutDescriptor(await picture(seed, 'medallion')), photo);
    t.ok(other < same - 0.02, `another medallion (${seed}): ${other.toFixed(4)} < ${same.toFixed(4)}`);
  }
  const flat: RgbImage = { data: new Uint8Array(160 * 160 * 3).fill(120), width: 160, height: 160 };
  t.ok(layoutDescriptor(flat).every((x) => x === 0), 'a flat view has no layout (a zero vector, not NaN)');
});

t.test('boosted: nothing below tau, the distance to 1 shrunk by up to gamma above it, never past 1', async (t) => {
  const b = { tau: 0.97, gamma: 0.9, queryViews: 1 };
  t.equal(boosted(0.95, 0.96, b), 0.95, 'below tau: unchanged');
  t.equal(boosted(0.95, -1, b), 0.95, 'a negative cosine: unchanged');
  t.ok(Math.abs(boosted(0.95, 1, b) - (1 - 0.05 * 0.1)) < 1e-9, 'a perfect layout: the distance to 1 is a tenth');
  t.ok(boosted(0.95, 0.985, b) > 0.95 && boosted(0.95, 0.985, b) < boosted(0.95, 1, b), 'in between, in between');
  t.ok(boosted(0.99, 1, b) > boosted(0.98, 1, b), 'the order of equally aligned products is kept');
  t.ok(boosted(0.9, 1.0000001, b) <= 1, 'never past 1');
});

t.test("a query view's own tau: its cosines are read on that scale, the other views' as they are", async (t) => {
  const b = { tau: 0.99, gamma: 0.95, queryViews: 2, taus: [0.99, 0.98] };
  t.equal(tauOf(b, 0), 0.99, "the first view: the boost's tau");
  t.equal(tauOf(b, 1), 0.98, 'the second: its own');
  t.equal(tauOf(b, 2), 0.99, 'past the list: the boost\'s tau');
  t.equal(layoutEvidence(0.985, 0, b), 0.985, 'a view at the common tau: unchanged');
  t.ok(Math.abs(layoutEvidence(0.98, 1, b) - 0.99) < 1e-12, "the second view's tau maps to the common tau");
  t.ok(Math.abs(layoutEvidence(0.99, 1, b) - 0.995) < 1e-12, 'halfway to 1, halfway to 1');
  t.ok(Math.abs(layoutEvidence(1, 1, b) - 1) < 1e-12, '1 stays 1');
  t.ok(boosted(0.95, layoutEvidence(0.985, 1, b), b) > 0.95, 'so 0.985 on the second view boosts');
  t.equal(boosted(0.95, layoutEvidence(0.985, 0, b), b), 0.95, 'and on the first does not');
});

t.test('a search boosts the product whose layout lines up with the photo, in the flat scan and in the exact step', async (t) => {
  // Two products whose network features favour B; the photo is A's picture under warm light.
  const extractor = { dim: 16 } as FeatureExtractor;
  const dim = fusedDim(extractor, DEFAULT_WEIGHTS);
  const block = layoutBlockOf(dim, DEFAULT_WEIGHTS);
  if (!block) throw new Error('the default weights carry a layout block');
  const scoring: LayoutScoring = { block, boost: { ...DEFAULT_LAYOUT_BOOST, queryViews: 1 } };
  const a = await picture(41, 'bigBorder'), bImg = await picture(42, 'bigBorder');
  const photo = warmDim(a, 7);
  const cnnA = l2normalise(Float32Array.from({ length: 16 }, (_, i) => (i === 0 ? 1 : 0.1)));
  const cnnB = l2normalise(Float32Array.from({ length: 16 }, (_, i) => (i === 1 ? 1 : 0.1)));
  const cnnQ = l2normalise(Float32Array.from({ length: 16 }, (_, i) => (i === 0 ? 0.8 : i === 1 ? 1 : 0.1)));
  const vecA = fuse(cnnA, colourHistogram(a), textureDescriptor(a), DEFAULT_WEIGHTS, true, layoutDescriptor(a));
  const vecB = fuse(cnnB, colourHistogram(bImg), textureDescriptor(bImg), DEFAULT_WEIGHTS, true, layoutDescriptor(bImg));
  const q = fuse(cnnQ, colourHistogram(photo), textureDescriptor(photo), DEFAULT_WEIGHTS, false, layoutDescriptor(photo));
  t.equal(vecA.length, dim, 'the fused vector carries the layout block');
  t.ok(dot(q, vecB) > dot(q, vecA), 'by the fused cosine alone, B is ahead');

  const flat = new FlatIndex(dim, 4);
  flat.add(1, [vecA]);
  flat.add(2, [vecB]);
  const plain = flat.search([q], 2);
  t.same(plain.map((h) => h.productId), [2, 1], 'without the layout: B first');
  const hits = flat.search([q], 2, undefined, scoring);
  t.same(hits.map((h) => h.productId), [1, 2], 'with the layout: A first');
  t.ok(hits[0].score > plain.find((h) => h.productId === 1)!.score && hits[0].score <= 1, `A's score raised, not past 1 (${hits[0].score.toFixed(4)})`);
  t.equal(hits[1].score, plain[0].score, 'B, whose layout does not line up, keeps its score');

  // The exact step after the graph: the same order from the stored vectors.
  const vectors = new Map([[10, vecA], [20, vecB]]);
  const estimated = [{ productId: 2, score: 0.9, entry: 20 }, { productId: 1, score: 0.89, entry: 10 }];
  t.same(exactTop(estimated, 2, [q], (e) => vectors.get(e)).map((h) => h.productId), [2, 1], 'exact step without the layout: B first');
  const exact = exactTop(estimated, 2, [q], (e) => vectors.get(e), scoring);
  t.same(exact.map((h) => h.productId), [1, 2], 'exact step with the layout: A first');
  t.ok(Math.abs(exact[0].score - hits[0].score) < 1e-6, 'the same score as the flat scan');

  // Only the query's first `queryViews` views count: the aligned photo as a second view does not boost.
  const other = fuse(cnnQ, colourHistogram(bImg), textureDescriptor(bImg), DEFAULT_WEIGHTS, false, layoutDescriptor(bImg));
  t.same(flat.search([other, q], 2, undefined, scoring).map((h) => h.productId), [2, 1], 'a later view\'s layout is not read');
});

t.test('the graph keeps the whole views\' layouts: it finds the product whose layout lines up, joins it to the exact step, and keeps it across save and load', async (t) => {
  const extractor = { dim: 16 } as FeatureExtractor;
  const dim = fusedDim(extractor, DEFAULT_WEIGHTS);
  const block = layoutBlockOf(dim, DEFAULT_WEIGHTS)!;
  const scoring: LayoutScoring = { block, boost: DEFAULT_LAYOUT_BOOST };
  const rng = (seed: number) => () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648 - 0.5; };
  const r = rng(5);
  // 30 products, 3 views each; only the first view of each is a whole view (a layout block that is not zero).
  const pictures = await Promise.all(Array.from({ length: 30 }, (_, i) => picture(60 + i, (['medallion', 'bigBorder', 'fabric'] as const)[i % 3])));
  const items = pictures.map((img, i) => ({
    productId: i + 1,
    keys: [i * 3 + 1, i * 3 + 2, i * 3 + 3],
    vectors: [0, 1, 2].map((v) => fuse(l2normalise(Float32Array.from({ length: 16 }, r)), colourHistogram(img), textureDescriptor(img), DEFAULT_WEIGHTS, true,
      v === 0 ? layoutDescriptor(img) : new Float32Array(LAYOUT_DIM))),
  }));
  const projection = Projection.fit(items.flatMap((i) => i.vectors), dim, 12);
  const ann = new AnnIndex(dim, projection, { layoutAt: block.at });
  ann.addMany(items);
  // The photo: product 17's picture under warm light, its network part unlike any product's.
  const photo = warmDim(pictures[16], 3);
  const q = fuse(l2normalise(Float32Array.from({ length: 16 }, r)), colourHistogram(photo), textureDescriptor(photo), DEFAULT_WEIGHTS, false, layoutDescriptor(photo));
  const found = ann.layoutCandidates([q], scoring, 10);
  t.equal(found[0]?.productId, 17, 'the product whose layout lines up comes first');
  t.equal(found[0]?.entry, 49, 'with its whole view\'s entry');
  t.ok(found.every((h) => h.score > DEFAULT_LAYOUT_BOOST.tau), 'only layouts above tau');
  t.same(ann.layoutCandidates([new Float32Array(dim)], scoring, 10), [], 'a query view without a layout finds none');

  // Joined to the exact step's leaders when the estimate left it out.
  const estimated = [{ productId: 3, score: 0.9, entry: 7, entries: [7] }, { productId: 5, score: 0.89, entry: 13, entries: [13] }, { productId: 17, score: 0.5, entry: 50, entries: [50] }];
  const { hits, m } = withLayoutCandidates(ann, estimated, [q], scoring, 2);
  t.ok(m > 2 && hits.slice(0, m).some((h) => h.productId === 17 && h.entries?.includes(49) && h.entries.includes(50)), 'product 17 is among the leaders, with its estimate\'s entry and its whole view');
  t.equal(hits.filter((h) => h.productId === 17).length, 1, 'once');
  t.same(withLayoutCandidates(ann, estimated, [q], null, 2), { hits: estimated, m: 2 }, 'without the boost the list is as it was');
  const vectors = new Map(items.flatMap((it) => it.keys.map((k, i) => [k, it.vectors[i]] as const)));
  t.equal(exactTop(hits, m, [q], (e) => vectors.get(e), scoring)[0].productId, 17, 'and the exact step, boosted, puts it first');

  // The benchmark's path (addProjected: vectors already projected) keeps the same layouts when given them.
  const k = projection.k;
  const coords = new Float32Array(items.length * 3 * k), meanDots = new Float32Array(items.length * 3);
  const blocks = items.flatMap((it) => it.vectors).map((v, i) => {
    projection.apply(v, coords.subarray(i * k, (i + 1) * k), false);
    meanDots[i] = dot(v, projection.mean);
    const b = v.slice(block.at, block.at + LAYOUT_DIM);
    return b.some((x) => x !== 0) ? b : undefined;
  });
  const projected = new AnnIndex(dim, projection, { layoutAt: block.at });
  projected.addProjected(items.map((it) => it.productId), 3, coords, meanDots, blocks);
  t.same(projected.layoutCandidates([q], scoring, 10), found, 'addProjected with the layout blocks: the same layout candidates');
  const bare = new AnnIndex(dim, projection, { layoutAt: block.at });
  bare.addProjected(items.map((it) => it.productId), 3, coords, meanDots);
  t.same(bare.layoutCandidates([q], scoring, 10), [], 'addProjected without them keeps none');
  t.throws(() => new AnnIndex(dim, projection).addProjected([1], 3, coords.subarray(0, 3 * k), meanDots, blocks), /without layoutAt/, 'nor can an index built without layoutAt take them');

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'layout-ann-'));
  await ann.save(path.join(dir, 'i.idx'), { model: 'm' });
  const loaded = await AnnIndex.load(path.join(dir, 'i.idx'));
  t.ok(loaded, 'loads');
  t.same(loaded!.index.layoutCandidates([q], scoring, 10), found, 'the same layout candidates after loading');
  loaded!.index.removeProduct(17);
  t.notOk(loaded!.index.layoutCandidates([q], scoring, 10).some((h) => h.productId === 17), 'a removed product is not found by its layout');
  fs.rmSync(dir, { recursive: true, force: true });
});
