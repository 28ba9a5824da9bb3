const N = 100_000, D = Number(process.argv[2] ?? 866);
const M = new Float32Array(N * D).map(() => Math.random() - 0.5);
const q = new Float32Array(D).map(() => Math.random() - 0.5);
const out = new Float32Array(N);
function scan() {
  for (let i = 0, off = 0; i < N; i++, off += D) {
    let s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    let j = 0;
    for (; j + 3 < D; j += 4) { s0 += M[off + j] * q[j]; s1 += M[off + j + 1] * q[j + 1]; s2 += M[off + j + 2] * q[j + 2]; s3 += M[off + j + 3] * q[j + 3]; }
    for (; j < D; j++) s0 += M[off + j] * q[j];
    out[i] = s0 + s1 + s2 + s3;
  }
}
for (let k = 0; k < 3; k++) scan();
const t = performance.now(); for (let k = 0; k < 5; k++) scan(); console.log('js', D, ((performance.now() - t) / 5).toFixed(1), 'ms');
// int8
const Q = new Int8Array(N * D).map(() => (Math.random() - 0.5) * 254);
const qi = new Int8Array(D).map(() => (Math.random() - 0.5) * 254);
const outi = new Int32Array(N);
function scani() { for (let i = 0, off = 0; i < N; i++, off += D) { let s = 0; for (let j = 0; j < D; j++) s += Q[off + j] * qi[j]; outi[i] = s; } }
for (let k = 0; k < 3; k++) scani();
const t2 = performance.now(); for (let k = 0; k < 5; k++) scani(); console.log('int8', D, ((performance.now() - t2) / 5).toFixed(1), 'ms');
