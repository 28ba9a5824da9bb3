// The pictures a descriptor is computed from. A catalogue image is indexed as several views (whole, turned,
// zoomed into a half and a quarter of it, zoomed out) so that a buyer's close-up or turned photo meets a
// view that looks like it. A query is a few views of the photo (settings.queryViews, at most
// MAX_QUERY_VIEWS): the whole photo, then, where the lace covers only part of the photo (laid on a garment
// or a table), the piece cut out and turned square to the frame ('piece': findPiece), the photo's centre and a
// square inside the lace ('focusCentre'); and otherwise the centre and the photo seen
// from further away and closer ('zoomOut', 'centre25'), which meet the catalogue's views of the same kind
// when the buyer stood further or nearer than the catalogue's photographer, or the photo is out of focus.
// Not in the default list: 'threads', 'threadsInverse' and 'threadsAuto', maps of see-through lace's threads
// with the surface under it taken out (threads.ts; measured in docs/benchmarks.md, session 14).
import sharp, { type Sharp } from 'sharp';
import { colouredThreadPicture, lightLace, midToneLace, nearest, surfaceColours, threadGround, threadMap, threadPicture, type Surface, type ThreadMap } from './threads';
import type { RgbImage } from './types';

export type ViewName = 'full' | 'rot90' | 'rot180' | 'rot270' | 'rot+15' | 'rot-15' | 'centre50' | 'h50a' | 'h50b' | 'h50c' | 'h50d'
  | 'q25a' | 'q25b' | 'q25c' | 'q25d' | 'q25e' | 'q25f' | 'q25g' | 'q25h' | 'zoomOut' | 'centre25' | 'focus' | 'focusCentre'
  | 'threads' | 'threadsInverse' | 'threadsAuto' | 'piece' | 'pieceInverse' | 'tight' | 'tightThreads';

/**
 * Views that exist only when the lace covers clearly less than the photo (see findLace): 'focus', the
 * square around the lace, and 'focusCentre', a square inside it. Without such a region they are left out of
 * a query (makeViews' `dropUnneeded`) or, where every view must exist, stand in for 'full' and 'centre50'.
 * On the benchmark's lace-on-a-backdrop photos 'focusCentre' alone finds what both find, and 'focus' alone
 * little (it keeps some backdrop, and the corners a turned piece shows): the default query uses the former.
 */
export const FOCUS_VIEWS: readonly ViewName[] = ['focus', 'focusCentre', 'piece', 'pieceInverse', 'threads', 'threadsInverse', 'threadsAuto'];

/**
 * 'threads' and 'threadsInverse' (threads.ts): the 'focusCentre' square as a map of how much of each pixel is
 * lace thread rather than the surface around the lace, light on dark and dark on light; made only where the
 * surface shows through the lace (see-through lace on a knit, a print, wood), else left out like a focus view.
 */
const THREAD_VIEWS: readonly ViewName[] = ['threads', 'threadsInverse', 'threadsAuto'];
/** 'threadsAuto': light threads on dark where the lace is light, as a catalogue shows lace on a contrasting ground. */
const inverseFor = (view: ViewName, map: ThreadMap) => view === 'threadsInverse' || (view === 'threadsAuto' && !lightLace(map));
/** A lace crop with more than this share of pixels unlike the surface is opaque: no thread views. */
const THREADS_MAX_UNLIKE = 0.85;
/**
 * A lace crop whose bare pixels are spread over the surface's colours less alike than this (threads.ts
 * bareLikeSurface) is opaque lace whose own ground has one of the surface's colours. On 200 photos of the
 * image-search bench's textured backdrops (test/bench/see-through-marks.ts), 32 opaque pieces passed
 * THREADS_MAX_UNLIKE; this left 6 of them, and 81 of the 83 see-through ones.
 */
const BARE_LIKE_SURFACE_MIN = 0.5;
/** Whether the surface shows between the threads of this map: the lace is see-through. */
const isSeeThrough = (map: ThreadMap): boolean => map.unlike <= THREADS_MAX_UNLIKE && map.bareLikeSurface >= BARE_LIKE_SURFACE_MIN;

/**
 * A catalogue picture's views: whole, turned, zoomed out, and crops of half its area (centre and towards the
 * four corners) and of a quarter (a 3×3 grid), so that a buyer's close-up of any part meets a crop that
 * shows nearly the same part; and 'tight', the picture cut to its threads (laceExtent), which is what a
 * see-through piece laid on a surface shows of itself: its layout is kept, so that such a piece (findPiece)
 * lines up with it as an opaque piece lines up with 'full'; and 'tightThreads', that cut's threads in the
 * lace's colour on a plain ground instead of the picture's own (threads.ts colouredThreadPicture), drawn as a
 * query draws a see-through piece, whose own ground is gone (drawnPiece): the two then differ in little but
 * the net's shading, where the picture's ground (a maroon, a navy, a pink) told the network more than the
 * threads did.
 */
export const CATALOGUE_VIEWS: readonly ViewName[] = [
  'full', 'rot90', 'rot180', 'rot270', 'rot+15', 'rot-15', 'centre50', 'q25a', 'q25b', 'q25c', 'q25d', 'centre25', 'zoomOut',
  'h50a', 'h50b', 'h50c', 'h50d', 'q25e', 'q25f', 'q25g', 'q25h', 'tight', 'tightThreads',
];

const raw = (img: RgbImage) => sharp(Buffer.from(img.data.buffer, img.data.byteOffset, img.data.byteLength), { raw: { width: img.width, height: img.height, channels: 3 } });

async function toRgb(s: Sharp): Promise<RgbImage> {
  const { data, info } = await s.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
}

/** The picture squeezed to `size`×`size`, cropping the centre of a non-square picture. */
export function square(img: RgbImage, size: number): Promise<RgbImage> {
  return toRgb(raw(img).resize(size, size, { fit: 'cover', position: 'centre', kernel: 'cubic' }));
}

/** A crop given as fractions of the picture: centre (cx, cy) and side as a fraction of the shorter side. */
async function cropSquare(img: RgbImage, cx: number, cy: number, side: number, size: number): Promise<RgbImage> {
  const m = Math.min(img.width, img.height);
  const s = Math.max(8, Math.round(m * side));
  const left = Math.max(0, Math.min(img.width - s, Math.round(img.width * cx - s / 2)));
  const top = Math.max(0, Math.min(img.height - s, Math.round(img.height * cy - s / 2)));
  return toRgb(raw(img).extract({ left, top, width: s, height: s }).resize(size, size, { kernel: 'cubic' }));
}

export interface Square { left: number; top: number; side: number }

function cropPixels(img: RgbImage, sq: Square, size: number): Promise<RgbImage> {
  return toRgb(raw(img).extract({ left: sq.left, top: sq.top, width: sq.side, height: sq.side }).resize(size, size, { kernel: 'cubic' }));
}

async function rotated(img: RgbImage, deg: number, size: number): Promise<RgbImage> {
  if (deg % 90 === 0) return square(await toRgb(raw(img).rotate(deg)), size);
  // Turn, then keep the largest centred square without the corners the turn brings in.
  const turned = await toRgb(raw(img).rotate(deg, { background: '#808080' }));
  const rad = (Math.abs(deg) * Math.PI) / 180;
  const m = Math.min(img.width, img.height);
  const inner = Math.floor(m / (Math.cos(rad) + Math.sin(rad)));
  const left = Math.round((turned.width - inner) / 2), top = Math.round((turned.height - inner) / 2);
  return toRgb(raw(turned).extract({ left, top, width: inner, height: inner }).resize(size, size, { kernel: 'cubic' }));
}

