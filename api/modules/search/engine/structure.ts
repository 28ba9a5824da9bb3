// The second, stricter look at a pattern-copy candidate (issue 17 item 2). The engine's similarity of lace
// pictures crowds near 1 (different designs up to 0.9966 on the benchmark, and 0.9975 between two demo
// dresses), so a pair the engine finds at or above the copy threshold is confirmed only when the two
// pictures have the same fine structure in place: each is read in grey, cut to its centre at a few zooms,
// shrunk to SIDE × SIDE, its coarse shading taken away (what is left is the lace's holes and threads), and
// the two are correlated at the four right-angle turns. A re-saved, re-compressed, rescaled, turned or
// recoloured copy keeps that structure (a colourway that turns light lace dark flips its sign: the absolute
// correlation counts); a different design, or a different dress of the same cut, does not.
import sharp from 'sharp';

/** The thumbnails' side. */
export const SIDE = 128;
/** Centre cuts compared, as a share of the picture's side (a copy zoomed in or out by up to 2× meets one of them). */
const ZOOMS = [1, 0.7, 0.5] as const;
/** The radius of the box blur whose output is taken away (coarse shading, the silhouette's fill). */
const BLUR_RADIUS = 3;

/** One picture's structure: a zero-mean, unit-length detail map for each centre cut. */
export interface Structure { maps: Float32Array[] }

/** A picture's structure (its bytes, any format sharp reads). */
export async function structureOf(bytes: Buffer): Promise<Structure> {
  const { data, info } = await sharp(bytes, { limitInputPixels: 120_000_000 }).autoOrient().flatten({ background: '#ffffff' }).greyscale()
    .resize(2 * SIDE, 2 * SIDE, { fit: 'fill' }).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  const big = info.width;
  const maps: Float32Array[] = [];
  for (const z of ZOOMS) {
    const side = Math.round(big * z), at = Math.floor((big - side) / 2);
    const small = await sharp(data, { raw: { width: big, height: big, channels: 1 } })
      .extract({ left: at, top: at, width: side, height: side })
      // Blurred first so that what is finer than the thumbnail's pixels does not alias into it (a turned copy's grid falls elsewhere).
      .blur(Math.max(0.3, (0.6 * side) / SIDE)).resize(SIDE, SIDE, { fit: 'fill', kernel: 'linear' }).toColourspace('b-w').raw().toBuffer();
    maps.push(detail(small));
  }
  return { maps };
}

/** The map less its box-blurred self, zero mean and unit length (a flat map stays all zeros). */
function detail(px: Uint8Array): Float32Array {
  const n = SIDE, out = new Float32Array(n * n);
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      let s = 0, c = 0;
      for (let yy = Math.max(0, y - BLUR_RADIUS); yy <= Math.min(n - 1, y + BLUR_RADIUS); yy++) {
        for (let xx = Math.max(0, x - BLUR_RADIUS); xx <= Math.min(n - 1, x + BLUR_RADIUS); xx++) { s += px[yy * n + xx]; c++; }
      }
      out[y * n + x] = px[y * n + x] - s / c;
    }
  }
  let mean = 0;
  for (const v of out) mean += v;
  mean /= out.length;
  let norm = 0;
  for (let i = 0; i < out.length; i++) { out[i] -= mean; norm += out[i] * out[i]; }
  norm = Math.sqrt(norm);
  if (norm > 1e-6) for (let i = 0; i < out.length; i++) out[i] /= norm;
  return out;
}

/** The correlation of `a` with `b` turned `quarter` quarter turns clockwise. */
function correlate(a: Float32Array, b: Float32Array, quarter: number): number {
  const n = SIDE;
  let s = 0;
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      // b turned: the pixel of b that lands on (x, y).
      const [bx, by] = quarter === 0 ? [x, y] : quarter === 1 ? [y, n - 1 - x] : quarter === 2 ? [n - 1 - x, n - 1 - y] : [n - 1 - y, x];
      s += a[y * n + x] * b[by * n + bx];
    }
  }
  return s;
}

/**
 * How alike two pictures' structures are, 0 to 1: the best absolute correlation of their detail maps over the
 * four right-angle turns and the pairs of centre cuts. A copy of a picture scores near 1, two different lace
 * designs low.
 */
export function structureSimilarity(a: Structure, b: Structure): number {
  let best = 0;
  for (const ma of a.maps) {
    for (const mb of b.maps) {
      for (let q = 0; q < 4; q++) best = Math.max(best, Math.abs(correlate(ma, mb, q)));
    }
  }
  return best;
}
