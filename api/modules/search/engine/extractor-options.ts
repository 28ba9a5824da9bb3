// Which network the engine runs, and with what settings. Passed to the worker thread as plain data.
import type { TfBackend } from './tf-runtime';
import type { FusionWeights } from './fused-descriptor';
import type { NetworkInput } from './mobilenet-extractor';

export interface ExtractorOptions {
  /** a directory holding a tfjs model.json; empty: the MobileNetV2 inside nsfwjs */
  modelDir: string;
  inputSize: number;
  backend: TfBackend;
  weights: FusionWeights;
  normalise?: 'unit' | 'imagenet';
  /** what the MobileNetV2 is shown (mobilenet-extractor.ts); default 'rgb' */
  networkInput?: NetworkInput;
}