async function zoomOut(img: RgbImage, size: number): Promise<RgbImage> {
  // Shrink and mirror the edges outwards: a repeating lace looks like more of itself.
  const inner = Math.round(size * 0.62);
  const small = await square(img, inner);
  const pad = size - inner;
  return toRgb(raw(small).extend({ top: Math.floor(pad / 2), bottom: Math.ceil(pad / 2), left: Math.floor(pad / 2), right: Math.ceil(pad / 2), extendWith: 'mirror' }));
}

/**
 * The views made with `whole` set (types.ts): their layout is described, the others' block is zero. The
 * picture as it is only: its right-angle turns too would let a turned photo be boosted, but the graph's path
 * scans every kept layout for each search, and four a picture cost about 22 ms at 100,000 pictures (a scratch
 * timing on random blocks, which the scan's bound rules out; real layouts, alike at low frequencies, less so).
 */
export const WHOLE_VIEWS: readonly ViewName[] = ['full'];

/**
 * The views whose layout is described: the whole views, a query's 'piece' (the lace piece cut out and
 * turned square to the frame: findPiece), which lines up with a catalogue picture's whole view, and the
 * catalogue's 'tight' (the picture cut to its threads), which a see-through piece lines up with.
 */
const LAYOUT_VIEWS: readonly ViewName[] = [...WHOLE_VIEWS, 'piece', 'pieceInverse', 'tight'];
/** Whether a view's layout is described (and stored, for a catalogue view). */
export const hasLayout = (view: ViewName): boolean => LAYOUT_VIEWS.includes(view);
const withLayout = (made: RgbImage, view: ViewName): RgbImage => (LAYOUT_VIEWS.includes(view) ? { ...made, whole: true } : made);

/** One view of a picture; `regionOf` shares one findLace among several focus views of the same picture. */
export async function makeView(img: RgbImage, view: ViewName, size: number, regionOf: () => Promise<LaceRegion | null> = () => findLace(img)): Promise<RgbImage> {
  return withLayout(await drawView(img, view, size, regionOf), view);
}

async function drawView(img: RgbImage, view: ViewName, size: number, regionOf: () => Promise<LaceRegion | null>): Promise<RgbImage> {
  switch (view) {
    case 'full': return square(img, size);
    case 'rot90': return rotated(img, 90, size);
    case 'rot180': return rotated(img, 180, size);
    case 'rot270': return rotated(img, 270, size);
    case 'rot+15': return rotated(img, 15, size);
    case 'rot-15': return rotated(img, -15, size);
    case 'centre50': return cropSquare(img, 0.5, 0.5, Math.SQRT1_2, size);
    // Half-area crops towards the corners (a 0.71-side crop's centre lies within 0.35–0.65).
    case 'h50a': return cropSquare(img, 0.38, 0.38, Math.SQRT1_2, size);
    case 'h50b': return cropSquare(img, 0.62, 0.38, Math.SQRT1_2, size);
    case 'h50c': return cropSquare(img, 0.38, 0.62, Math.SQRT1_2, size);
    case 'h50d': return cropSquare(img, 0.62, 0.62, Math.SQRT1_2, size);
    // Quarter-area crops on a 3×3 grid: corners (a–d), edge middles (e–h) and centre25.
    case 'q25a': return cropSquare(img, 0.3, 0.3, 0.5, size);
    case 'q25b': return cropSquare(img, 0.7, 0.3, 0.5, size);
    case 'q25c': return cropSquare(img, 0.3, 0.7, 0.5, size);
    case 'q25d': return cropSquare(img, 0.7, 0.7, 0.5, size);
    case 'q25e': return cropSquare(img, 0.5, 0.3, 0.5, size);
    case 'q25f': return cropSquare(img, 0.3, 0.5, 0.5, size);
    case 'q25g': return cropSquare(img, 0.7, 0.5, 0.5, size);
    case 'q25h': return cropSquare(img, 0.5, 0.7, 0.5, size);
    case 'zoomOut': return zoomOut(img, size);
    case 'tight': {
      const b = await laceExtent(img);
      return b ? square(await toRgb(raw(img).extract(b)), size) : square(img, size);
    }
    case 'tightThreads': {
      const b = await laceExtent(img);
      const sq = await square(b ? await toRgb(raw(img).extract(b)) : img, size);
      const map = threadMap(sq, groundOf(sq));
      return map ? colouredThreadPicture(map, size, size) : sq;
    }
    case 'centre25': return cropSquare(img, 0.5, 0.5, 0.5, size);
    case 'threads':
    case 'threadsInverse':
    case 'threadsAuto': {
      const map = await threadsOf(img, await regionOf(), size);
      return map ? threadPicture(map, size, size, inverseFor(view, map)) : makeView(img, 'centre50', size);
    }
    case 'piece':
    case 'pieceInverse': {
      const piece = await findPiece(img, await regionOf());
      return piece ? pieceView(img, piece, size, view === 'pieceInverse') : makeView(img, 'full', size);
    }
    case 'focus':
    case 'focusCentre': {
      const sq = focusSquare(img, view, await regionOf());
      return sq ? cropPixels(img, sq, size) : makeView(img, view === 'focus' ? 'full' : 'centre50', size);
    }
  }
}

/** A query photo is described by at most this many views (each costs a network pass and an index scan). */
export const MAX_QUERY_VIEWS = 4;

/**
 * The views of a picture, in order, one per view (catalogue pictures). With `dropUnneeded` (queries), a
 * focus view that does not apply to this photo (no distinct lace region, or its crop would be the whole
 * photo again) is left out rather than repeated, and only the first `max` views that apply are made: a
 * query list can name views for both kinds of photo (e.g. the focus crops, then zoomed views of an
 * all-lace photo) and each photo gets the ones that fit it.
 *
 * `part` (queries): the choice is made as above, then only every `of`-th chosen view from the `index`-th on
 * is made, so that several threads can each describe a share of one photo's views and together describe
 * them all (see ExtractClient); the choice, being computed from the photo alone, is the same in each.
 */
export async function makeViews(img: RgbImage, views: readonly ViewName[], size: number, opts: { dropUnneeded?: boolean; max?: number; part?: ViewPart } = {}): Promise<RgbImage[]> {
  return (await makeNamedViews(img, views, size, opts)).map((v) => v.img);
}

/** A view made, with its name; `turned`: a round see-through piece drawn at other turns as well (makeNamedViews' `turns`). */
export interface NamedView { view: ViewName; img: RgbImage; turned?: Array<{ view: ViewName; img: RgbImage }> }

/**
 * makeViews, each view with its name. `turns` (a query): where the piece is see-through and round (a medallion,
 * a motif: LacePiece.turnSure below PIECE_ROUND), its turn cannot be read from its box, so the one that makes
 * 'piece' also draws it at each of these turns (degrees, the photo's frame), both ways round for a mid-tone lace
 * ('pieceInverse'), for the window check to slide (window-check.ts TURNED_SCALES).
 */
