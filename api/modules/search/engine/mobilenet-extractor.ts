// The default network: MobileNetV2 as shipped inside the nsfwjs package (weights install with it, nothing is
// fetched). We take mid-level activations (not the NSFW classifier output), pool each over space (mean and
// GeM), normalise each layer and concatenate them: mid-level layers describe motifs, mesh and cord
// shapes, which is what tells one lace from another; the classifier head only knows its five classes.
import { MobileNetV2Model } from 'nsfwjs/models/mobilenet_v2';
import { normalisedLuma } from './illumination';
import { FoldedNetwork } from './folded-network';
import { initTf, tf, type TfBackend } from './tf-runtime';
import { l2normalise, type FeatureExtractor, type RgbImage } from './types';

/** The layers read out, and their channel counts (see the model summary). */
export const DEFAULT_LAYERS: ReadonlyArray<readonly [string, number]> = [
  ['block_5_add', 32],
  ['block_9_add', 64],
  ['block_12_add', 96],
  ['block_13_expand_relu', 576],
];

interface NsfwModelJson {
  modelTopology: object;
  format?: string;
  generatedBy?: string;
  convertedBy?: string;
  weightsManifest: Array<{ paths: string[]; weights: tf.io.WeightsManifestEntry[] }>;
}

interface KerasTopology { model_config: { config: { layers: Array<{ name: string; config: { batch_input_shape?: unknown[] } }>; output_layers: unknown[] } } }

/**
 * The model's artifacts from the nsfwjs package's bundled files (JSON and base64 weight shards), cut after
 * `lastLayer` (the classifier head is never run) and with the input side set to `inputSize`.
 */
async function nsfwArtifacts(inputSize: number, lastLayer: string): Promise<tf.io.ModelArtifacts> {
  const json = (await MobileNetV2Model.modelJson()).default as unknown as NsfwModelJson;
  const topology = structuredClone(json.modelTopology) as KerasTopology;
  const cfg = topology.model_config.config;
  const last = cfg.layers.findIndex((l) => l.name === lastLayer);
  if (last < 0) throw new Error(`MobileNetV2 has no layer ${lastLayer}`);
  cfg.layers = cfg.layers.slice(0, last + 1);
  cfg.layers[0].config.batch_input_shape = [null, inputSize, inputSize, 3];
  cfg.output_layers = [[lastLayer, 0, 0]];
  const shards: Record<string, string> = {};
  for (let i = 0; i < MobileNetV2Model.numOfWeightBundles; i++) {
    shards[`group1-shard${i + 1}of${MobileNetV2Model.numOfWeightBundles}`] = (await MobileNetV2Model.weightBundles[i]()).default;
  }
  const specs: tf.io.WeightsManifestEntry[] = [];
  const parts: Buffer[] = [];
  for (const group of json.weightsManifest) {
    for (const p of group.paths) {
      const b64 = shards[p];
      if (!b64) throw new Error(`nsfwjs package is missing weight shard ${p}`);
      parts.push(Buffer.from(b64, 'base64'));
    }
    specs.push(...group.weights);
  }
  const all = Buffer.concat(parts);
  return {
    modelTopology: topology,
    format: json.format,
    generatedBy: json.generatedBy,
    convertedBy: json.convertedBy,
    weightSpecs: specs,
    weightData: all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength),
  };
}

/**
 * What the network is shown: the view's colours ('rgb'), or its luma with the light's slope divided out and
 * its levels stretched ('luma', illumination.ts), so that the light's colour and strength do not move the
 * features.
 */
export type NetworkInput = 'rgb' | 'luma';

export interface MobileNetOptions { layers?: ReadonlyArray<readonly [string, number]>; backend?: TfBackend; inputSize?: number; input?: NetworkInput }

/** The nsfwjs MobileNetV2 as Keras layers, cut after `lastLayer`, at `inputSize` px (its batch normalisations unfolded). */
export async function cutMobileNet(inputSize: number, lastLayer: string): Promise<tf.LayersModel> {
  // strict: false because the weights of the cut-off head are in the shards but have no layer.
  return tf.loadLayersModel(tf.io.fromMemory(await nsfwArtifacts(inputSize, lastLayer)), { strict: false });
}

export class MobileNetExtractor implements FeatureExtractor {
  readonly name: string;
  readonly dim: number;
  readonly inputSize: number;
  private constructor(private readonly model: FoldedNetwork, readonly layers: ReadonlyArray<readonly [string, number]>, readonly backend: TfBackend, inputSize: number, readonly input: NetworkInput) {
    // Each layer gives mean-pooled and GeM-pooled channels.
    this.dim = layers.reduce((s, [, c]) => s + c * 2, 0);
    this.inputSize = inputSize;
    this.name = `mnv2-nsfwjs:${layers.map(([l]) => l).join('+')}@${inputSize}${input === 'rgb' ? '' : `~${input}`}`;
  }

  static async load(opts: MobileNetOptions = {}): Promise<MobileNetExtractor> {
    const backend = await initTf(opts.backend ?? 'wasm');
    const layers = opts.layers ?? DEFAULT_LAYERS;
    const inputSize = opts.inputSize ?? 224;
    const base = await cutMobileNet(inputSize, layers[layers.length - 1][0]);
    // Each batch normalisation folded into its convolution (folded-network.ts); the Keras model is then not needed.
    const model = new FoldedNetwork(base, layers.map(([name]) => name));
    base.dispose();
    return new MobileNetExtractor(model, layers, backend, inputSize, opts.input ?? 'rgb');
  }

  async extract(images: RgbImage[]): Promise<Float32Array[]> {
    if (images.length === 0) return [];
    const s = this.inputSize;
    const pooled = tf.tidy(() => {
      const batch = tf.stack(images.map((im) => {
        if (im.width !== s || im.height !== s) throw new Error(`expected ${s}×${s} pixels, got ${im.width}×${im.height}`);
        return tf.tensor3d((this.input === 'luma' ? normalisedLuma(im) : im).data, [s, s, 3], 'int32');
      })).toFloat().div(255) as tf.Tensor4D;
      const list = this.model.predict(batch);
      const parts: tf.Tensor2D[] = [];
      for (const o of list) {
        const relu = o.relu();
        parts.push(relu.mean([1, 2]) as tf.Tensor2D);
        // GeM with p=3: between mean and max, favours the strongest motif responses.
        parts.push(relu.pow(3).mean([1, 2]).add(1e-12).pow(1 / 3) as tf.Tensor2D);
      }
      return parts;
    });
    const arrays = await Promise.all(pooled.map((p) => p.data() as Promise<Float32Array>));
    pooled.forEach((p) => p.dispose());
    const out: Float32Array[] = [];
    for (let i = 0; i < images.length; i++) {
      const v = new Float32Array(this.dim);
      let off = 0;
      for (let k = 0; k < arrays.length; k++) {
        const c = this.layers[k >> 1][1];
        // Each pooled layer block normalised on its own, so a wide layer does not drown a narrow one.
        const block = l2normalise(Float32Array.from(arrays[k].subarray(i * c, (i + 1) * c)));
        // sqrt-then-normalise (power normalisation) tames bursty channels.
        for (let j = 0; j < c; j++) v[off + j] = Math.sqrt(Math.max(0, block[j]));
        l2normalise(v.subarray(off, off + c));
        off += c;
      }
      out.push(l2normalise(v));
    }
    return out;
  }

  dispose(): void {
    this.model.dispose();
  }
}
