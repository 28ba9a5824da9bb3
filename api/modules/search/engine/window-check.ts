// A second look at the leading products of a search: is the photo a part of one of the product's pictures?
// A buyer's close-up (a quarter of the pattern) or crop is described by the network much like a quarter of
// another design of the same kind (a border's quarter is much like another border's): at 10,000 designs the
// right design of a missed close-up was second by 0.000–0.002 of the fused cosine (docs/benchmarks.md,
// "session 18"). Where the light and the dark lie in the photo, at 48 × 48 cells, tells them apart: the photo,
// reduced to a window of the picture's side times s, is slid over the picture's 48 × 48 luma
// (its thumb, kept when the picture is indexed), and the best normalised cross-correlation over the offsets
// and scales (s = 0.42 … 0.92), with the light's slope across the window (a fitted plane) taken out of both,
// is the agreement.
// On 300 generated designs the thumb alone places a close-up first among all of them 0.97 of the time at 64
// cells, 0.95 at 48 and 0.90 at 32; the 16-frequency layout block (layout.ts) gives back a 16-cell picture,
// 0.75. The agreement boosts a leading product's score as the layout does (layout.ts `boosted`), above `tau`.
import type { IndexHit } from './vector-index';
import { boosted } from './layout';
import type { RgbImage } from './types';
import { groundOf, makeView, makeViews, square, type NamedView, type ViewName } from './views';
import { threadMap } from './threads';
import type { FineCheck } from './fine-check';

/** The thumb's side in cells: 2,304 bytes a picture. */
export const THUMB_SIDE = 48;
/**
 * The photo's side as a share of the picture's: from a sixth of the area (10 of the 24 coarse cells) to
 * all of it (24, the piece turned square: views.ts 'piece'), every coarse cell: a step of 4–10 %, so a photo of any scale between meets a window
 * within half a cell at its edges.
 */
export const WINDOW_SCALES: readonly number[] = Array.from({ length: 15 }, (_, i) => (10 + i) / 24);

/** The whole view the thumb and the photo's windows are made from: the picture's centre square at this side. */
const VIEW_SIDE = 160;
/** A picture's or a photo's whole view, as both sides make it (the centre square, as views.ts' 'full'). */
export const wholeView = (img: RgbImage): Promise<RgbImage> => square(img, VIEW_SIDE);

/**
 * How the leading products are re-ranked by the agreement (see boosted in layout.ts); `top`: how many are
 * checked; `views`: the photo's views whose windows are slid ('full', the photo as it is; 'piece', the lace
 * piece cut out of a photo of it laid on a surface and turned square, where there is one; 'pieceInverse', a
 * see-through piece's threads in the other polarity), where the query makes them (views.ts makeViews).
 */
export interface WindowCheck {
  tau: number; gamma: number; top: number; views: readonly ViewName[];
  /**
   * A see-through piece (its windows marked `seeThrough`: views.ts drawnPiece) looked at among more of the
   * leading products: `top` of them, its windows of at least `minScale` of the picture's side only, over the
   * thumbs named in `thumbs`. The piece's drawing is the lace as a catalogue shows it, turned square and cut to
   * its threads, so it meets its picture's 'tight' thumb at nearly the whole of it; windows this large slide over
   * few offsets, and the photo as it is (the surface between the threads) is left out. `keep`: how many of the
   * best coarse places are looked at again at full resolution (windowAgreement); `gamma`: the boost's, in place
   * of the check's (the fused score of a see-through piece tells less, so its agreement may count for more).
   * `turns`: where the piece is round (views.ts PIECE_ROUND: its box does not tell its turn), it is also drawn
   * at these turns (degrees) and their windows (TURNED_SCALES, marked `turned`) are slid with its own.
   * `jitter`: the piece's windows of `minScale` and more are also read off their frame by each of `shifts`
   * (a share of a cell, across and down) and, at the whole scale, stretched by each of `sizes` either way
   * (photoWindows): a piece's box a pixel or two off its picture's, or a few hundredths larger or smaller, meets
   * it within half a cell as no window the thumb's own size or near it can be slid to.
   * `fine`: the leading `top` after the look are then re-sorted by the fine check (fine-check.ts), which reads
   * their pictures.
   * `colour`: the lace's colour as a tie-breaker (SeeThroughColour), where the photo still carries colour.
   */
  seeThrough?: { top: number; minScale: number; keep: number; gamma: number; thumbs: readonly ViewName[]; turns?: readonly number[]; jitter?: WindowJitter; fine?: FineCheck; colour?: SeeThroughColour };
  /**
   * Which of a picture's thumbs (THUMB_VIEWS) each of the photo's views is slid over; a view not named here
   * is slid over all of them (the photo as it is meets the picture's 'full' thumb; a piece cut out of a
   * photo meets its 'tight' one best, THUMB_VIEWS): each view left off a thumb spares its slides there.
   */
  over?: Partial<Record<ViewName, readonly ViewName[]>>;
}

