// The descriptor the index stores: network features, colour and texture, each L2-normalised, scaled by the
// square root of its weight and concatenated. The dot product of two fused vectors is then the weighted
// sum of the three cosine similarities.
import { COLOUR_DIM, TEXTURE_DIM, colourHistogram, textureDescriptor } from './handcrafted';
import { LAYOUT_DIM, layoutDescriptor, type LayoutBlock, type LayoutBoost } from './layout';
import { l2normalise, type FeatureExtractor, type RgbImage } from './types';

export interface FusionWeights {
  cnn: number; colour: number; texture: number;
  /**
   * The weight of the view's low-frequency layout (layout.ts); 0 or absent: the block is not part of the
   * descriptor at all (the vector is as before the block existed).
   */
  layout?: number;
  /** how far the colour histogram's hue bins are blurred around the hue circle, in bins of 30° (0 = not) */
  hueSpread?: number;
  /**
   * A query photo whose colourfulness (illumination.ts) is below this is described without its colour
   * histogram (0 = always with it): where the light has washed most colour out, what is left is the cast's,
   * and it would only favour grey catalogue pictures.
   */
  colourGate?: number;
  /**
   * A query photo with a see-through piece drawn as its threads (views.ts drawnPiece; `seeThrough` on the view):
   * its other views' vectors are scaled by this (1 or absent = not), so that they score that much lower
   * against every catalogue view (see weighBesideThreads).
   */
  besideThreads?: number;
  /**
   * A query's see-through piece drawn on a patterned surface (views.ts drawnPiece, `onSurface`) is also
   * searched without its colour (colourFree, one more query vector at the end; a product scores its best):
   * the lace's colour is read through the surface between its threads and under the room's light, and may
   * only help its design, never count against it. False or absent: not. Off in DEFAULT_WEIGHTS: at 10,000 designs
   * it read textured backdrops 0.80 / 0.90 against 0.80 / 0.91 (docs/benchmarks.md "Image search: sessions 37–38").
   */
  pieceColourFree?: boolean;
}
// Colour is a tie-breaker: at 1,000 designs (bench --sweep) 0.03 with the hue bins blurred by 3 (90°) lifted
// lace on a backdrop from 0.84 to 0.90 and kept hue-shifted photos at 0.91 (0.92 without colour); a weight of
// 0.1 cost the hue-shifted photos a tenth of their right answers and 0.2 half, hue blurred or not. The
// network alone already tells colourways apart.
// The colour gate (e.g. 0.1: catalogue pictures of coloured lace read 0.15–0.5, photos under warm or cool
// light with most colour gone mostly below 0.1, illumination.ts) is off by default, with the luma network
// (image-search.settings.ts says why). Two extraction threads describe a gated query as one thread does
// (extract-client.test.ts); its vectors are not of unit length by design (fuse), which an earlier version of
// that test read as a disagreement.
// The layout block (layout.ts) is stored in every vector but weighs next to nothing in the dot product
// (0.0001 of 0.8301: it moves a fused cosine by 0.00012 at most, so the thresholds measured without it stand);
// the layout boost (DEFAULT_LAYOUT_BOOST) reads it back, unscaled, and is what uses it.
// besideThreads: see-through lace on a knit, denim, wood grain or a print shows the surface between its
// threads in every view but the piece drawn as its threads, and those views met some other design's crop
// better than the piece met its own picture. At 300 designs (docs/benchmarks.md, "session 23") the exact scan
// read textured backdrops 0.71 / 0.86 without it, 0.75 / 0.90 with 0.006 taken off, 0.76 / 0.90 with 0.01,
// 0.75 / 0.89 with 0.025, every other row the same; the engine (with its window check) 0.80 / 0.86 -> 0.84 / 0.91.
// But at 10,000 designs, the same graph, 0.99 read 0.59 / 0.65 against 0.60 / 0.65 without it (see-through 16 ->
// 17 of 53, opaque lace on wood 13 -> 11 of 13: an opaque piece whose own ground is like the wood is marked
// see-through), so it was off (1). Session 24 made the mark surer (views.ts isSeeThrough: the piece's bare
// pixels must be spread over the surface's colours as the surface is; opaque pieces marked on 200 bench photos
// 32 -> 6 of 109): at 10,000 designs, the same cache, 0.99 then read 0.61 / 0.67 against 0.60 / 0.65 without it,
// opaque lace 44 of 47 in both, so it is on (docs/benchmarks.md "session 24").
export const DEFAULT_WEIGHTS: FusionWeights = { cnn: 0.7, colour: 0.03, texture: 0.1, hueSpread: 3, layout: 0.0001, besideThreads: 0.99 };