export async function makeNamedViews(img: RgbImage, views: readonly ViewName[], size: number, opts: { dropUnneeded?: boolean; max?: number; part?: ViewPart; turns?: readonly number[] } = {}): Promise<NamedView[]> {
  let region: Promise<LaceRegion | null> | undefined;
  const regionOf = () => (region ??= findLace(img));
  let threads: Promise<ThreadMap | null> | undefined;
  const threadsOfImg = async () => (threads ??= threadsOf(img, await regionOf(), size));
  // The piece is found by every thread that chooses views, but drawn only where a view needs the drawing:
  // by the thread that makes 'piece' or 'pieceInverse', and to choose 'pieceInverse' (whether it is see-through).
  let piece: Promise<LacePiece | null> | undefined;
  const pieceOfImg = async () => (piece ??= findPiece(img, await regionOf()));
  let pieceDrawn: Promise<PieceDrawing> | undefined;
  const drawingOf = (p: LacePiece) => (pieceDrawn ??= drawPiece(img, p, size));
  const mine = <T>(list: T[]) => (opts.part ? list.filter((_, i) => i % opts.part!.of === opts.part!.index) : list);
  if (!opts.dropUnneeded) return Promise.all(mine([...views]).map(async (v) => ({ view: v, img: await makeView(img, v, size, regionOf) })));
  const max = opts.max ?? views.length;
  const chosen: Array<{ view: ViewName; make: () => Promise<RgbImage>; turned?: () => Promise<NamedView['turned']> }> = [];
  for (const v of views) {
    if (chosen.length >= max) break;
    if (!FOCUS_VIEWS.includes(v)) chosen.push({ view: v, make: () => makeView(img, v, size) });
    else if (THREAD_VIEWS.includes(v)) {
      const map = await threadsOfImg();
      if (map) chosen.push({ view: v, make: async () => threadPicture(map, size, size, inverseFor(v, map)) });
    } else if (v === 'piece' || v === 'pieceInverse') {
      const p = await pieceOfImg();
      if (!p) continue;
      // 'pieceInverse' only where the piece is drawn as a thread map, the surface shows through it and its lace is a mid-tone.
      const map = v === 'pieceInverse' ? (await drawingOf(p)).map : null;
      if (v === 'piece' || (map && isSeeThrough(map) && midToneLace(map))) {
        const turns = v === 'piece' && opts.turns?.length && p.turnSure < PIECE_ROUND ? opts.turns : null;
        chosen.push({ view: v, make: async () => withLayout(drawnPiece(await drawingOf(p), size, v === 'pieceInverse'), v), ...(turns ? { turned: async () => turnedDrawings(await drawingOf(p), p, size, turns) } : {}) });
      }
    } else {
      const sq = focusSquare(img, v, await regionOf());
      if (sq) chosen.push({ view: v, make: () => cropPixels(img, sq, size) });
    }
  }
  return Promise.all(mine(chosen).map(async ({ view, make, turned }) => {
    const made = await make();
    const more = turned ? await turned() : undefined;
    return { view, img: made, ...(more?.length ? { turned: more } : {}) };
  }));
}

/**
 * A round see-through piece (LacePiece.turnSure below PIECE_ROUND) as if turned back by each of `turns` instead
 * of its box's turn: its drawing (the thread map in the lace's colour on a plain ground; and the other way round
 * too for a mid-tone lace) turned about its centre by the difference, the corners that come in filled with that
 * ground. A round piece's box is nearly square whatever its turn, and outside the lace the drawing is its plain
 * ground, so turning the drawing is turning the piece, at a fraction of drawing it again (a thread map a turn).
 */
function turnedDrawings(drawing: PieceDrawing, piece: LacePiece, size: number, turns: readonly number[]): Array<{ view: ViewName; img: RgbImage }> {
  const { map } = drawing;
  // Only a see-through drawing is turned (an opaque round piece is slid as it is).
  if (!map || !isSeeThrough(map)) return [];
  const ways = midToneLace(map) ? [false, true] : [false];
  const out: Array<{ view: ViewName; img: RgbImage }> = [];
  for (const inverse of ways) {
    const drawn = drawnPiece(drawing, size, inverse);
    const ground = threadGround(map, inverse);
    for (const angle of turns) {
      if (Math.abs(angle - piece.box.angle) < 0.5) continue;
      out.push({ view: inverse ? 'pieceInverse' : 'piece', img: { ...turnedSquare(drawn, angle - piece.box.angle, ground), seeThrough: true, ...(drawn.onSurface ? { onSurface: true, lace: map.lace } : {}) } });
    }
  }
  return out;
}

/** A square picture turned by `deg` about its centre (bilinear), the corners that come in filled with `fill`. */
function turnedSquare(img: RgbImage, deg: number, fill: readonly number[]): RgbImage {
  const { width: w, height: h, data } = img;
  const out = new Uint8Array(w * h * 3);
  // Each pixel samples the drawing at its place turned by `deg` (clockwise on screen), so the content turns the
  // other way: the piece is turned back by `deg` more, as drawPiece turns it back by its box's angle.
  const a = (deg * Math.PI) / 180, c = Math.cos(a), s = Math.sin(a);
  const cx = (w - 1) / 2, cy = (h - 1) / 2;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const dx = x - cx, dy = y - cy;
      const sx = cx + c * dx - s * dy, sy = cy + s * dx + c * dy;
      const o = (y * w + x) * 3;
      const x0 = Math.floor(sx), y0 = Math.floor(sy);
      if (x0 < 0 || y0 < 0 || x0 >= w - 1 || y0 >= h - 1) { out[o] = fill[0]; out[o + 1] = fill[1]; out[o + 2] = fill[2]; continue; }
      const fx = sx - x0, fy = sy - y0;
      const i00 = (y0 * w + x0) * 3, i10 = i00 + 3, i01 = i00 + w * 3, i11 = i01 + 3;
      for (let k = 0; k < 3; k++) {
        out[o + k] = Math.round((data[i00 + k] * (1 - fx) + data[i10 + k] * fx) * (1 - fy) + (data[i01 + k] * (1 - fx) + data[i11 + k] * fx) * fy);
      }
    }
  }
  return { data: out, width: w, height: h };
}

/** The thread map of the 'focusCentre' square (threads.ts), or null where there is none or the lace is opaque. */
async function threadsOf(img: RgbImage, r: LaceRegion | null, size: number): Promise<ThreadMap | null> {
  const sq = focusSquare(img, 'focusCentre', r);
  if (!sq || !r) return null;
  const surface = surfaceColours(img, r);
  if (!surface) return null;
  const map = threadMap(await cropPixels(img, sq, size), surface);
  return map && isSeeThrough(map) ? map : null;
}

/** The share of a picture's views one thread describes: those at positions index, index + of, … */
export interface ViewPart { index: number; of: number }

// ---- Finding the lace in a photo ----------------------------------------------------------------------------
// Lace is the fine, high-contrast texture of a photo: thin cords and mesh against their ground. What it lies
// on (a garment's weave, a table's grain, a wall) is smoother at the scale of a few pixels of a small copy,
// or has only a faint, regular weave. So: a small copy; the local high-frequency energy (each pixel's
// distance from its 3×3 blur, the largest over the colour channels, averaged over a 7×7 window); a
// threshold between "textured" and "smooth" chosen by Otsu's method; the connected textured regions; and
// the box around the largest of them together with any that are not much smaller (a lace with plain rows
// falls into several pieces). A box that covers most of the photo means the photo is all lace.

/** A rectangle in the picture's pixels. */
export interface LaceRegion { left: number; top: number; width: number; height: number }

const FOCUS_MAP_SIDE = 192;      // the small copy's longest side
const FOCUS_WINDOW = 3;          // the energy is averaged over (2·3+1)² pixels of the small copy
const FOCUS_MIN_PIECE = 0.1;     // pieces at least this fraction of the largest join the region
const FOCUS_MAX_AREA = 0.7;      // a region covering more of the photo than this is "all lace"
const FOCUS_MIN_SIDE = 0.15;     // a region narrower than this fraction of the photo's shorter side is noise
const FOCUS_FLAT = 3;            // local high-frequency energy (grey levels) below which nothing is textured

