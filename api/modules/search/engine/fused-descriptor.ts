// The descriptor the index stores: network features, colour and texture, each L2-normalised, scaled by the
// square root of its weight and concatenated. The dot product of two fused vectors is then the weighted
// sum of the three cosine similarities.
import { COLOUR_DIM, TEXTURE_DIM, colourHistogram, textureDescriptor } from './handcrafted';
import type { FeatureExtractor, RgbImage } from './types';

export interface FusionWeights { cnn: number; colour: number; texture: number }
export const DEFAULT_WEIGHTS: FusionWeights = { cnn: 0.7, colour: 0.2, texture: 0.1 };

export function fusedDim(extractor: FeatureExtractor): number {
  return extractor.dim + COLOUR_DIM + TEXTURE_DIM;
}

export function fuse(cnn: Float32Array, colour: Float32Array, texture: Float32Array, w: FusionWeights): Float32Array {
  const total = w.cnn + w.colour + w.texture;
  const a = Math.sqrt(w.cnn / total), b = Math.sqrt(w.colour / total), c = Math.sqrt(w.texture / total);
  const out = new Float32Array(cnn.length + colour.length + texture.length);
  for (let i = 0; i < cnn.length; i++) out[i] = cnn[i] * a;
  for (let i = 0; i < colour.length; i++) out[cnn.length + i] = colour[i] * b;
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