/**
 * The see-through look's tie-breaker (WindowCheck.seeThrough.colour): a see-through piece on a patterned surface is
 * drawn as its threads in one colour on a plain ground, which the look compares with its pictures' thumbs by luma
 * alone, so designs alike at 48 cells (medallions that differ in their strokes) agree nearly as well as its own.
 * Where the photo keeps its colour (its colourfulness, illumination.ts, at least `gate`, past the weights' own
 * colour gate, and not a search by shape only: the extraction thread decides), the
 * lace's colour the piece's threads were read in (RgbImage.lace) is set against the colour a picture's threads
 * are read in (thumbLace, ViewThumb.lace): each thumb's agreement loses `weight` × (ΔE − `free`) / 100 where the
 * two lie more than `free` apart (CIELAB ΔE*76). A picture whose colour could not be told loses nothing.
 */
export interface SeeThroughColour { weight: number; free: number; /** the photo's colourfulness (illumination.ts) below which its lace's colour is not weighed */ gate: number }

/** How a see-through piece's largest windows are also read a little off their frame (WindowCheck.seeThrough.jitter). */
export interface WindowJitter { shifts: readonly number[]; sizes: readonly number[]; cost?: number }

/** WindowJitter with the smallest scale of window it applies to (WindowCheck.seeThrough.minScale): what an extraction thread is given. */
export type PieceJitter = WindowJitter & { minScale: number };

/** One of a picture's thumbs and the view it was made of (THUMB_VIEWS); `lace`: on its 'tight' thumb, its threads' colour (thumbLace; null: not told). */
export interface ViewThumb { view: ViewName; thumb: Uint8Array; lace?: readonly number[] | null }

/** A view's luma summed over any rectangle in four lookups: (w + 1) × (h + 1) running sums. */
class LumaSums {
  readonly w: number;
  readonly h: number;
  private readonly I: Float64Array;

  constructor(img: RgbImage) {
    const { width: w, height: h, data } = img;
    this.w = w; this.h = h;
    const S = w + 1;
    this.I = new Float64Array(S * (h + 1));
    for (let y = 0; y < h; y++) {
      let r = 0;
      for (let x = 0; x < w; x++) {
        const i = (y * w + x) * 3;
        r += 0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2];
        this.I[(y + 1) * S + x + 1] = this.I[y * S + x + 1] + r;
      }
    }
  }

  /**
   * The luma averaged over n × n cells, each cell the pixels whose centres fall in it (pixel x is in cell
   * ⌊(x + ½)·n / w⌋, so cell c holds x from ⌈c·w/n − ½⌉ up to the next cell's first).
   */
  cells(n: number, frame?: { x0: number; y0: number; x1: number; y1: number }): Float64Array {
    const { w, h, I } = this, S = w + 1;
    const f = frame ?? { x0: 0, y0: 0, x1: w, y1: h };
    const xs = Array.from({ length: n + 1 }, (_, c) => Math.min(w, Math.max(0, Math.ceil(f.x0 + (c * (f.x1 - f.x0)) / n - 0.5))));
    const ys = Array.from({ length: n + 1 }, (_, c) => Math.min(h, Math.max(0, Math.ceil(f.y0 + (c * (f.y1 - f.y0)) / n - 0.5))));
    const out = new Float64Array(n * n);
    for (let cy = 0; cy < n; cy++) {
      const y0 = ys[cy], y1 = ys[cy + 1];
      for (let cx = 0; cx < n; cx++) {
        const x0 = xs[cx], x1 = xs[cx + 1];
        const count = (x1 - x0) * (y1 - y0);
        out[cy * n + cx] = count > 0 ? (I[y1 * S + x1] - I[y0 * S + x1] - I[y1 * S + x0] + I[y0 * S + x0]) / count : 0;
      }
    }
    return out;
  }
}