/** Where the lace is, when it covers clearly less than the whole photo; null when it is all lace (or nothing is). */
export async function findLace(img: RgbImage): Promise<LaceRegion | null> {
  const k = FOCUS_MAP_SIDE / Math.max(img.width, img.height);
  const w = Math.max(16, Math.round(img.width * k)), h = Math.max(16, Math.round(img.height * k));
  const { data: px } = await toRgb(raw(img).resize(w, h, { fit: 'fill', kernel: 'cubic' }));
  const n = w * h;
  // High-frequency energy: |pixel − binomial 3×3 blur|, the largest over the channels.
  const e = new Float32Array(n);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      let m = 0;
      for (let c = 0; c < 3; c++) {
        const a = i * 3 + c, r = w * 3;
        const blur = (4 * px[a] + 2 * (px[a - 3] + px[a + 3] + px[a - r] + px[a + r]) + px[a - r - 3] + px[a - r + 3] + px[a + r - 3] + px[a + r + 3]) / 16;
        const d = Math.abs(px[a] - blur);
        if (d > m) m = d;
      }
      e[i] = m;
    }
  }
  // Its local mean (an integral image), and the threshold between textured and smooth (Otsu, 64 levels).
  const W = w + 1;
  const sum = new Float64Array(W * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += e[y * w + x];
      sum[(y + 1) * W + x + 1] = sum[y * W + x + 1] + row;
    }
  }
  const energy = new Float32Array(n);
  let max = 0;
  for (let y = 0; y < h; y++) {
    const y0 = Math.max(0, y - FOCUS_WINDOW), y1 = Math.min(h, y + FOCUS_WINDOW + 1);
    for (let x = 0; x < w; x++) {
      const x0 = Math.max(0, x - FOCUS_WINDOW), x1 = Math.min(w, x + FOCUS_WINDOW + 1);
      const v = (sum[y1 * W + x1] - sum[y0 * W + x1] - sum[y1 * W + x0] + sum[y0 * W + x0]) / ((x1 - x0) * (y1 - y0));
      energy[y * w + x] = v;
      if (v > max) max = v;
    }
  }
  if (max < FOCUS_FLAT) return null;
  const threshold = otsu(energy, max, 64);
  // Connected textured regions (4-neighbours), and the box around the largest and any not much smaller.
  const pieces = connectedPieces((i) => energy[i] >= threshold, w, h, false);
  if (!pieces.length) return null;
  const largest = Math.max(...pieces.map((p) => p.size));
  const { x0, y0, x1, y1 } = boxAround(pieces, Math.max(largest * FOCUS_MIN_PIECE, n * 0.002), w, h);
  const bw = x1 - x0 + 1, bh = y1 - y0 + 1;
  if (Math.min(bw, bh) < FOCUS_MIN_SIDE * Math.min(w, h)) return null;
  if (bw * bh > FOCUS_MAX_AREA * n) {
    // Texture nearly everywhere: an all-lace photo, or lace on a surface as busy as lace (knit, a print).
    const r = laceAgainstBorder(px, e, w, h);
    return r && { left: r.left / k, top: r.top / k, width: r.width / k, height: r.height / k };
  }
  return { left: x0 / k, top: y0 / k, width: bw / k, height: bh / k };
}

// ---- Lace on a busy surface ---------------------------------------------------------------------------------
// When texture is everywhere, fine energy alone cannot tell lace from a knit or a printed cloth. What can: the
// surface runs out to the photo's edges, and a buyer frames the lace inside it. So the photo's border is taken
// as a sample of the surface (colour, contrast, fine energy, how oriented its strokes are), every block of the
// photo is compared with its nearest border blocks, and the blocks unlike any part of the border are the lace.
// An all-lace photo has lace at its border too, so nothing inside stands out from it: no region.

const BORDER_BLOCKS = 24;        // blocks along the small copy's longer side
const BORDER_NEAREST = 3;        // a block's distance from the border: to its 3rd nearest border block
const BORDER_SPREAD = 2.5;       // "unlike the border": this many times the border's own typical spread
const BORDER_MIN_OUTSIDE = 0.6;  // at least this share of the border ring must be surface, not lace
const BORDER_MIN_AREA = 0.08;    // the lace found must cover at least this share of the photo …
const BORDER_MAX_AREA = FOCUS_MAX_AREA; // … and at most this (more is all lace, as above) …
/**
 * … unless the surface is plain to see: a piece laid on a surface can fill most of the frame, and turned, its
 * box more (a see-through lace of 60 % of the frame turned by 8°). A box of up to BORDER_LARGE_AREA is taken
 * where nearly all the border ring is surface (BORDER_LARGE_OUTSIDE), that surface is busy (its fine energy
 * averages BORDER_LARGE_ENERGY grey levels or more: a knit, denim, wood, a print, not a picture's own plain
 * ground around a medallion) and the lace's blocks fill much of their box (BORDER_LARGE_FILL): a piece, not
 * lace scattered over the frame. On 200 photos of the image-search bench's textured backdrops
 * (test/bench/lace-focus.ts) all 21 such boxes passed (their border's energy 0.99–17.5), and one of 400 all-lace
 * photos (catalogue pictures and close-ups) more than before was given a region (of 9 that the other tests
 * passed, their border's energy 0.02–0.71 but that one, 3.2).
 */
const BORDER_LARGE_AREA = 0.9;
const BORDER_LARGE_OUTSIDE = 0.85;
const BORDER_LARGE_FILL = 0.4;
const BORDER_LARGE_ENERGY = 0.9;

/** The mean fine energy (findLace's `e`) of the pixels in the ring of blocks of side `size` at the border. */
function borderEnergy(e: Float32Array, w: number, h: number, size: number, gw: number, gh: number): number {
  let sum = 0, count = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (x >= size && y >= size && x < (gw - 1) * size && y < (gh - 1) * size) continue;
      sum += e[y * w + x]; count++;
    }
  }
  return count ? sum / count : 0;
}

