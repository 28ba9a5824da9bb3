// Any tfjs model saved in a directory (model.json plus weight shards: a Layers or a Graph model, e.g. a
// DINOv2 or CLIP image encoder converted with tensorflowjs_converter) as the network of the engine. Its
// output is pooled over space when it is a feature map and L2-normalised.
import fs from 'node:fs/promises';
import path from 'node:path';
import { initTf, tf, type TfBackend } from './tf-runtime';
import { l2normalise, type FeatureExtractor, type RgbImage } from './types';

export interface TfjsDirOptions {
  dir: string;
  inputSize?: number;
  /** pixel scaling: [0,1] (default) or ImageNet mean/std, as the model was trained */
  normalise?: 'unit' | 'imagenet';
  backend?: TfBackend;
}

interface ModelJson { modelTopology?: unknown; format?: string; weightsManifest: Array<{ paths: string[]; weights: tf.io.WeightsManifestEntry[] }> }

/** Reads model.json and its shards from disk into artifacts tfjs can load (no file:// support needed). */
export async function readModelDir(dir: string): Promise<tf.io.ModelArtifacts> {
  const json = JSON.parse(await fs.readFile(path.join(dir, 'model.json'), 'utf8')) as ModelJson & Record<string, unknown>;
  const specs: tf.io.WeightsManifestEntry[] = [];
  const parts: Buffer[] = [];
  for (const group of json.weightsManifest ?? []) {
    for (const p of group.paths) parts.push(await fs.readFile(path.join(dir, p)));
    specs.push(...group.weights);
  }
  const all = Buffer.concat(parts);
  const artifacts: tf.io.ModelArtifacts = {
    modelTopology: json.modelTopology as object,
    format: json.format,
    weightSpecs: specs,
    weightData: all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength),
  };
  if (json.signature) artifacts.signature = json.signature as object;
  if (json.userDefinedMetadata) artifacts.userDefinedMetadata = json.userDefinedMetadata as Record<string, object>;
  return artifacts;
}

export class TfjsDirExtractor implements FeatureExtractor {
  readonly name: string;
  private constructor(private readonly model: tf.LayersModel | tf.GraphModel, readonly dim: number, readonly inputSize: number, private readonly norm: 'unit' | 'imagenet', dir: string) {
    this.name = `tfjs-dir:${path.basename(path.resolve(dir))}@${inputSize}`;
  }

  static async load(opts: TfjsDirOptions): Promise<TfjsDirExtractor> {
    await initTf(opts.backend ?? 'wasm');
    const artifacts = await readModelDir(opts.dir);
    const handler = tf.io.fromMemory(artifacts);
    const isGraph = artifacts.format === 'graph-model' || (artifacts.modelTopology as { node?: unknown } | undefined)?.node !== undefined;
    const model = isGraph ? await tf.loadGraphModel(handler) : await tf.loadLayersModel(handler);
    const inputSize = opts.inputSize ?? 224;
    const probe = tf.tidy(() => pool(model.predict(tf.zeros([1, inputSize, inputSize, 3])) as tf.Tensor));
    const dim = probe.shape[1] as number;
    probe.dispose();
    return new TfjsDirExtractor(model, dim, inputSize, opts.normalise ?? 'unit', opts.dir);
  }

  async extract(images: RgbImage[]): Promise<Float32Array[]> {
    if (images.length === 0) return [];
    const s = this.inputSize;
    const out = tf.tidy(() => {
      let batch = tf.stack(images.map((im) => tf.tensor3d(im.data, [s, s, 3], 'int32'))).toFloat().div(255);
      if (this.norm === 'imagenet') batch = batch.sub(tf.tensor1d([0.485, 0.456, 0.406])).div(tf.tensor1d([0.229, 0.224, 0.225]));
      return pool(this.model.predict(batch) as tf.Tensor);
    });
    const data = (await out.data()) as Float32Array;
    out.dispose();
    return images.map((_, i) => l2normalise(Float32Array.from(data.subarray(i * this.dim, (i + 1) * this.dim))));
  }

  dispose(): void {
    this.model.dispose();
  }
}

/** [n, h, w, c] feature maps are mean-pooled; [n, t, c] token sequences take the first (class) token; [n, c] is kept. */
function pool(t: tf.Tensor | tf.Tensor[]): tf.Tensor2D {
  const x = Array.isArray(t) ? t[0] : t;
  if (x.rank === 4) return x.mean([1, 2]) as tf.Tensor2D;
  if (x.rank === 3) return x.slice([0, 0, 0], [-1, 1, -1]).squeeze([1]) as tf.Tensor2D;
  return x as tf.Tensor2D;
}
