// The descriptor the index stores: network features, colour and texture, each L2-normalised, scaled by the
// square root of its weight and concatenated. The dot product of two fused vectors is then the weighted
// sum of the three cosine similarities.
import { COLOUR_DIM, TEXTURE_DIM, colourHistogram, textureDescriptor } from './handcrafted';
import { l2normalise, type FeatureExtractor, type RgbImage } from './types';

export interface FusionWeights {
  cnn: number; colour: number; texture: number;
  /** how far the colour histogram's hue bins are blurred around the hue circle, in bins of 30° (0 = not) */
  hueSpread?: number;
  /**
   * A query photo whose colourfulness (illumination.ts) is below this is described without its colour
   * histogram (0 = always with it): where the light has washed most colour out, what is left is the cast's,
   * and it would only favour grey catalogue pictures.
   */
  colourGate?: number;
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
export const DEFAULT_WEIGHTS: FusionWeights = { cnn: 0.7, colour: 0.03, texture: 0.1, hueSpread: 3 };

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

export function fusedDim(extractor: FeatureExtractor): number {
  return extractor.dim + COLOUR_DIM + TEXTURE_DIM;
}

/**
 * The fused descriptor. `withColour: false` (a query photo with too little colour): the colour block is
 * zero and the rest scaled so that the dot product with a catalogue vector is the weighted mean of the
 * network's and the texture's cosines alone (1 for an identical picture, as with colour); the vector is
 * then not of unit length, which no index minds (the ranking per query is the same under any scale).
 */
export function fuse(cnn: Float32Array, colour: Float32Array, texture: Float32Array, w: FusionWeights, withColour = true): Float32Array {
  const total = w.cnn + w.colour + w.texture;
  const k = withColour ? 1 : total / (w.cnn + w.texture);
  const a = k * Math.sqrt(w.cnn / total), b = withColour ? Math.sqrt(w.colour / total) : 0, c = k * Math.sqrt(w.texture / total);
  const out = new Float32Array(cnn.length + colour.length + texture.length);
  const col = spreadHue(colour, w.hueSpread ?? 0);
  for (let i = 0; i < cnn.length; i++) out[i] = cnn[i] * a;
  for (let i = 0; i < col.length; i++) out[cnn.length + i] = col[i] * b;
  for (let i = 0; i < texture.length; i++) out[cnn.length + colour.length + i] = texture[i] * c;
  return out;
}

/** Fused descriptors of views that are already the extractor's input size (`withColour`: see fuse; never for a colourless view). */
export async function describeViews(extractor: FeatureExtractor, views: RgbImage[], w: FusionWeights = DEFAULT_WEIGHTS, batch = 8, withColour = true): Promise<Float32Array[]> {
  const out: Float32Array[] = [];
  for (let i = 0; i < views.length; i += batch) {
    const chunk = views.slice(i, i + batch);
    const cnn = await extractor.extract(chunk);
    for (let k = 0; k < chunk.length; k++) out.push(fuse(cnn[k], colourHistogram(chunk[k]), textureDescriptor(chunk[k]), w, withColour && !chunk[k].colourless));
  }
  return out;
}
