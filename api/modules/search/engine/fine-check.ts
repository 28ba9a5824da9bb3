// A third look, for a see-through piece only: its drawing against the leading products' pictures at 128 × 128
// cells, each of 8 × 8 blocks of the drawing free to move on its own. The see-through look (window-check.ts)
// compares 48-cell thumbs with the piece moved as a whole; at 10,000 designs that leaves close calls between
// designs of one family (two six-pointed stars, two borders of scallops) that its agreement splits by
// 0.005–0.06, and a piece whose threads the surface bent a little out of place. At 128 cells the motifs along
// a border and the spokes of a medallion are there to tell apart, and a block that moves on its own follows a
// piece that is not quite square, or turned or scaled a little off, where one slide of the whole cannot.
// Offline, on the textured row's see-through photos at 10,000 designs (dumped drawings against the pictures of
// the 20 products whose thumbs agreed best over the whole catalogue): the own design first among the leading 5
// for 29 of 50 photos by the thumbs' agreement, 42 of 50 by this one. With the network, at 10,000 designs, it did
// not carry over: textured backdrops stayed 0.80 / 0.91 (see-through 37 -> 39 first, opaque pieces on prints
// 13 -> 11), and pictures on their own ground that read as see-through pieces on a surface cost 13 other rows 1-5
// photos each, so the settings leave it off (WindowCheck.seeThrough.fine; docs/benchmarks.md "Image search:
// session 36"). The api and the bench (`--fine 5`) run it where it is set.
import type { IndexHit } from './vector-index';
import { FINE_SIDE, type PhotoWindows } from './window-check';

/** Blocks a side: 16 × 16 cells each. */
const GRID = 8;
/** How far (cells) a block may move each way: 8 % of the side. */
const SHIFT = 10;
/** A block of the piece whose cells spread less than this (luma, standard deviation) shows no thread: it is left out. */
const FLAT_SPREAD = 3;

/**
 * How the fine check runs (WindowCheck.seeThrough.fine): over the leading `top`; only where the best of their
 * agreements is at least `min`, and only where the best score before the looks (`before`, withFineCheck) is
 * under `below` (a photo of a picture on its own ground meets that picture at about 1). `weight`: the leaders
 * are ordered by their score after the look plus `weight` × the agreement (the look's evidence kept); without
 * it, by the agreement alone.
 */
export interface FineCheck { top: number; min?: number; below?: number; weight?: number }

/** The see-through piece's drawings a photo carries for the fine check (PhotoWindows `fine`). */
export const finePieces = (photo: PhotoWindows): Uint8Array[] => photo.windows.flatMap((w) => (w.fine ? [w.fine] : []));

/** Running sums of v and v² over the picture padded by SHIFT (mirrored, the edge cell repeated) on every side. */
function padded(pic: Uint8Array): { side: number; v: Float32Array; I: Float64Array; I2: Float64Array } {
  const n = FINE_SIDE, side = n + 2 * SHIFT, S = side + 1;
  const at = (i: number) => (i < 0 ? -i - 1 : i >= n ? 2 * n - i - 1 : i);
  const v = new Float32Array(side * side);
  for (let y = 0; y < side; y++) for (let x = 0; x < side; x++) v[y * side + x] = pic[at(y - SHIFT) * n + at(x - SHIFT)];
  const I = new Float64Array(S * S), I2 = new Float64Array(S * S);
  for (let y = 0; y < side; y++) {
    let r = 0, r2 = 0;
    for (let x = 0; x < side; x++) {
      const a = v[y * side + x];
      r += a; r2 += a * a;
      I[(y + 1) * S + x + 1] = I[y * S + x + 1] + r;
      I2[(y + 1) * S + x + 1] = I2[y * S + x + 1] + r2;
    }
  }
  return { side, v, I, I2 };
}

/**
 * How well a piece's drawing agrees with a picture, both fineCells: each of the drawing's GRID² blocks that
 * shows threads is slid up to SHIFT cells each way over the picture, and its best normalised cross-correlation
 * counts; the mean over those blocks, −1…1. Null where no block of the drawing shows threads.
 */
