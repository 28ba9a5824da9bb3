import { initTf, tf } from '../../api/modules/search/engine/tf-runtime';
console.log(await initTf((process.argv[3] ?? 'wasm') as 'wasm'));
const N = 100_000, D = Number(process.argv[2] ?? 866);
const M = tf.tensor2d(new Float32Array(N * D).map(() => Math.random() - 0.5), [N, D]);
for (const nq of [1, 3]) {
  const q = tf.tensor2d(new Float32Array(D * nq).map(() => Math.random() - 0.5), [nq, D]);
  for (let k = 0; k < 2; k++) { const r = tf.matMul(M, q, false, true); await r.data(); r.dispose(); }
  const t = performance.now();
  for (let k = 0; k < 5; k++) { const r = tf.matMul(M, q, false, true); await r.data(); r.dispose(); }
  console.log('tf', D, nq, ((performance.now() - t) / 5).toFixed(1), 'ms');
}