/** The lace's box in the small copy's pixels, found against the surface seen at the photo's border; or null. */
function laceAgainstBorder(px: Uint8Array, e: Float32Array, w: number, h: number): LaceRegion | null {
  const size = Math.ceil(Math.max(w, h) / BORDER_BLOCKS);
  const gw = Math.floor(w / size), gh = Math.floor(h / size);
  if (gw < 6 || gh < 6) return null;
  const DIM = 8;
  const f = new Float32Array(gw * gh * DIM);
  // Each pixel's grey level once (not a function called in the loop below: four calls a pixel, and under a
  // loader that names every function it makes, as tsx does, that naming was half of findLace's time).
  const lum = new Float64Array(w * h);
  for (let i = 0; i < w * h; i++) lum[i] = (px[i * 3] + px[i * 3 + 1] + px[i * 3 + 2]) / 3;
  for (let by = 0; by < gh; by++) {
    for (let bx = 0; bx < gw; bx++) {
      let sl = 0, sl2 = 0, sa = 0, sb = 0, se = 0, jxx = 0, jyy = 0, jxy = 0, cnt = 0;
      for (let y = by * size; y < (by + 1) * size; y++) {
        for (let x = bx * size; x < (bx + 1) * size; x++) {
          const i = y * w + x, o = i * 3;
          const R = px[o], G = px[o + 1], B = px[o + 2];
          const L = lum[i];
          sl += L; sl2 += L * L; sa += R - G; sb += (R + G) / 2 - B; se += e[i]; cnt++;
          if (x > 0 && x < w - 1 && y > 0 && y < h - 1) {
            const gx = lum[i + 1] - lum[i - 1], gy = lum[i + w] - lum[i - w];
            jxx += gx * gx; jyy += gy * gy; jxy += gx * gy;
          }
        }
      }
      const mean = sl / cnt, tr = jxx + jyy;
      const coherence = tr > 0 ? Math.sqrt((jxx - jyy) ** 2 + 4 * jxy * jxy) / tr : 0;
      const angle = Math.atan2(2 * jxy, jxx - jyy);
      const o = (by * gw + bx) * DIM;
      f[o] = mean; f[o + 1] = sa / cnt; f[o + 2] = sb / cnt;
      f[o + 3] = Math.sqrt(Math.max(0, sl2 / cnt - mean * mean));
      f[o + 4] = se / cnt;
      f[o + 5] = coherence * Math.cos(angle); f[o + 6] = coherence * Math.sin(angle);
      f[o + 7] = Math.log1p(Math.sqrt(tr / cnt));
    }
  }
  // Each feature in units of its spread over the photo, so that none outweighs the others.
  const blocks = gw * gh;
  for (let d = 0; d < DIM; d++) {
    let m = 0, m2 = 0;
    for (let b = 0; b < blocks; b++) { m += f[b * DIM + d]; m2 += f[b * DIM + d] ** 2; }
    m /= blocks;
    const sd = Math.sqrt(Math.max(0, m2 / blocks - m * m)) || 1;
    for (let b = 0; b < blocks; b++) f[b * DIM + d] = (f[b * DIM + d] - m) / sd;
  }
  const border: number[] = [];
  for (let by = 0; by < gh; by++) for (let bx = 0; bx < gw; bx++) if (bx === 0 || by === 0 || bx === gw - 1 || by === gh - 1) border.push(by * gw + bx);
  const kthNearest = (b: number) => {
    const best = new Array<number>(BORDER_NEAREST).fill(Infinity);
    for (const c of border) {
      if (c === b) continue;
      let d2 = 0;
      for (let d = 0; d < DIM; d++) d2 += (f[b * DIM + d] - f[c * DIM + d]) ** 2;
      if (d2 < best[BORDER_NEAREST - 1]) { best[BORDER_NEAREST - 1] = d2; best.sort((x, y) => x - y); }
    }
    return Math.sqrt(best[BORDER_NEAREST - 1]);
  };
  const dist = new Float32Array(blocks);
  for (let b = 0; b < blocks; b++) dist[b] = kthNearest(b);
  // The border's own spread: how far a border block typically is from the rest of the border.
  const ownSpread = border.map((b) => dist[b]).sort((x, y) => x - y)[Math.floor(border.length / 2)];
  const threshold = BORDER_SPREAD * Math.max(ownSpread, 0.25);
  const lace = Uint8Array.from(dist, (d) => (d > threshold ? 1 : 0));
  const outside = border.filter((b) => !lace[b]).length / border.length;
  if (outside < BORDER_MIN_OUTSIDE) return null;
  // The largest connected group of lace blocks (8-neighbours), and the box around it and any not much smaller.
  const pieces = connectedPieces((i) => lace[i] === 1, gw, gh, true);
  if (!pieces.length) return null;
  const largest = Math.max(...pieces.map((p) => p.size));
  const { x0, y0, x1, y1 } = boxAround(pieces, largest * 0.25, gw, gh);
  const area = ((x1 - x0 + 1) * (y1 - y0 + 1)) / blocks;
  const large = area > BORDER_MAX_AREA && area <= BORDER_LARGE_AREA && outside >= BORDER_LARGE_OUTSIDE && largest >= BORDER_LARGE_FILL * area * blocks
    && borderEnergy(e, w, h, size, gw, gh) >= BORDER_LARGE_ENERGY;
  if (area < BORDER_MIN_AREA || (area > BORDER_MAX_AREA && !large) || largest < BORDER_MIN_AREA * 0.5 * blocks) return null;
  return { left: x0 * size, top: y0 * size, width: (x1 - x0 + 1) * size, height: (y1 - y0 + 1) * size };
}

interface Piece { size: number; x0: number; y0: number; x1: number; y1: number }

/** The connected groups of a w×h grid's cells that are `on` (4-neighbours, or 8 with `diagonal`): size and bounding box. */
function connectedPieces(on: (i: number) => boolean, w: number, h: number, diagonal: boolean): Piece[] {
  const label = new Uint8Array(w * h);
  const pieces: Piece[] = [];
  const stack: number[] = [];
  for (let s = 0; s < w * h; s++) {
    if (label[s] || !on(s)) continue;
    const piece = { size: 0, x0: w, y0: h, x1: -1, y1: -1 };
    pieces.push(piece);
    label[s] = 1;
    stack.push(s);
    while (stack.length) {
      const j = stack.pop() as number;
      const x = j % w, y = (j - x) / w;
      piece.size++;
      piece.x0 = Math.min(piece.x0, x); piece.x1 = Math.max(piece.x1, x); piece.y0 = Math.min(piece.y0, y); piece.y1 = Math.max(piece.y1, y);
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          if ((dx === 0 && dy === 0) || (!diagonal && dx !== 0 && dy !== 0)) continue;
          const nx = x + dx, ny = y + dy, nj = ny * w + nx;
          if (nx < 0 || ny < 0 || nx >= w || ny >= h || label[nj] || !on(nj)) continue;
          label[nj] = 1;
          stack.push(nj);
        }
      }
    }
  }
  return pieces;
}

/** The box around the pieces of at least `minSize` cells (empty, x1 < x0, when there are none). */
function boxAround(pieces: readonly Piece[], minSize: number, w: number, h: number): { x0: number; y0: number; x1: number; y1: number } {
  let x0 = w, y0 = h, x1 = -1, y1 = -1;
  for (const p of pieces) {
    if (p.size < minSize) continue;
    x0 = Math.min(x0, p.x0); y0 = Math.min(y0, p.y0); x1 = Math.max(x1, p.x1); y1 = Math.max(y1, p.y1);
  }
  return { x0, y0, x1, y1 };
}

/** Otsu's threshold of values in [0, max]: the level that best splits them into two classes. */
function otsu(values: Float32Array, max: number, levels: number): number {
  const hist = new Float64Array(levels);
  const scale = levels / (max || 1);
  for (const v of values) hist[Math.min(levels - 1, Math.floor(v * scale))]++;
  let total = 0, weighted = 0;
  for (let i = 0; i < levels; i++) { total += hist[i]; weighted += i * hist[i]; }
  let below = 0, belowSum = 0, best = -1, level = 0;
  for (let t = 0; t < levels - 1; t++) {
    below += hist[t];
    belowSum += t * hist[t];
    const above = total - below;
    if (!below || !above) continue;
    const between = below * above * (belowSum / below - (weighted - belowSum) / above) ** 2;
    if (between > best) { best = between; level = t; }
  }
  return (level + 1) / scale;
}

const FOCUS_PAD = 0.04;          // the focus square's margin around the region, a fraction of its side
const FOCUS_SAME_AS_FULL = 0.9;  // a focus square this close to the photo's shorter side is 'full' again
const FOCUS_CENTRE = 0.75;       // 'focusCentre': the region's shorter side, at most this much of its longer

/** The square a focus view shows (pixels), or null when there is no lace region or the view would be 'full'. */
export function focusSquare(img: RgbImage, view: ViewName, r: LaceRegion | null): Square | null {
  if (!r) return null;
  const m = Math.min(img.width, img.height);
  const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
  let side: number;
  if (view === 'focus') {
    // The square around the lace (with a margin), as large as its longer side.
    side = Math.min(m, Math.max(r.width, r.height) * (1 + 2 * FOCUS_PAD));
    if (side >= FOCUS_SAME_AS_FULL * m) return null;
  } else {
    // A square inside the lace: for a compact region its middle (clear of the corners a turned piece
    // shows), for a strip its own width.
    side = Math.min(r.width, r.height, FOCUS_CENTRE * Math.max(r.width, r.height));
  }
  const s = Math.max(8, Math.round(side));
  return {
    left: Math.max(0, Math.min(img.width - s, Math.round(cx - s / 2))),
    top: Math.max(0, Math.min(img.height - s, Math.round(cy - s / 2))),
    side: s,
  };
}