/** The side, in cells, of the drawings the fine check (fine-check.ts) compares: 16,384 bytes a picture, made when looked at (never stored). */
export const FINE_SIDE = 128;

/** A view's luma over n × n cells, one byte each. */
const lumaBytes = (view: RgbImage, n: number): Uint8Array => Uint8Array.from(new LumaSums(view).cells(n), (v) => Math.round(v));

/** A view (a see-through piece's drawing, or a picture's 'tightThreads') as the fine check reads it: its luma over FINE_SIDE² cells. */
export const fineCells = (view: RgbImage): Uint8Array => lumaBytes(view, FINE_SIDE);

/** A catalogue picture as the fine check reads it: its 'tightThreads' view, drawn at the side a query's piece is drawn, as fineCells. */
export async function fineThreads(picture: RgbImage): Promise<Uint8Array> {
  return fineCells(await makeView(picture, 'tightThreads', VIEW_SIDE));
}

/** A catalogue picture's thumb: the luma of its whole view (square) over THUMB_SIDE² cells, one byte each. */
export const pictureThumb = (view: RgbImage): Uint8Array => lumaBytes(view, THUMB_SIDE);

/**
 * A catalogue picture's threads' colour (RGB) as a see-through piece's is read (SeeThroughColour): the thread map
 * of its 'tight' view against its own plain ground (as its 'tightThreads' view draws it), or null where the
 * threads' colour cannot be told from the ground's. Kept beside its 'tight' thumb.
 */
export async function thumbLace(img: RgbImage): Promise<number[] | null> {
  return threadsColour(await makeView(img, 'tight', VIEW_SIDE));
}

/** thumbLace of a picture's 'tight' view already made. */
const threadsColour = (tight: RgbImage): number[] | null => threadMap(tight, groundOf(tight))?.lace.map((c) => Math.round(c)) ?? null;

/** A picture's threads' colour as a stored row keeps it (image_descriptor.thumb_lace): 0xRRGGBB, or −1 where it was not told. */
export const packLace = (rgb: readonly number[] | null): number => (rgb ? (Math.max(0, Math.min(255, rgb[0])) << 16) | (Math.max(0, Math.min(255, rgb[1])) << 8) | Math.max(0, Math.min(255, rgb[2])) : -1);

/** packLace's colour back (null: not told; undefined: not made, a row stored before the colour was kept). */
export const unpackLace = (v: number | null): number[] | null | undefined => (v === null ? undefined : v < 0 ? null : [(v >> 16) & 255, (v >> 8) & 255, v & 255]);

/** sRGB (0–255) to CIELAB (D65). */
export function labOf(rgb: readonly number[]): [number, number, number] {
  const lin = (u: number) => { u /= 255; return u <= 0.04045 ? u / 12.92 : ((u + 0.055) / 1.055) ** 2.4; };
  const [r, g, b] = rgb.map(lin);
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116);
  const x = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047), y = f(0.2126 * r + 0.7152 * g + 0.0722 * b), z = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}

