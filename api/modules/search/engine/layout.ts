// Where a view's light and dark lie, at low resolution: the pattern's layout (a border along one edge, a
// medallion's ring, the rhythm of a fabric's repeats), described so that the light's colour, strength and
// slope across the frame do not move it. A buyer's photo under warm, dim indoor light keeps this layout
// while the network's colour features lose it (the perceptual-hash peer, which sees only such a layout,
// finds 0.83 of those photos where the colour network finds 0.45: docs/benchmarks.md). The descriptor is
// the 16 × 16 low-frequency block of the 2-D DCT of the view's luma reduced to 32 × 32, after the light's
// slope (a plane fitted to the luma) is divided out; the DC term and the five lowest frequencies, which lace
// pictures of one kind share, are left out and the rest L2-normalised, so a brighter or dimmer photo, or one
// of more or less contrast, gives the same vector. (On 100 generated designs, a photo's full view under warm
// light meets its own catalogue view at 1.000 and the best other design at 0.869 by median; keeping the
// lowest frequencies, 0.931; an 8 × 8 block, 0.987.) It depends on the view's geometry, so it is evidence
// only where the photo's frame lines up with the catalogue picture's: it is stored in the fused vector with
// next to no weight (fused-descriptor.ts) and used by a search as a boost above a high cosine (LayoutBoost).
import { dotAt, l2normalise, type RgbImage } from './types';

const SIDE = 32;
const BAND = 16;
/** The lowest frequencies (u + v < LOW) are left out: lace pictures of one kind share them (a border's band). */
const LOW = 3;
export const LAYOUT_DIM = BAND * BAND - (LOW * (LOW + 1)) / 2;

// cos(π (2x + 1) u / 2N) for u < BAND, x < SIDE: the DCT-II basis rows the block needs.
const BASIS = (() => {
  const b = new Float64Array(BAND * SIDE);
  for (let u = 0; u < BAND; u++) for (let x = 0; x < SIDE; x++) b[u * SIDE + x] = Math.cos((Math.PI * (2 * x + 1) * u) / (2 * SIDE));
  return b;
})();

/** The view's luma, averaged over SIDE × SIDE cells (each cell the pixels whose centres fall in it). */
function reducedLuma(img: RgbImage): Float64Array {
  const { width: w, height: h, data } = img;
  const sum = new Float64Array(SIDE * SIDE), count = new Float64Array(SIDE * SIDE);
  for (let y = 0; y < h; y++) {
    const cy = Math.min(SIDE - 1, Math.floor(((y + 0.5) * SIDE) / h));
    for (let x = 0; x < w; x++) {
      const cx = Math.min(SIDE - 1, Math.floor(((x + 0.5) * SIDE) / w));
      const i = (y * w + x) * 3;
      sum[cy * SIDE + cx] += 0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2];
      count[cy * SIDE + cx]++;
    }
  }
  for (let k = 0; k < sum.length; k++) sum[k] = count[k] > 0 ? sum[k] / count[k] : 0;
  return sum;
}