// ---- The lace piece itself, straightened --------------------------------------------------------------------
// A buyer who lays a piece of lace on a garment or a table photographs all of it, a little turned and smaller
// than the frame. The catalogue's picture of it is the piece itself, square to the frame. So: the surface's
// colours from outside the lace region (surfaceColours), the pixels unlike them as the piece, the turn at
// which the box around those pixels is smallest, and the piece cut out along that turned box and turned
// back. Where it is found, the 'piece' view lines up with the catalogue picture's whole view, its layout
// included (WHOLE_VIEWS' boost, layout.ts).

/** A turned rectangle in the picture's pixels: centre, size and the angle (degrees) it is turned by. */
export interface TurnedBox { cx: number; cy: number; width: number; height: number; angle: number }

/** The lace piece in a photo: its turned box, and, where the surface shows through it, the surface's colours. */
export interface LacePiece {
  box: TurnedBox; surface: Surface | null;
  /**
   * How sure the turn is: how much larger (a share) the box around the piece is 5° either way of its turn. A
   * strip or a square piece grows by a sixth or more; a round one (a medallion) hardly at all, so its turn is
   * anyone's guess.
   */
  turnSure: number;
}

const PIECE_SIDE = 256;          // the small copy's longest side
const PIECE_MAX_TURN = 15;       // degrees either way
const PIECE_TRIM = 0.004;        // the share of piece pixels left out at each side of the box (stray pixels)
const PIECE_OPAQUE = 0.8;        // the piece's pixels fill at least this much of their box: opaque lace
const PIECE_THREADS_GROW = [3, 5, 8]; // see-through lace: its thread pixels grown by this many pixels (the small copy's) …
const PIECE_MIN_FILL = 0.6;      // … must fill at least this much of their turned box

/** The lace piece, when the lace lies inside the frame on a surface it can be told from; else null. */
export async function findPiece(img: RgbImage, r: LaceRegion | null): Promise<LacePiece | null> {
  const k = Math.min(1, PIECE_SIDE / Math.max(img.width, img.height));
  const w = Math.max(16, Math.round(img.width * k)), h = Math.max(16, Math.round(img.height * k));
  if (!r) return framedPiece(img, k, w, h);
  const small = k < 1 ? await toRgb(raw(img).resize(w, h, { fit: 'fill', kernel: 'cubic' })) : img;
  const box = { left: r.left * k, top: r.top * k, width: r.width * k, height: r.height * k };
  const surface = surfaceColours(small, box);
  if (!surface) return null;
  const far = Math.max(30, 2.5 * surface.spread);
  const { data } = small;
  // The piece: pixels unlike every surface colour, within the region grown by a tenth.
  const gx = box.width * 0.1, gy = box.height * 0.1;
  const x0 = Math.max(0, Math.floor(box.left - gx)), x1 = Math.min(w, Math.ceil(box.left + box.width + gx));
  const y0 = Math.max(0, Math.floor(box.top - gy)), y1 = Math.min(h, Math.ceil(box.top + box.height + gy));
  const mask = new Uint8Array(w * h);
  let count = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const o = (y * w + x) * 3;
      if (nearest(data[o], data[o + 1], data[o + 2], surface.centres) > far) { mask[y * w + x] = 1; count++; }
    }
  }
  if (count < 400) return null;
  const fit = (m: Uint8Array) => {
    const xs: number[] = [], ys: number[] = [];
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (m[y * w + x]) { xs.push(x + 0.5); ys.push(y + 0.5); }
    return turnedBoxOf(xs, ys);
  };
  let found = fit(mask);
  let seeThrough = false;
  const square = ownGround(small, surface, far, found.area);
  if (square) found = square;
  else if (found.n < PIECE_OPAQUE * found.area) {
    // Threads with the surface between them: grow them until the gaps close, then fit the box again. Lace
    // with wide plain gaps between its motifs needs more growth than a mesh: the smallest that fills its box.
    seeThrough = true;
    const grown = new Uint8Array(w * h), rows = new Uint8Array(w * h);
    let filled: typeof found | null = null;
    for (const R of PIECE_THREADS_GROW) {
      rows.fill(0); grown.fill(0);
      // A square of side 2R + 1 around every thread pixel: along the rows, then along the columns.
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) {
        if (!mask[y * w + x]) continue;
        for (let nx = Math.max(x0, x - R); nx <= Math.min(x1 - 1, x + R); nx++) rows[y * w + nx] = 1;
      }
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) {
        if (!rows[y * w + x]) continue;
        for (let ny = Math.max(y0, y - R); ny <= Math.min(y1 - 1, y + R); ny++) grown[ny * w + x] = 1;
      }
      const b = fit(grown);
      // The box grew by R on every side with the threads.
      if (b.n >= PIECE_MIN_FILL * b.area) { filled = { ...b, u0: b.u0 + R, u1: b.u1 - R, v0: b.v0 + R, v1: b.v1 - R }; break; }
    }
    if (!filled) return null;
    found = filled;
  }
  const piece = pieceOf(found, k, img);
  return piece && { ...piece, surface: seeThrough ? surfaceColours(img, r) : null };
}

/** A turned box of the small copy (scale k) as an opaque piece of the photo; null where it is too small to be one. */
function pieceOf(found: ReturnType<typeof turnedBoxOf>, k: number, img: RgbImage): LacePiece | null {
  const { deg, u0, u1, v0, v1, mx, my } = found;
  const a = (deg * Math.PI) / 180, c = Math.cos(a), s = Math.sin(a);
  const cu = (u0 + u1) / 2, cv = (v0 + v1) / 2;
  const width = (u1 - u0) / k, height = (v1 - v0) / k;
  if (!(Math.min(width, height) >= FOCUS_MIN_SIDE * Math.min(img.width, img.height))) return null;
  // The box's centre back in the picture's pixels (u, v are the piece's axes turned by `deg`).
  const turned = { cx: (mx + c * cu - s * cv) / k, cy: (my + s * cu + c * cv) / k, width, height, angle: deg };
  return { box: turned, surface: null, turnSure: found.sure };
}

/**
 * An opaque piece whose own ground shows around its lace (a cut of lace on its ground, laid on a knit or a
 * print): that ground is unlike the surface but as plain as one of its colours, so surfaceColours, which learns
 * from everything outside the lace's region, takes it for one, and the piece shrinks to the lace inside it, at
 * a turn a round motif cannot tell (at 10,000 designs two such photos on knits were missed, their boxes a tenth
 * short and 4° off). Each surface colour in turn is taken for the piece's own: the pixels unlike every other
 * colour are boxed over the whole photo; where they fill that box as an opaque piece does, the box is larger than
 * the lace's and is not the whole photo, it is the piece. A colour of the surface itself lies all over the photo
 * and fills no such box. Null where no colour does.
 */
function ownGround(small: RgbImage, surface: Surface, far: number, laceArea: number): ReturnType<typeof turnedBoxOf> | null {
  if (surface.centres.length < 2) return null;
  // A sliver of a colour beside it is more of the piece (its lace's colour met in the band, its edge's blend).
  const sets = surface.centres.map((_, k) => surface.centres.map((_, j) => j).filter((j) => j !== k && (surface.shares?.[j] ?? 1) >= OWN_GROUND_SLIVER));
  return opaqueBox(small, surface.centres, sets.filter((set) => set.length), far, OWN_GROUND_GROWTH * laceArea);
}

/**
 * For each set of surface colours (indices into `centres`), the pixels unlike every colour of it, boxed; the box
 * with the most pixels of those they fill as an opaque piece does (OWN_GROUND_FILL), at least `minArea` and at
 * most OWN_GROUND_MAX_AREA of the photo; null where none does. The sets are tried on every other pixel each way;
 * a set with too many of its pixels along the photo's edges, or filling too little of their upright box, is
 * passed over before the turns are tried; the box kept is fitted again on every pixel.
 */
