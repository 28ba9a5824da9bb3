// The network with its batch normalisations folded into its convolutions (folded-network.ts) gives what
// the Keras layers give, at every layer read out, on a real lace picture: the stored catalogue's vectors,
// made before the folding, stay valid.
import t from 'tap';
import { designFor, renderLaceJpeg } from '../../api/db/seed/lace-image';
import { FoldedNetwork } from '../../api/modules/search/engine/folded-network';
import { decodeUpload } from '../../api/modules/search/engine/image-input';
import { cutMobileNet, DEFAULT_LAYERS } from '../../api/modules/search/engine/mobilenet-extractor';
import { initTf, tf } from '../../api/modules/search/engine/tf-runtime';
import { makeView } from '../../api/modules/search/engine/views';

t.test('the folded network reads out what the Keras layers do', async (t) => {
  await initTf('wasm');
  const names = DEFAULT_LAYERS.map(([name]) => name);
  const keras = await cutMobileNet(160, names[names.length - 1]);
  const outputs = names.map((n) => keras.getLayer(n).output as tf.SymbolicTensor);
  const reference = tf.model({ inputs: keras.inputs, outputs });
  const folded = new FoldedNetwork(keras, names);
  t.teardown(() => { folded.dispose(); keras.dispose(); });
  const views = await Promise.all([31, 32].map(async (seed) => makeView(await decodeUpload(await renderLaceJpeg(designFor(seed, 'medallion'), '#b03050', 'full', 320, 320)), 'full', 160)));
  const x = tf.tidy(() => tf.stack(views.map((v) => tf.tensor3d(v.data, [160, 160, 3], 'int32'))).toFloat().div(255) as tf.Tensor4D);
  const want = reference.predict(x) as tf.Tensor4D[];
  const got = tf.tidy(() => folded.predict(x));
  t.equal(got.length, names.length);
  for (let i = 0; i < names.length; i++) {
    t.same(got[i].shape, want[i].shape, `${names[i]}: same shape`);
    const a = await got[i].data(), b = await want[i].data();
    let diff = 0, scale = 0;
    for (let j = 0; j < a.length; j++) { diff = Math.max(diff, Math.abs(a[j] - b[j])); scale = Math.max(scale, Math.abs(b[j])); }
    t.ok(scale > 0.1, `${names[i]}: not all zero (largest ${scale.toFixed(2)})`);
    t.ok(diff < 1e-4 * scale, `${names[i]}: within float rounding (largest difference ${diff.toExponential(1)} of ${scale.toFixed(2)})`);
  }
  tf.dispose([x, ...want, ...got]);
});

t.test('a layer the folding does not know is refused, not skipped', async (t) => {
  await initTf('wasm');
  const input = tf.input({ shape: [8, 8, 3] });
  const pooled = tf.layers.maxPooling2d({ poolSize: 2, name: 'pool' }).apply(input) as tf.SymbolicTensor;
  const model = tf.model({ inputs: input, outputs: pooled });
  t.throws(() => new FoldedNetwork(model, ['pool']), /no folding for MaxPooling2D/);
  model.dispose();
});