/** What a thumb's agreement loses for its picture's threads' colour (SeeThroughColour): 0 where either colour is not known. */
export function colourCost(photoLab: readonly number[] | undefined, thumb: ViewThumb, colour: SeeThroughColour | undefined): number {
  if (!colour || !photoLab || !thumb.lace) return 0;
  const t = labOf(thumb.lace);
  const d = Math.hypot(photoLab[0] - t[0], photoLab[1] - t[1], photoLab[2] - t[2]);
  return (colour.weight * Math.max(0, d - colour.free)) / 100;
}

/**
 * The catalogue views a picture keeps a thumb of, each on its own stored row: 'full', which a photo of the
 * picture or of part of it meets, and 'tight', the picture cut to its threads, which a see-through piece laid
 * on a surface lines up with (its own ground gone, the piece is as large as its threads: views.ts laceExtent).
 * On 300 generated designs (no network), such a piece turned square met its own 'tight' thumb best of all
 * designs for 32 of 47 photos, its own 'full' thumb for 8.
 */
export const THUMB_VIEWS: readonly ViewName[] = ['full', 'tight'];

/** A picture's view that a thumb of one of THUMB_VIEWS is made of. */
const thumbView = (img: RgbImage, view: ViewName): Promise<RgbImage> => (view === 'full' ? wholeView(img) : makeView(img, view, VIEW_SIDE));

/** A picture's thumb of one of THUMB_VIEWS. */
export async function viewThumb(img: RgbImage, view: ViewName): Promise<Uint8Array> {
  return pictureThumb(await thumbView(img, view));
}

/** The thumbs whose row keeps the picture's threads' colour beside the thumb (thumbLace): those the see-through look reads. */
export const LACE_THUMBS: readonly ViewName[] = ['tight'];

/** A picture's thumb of one of THUMB_VIEWS as the look reads it: with its threads' colour on LACE_THUMBS. */
export async function viewThumbOf(img: RgbImage, view: ViewName): Promise<ViewThumb> {
  // The view made once for both ('tight' cuts the picture to its threads: laceExtent).
  const made = await thumbView(img, view);
  return { view, thumb: pictureThumb(made), ...(LACE_THUMBS.includes(view) ? { lace: threadsColour(made) } : {}) };
}

/**
 * The photo as windows of each scale: n × n cells and, for the coarse scan, m × m (n = 2m), each with the
 * plane taken out and unit length; a scale whose window is flat is left out. `fine`: on the largest window of a
 * see-through piece's drawing laid on a patterned surface (RgbImage `onSurface`; not those at other turns), the
 * drawing's fineCells, for the fine check. `lace`: on such a piece's windows, the lace's colour (RGB, RgbImage.lace),
 * left off where the photo has too little colour (SeeThroughColour).
 */
export interface PhotoWindows { windows: Array<{ n: number; q: Float32Array; m: number; coarse: Float32Array; view?: ViewName; seeThrough?: boolean; turned?: boolean; jittered?: boolean; fine?: Uint8Array; lace?: readonly number[] }> }

/**
 * The scales of a round see-through piece's drawings at other turns (views.ts makeNamedViews' `turns`): the
 * see-through look slides only its largest windows (WindowCheck.seeThrough.minScale), and these two of them
 * (four coarse places and one) cost little beside the piece's own three.
 */
export const TURNED_SCALES: readonly number[] = WINDOW_SCALES.slice(-2);

/** Takes the least-squares plane out of an n × n grid and scales it to unit length (or `length`); null when nothing is left. */
function planeOut(a: Float64Array, n: number, length = 1): Float32Array | null {
  const c = (n - 1) / 2;
  let m = 0, sx = 0, sy = 0, xx = 0;
  for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) {
    const v = a[y * n + x];
    m += v; sx += v * (x - c); sy += v * (y - c); xx += (x - c) * (x - c);
  }
  m /= n * n;
  const bx = sx / xx, by = sy / xx;
  const out = new Float32Array(n * n);
  let e = 0;
  for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) {
    const v = a[y * n + x] - (m + bx * (x - c) + by * (y - c));
    out[y * n + x] = v;
    e += v * v;
  }
  // Less than a grey level of spread a cell: a flat photo, no evidence either way.
  if (e < n * n) return null;
  const norm = Math.sqrt(e) / length;
  for (let k = 0; k < out.length; k++) out[k] /= norm;
  return out;
}