function opaqueBox(small: RgbImage, centres: number[][], sets: number[][], far: number, minArea: number): ReturnType<typeof turnedBoxOf> | null {
  const { data, width: w, height: h } = small;
  const n = w * h, far2 = far * far, band = FRAME_BAND * Math.min(w, h);
  // The pixels of the set's colours' piece, on every `step`-th pixel each way.
  const points = (set: number[], step: number) => {
    const cs = set.map((j) => centres[j]);
    const xs: number[] = [], ys: number[] = [];
    for (let y = 0; y < h; y += step) for (let x = 0; x < w; x += step) {
      const o = (y * w + x) * 3, r = data[o], g = data[o + 1], b = data[o + 2];
      let unlike = true;
      for (const c of cs) if ((r - c[0]) ** 2 + (g - c[1]) ** 2 + (b - c[2]) ** 2 <= far2) { unlike = false; break; }
      if (unlike) { xs.push(x + step / 2); ys.push(y + step / 2); }
    }
    return { xs, ys };
  };
  let best: { set: number[]; n: number } | null = null;
  for (const set of sets) {
    const { xs, ys } = points(set, 2);
    if (xs.length < 100) continue;
    let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity, edge = 0;
    for (let i = 0; i < xs.length; i++) {
      x0 = Math.min(x0, xs[i]); x1 = Math.max(x1, xs[i]); y0 = Math.min(y0, ys[i]); y1 = Math.max(y1, ys[i]);
      if (xs[i] < band || xs[i] > w - band || ys[i] < band || ys[i] > h - band) edge++;
    }
    // A colour all over the photo lies along its edges as much as anywhere: a piece only touches them.
    if (edge > OWN_GROUND_EDGE * xs.length) continue;
    // Turned by up to PIECE_MAX_TURN, a box fills its upright box to at least 1 / (cos + sin)² of it, over 0.6.
    if ((x1 - x0 + 2) * (y1 - y0 + 2) < minArea || 4 * xs.length < 0.6 * OWN_GROUND_FILL * (x1 - x0 + 2) * (y1 - y0 + 2)) continue;
    const b = turnedBoxOf(xs, ys);
    if (b.area > OWN_GROUND_MAX_AREA * n || b.area < minArea || 4 * b.n < OWN_GROUND_FILL * b.area) continue;
    if (!best || b.n > best.n) best = { set, n: b.n };
  }
  if (!best) return null;
  const { xs, ys } = points(best.set, 1);
  return turnedBoxOf(xs, ys);
}

/**
 * A piece found by the photo's frame where findLace finds no region (a knit's or a denim's own fine texture all
 * over the photo hides the lace's): the surface's colours learnt from a band along the photo's edges, and the
 * pixels unlike them boxed as ownGround boxes them; a piece only where they fill that box as an opaque piece
 * does and it is clearly smaller than the photo. Lace that fills the photo (a catalogue picture, a crop, a
 * close-up) meets the frame, and its pixels unlike the edges' colours fill no such box.
 */
async function framedPiece(img: RgbImage, k: number, w: number, h: number): Promise<LacePiece | null> {
  const small = k < 1 ? await toRgb(raw(img).resize(w, h, { fit: 'fill', kernel: 'cubic' })) : img;
  // surfaceColours samples outside its box grown by a twentieth: this box leaves a band of FRAME_BAND.
  const inset = (FRAME_BAND + 0.05) * Math.min(w, h);
  const surface = surfaceColours(small, { left: inset, top: inset, width: w - 2 * inset, height: h - 2 * inset });
  if (!surface) return null;
  const far = Math.max(30, 2.5 * surface.spread);
  const all = surface.centres.map((_, j) => j);
  // Unlike every colour of the band; or, where the piece reaches the edge and puts its own ground in the band
  // too, unlike all but one (ownGround).
  const sliver = (j: number) => (surface.shares?.[j] ?? 1) < OWN_GROUND_SLIVER;
  const sets = [all, ...(all.length > 1 ? all.map((k) => all.filter((j) => j !== k && !sliver(j))).filter((s) => s.length) : [])];
  const box = opaqueBox(small, surface.centres, sets, far, 0);
  return box && pieceOf(box, k, img);
}

/** framedPiece: the band along the photo's edges its surface is learnt from (a share of the shorter side). */
const FRAME_BAND = 0.06;

/** opaqueBox: a piece has at most this share of its pixels in the band along the photo's edges (FRAME_BAND). */
const OWN_GROUND_EDGE = 0.1;
/** ownGround: a colour of the surface held by less of its samples than this is taken for part of the piece. */
const OWN_GROUND_SLIVER = 0.03;
/** ownGround: the piece's box covers at most this share of the photo (a larger one is the surface's colour)… */
const OWN_GROUND_MAX_AREA = 0.8;
/** … is at least this much larger than the lace's own box … */
const OWN_GROUND_GROWTH = 1.1;
/** … and its pixels fill at least this share of it. */
const OWN_GROUND_FILL = 0.9;

/**
 * The box around a catalogue picture's threads, without the plain ground around them (its most common
 * colour): what a see-through piece laid on a surface shows of itself, since its ground is gone there
 * (findPiece). Null when the threads reach (nearly) the picture's edges.
 */
export async function laceExtent(img: RgbImage): Promise<{ left: number; top: number; width: number; height: number } | null> {
  const k = Math.min(1, PIECE_SIDE / Math.max(img.width, img.height));
  const w = Math.max(16, Math.round(img.width * k)), h = Math.max(16, Math.round(img.height * k));
  const small = k < 1 ? await toRgb(raw(img).resize(w, h, { fit: 'fill', kernel: 'cubic' })) : img;
  const { data } = small;
  const n = w * h;
  const ground = groundOf(small).centres;
  const dist = new Float32Array(n);
  for (let i = 0; i < n; i++) dist[i] = nearest(data[i * 3], data[i * 3 + 1], data[i * 3 + 2], ground);
  // Threads: further from the ground than a third of the way to the picture's most distant colours.
  const far = Math.max(30, select(Float32Array.from(dist), n, Math.floor(n * 0.99)) / 3);
  const xs = new Float32Array(n), ys = new Float32Array(n);
  let m = 0;
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (dist[y * w + x] > far) { xs[m] = x; ys[m] = y; m++; }
  if (m < 100) return null;
  const lo = Math.floor(m * PIECE_TRIM), hi = m - 1 - lo;
  const x0 = select(xs, m, lo), x1 = select(xs, m, hi) + 1, y0 = select(ys, m, lo), y1 = select(ys, m, hi) + 1;
  if ((x1 - x0) * (y1 - y0) > 0.9 * n) return null;
  const left = Math.max(0, Math.floor(x0 / k)), top = Math.max(0, Math.floor(y0 / k));
  const width = Math.min(img.width - left, Math.ceil((x1 - x0) / k)), height = Math.min(img.height - top, Math.ceil((y1 - y0) / k));
  return width >= 8 && height >= 8 ? { left, top, width, height } : null;
}

/** A catalogue picture's plain ground as a surface (threads.ts): the mean colour of the pixels in its most common luma bin. */
export function groundOf(img: RgbImage): Surface {
  const { data } = img;
  const n = img.width * img.height;
  const hist = new Uint32Array(64);
  const lum = new Uint8Array(n);
  for (let i = 0; i < n; i++) { lum[i] = (0.299 * data[i * 3] + 0.587 * data[i * 3 + 1] + 0.114 * data[i * 3 + 2]) >> 2; hist[lum[i]]++; }
  let mode = 0;
  for (let b = 1; b < 64; b++) if (hist[b] > hist[mode]) mode = b;
  const g = [0, 0, 0];
  let gn = 0;
  for (let i = 0; i < n; i++) if (Math.abs(lum[i] - mode) <= 1) { g[0] += data[i * 3]; g[1] += data[i * 3 + 1]; g[2] += data[i * 3 + 2]; gn++; }
  return { centres: [[g[0] / gn, g[1] / gn, g[2] / gn]], spread: 12 };
}

