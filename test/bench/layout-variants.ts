// `npx tsx test/bench/layout-variants.ts [designs = 2000]`: how well variants of the layout descriptor
// (engine/layout.ts: grid side / DCT block / lowest frequencies left out) tell a photo's own design from the
// best of the others, on the catalogue picture's whole view only, without the network: a generated catalogue
// of `designs` lace designs (as the image-search bench draws them), the first 100 photographed under warm and
// cool light, the phone transformation and the old lighting row. Logs, per variant, the own design's cosine,
// the best other design's (median, 95th percentile, max), how often another design reaches the own one, and
// the gap between them. Counts, not timings. The landed descriptor is 32/16/3.
import { designFor, renderLaceJpeg, type LaceLayout } from '../../api/db/seed/lace-image';
import { Rng } from '../../api/db/seed/random';
import { decodeUpload } from '../../api/modules/search/engine/image-input';
import { makeViews } from '../../api/modules/search/engine/views';
import type { RgbImage } from '../../api/modules/search/engine/types';
import { transform, type TransformName } from './image-search-transforms';
const LAYOUTS: LaceLayout[] = ['fabric', 'bigBorder', 'smallBorder', 'eyelash', 'medallion'];
const COLOURS = ['#f5f0e6', '#1b1b1b', '#c8102e', '#1f3a93', '#d4af37', '#7b2d8b', '#2e8b57', '#ff8c94'];
function desc(img: RgbImage, SIDE: number, BAND: number, LOW: number, HIGH = 1e9): Float64Array {
  const { width: w, height: h, data } = img;
  const L = new Float64Array(SIDE * SIDE), cnt = new Float64Array(SIDE * SIDE);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) { const c = Math.min(SIDE - 1, Math.floor((y + 0.5) * SIDE / h)) * SIDE + Math.min(SIDE - 1, Math.floor((x + 0.5) * SIDE / w)); const i = (y * w + x) * 3; L[c] += 0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2]; cnt[c]++; }
  for (let k = 0; k < L.length; k++) L[k] /= cnt[k];
  const c0 = (SIDE - 1) / 2; let a = 0, sx = 0, sy = 0, xx = 0;
  for (let y = 0; y < SIDE; y++) for (let x = 0; x < SIDE; x++) { const v = L[y * SIDE + x]; a += v; sx += v * (x - c0); sy += v * (y - c0); xx += (x - c0) ** 2; }
  a /= SIDE * SIDE;
  for (let y = 0; y < SIDE; y++) for (let x = 0; x < SIDE; x++) L[y * SIDE + x] /= Math.max(a * 0.25, a + sx / xx * (x - c0) + sy / xx * (y - c0));
  const B = new Float64Array(BAND * SIDE); for (let u = 0; u < BAND; u++) for (let x = 0; x < SIDE; x++) B[u * SIDE + x] = Math.cos(Math.PI * (2 * x + 1) * u / (2 * SIDE));
  const R = new Float64Array(SIDE * BAND);
  for (let y = 0; y < SIDE; y++) for (let u = 0; u < BAND; u++) { let s = 0; for (let x = 0; x < SIDE; x++) s += L[y * SIDE + x] * B[u * SIDE + x]; R[y * BAND + u] = s; }
  const out: number[] = [];
  for (let v = 0; v < BAND; v++) for (let u = 0; u < BAND; u++) { if (u + v < LOW || u + v > HIGH) continue; let s = 0; for (let y = 0; y < SIDE; y++) s += R[y * BAND + u] * B[v * SIDE + y]; out.push(s); }
  const n = Math.hypot(...out); return Float64Array.from(out, (x) => x / n);
}
const VARS: Array<[string, number, number, number, number?]> = [['32/16/3', 32, 16, 3], ['64/24/3', 64, 24, 3], ['64/32/3', 64, 32, 3], ['64/32/6', 64, 32, 6], ['32/32/3', 32, 32, 3]];
const N = Number(process.argv[2] ?? 2000), Q = 100;
if (!(N > Q)) throw new Error(`designs: more than ${Q}`);
const cat: Float64Array[][] = VARS.map(() => []);
const pics: Buffer[] = [];
for (let i = 0; i < N; i++) {
  const pic = await renderLaceJpeg(designFor(50_000 + i, LAYOUTS[i % 5]), new Rng(i * 7 + 1).pick(COLOURS), 'full', 400, 400);
  if (i < Q) pics.push(pic);
  const [v] = await makeViews(await decodeUpload(pic), ['full'], 160);
  VARS.forEach((x, k) => cat[k].push(desc(v, x[1], x[2], x[3])));
}
const dotv = (a: Float64Array, b: Float64Array) => { let s = 0; for (let i = 0; i < a.length; i++) s += a[i] * b[i]; return s; };
for (const kind of ['warmLight', 'coolLight', 'phone', 'lighting'] as TransformName[]) {
  const qs: RgbImage[] = [];
  for (let i = 0; i < Q; i++) { const q = await transform(kind, pics[i], new Rng(i * 31 + 7)); qs.push((await makeViews(await decodeUpload(q), ['full'], 160))[0]); }
  VARS.forEach((x, k) => {
    const own: number[] = [], other: number[] = []; let beaten = 0;
    const gap: number[] = [];
    qs.forEach((img, i) => { const d = desc(img, x[1], x[2], x[3]); let m = -1; for (let p = 0; p < N; p++) if (p !== i) m = Math.max(m, dotv(cat[k][p], d)); const o = dotv(cat[k][i], d); own.push(o); other.push(m); if (m >= o) beaten++; gap.push(o - m); });
    const q = (a: number[], p: number) => [...a].sort((a1, b1) => a1 - b1)[Math.min(a.length - 1, Math.floor(p * a.length))].toFixed(4);
    console.log(`${kind.padEnd(10)} ${x[0].padEnd(8)} own med ${q(own, 0.5)} p5 ${q(own, 0.05)} | other med ${q(other, 0.5)} p95 ${q(other, 0.95)} max ${q(other, 1)} | beaten ${beaten} | gap p5 ${q(gap, 0.05)} med ${q(gap, 0.5)}`);
  });
}