export function fineAgreement(piece: Uint8Array, pic: Uint8Array): number | null {
  const n = FINE_SIDE, b = n / GRID, bb = b * b;
  const { side, v, I, I2 } = padded(pic), S = side + 1;
  const t = new Float32Array(bb);
  let sum = 0, blocks = 0;
  for (let by = 0; by < GRID; by++) {
    for (let bx = 0; bx < GRID; bx++) {
      let m = 0;
      for (let y = 0; y < b; y++) for (let x = 0; x < b; x++) m += piece[(by * b + y) * n + bx * b + x];
      m /= bb;
      let tt = 0;
      for (let y = 0; y < b; y++) for (let x = 0; x < b; x++) { const d = piece[(by * b + y) * n + bx * b + x] - m; t[y * b + x] = d; tt += d * d; }
      if (tt < FLAT_SPREAD * FLAT_SPREAD * bb) continue;
      let best = -1;
      // The block's own place in the padded picture is (SHIFT, SHIFT) further on; each offset from 0 to 2·SHIFT.
      for (let dy = 0; dy <= 2 * SHIFT; dy++) {
        const y0 = by * b + dy;
        for (let dx = 0; dx <= 2 * SHIFT; dx++) {
          const x0 = bx * b + dx;
          const s = I[(y0 + b) * S + x0 + b] - I[y0 * S + x0 + b] - I[(y0 + b) * S + x0] + I[y0 * S + x0];
          const s2 = I2[(y0 + b) * S + x0 + b] - I2[y0 * S + x0 + b] - I2[(y0 + b) * S + x0] + I2[y0 * S + x0];
          const vv = s2 - (s * s) / bb;
          if (vv <= 1e-6) continue;
          let cross = 0;
          for (let y = 0; y < b; y++) {
            const row = (y0 + y) * side + x0, tr = y * b;
            for (let x = 0; x < b; x++) cross += t[tr + x] * v[row + x];
          }
          const c = cross / Math.sqrt(tt * vv);
          if (c > best) best = c;
        }
      }
      sum += best; blocks++;
    }
  }
  return blocks ? sum / blocks : null;
}

/**
 * The leading `top` hits re-sorted among themselves by how well the photo's see-through piece (its drawings,
 * fineCells: both polarities where it carries both) agrees with their pictures (`picturesOf`: each picture's
 * 'tightThreads' view as fineCells; the best of them counts). They keep the scores of the places they take, so
 * the hits stay best first and the leading score (which says whether the match is weak) is the same; a product
 * without a picture to read goes last among them. The hits after them keep their places.
 */
export async function withFineCheck(hits: IndexHit[], pieces: readonly Uint8Array[], picturesOf: (productId: number) => Promise<readonly Uint8Array[]>, { top, min = -1, below, weight }: FineCheck, before?: number): Promise<IndexHit[]> {
  const k = Math.min(top, hits.length);
  if (k < 2 || pieces.length === 0) return hits;
  if (below !== undefined && before !== undefined && before >= below) return hits;
  const lead = hits.slice(0, k);
  const agree = await Promise.all(lead.map(async (h) => {
    let a = -Infinity;
    for (const pic of await picturesOf(h.productId)) for (const piece of pieces) a = Math.max(a, fineAgreement(piece, pic) ?? -Infinity);
    return a;
  }));
  // No leader whose threads the drawing meets well: the drawing is not of a catalogue picture's threads as a whole (a
  // lace on its own ground cut to a part of it, a photo turned a quarter), and the order stands.
  if (Math.max(...agree) < min) return hits;
  const key = (h: IndexHit, a: number) => (weight === undefined ? a : h.score + weight * Math.max(-1, a));
  const order = lead.map((h, i) => ({ h, a: key(h, agree[i]), i })).sort((x, y) => y.a - x.a || x.i - y.i);
  return [...order.map((o, j) => ({ ...o.h, score: lead[j].score })), ...hits.slice(k)];
}