/**
 * A fused vector (fuse, with colour) as fuse makes it without colour: the colour histogram's block zeroed and
 * the rest scaled up so that an identical picture still scores 1. `cnnDim`: the network's part's length.
 */
export function colourFree(v: Float32Array, cnnDim: number, w: FusionWeights): Float32Array {
  const layoutAt = cnnDim + COLOUR_DIM + TEXTURE_DIM;
  let hasLayout = false;
  for (let i = layoutAt; i < v.length && !hasLayout; i++) hasLayout = v[i] !== 0;
  const total = w.cnn + w.colour + w.texture + ((w.layout ?? 0) > 0 && hasLayout ? w.layout! : 0);
  const k = total / (total - w.colour);
  return v.map((x, i) => (i >= cnnDim && i < cnnDim + COLOUR_DIM ? 0 : x * k));
}

/**
 * A query's vectors, weighed: where any of its views is a see-through piece drawn as its threads
 * (`seeThrough[i]`, RgbImage.seeThrough), every other view's vector scaled by `factor`. The index scores by inner product (the
 * in-process scans, the graph's re-scoring and pgvector's `<#>` alike), so a view's every score is scaled by
 * it: at the cosines a fused query meets (0.9–1), 0.99 takes about 0.01 off. The graph's own search and the
 * layout cosine are by direction, so they are unchanged. Returns new arrays where it scales; the rest as given.
 */
export function weighBesideThreads(vectors: Float32Array[], seeThrough: readonly boolean[], factor = 1): Float32Array[] {
  if (factor === 1 || !seeThrough.some(Boolean)) return vectors;
  return vectors.map((v, i) => (seeThrough[i] ? v : v.map((x) => x * factor)));
}

/**
 * The layout boost of a search (layout.ts; image-search.settings.ts `layoutBoost`); measured in
 * docs/benchmarks.md, "session 17". The query's first three views: the whole photo and, where the lace lies
 * in the frame, the piece turned square to it (views.ts 'piece'), then, where that piece is see-through and its
 * lace a mid-tone, its threads on the other ground ('pieceInverse'); a photo without them has
 * 'focusCentre' or 'centre50' there, whose layout block is zero and is not scanned. The piece's own tau is
 * 0.98 (taus): cut out of a photo and turned back, it meets its picture's layout at 0.990 by median on flat
 * backdrops, half of them under 0.99 (docs/benchmarks.md, "session 19").
 */
export const DEFAULT_LAYOUT_BOOST: LayoutBoost = { tau: 0.99, gamma: 0.95, queryViews: 3, taus: [0.99, 0.98, 0.98] };

// The colour histogram's layout (handcrafted.ts): hue bins × saturation bins, then the grey levels.
const HUE_BINS = 12, SAT_BINS = 3;
if (COLOUR_DIM !== HUE_BINS * SAT_BINS + 6) throw new Error('fused-descriptor: the colour histogram layout changed');

/**
 * The colour histogram with its hue bins blurred around the hue circle (a Gaussian of `sigma` bins, a bin
 * being 30°): a photo whose light or camera shifted the hue by a bin or so keeps much of its colour
 * similarity, while colours further apart, grey against coloured, and light against dark stay apart. Returns
 * a new array (the input itself when `sigma` is 0); the input is not changed.
 */