/**
 * The windows of a query's views as the extraction thread that drew them makes them (extract.worker.ts): each
 * view's at every scale, and a round see-through piece's drawings at other turns (NamedView.turned) at
 * TURNED_SCALES, marked `turned`.
 */
export function namedViewWindows(views: readonly NamedView[], jitter?: PieceJitter): PhotoWindows {
  const turned = views.flatMap((v) => v.turned ?? []);
  const own = views.flatMap((v) => {
    const windows = photoWindows(v.img, WINDOW_SCALES, [v.view], jitter).windows;
    const at = windows.findLastIndex((w) => !w.jittered);
    // Only a piece on a patterned surface: on a plain ground (a picture's own) the look's thumbs hold (fine-check.ts).
    if (v.img.seeThrough && v.img.onSurface && at >= 0) windows[at] = { ...windows[at], fine: fineCells(v.img) };
    return windows;
  });
  return {
    windows: [
      ...own,
      ...photoWindows(turned.map((v) => v.img), TURNED_SCALES, turned.map((v) => v.view)).windows.map((w) => ({ ...w, turned: true })),
    ],
  };
}

/** The photo's windows, from its views (each square: wholeView, or those of photoViews). */
export function photoWindows(views: RgbImage | readonly RgbImage[], scales: readonly number[] = WINDOW_SCALES, names?: readonly ViewName[], jitter?: PieceJitter): PhotoWindows {
  const windows: PhotoWindows['windows'] = [];
  (Array.isArray(views) ? views : [views as RgbImage]).forEach((view: RgbImage, i: number) => {
    const sums = new LumaSums(view);
    for (const s of scales) {
      const m = Math.round((THUMB_SIDE / 2) * s), n = 2 * m;
      const q = planeOut(sums.cells(n), n), coarse = planeOut(sums.cells(m), m);
      const tags = { ...(names?.[i] ? { view: names[i] } : {}), ...(view.seeThrough ? { seeThrough: true } : {}), ...(view.seeThrough && view.lace ? { lace: view.lace } : {}) };
      if (q && coarse) windows.push({ n, q, m, coarse, ...tags });
      // At the whole scale, the view read a little off its frame: shifted by part of a cell, or a little larger or
      // smaller along either side (a piece's box a pixel or two off its picture's, which a window the thumb's own
      // size cannot slide to meet).
      if (view.seeThrough && jitter && s >= jitter.minScale - 1e-9) {
        const cw = sums.w / n, ch = sums.h / n;
        const sizes = s === 1 ? jitter.sizes : [1];
        // A window read off its frame agrees a little less than it reads: where the frame was right, the piece's
        // own picture keeps the place its window earned over others met only off their frames.
        const keep = 1 - (jitter.cost ?? 0);
        for (const dx of jitter.shifts) for (const dy of jitter.shifts) for (const sx of sizes) for (const sy of sizes) {
          if (!dx && !dy && sx === 1 && sy === 1) continue;
          const hw = (sums.w * sx) / 2, hh = (sums.h * sy) / 2, cx = sums.w / 2 + dx * cw, cy = sums.h / 2 + dy * ch;
          const frame = { x0: cx - hw, y0: cy - hh, x1: cx + hw, y1: cy + hh };
          const qj = planeOut(sums.cells(n, frame), n, keep), cj = planeOut(sums.cells(m, frame), m, keep);
          if (qj && cj) windows.push({ n, q: qj, m, coarse: cj, ...tags, jittered: true });
        }
      }
    }
  });
  return { windows };
}

/** The photo's views the check slides (WindowCheck.views), those that apply to it (no 'piece' where the lace fills the photo). */
export function photoViews(img: RgbImage, views: readonly ViewName[]): Promise<RgbImage[]> {
  return makeViews(img, views, VIEW_SIDE, { dropUnneeded: true });
}

