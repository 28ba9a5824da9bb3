// The descriptor the index stores: network features, colour and texture, each L2-normalised, scaled by the
// square root of its weight and concatenated. The dot product of two fused vectors is then the weighted
// sum of the three cosine similarities.
import { COLOUR_DIM, TEXTURE_DIM, colourHistogram, textureDescriptor } from './handcrafted';
import { l2normalise, type FeatureExtractor, type RgbImage } from './types';

export interface FusionWeights {
  cnn: number; colour: number; texture: number;
  /** the share of each hue bin's value given to each of its two neighbours (0 = none, at most 1/3) */
  hueSpread?: number;
}
export const DEFAULT_WEIGHTS: FusionWeights = { cnn: 0.7, colour: 0.2, texture: 0.1 };

// The colour histogram's layout (handcrafted.ts): hue bins × saturation bins, then the grey levels.
const HUE_BINS = 12, SAT_BINS = 3;
if (COLOUR_DIM !== HUE_BINS * SAT_BINS + 6) throw new Error('fused-descriptor: the colour histogram layout changed');

/**
 * The colour histogram with each hue bin's value shared with its neighbours on the hue circle: a photo
 * whose light or camera shifted the hue by most of a bin (30°) keeps much of its colour similarity, while
 * colourways a third of the circle apart, or grey against coloured, stay apart.
 */
export function spreadHue(colour: Float32Array, k: number): Float32Array {
  if (!k) return colour;
  const out = new Float32Array(colour);
  for (let hb = 0; hb < HUE_BINS; hb++) {
    const prev = ((hb + HUE_BINS - 1) % HUE_BINS) * SAT_BINS, next = ((hb + 1) % HUE_BINS) * SAT_BINS;
    for (let sb = 0; sb < SAT_BINS; sb++) out[hb * SAT_BINS + sb] = (1 - 2 * k) * colour[hb * SAT_BINS + sb] + k * (colour[prev + sb] + colour[next + sb]);
  }
  return l2normalise(out);
}

export function fusedDim(extractor: FeatureExtractor): number {
  return extractor.dim + COLOUR_DIM + TEXTURE_DIM;
}

export function fuse(cnn: Float32Array, colour: Float32Array, texture: Float32Array, w: FusionWeights): Float32Array {
  const total = w.cnn + w.colour + w.texture;
  const a = Math.sqrt(w.cnn / total), b = Math.sqrt(w.colour / total), c = Math.sqrt(w.texture / total);
  const out = new Float32Array(cnn.length + colour.length + texture.length);
  const col = spreadHue(colour, w.hueSpread ?? 0);
  for (let i = 0; i < cnn.length; i++) out[i] = cnn[i] * a;
  for (let i = 0; i < col.length; i++) out[cnn.length + i] = col[i] * b;
  for (let i = 0; i < texture.length; i++) out[cnn.length + colour.length + i] = texture[i] * c;
  return out;
}

/** Fused descriptors of views that are already the extractor's input size. */
export async function describeViews(extractor: FeatureExtractor, views: RgbImage[], w: FusionWeights = DEFAULT_WEIGHTS, batch = 8): Promise<Float32Array[]> {
  const out: Float32Array[] = [];
  for (let i = 0; i < views.length; i += batch) {
    const chunk = views.slice(i, i + batch);
    const cnn = await extractor.extract(chunk);
    for (let k = 0; k < chunk.length; k++) out.push(fuse(cnn[k], colourHistogram(chunk[k]), textureDescriptor(chunk[k]), w));
  }
  return out;
}