/** The layout descriptor of a view (LAYOUT_DIM values, unit length; zero for a view of one flat level). */
export function layoutDescriptor(img: RgbImage): Float32Array {
  const L = reducedLuma(img);
  // Least-squares plane over the cells (x and y centred, so the three terms are independent on a full grid).
  const c = (SIDE - 1) / 2;
  let a = 0, sx = 0, sy = 0, xx = 0;
  for (let y = 0; y < SIDE; y++) for (let x = 0; x < SIDE; x++) {
    const v = L[y * SIDE + x];
    a += v; sx += v * (x - c); sy += v * (y - c); xx += (x - c) * (x - c);
  }
  a /= SIDE * SIDE;
  const bx = sx / xx, by = sy / xx;
  const floor = Math.max(1, a * 0.25);
  for (let y = 0; y < SIDE; y++) for (let x = 0; x < SIDE; x++) L[y * SIDE + x] /= Math.max(floor, a + bx * (x - c) + by * (y - c));
  // Rows first: R[y][u] = Σx L[y][x] cos(u…), then the columns for v < BAND.
  const R = new Float64Array(SIDE * BAND);
  for (let y = 0; y < SIDE; y++) for (let u = 0; u < BAND; u++) {
    let s = 0;
    for (let x = 0; x < SIDE; x++) s += L[y * SIDE + x] * BASIS[u * SIDE + x];
    R[y * BAND + u] = s;
  }
  const out = new Float32Array(LAYOUT_DIM);
  for (let v = 0, k = 0; v < BAND; v++) for (let u = 0; u < BAND; u++) {
    if (u + v < LOW) continue;
    let s = 0;
    for (let y = 0; y < SIDE; y++) s += R[y * BAND + u] * BASIS[v * SIDE + y];
    out[k++] = s;
  }
  // A view of one flat level (after the plane) has only rounding left: no layout, not amplified noise.
  let energy = 0;
  for (const x of out) energy += x * x;
  return energy < 1e-6 ? out.fill(0) : l2normalise(out);
}

/**
 * How a query's ranking uses the layout (search side only; nothing stored depends on it). A product whose
 * best layout cosine l with the query's first `queryViews` views passes `tau` has its distance to a perfect
 * match shrunk: score' = 1 − (1 − score) · (1 − gamma · (l − tau) / (1 − tau)). The layout is not a linear
 * part of the score because it is only evidence where the photo's frame lines up with a catalogue view:
 * added linearly (any weight from 0.02 of the fused score on), the chance agreement of unaligned views cost
 * crops and close-ups up to half their right answers (docs/benchmarks.md, "session 17").
 */
export interface LayoutBoost {
  tau: number;
  gamma: number;
  queryViews: number;
  /** a query view's own tau (by its position), where it differs from `tau`: its cosines are read on that scale */
  taus?: readonly number[];
}

/** The tau of the query's `qi`-th view. */
export const tauOf = (b: LayoutBoost, qi: number): number => b.taus?.[qi] ?? b.tau;

/** A layout cosine of the query's `qi`-th view on the common scale: its own tau maps to `tau`, 1 to 1. */
export function layoutEvidence(l: number, qi: number, b: LayoutBoost): number {
  const t = tauOf(b, qi);
  return t === b.tau ? l : b.tau + ((l - t) * (1 - b.tau)) / (1 - t);
}

/** Where the layout block sits in a fused vector, and its length there (the catalogue's scale). */
export interface LayoutBlock { at: number; scale: number }

/** The layout scoring of a search: where the block is and how it boosts. */
export interface LayoutScoring { block: LayoutBlock; boost: LayoutBoost }

/** The boosted score (see LayoutBoost); `l` below `tau` leaves the score as it is. */
export function boosted(score: number, l: number, b: LayoutBoost): number {
  if (!(l > b.tau)) return score;
  return 1 - (1 - score) * (1 - b.gamma * Math.min(1, (l - b.tau) / (1 - b.tau)));
}

/** The query's layout blocks' lengths (one per query vector; 0 past `queryViews` or where the block is zero). */
export function queryLayoutNorms(queries: Float32Array[], s: LayoutScoring): Float32Array {
  const out = new Float32Array(queries.length);
  for (let i = 0; i < Math.min(queries.length, s.boost.queryViews); i++) {
    let n = 0;
    for (let j = s.block.at; j < s.block.at + LAYOUT_DIM; j++) n += queries[i][j] * queries[i][j];
    out[i] = Math.sqrt(n);
  }
  return out;
}

/** The layout cosine of a stored vector at `vectors[off ..]` with a query vector whose layout block has length `qNorm`. */
export function layoutCosine(vectors: Float32Array, off: number, q: Float32Array, qNorm: number, s: LayoutScoring): number {
  return dotAt(vectors, off + s.block.at, q, s.block.at, LAYOUT_DIM) / (qNorm * s.block.scale);
}