/** A grid's running sums of v, v², v·x and v·y, for any square's plane-free length in four lookups each. */
class Sums {
  private readonly S: number;
  private readonly I: Float64Array;
  private readonly I2: Float64Array;
  private readonly IX: Float64Array;
  private readonly IY: Float64Array;

  constructor(readonly t: Float32Array, readonly side: number) {
    const S = side + 1;
    this.S = S;
    this.I = new Float64Array(S * S); this.I2 = new Float64Array(S * S); this.IX = new Float64Array(S * S); this.IY = new Float64Array(S * S);
    for (let y = 0; y < side; y++) {
      let r = 0, r2 = 0, rx = 0, ry = 0;
      for (let x = 0; x < side; x++) {
        const v = t[y * side + x];
        r += v; r2 += v * v; rx += v * x; ry += v * y;
        const o = (y + 1) * S + x + 1;
        this.I[o] = this.I[o - S] + r; this.I2[o] = this.I2[o - S] + r2; this.IX[o] = this.IX[o - S] + rx; this.IY[o] = this.IY[o - S] + ry;
      }
    }
  }

  private box(A: Float64Array, x0: number, y0: number, n: number): number {
    const S = this.S;
    return A[(y0 + n) * S + x0 + n] - A[y0 * S + x0 + n] - A[(y0 + n) * S + x0] + A[y0 * S + x0];
  }

  /**
   * The normalised cross-correlation of a unit, plane-free n × n window with the cells under it at (ox, oy):
   * the window is orthogonal to a constant and to both slopes, so the numerator needs no plane; the
   * denominator is the cells' length with their own plane taken out. −1 on a flat part.
   */
  ncc(q: Float32Array, n: number, ox: number, oy: number, sxx: number): number {
    const N = n * n, c = (n - 1) / 2;
    const s = this.box(this.I, ox, oy, n), s2 = this.box(this.I2, ox, oy, n);
    const gx = this.box(this.IX, ox, oy, n) - (ox + c) * s, gy = this.box(this.IY, ox, oy, n) - (oy + c) * s;
    const rest = s2 - (s * s) / N - (gx * gx) / sxx - (gy * gy) / sxx;
    if (rest < N) return -1;
    const t = this.t, G = this.side;
    let num = 0;
    for (let y = 0; y < n; y++) {
      const tr = (oy + y) * G + ox, qr = y * n;
      for (let x = 0; x < n; x++) num += q[qr + x] * t[tr + x];
    }
    return num / Math.sqrt(rest);
  }
}

/** Σ (x − c)² over an n × n grid (x and y alike). */
const slopeNorm = (n: number) => { const c = (n - 1) / 2; let s = 0; for (let i = 0; i < n; i++) s += (i - c) * (i - c); return s * n; };

/** The best coarse (scale, offset) places kept over all the photo's windows, each looked at again at full resolution. */
const COARSE_KEEP = 8;

/**
 * The best agreement of the photo's windows with a thumb, over every scale and offset: each window is slid
 * over the thumb at half resolution (every offset), and the best COARSE_KEEP places of all the windows are
 * looked at again at full resolution, in a 3 × 3 neighbourhood each: about a quarter of the work of every
 * full-resolution offset (0.47 ms a thumb and view here, against 2 ms), and no lower an agreement for the
 * right picture on the benchmark's close-ups (keeping 4 places lost 0.02 of it by median).
 */
