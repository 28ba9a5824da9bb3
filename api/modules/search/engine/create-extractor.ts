import type { ExtractorOptions } from './extractor-options';
import { MobileNetExtractor } from './mobilenet-extractor';
import { TfjsDirExtractor } from './tfjs-dir-extractor';
import type { FeatureExtractor } from './types';

/** The extractor the options name: a tfjs model from a directory, or the MobileNetV2 shipped in nsfwjs. */
export async function createExtractor(o: ExtractorOptions): Promise<FeatureExtractor> {
  if (o.modelDir) return TfjsDirExtractor.load({ dir: o.modelDir, inputSize: o.inputSize, backend: o.backend, normalise: o.normalise });
  return MobileNetExtractor.load({ inputSize: o.inputSize, backend: o.backend, input: o.networkInput });
}
