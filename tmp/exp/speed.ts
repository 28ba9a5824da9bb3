import { MobileNetExtractor, DEFAULT_LAYERS } from '../../api/modules/search/engine/mobilenet-extractor';
import { tf } from '../../api/modules/search/engine/tf-runtime';
const backend = (process.argv[2] ?? 'wasm') as 'wasm' | 'cpu';
for (const size of [224, 160, 128]) {
  for (const layers of [DEFAULT_LAYERS, DEFAULT_LAYERS.slice(0, 3)]) {
    const ex = await MobileNetExtractor.load({ backend, inputSize: size, layers });
    const imgs = Array.from({ length: 8 }, () => ({ data: new Uint8Array(size * size * 3).map(() => Math.random() * 255), width: size, height: size }));
    await ex.extract(imgs.slice(0, 1));
    for (const b of [1, 8]) {
      const t = performance.now();
      for (let k = 0; k < 3; k++) await ex.extract(imgs.slice(0, b));
      console.log(tf.getBackend(), 'simd', tf.env().getBool('WASM_HAS_SIMD_SUPPORT'), 'thr', tf.env().getBool('WASM_HAS_MULTITHREAD_SUPPORT'), size, layers.length, 'batch', b, ((performance.now() - t) / 3 / b).toFixed(1), 'ms/img');
    }
    ex.dispose();
  }
}