export function windowAgreement(photo: PhotoWindows, thumb: Uint8Array, keep = COARSE_KEEP): number {
  if (!(keep >= 1)) throw new RangeError('windowAgreement: keep at least one coarse place');
  const G = THUMB_SIDE, H = G / 2;
  const half = new Float32Array(H * H);
  for (let y = 0; y < H; y++) for (let x = 0; x < H; x++) {
    const o = 2 * y * G + 2 * x;
    half[y * H + x] = (thumb[o] + thumb[o + 1] + thumb[o + G] + thumb[o + G + 1]) / 4;
  }
  const coarse = new Sums(half, H);
  const kept: Array<{ v: number; w: number; x: number; y: number }> = [];
  photo.windows.forEach((win, wi) => {
    const cs = slopeNorm(win.m);
    for (let oy = 0; oy + win.m <= H; oy++) for (let ox = 0; ox + win.m <= H; ox++) {
      const v = coarse.ncc(win.coarse, win.m, ox, oy, cs);
      if (kept.length < keep) kept.push({ v, w: wi, x: ox, y: oy });
      else {
        let low = 0;
        for (let i = 1; i < kept.length; i++) if (kept[i].v < kept[low].v) low = i;
        if (v > kept[low].v) kept[low] = { v, w: wi, x: ox, y: oy };
      }
    }
  });
  const fine = new Sums(Float32Array.from(thumb), G);
  let best = -1;
  for (const k of kept) {
    const win = photo.windows[k.w], fs = slopeNorm(win.n);
    for (let fy = Math.max(0, 2 * k.y - 1); fy <= Math.min(G - win.n, 2 * k.y + 1); fy++) {
      for (let fx = Math.max(0, 2 * k.x - 1); fx <= Math.min(G - win.n, 2 * k.x + 1); fx++) {
        const v = fine.ncc(win.q, win.n, fx, fy, fs);
        if (v > best) best = v;
      }
    }
  }
  return best;
}

/**
 * What the check does for one photo, decided once (windowLook): how many leading products it looks at, which
 * kinds of thumb it reads of them, which of the photo's windows it slides over each kind, how many coarse
 * places it looks at again and the boost's gamma.
 */
export interface WindowLook {
  top: number; keep: number; tau: number; gamma: number;
  /** The kinds of thumb read (THUMB_VIEWS, or the see-through look's). */
  thumbs: readonly ViewName[];
  /** The see-through look's tie-breaker, with the piece's lace colour (CIELAB), where it has one (SeeThroughColour). */
  colour?: SeeThroughColour & { lab: readonly number[] };
  /** The photo's windows slid over a thumb of this kind (none: that thumb is not slid over). */
  windowsFor(thumbView: ViewName): PhotoWindows;
  /**
   * The see-through look's: the plain look as well over its own leading products, each boosted by the better
   * of the two. A photo marked see-through may be a close-up or a crop of lace on its own plain ground, which
   * only the plain look's smaller windows meet (at 10,000 designs, 4 of 300 such photos were lost without it).
   */
  lead?: WindowLook;
}

/**
 * The check's look for this photo, or null when the photo has no window to slide. A see-through piece's
 * large windows (seeThroughWindows) over the leading `seeThrough.top`'s thumbs of its kinds; otherwise every
 * window over the leading `top`'s thumbs, each view over the kinds of thumb `over` pairs it with.
 */
export function windowLook(photo: PhotoWindows, check: WindowCheck): WindowLook | null {
  if (photo.windows.length === 0) return null;
  const deep = seeThroughWindows(photo, check);
  if (deep) {
    const { top, keep, gamma, thumbs, colour } = check.seeThrough!;
    const lace = deep.windows.find((w) => w.lace)?.lace;
    // The lead: the photo as it is only (its piece's smaller windows meet parts of many other pictures).
    return {
      top, keep, tau: check.tau, gamma, thumbs, windowsFor: (v) => (thumbs.includes(v) ? deep : NO_WINDOWS), lead: plainLook({ windows: photo.windows.filter((w) => w.view === 'full') }, check),
      ...(colour && lace ? { colour: { ...colour, lab: labOf(lace) } } : {}),
    };
  }
  // A round piece's other turns are for the see-through look only.
  return plainLook({ windows: photo.windows.filter((w) => !w.turned) }, check);
}

