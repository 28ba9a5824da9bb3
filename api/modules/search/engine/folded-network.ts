// The cut MobileNetV2 run with each batch normalisation folded into the convolution before it, and the
// ReLU6 after it done by the convolution too: one fused op where the Keras graph has three. On tfjs-wasm at
// 160 px, the 40 separate batch normalisations were 25 of the 57 ms a view took (tf.profile), every one a
// full pass over its tensor; folded, a view takes about half as long. Folding is exact up to float rounding:
// y = γ·(conv(x, w) − μ)/√(σ² + ε) + β = conv(x, w·s) + (β − μ·s), with s = γ/√(σ² + ε) per output channel.
import { tf } from './tf-runtime';

type Layer = tf.layers.Layer;
type Step =
  | { kind: 'pad'; out: string; from: string; pad: Array<[number, number]> }
  | { kind: 'conv' | 'depthwise'; out: string; from: string; filter: tf.Tensor4D; bias: tf.Tensor1D; strides: [number, number]; pad: 'same' | 'valid'; relu6: boolean }
  | { kind: 'add'; out: string; from: string[] };

const cfg = (l: Layer) => l.getConfig() as Record<string, unknown>;
const inputsOf = (l: Layer): string[] => (l.inboundNodes[0]?.inboundLayers ?? []).map((x) => x.name);

/** A model of ZeroPadding2D, Conv2D, DepthwiseConv2D, BatchNormalization, ReLU (max 6) and Add layers, folded. */
export class FoldedNetwork {
  private readonly steps: Step[] = [];
  private readonly input: string;

  constructor(model: tf.LayersModel, private readonly outputs: readonly string[]) {
    const layers = model.layers;
    const consumers = new Map<string, string[]>();
    for (const l of layers) for (const i of inputsOf(l)) (consumers.get(i) ?? consumers.set(i, []).get(i)!).push(l.name);
    const byName = new Map(layers.map((l) => [l.name, l]));
    /** The one layer that reads `name`'s output, of that class, unless the output is also a model output. */
    const onlyConsumer = (name: string, cls: string): Layer | null => {
      const c = consumers.get(name) ?? [];
      const l = c.length === 1 ? byName.get(c[0])! : null;
      return l && l.getClassName() === cls && !outputs.includes(name) ? l : null;
    };
    const done = new Set<string>();
    const input = layers.find((l) => l.getClassName() === 'InputLayer');
    if (!input) throw new Error('FoldedNetwork: the model has no input layer');
    this.input = input.name;
    for (const l of layers) {
      if (done.has(l.name)) continue;
      const c = cfg(l);
      switch (l.getClassName()) {
        case 'InputLayer': break;
        case 'ZeroPadding2D': {
          const [[t, b], [left, r]] = c.padding as number[][];
          this.steps.push({ kind: 'pad', out: l.name, from: inputsOf(l)[0], pad: [[0, 0], [t, b], [left, r], [0, 0]] });
          break;
        }
        case 'Conv2D':
        case 'DepthwiseConv2D': {
          const depthwise = l.getClassName() === 'DepthwiseConv2D';
          if (c.useBias || c.activation !== 'linear') throw new Error(`FoldedNetwork: ${l.name} has a bias or an activation`);
          if (depthwise && c.depthMultiplier !== 1) throw new Error(`FoldedNetwork: ${l.name} has a depth multiplier`);
          const [w] = l.getWeights();
          const bn = onlyConsumer(l.name, 'BatchNormalization');
          if (!bn) throw new Error(`FoldedNetwork: ${l.name} is not followed by its batch normalisation alone`);
          const [gamma, beta, mean, variance] = bn.getWeights();
          const eps = cfg(bn).epsilon as number;
          const relu = onlyConsumer(bn.name, 'ReLU');
          const six = relu && cfg(relu).maxValue === 6 && !cfg(relu).threshold && !cfg(relu).negativeSlope ? relu : null;
          const { filter, bias } = tf.tidy(() => {
            const s = gamma.div(variance.add(eps).sqrt());
            // Conv2D's filter is [kh, kw, in, out]; a depthwise one [kh, kw, channels, 1]: s along its output channels.
            const f = depthwise ? w.mul(s.reshape([1, 1, -1, 1])) : w.mul(s.reshape([1, 1, 1, -1]));
            return { filter: f as tf.Tensor4D, bias: beta.sub(mean.mul(s)) as tf.Tensor1D };
          });
          const out = six ? six.name : bn.name;
          this.steps.push({ kind: depthwise ? 'depthwise' : 'conv', out, from: inputsOf(l)[0], filter, bias, strides: c.strides as [number, number], pad: c.padding as 'same' | 'valid', relu6: !!six });
          done.add(bn.name);
          if (six) done.add(six.name);
          break;
        }
        case 'Add':
          this.steps.push({ kind: 'add', out: l.name, from: inputsOf(l) });
          break;
        default:
          throw new Error(`FoldedNetwork: no folding for ${l.getClassName()} (${l.name})`);
      }
    }
    for (const o of outputs) if (!this.steps.some((s) => s.out === o)) throw new Error(`FoldedNetwork: no step gives ${o}`);
  }

  /** The outputs (in the constructor's order) for a batch of inputs; call inside tf.tidy. */
  predict(x: tf.Tensor4D): tf.Tensor4D[] {
    const values = new Map<string, tf.Tensor4D>([[this.input, x]]);
    for (const s of this.steps) {
      if (s.kind === 'pad') values.set(s.out, values.get(s.from)!.pad(s.pad));
      else if (s.kind === 'add') values.set(s.out, tf.add(values.get(s.from[0])!, values.get(s.from[1])!));
      else {
        const args = { x: values.get(s.from)!, filter: s.filter, strides: s.strides, pad: s.pad, bias: s.bias, activation: s.relu6 ? 'relu6' as const : 'linear' as const };
        values.set(s.out, s.kind === 'conv' ? tf.fused.conv2d(args) : tf.fused.depthwiseConv2d(args));
      }
    }
    return this.outputs.map((o) => values.get(o)!);
  }

  dispose(): void {
    for (const s of this.steps) if (s.kind === 'conv' || s.kind === 'depthwise') { s.filter.dispose(); s.bias.dispose(); }
  }
}