export function spreadHue(colour: Float32Array, sigma: number): Float32Array {
  if (!sigma) return colour;
  const kernel = Array.from({ length: HUE_BINS }, (_, d) => Math.exp(-(Math.min(d, HUE_BINS - d) ** 2) / (2 * sigma * sigma)));
  const out = new Float32Array(colour);
  for (let hb = 0; hb < HUE_BINS; hb++) {
    for (let sb = 0; sb < SAT_BINS; sb++) {
      let v = 0;
      for (let d = 0; d < HUE_BINS; d++) v += kernel[d] * colour[((hb + d) % HUE_BINS) * SAT_BINS + sb];
      out[hb * SAT_BINS + sb] = v;
    }
  }
  return l2normalise(out);
}

export function fusedDim(extractor: FeatureExtractor, w: FusionWeights = DEFAULT_WEIGHTS): number {
  return extractor.dim + COLOUR_DIM + TEXTURE_DIM + (w.layout ? LAYOUT_DIM : 0);
}

/** Where the layout block sits in fused vectors of `dim` values under these weights (null: none). */
export function layoutBlockOf(dim: number, w: FusionWeights): LayoutBlock | null {
  if (!w.layout) return null;
  return { at: dim - LAYOUT_DIM, scale: Math.sqrt(w.layout / (w.cnn + w.colour + w.texture + w.layout)) };
}

/**
 * The fused descriptor. `withColour: false` (a query photo with too little colour): the colour block is
 * zero and the rest scaled so that the dot product with a catalogue vector is the weighted mean of the
 * other blocks' cosines alone (1 for an identical picture, as with colour); the vector is then not of unit
 * length, which no index minds (the ranking per query is the same under any scale). `layout`: the view's
 * layout descriptor, needed when the weights give it a weight.
 */
export function fuse(cnn: Float32Array, colour: Float32Array, texture: Float32Array, w: FusionWeights, withColour = true, layout?: Float32Array): Float32Array {
  const block = w.layout ?? 0;
  if (block > 0 && (!layout || layout.length !== LAYOUT_DIM)) throw new Error('fuse: the weights give the layout a weight, and no layout descriptor was given');
  // A view without a layout (a zero block: not a whole-picture view) is fused as if the layout had no
  // weight, so a stored vector is of unit length either way.
  const wl = block > 0 && layout?.some((x) => x !== 0) ? block : 0;
  const total = w.cnn + w.colour + w.texture + wl;
  const k = withColour ? 1 : total / (total - w.colour);
  const a = k * Math.sqrt(w.cnn / total), b = withColour ? Math.sqrt(w.colour / total) : 0, c = k * Math.sqrt(w.texture / total), d = k * Math.sqrt(wl / total);
  const out = new Float32Array(cnn.length + colour.length + texture.length + (block > 0 ? LAYOUT_DIM : 0));
  const col = spreadHue(colour, w.hueSpread ?? 0);
  for (let i = 0; i < cnn.length; i++) out[i] = cnn[i] * a;
  for (let i = 0; i < col.length; i++) out[cnn.length + i] = col[i] * b;
  for (let i = 0; i < texture.length; i++) out[cnn.length + colour.length + i] = texture[i] * c;
  if (wl > 0 && layout) for (let i = 0, o = cnn.length + colour.length + texture.length; i < LAYOUT_DIM; i++) out[o + i] = layout[i] * d;
  return out;
}

/** Fused descriptors of views that are already the extractor's input size (`withColour`: see fuse; never for a colourless view). */
export async function describeViews(extractor: FeatureExtractor, views: RgbImage[], w: FusionWeights = DEFAULT_WEIGHTS, batch = 8, withColour = true): Promise<Float32Array[]> {
  const out: Float32Array[] = [];
  for (let i = 0; i < views.length; i += batch) {
    const chunk = views.slice(i, i + batch);
    const cnn = await extractor.extract(chunk);
    for (let k = 0; k < chunk.length; k++) {
      // Only a whole-picture view's layout is described (types.ts `whole`); the others' block is zero.
      const layout = w.layout ? (chunk[k].whole ? layoutDescriptor(chunk[k]) : new Float32Array(LAYOUT_DIM)) : undefined;
      out.push(fuse(cnn[k], colourHistogram(chunk[k]), textureDescriptor(chunk[k]), w, withColour && !chunk[k].colourless, layout));
    }
  }
  return out;
}