/** Every window of the photo over the leading `top`'s thumbs, each view over the kinds `over` pairs it with. */
function plainLook(photo: PhotoWindows, check: WindowCheck): WindowLook {
  const meets = (w: PhotoWindows['windows'][number], thumbView: ViewName) => {
    const over = w.view ? check.over?.[w.view] : undefined;
    return !over || over.includes(thumbView);
  };
  // Picked once a kind of thumb.
  const slid = new Map<ViewName, PhotoWindows>();
  return {
    top: check.top, keep: COARSE_KEEP, tau: check.tau, gamma: check.gamma, thumbs: THUMB_VIEWS,
    windowsFor: (v) => {
      let windows = slid.get(v);
      if (!windows) slid.set(v, (windows = THUMB_VIEWS.includes(v) ? { windows: photo.windows.filter((w) => meets(w, v)) } : NO_WINDOWS));
      return windows;
    },
  };
}

const NO_WINDOWS: PhotoWindows = { windows: [] };

/**
 * The look's agreement with a product: the best over its thumbs of the kinds the look slides windows over, less
 * each one's colour cost (the see-through look's tie-breaker, SeeThroughColour); −1 where it has none.
 */
export function lookAgreement(look: WindowLook, thumbs: readonly ViewThumb[] | undefined): number {
  let a = -1;
  for (const t of thumbs ?? []) {
    const windows = look.windowsFor(t.view);
    if (windows.windows.length) a = Math.max(a, windowAgreement(windows, t.thumb, look.keep) - colourCost(look.colour?.lab, t, look.colour));
  }
  return a;
}

/**
 * The look's leading hits re-scored by the agreement of the photo with the products' thumbs (the best of a
 * product's pictures) and re-sorted among themselves; products without a thumb keep their score. The others
 * keep their scores and their places after them. `look`: windowLook's (null: the hits as they are).
 */
export function withWindowCheck(hits: IndexHit[], look: WindowLook | null, thumbsOf: (productId: number) => readonly ViewThumb[] | undefined): IndexHit[] {
  if (!look || hits.length === 0) return hits;
  const scored = (l: WindowLook, h: IndexHit) => boosted(h.score, lookAgreement(l, thumbsOf(h.productId)), { tau: l.tau, gamma: l.gamma, queryViews: 1 });
  const lead = hits.slice(0, Math.min(hits.length, look.top)).map((h, i) => {
    const score = scored(look, h);
    return { ...h, score: look.lead && i < look.lead.top ? Math.max(score, scored(look.lead, h)) : score };
  });
  return [...lead.sort(byScore), ...hits.slice(lead.length)];
}

/**
 * The thumbs a look reads: of the leading `look.top` products, the look's kinds; of its lead's leading
 * products, the lead's other kinds too. As (product ids, kinds) pairs, one read each.
 */
export function lookReads(look: WindowLook, productIds: readonly number[]): Array<{ ids: number[]; views: ViewName[] }> {
  const reads = [{ ids: productIds.slice(0, look.top), views: [...look.thumbs] }];
  const more = look.lead ? look.lead.thumbs.filter((v) => !look.thumbs.includes(v)) : [];
  if (look.lead && more.length) reads.push({ ids: productIds.slice(0, look.lead.top), views: more });
  return reads.filter((r) => r.ids.length && r.views.length);
}

/**
 * Best first. Only the looked-at leaders are re-sorted: the hits after them keep their place below them, for
 * their scores may be the graph's estimates (from its codes; only the leading annExactTop are scored exactly)
 * and can read a little above an exact score they were ranked below.
 */
const byScore = (a: IndexHit, b: IndexHit) => b.score - a.score || a.productId - b.productId;

/** The photo's windows the see-through look slides (WindowCheck.seeThrough), or null where it has none. */
export function seeThroughWindows(photo: PhotoWindows, check: WindowCheck): PhotoWindows | null {
  if (!check.seeThrough) return null;
  const from = 2 * Math.round((THUMB_SIDE / 2) * check.seeThrough.minScale);
  const windows = photo.windows.filter((w) => w.seeThrough && w.n >= from);
  return windows.length ? { windows } : null;
}