/**
 * The whole-degree turns are tried on at most this many of the piece's pixels, evenly spaced; the tenths on
 * at most PIECE_FINE_POINTS; the box at the chosen turn is then taken from all of them. (The tenths on every
 * pixel were most of findPiece's time: 19 turns × tens of thousands of pixels, four selections each.)
 */
const PIECE_COARSE_POINTS = 800;
const PIECE_FINE_POINTS = 4000;
/** turnedBoxOf's `sure`: the box's growth this many degrees either way of the chosen turn. */
const PIECE_SURE_TURN = 5;
/**
 * A piece whose box grows by less than this share 5° either way of its turn is round: its turn is a guess. On
 * the 100 photos of the image-search bench's textured backdrops at 2,000 designs, every medallion's piece read
 * −0.002 to 0.015 (its turn off by up to 22°), every strip's, fabric's and border's 0.024 to 0.10 (off by less
 * than 2° but for four on prints, whose box took in some of the print).
 */
export const PIECE_ROUND = 0.02;

/** The k-th smallest of `a[0 .. n)` (0-based), reordering `a` (Hoare's selection). */
function select(a: Float32Array, n: number, k: number): number {
  let lo = 0, hi = n - 1;
  while (lo < hi) {
    const pivot = a[(lo + hi) >> 1];
    let i = lo, j = hi;
    while (i <= j) {
      while (a[i] < pivot) i++;
      while (a[j] > pivot) j--;
      if (i <= j) { const t = a[i]; a[i] = a[j]; a[j] = t; i++; j--; }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return a[k];
  }
  return a[k];
}

/** The turn (degrees) at which the box around the points (trimmed of stray ones) is smallest, and that box in the turned axes about (mx, my). */
function turnedBoxOf(xs: number[], ys: number[]) {
  let mx = 0, my = 0;
  for (let i = 0; i < xs.length; i++) { mx += xs[i]; my += ys[i]; }
  mx /= xs.length; my /= xs.length;
  const boxer = (points: number) => {
    const step = Math.max(1, Math.ceil(xs.length / points));
    const n = Math.floor(xs.length / step);
    const dx = new Float32Array(n), dy = new Float32Array(n);
    for (let i = 0; i < n; i++) { dx[i] = xs[i * step] - mx; dy[i] = ys[i * step] - my; }
    const u = new Float32Array(n), v = new Float32Array(n);
    const lo = Math.floor(n * PIECE_TRIM), hi = n - 1 - lo;
    return (deg: number) => {
      const a = (deg * Math.PI) / 180, c = Math.cos(a), s = Math.sin(a);
      for (let i = 0; i < n; i++) { u[i] = c * dx[i] + s * dy[i]; v[i] = -s * dx[i] + c * dy[i]; }
      const u0 = select(u, n, lo), u1 = select(u, n, hi), v0 = select(v, n, lo), v1 = select(v, n, hi);
      return { deg, u0, u1, v0, v1, area: (u1 - u0) * (v1 - v0), mx, my };
    };
  };
  const coarse = boxer(PIECE_COARSE_POINTS), fine = boxer(PIECE_FINE_POINTS);
  let turn = 0, least = Infinity;
  for (let d = -PIECE_MAX_TURN; d <= PIECE_MAX_TURN; d += 1) { const b = coarse(d); if (b.area < least) { least = b.area; turn = d; } }
  let best = fine(turn);
  for (let d = turn - 0.9; d <= turn + 0.9; d += 0.1) { const b = fine(d); if (b.area < best.area) best = b; }
  // How much larger the box is 5° either way of the chosen turn (LacePiece.turnSure).
  const sure = Math.min(coarse(best.deg - PIECE_SURE_TURN).area, coarse(best.deg + PIECE_SURE_TURN).area) / Math.max(1e-9, coarse(best.deg).area) - 1;
  return { ...(xs.length > PIECE_FINE_POINTS ? boxer(Infinity)(best.deg) : best), n: xs.length, sure };
}

/**
 * The piece as a `size`×`size` view: `inverse` draws a see-through piece's thread map in the other polarity
 * ('pieceInverse'; see drawPiece).
 */
export async function pieceView(img: RgbImage, piece: LacePiece, size: number, inverse = false): Promise<RgbImage> {
  return drawnPiece(await drawPiece(img, piece, size), size, inverse);
}

/** A piece cut out and, where it is see-through, its thread map (null for an opaque piece, or where the lace's colour cannot be told from the surface's). */
export interface PieceDrawing { cut: RgbImage; map: ThreadMap | null; plain?: boolean }

/**
 * The piece drawn: opaque, the cut itself; see-through, its threads without the surface between them
 * (threads.ts) in the lace's colour on a plain ground, dark where the lace is light and light where it is
 * dark, as the catalogue's 'tightThreads' draws each picture's threads; or, `inverse`, in the lace's colour
 * on the other ground. A catalogue shows lace on a ground that contrasts with it, but which way a mid-tone
 * lace (a sage green, a slate grey) goes cannot be read from a photo that has lost its light and is mixed
 * with the surface between the threads: of 91 see-through pieces on the image-search bench's textured
 * backdrops (test/bench/see-through-marks.ts), 10 came out the other way round from their catalogue
 * picture's threads. A query therefore carries both for a mid-tone lace ('piece', 'pieceInverse').
 */
export function drawnPiece({ cut, map, plain }: PieceDrawing, size: number, inverse: boolean): RgbImage {
  if (!map) return cut;
  const drawn = colouredThreadPicture(map, size, size, inverse);
  // See-through: the surface shows between the threads, so the photo's other views show it too (fused-descriptor.ts besideThreads).
  return isSeeThrough(map) ? { ...drawn, seeThrough: true, ...(plain ? {} : { onSurface: true, lace: map.lace }) } : drawn;
}

/** The turned box cut out of the picture and turned square to the frame (its centre square, as 'full'), with its thread map where the piece is see-through. */
export async function drawPiece(img: RgbImage, piece: LacePiece, size: number): Promise<PieceDrawing> {
  const b = piece.box;
  // An upright square around the box, large enough for any turn of it, with the picture's edges mirrored outwards.
  const d = Math.ceil(Math.hypot(b.width, b.height)) + 4;
  const left = Math.round(b.cx - d / 2), top = Math.round(b.cy - d / 2);
  const pad = { left: Math.max(0, -left), top: Math.max(0, -top), right: Math.max(0, left + d - img.width), bottom: Math.max(0, top + d - img.height) };
  const around = await toRgb(raw(img).extract({ left: Math.max(0, left), top: Math.max(0, top), width: Math.min(img.width, left + d) - Math.max(0, left), height: Math.min(img.height, top + d) - Math.max(0, top) })
    .extend({ ...pad, extendWith: 'mirror' }));
  const turned = await toRgb(raw(around).rotate(-b.angle, { background: '#808080' }));
  const cw = Math.max(8, Math.round(b.width)), ch = Math.max(8, Math.round(b.height));
  const l = Math.max(0, Math.round((turned.width - cw) / 2)), t = Math.max(0, Math.round((turned.height - ch) / 2));
  const cut = await square(await toRgb(raw(turned).extract({ left: l, top: t, width: Math.min(cw, turned.width - l), height: Math.min(ch, turned.height - t) })), size);
  return { cut, map: piece.surface ? threadMap(cut, piece.surface, !piece.surface.plain) : null, plain: !!piece.surface?.plain };
}
