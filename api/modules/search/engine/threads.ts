// See-through lace on a busy surface (a knit, denim, wood grain, a printed cloth): the lace's own ground is
// gone and the surface shows between its threads, so a crop of the lace shows as much surface as thread and
// the network describes both. What a catalogue picture shows is threads against a plain ground. So, for a
// query photo whose lace lies inside the frame (findLace), the surface's colours are learnt from the photo
// outside the lace (a few clusters), the lace's colour from the pixels of the lace crop least like any of
// them, and every pixel of the crop is unmixed as thread colour over its nearest surface colour: how much of
// it is thread (0–1). That map, drawn light threads on a dark ground and dark on light, is what a catalogue
// picture looks like to the luma network (illumination.ts) when its ground is darker or lighter than its
// lace, whatever the surface was.
import type { RgbImage } from './types';

/** The surface around the lace: its colours (cluster centres, RGB) and how far its pixels lie from them. */
export interface Surface {
  centres: number[][];
  /** the 90th percentile of the samples' distances from their nearest centre: within this, a pixel is surface */
  spread: number;
  /** per centre, the share of the samples nearest it (absent: unknown, as for a catalogue picture's ground) */
  shares?: number[];
  /**
   * one colour holds at least PLAIN_SURFACE of the samples (surfaceColours): a plain ground, such as a picture's
   * own, where the rare-colour drop and a sparse piece's deeper cut are not used
   */
  plain?: boolean;
}

/** A picture's colours outside the box `r` (the lace): up to `k` cluster centres (RGB), by k-means. */
export function surfaceColours(img: RgbImage, r: { left: number; top: number; width: number; height: number }, k = 4): Surface | null {
  const { data, width: w, height: h } = img;
  // About 3,000 samples on a grid, outside the box grown by a twentieth of the photo (the lace's turned corners).
  const step = Math.max(1, Math.floor(Math.sqrt((w * h) / 3000)));
  const pad = Math.round(Math.min(w, h) * 0.05);
  const x0 = r.left - pad, x1 = r.left + r.width + pad, y0 = r.top - pad, y1 = r.top + r.height + pad;
  const s: number[] = [];
  for (let y = 0; y < h; y += step) {
    for (let x = 0; x < w; x += step) {
      if (x >= x0 && x < x1 && y >= y0 && y < y1) continue;
      const o = (y * w + x) * 3;
      s.push(data[o], data[o + 1], data[o + 2]);
    }
  }
  const n = s.length / 3;
  if (n < 100) return null;
  // k-means++-like start: the first sample, then each next the sample farthest from the centres so far.
  const centres: number[][] = [[s[0], s[1], s[2]]];
  const near = new Float64Array(n).fill(Infinity);
  while (centres.length < k) {
    const c = centres[centres.length - 1];
    let far = 0, at = 0;
    for (let i = 0; i < n; i++) {
      const d = (s[i * 3] - c[0]) ** 2 + (s[i * 3 + 1] - c[1]) ** 2 + (s[i * 3 + 2] - c[2]) ** 2;
      if (d < near[i]) near[i] = d;
      if (near[i] > far) { far = near[i]; at = i; }
    }
    if (far < 100) break; // every sample within 10 levels of a centre: no more clusters needed
    centres.push([s[at * 3], s[at * 3 + 1], s[at * 3 + 2]]);
  }
  for (let it = 0; it < 8; it++) {
    const sum = centres.map(() => [0, 0, 0, 0]);
    for (let i = 0; i < n; i++) {
      let best = 0, bd = Infinity;
      for (let c = 0; c < centres.length; c++) {
        const d = (s[i * 3] - centres[c][0]) ** 2 + (s[i * 3 + 1] - centres[c][1]) ** 2 + (s[i * 3 + 2] - centres[c][2]) ** 2;
        if (d < bd) { bd = d; best = c; }
      }
      sum[best][0] += s[i * 3]; sum[best][1] += s[i * 3 + 1]; sum[best][2] += s[i * 3 + 2]; sum[best][3]++;
    }
    for (let c = 0; c < centres.length; c++) if (sum[c][3]) centres[c] = [sum[c][0] / sum[c][3], sum[c][1] / sum[c][3], sum[c][2] / sum[c][3]];
  }
  const spreadOf = (cs: number[][]) => {
    const d = new Float32Array(n);
    const shares = cs.map(() => 0);
    for (let i = 0; i < n; i++) {
      const k = nearestIndex(s[i * 3], s[i * 3 + 1], s[i * 3 + 2], cs);
      d[i] = distance(s[i * 3], s[i * 3 + 1], s[i * 3 + 2], cs[k]);
      shares[k] += 1 / n;
    }
    return { centres: cs, spread: d.sort()[Math.floor(n * 0.9)], shares };
  };
  const all = spreadOf(centres);
  // A colour held by a sliver of the samples is not the surface: often it is the lace itself (a thread that
  // strays past the box, a second motif, the lace's colour in the print), and as a surface colour it would
  // leave the lace nothing to be told from. The farthest-sample start picks such outliers first.
  // On a plain ground (one colour for nearly all of it: a medallion photographed on its own ground) a sliver
  // is the lace's anti-aliased edge as often as a stray thread, and dropping it turned such pictures' edges into
  // threads, read as see-through (docs/benchmarks.md "Image search: session 31"): kept there.
  if (Math.max(...all.shares) >= PLAIN_SURFACE) return { ...all, plain: true };
  const kept = centres.filter((_, k) => all.shares[k] >= SURFACE_MIN_SHARE);
  return kept.length === centres.length ? all : spreadOf(kept);
}

/** A surface colour nearest fewer than this share of the samples outside the lace is dropped (surfaceColours). */
const SURFACE_MIN_SHARE = 0.01;

/** A surface one of whose colours holds at least this share of the samples is plain (Surface.plain). */
const PLAIN_SURFACE = 0.9;

/** How far a colour is from the nearest of the centres (RGB distance). */
export function nearest(r: number, g: number, b: number, centres: number[][]): number {
  let bd = Infinity;
  for (const c of centres) bd = Math.min(bd, (r - c[0]) ** 2 + (g - c[1]) ** 2 + (b - c[2]) ** 2);
  return Math.sqrt(bd);
}

/** How far a colour is from one centre (RGB distance). */
const distance = (r: number, g: number, b: number, c: number[]): number => Math.sqrt((r - c[0]) ** 2 + (g - c[1]) ** 2 + (b - c[2]) ** 2);

/** Which of the centres a colour is nearest. */
export function nearestIndex(r: number, g: number, b: number, centres: number[][]): number {
  let best = 0, bd = Infinity;
  centres.forEach((c, k) => { const d = (r - c[0]) ** 2 + (g - c[1]) ** 2 + (b - c[2]) ** 2; if (d < bd) { bd = d; best = k; } });
  return best;
}

export interface ThreadMap {
  /** per pixel, how much of it is thread, 0–255 */
  alpha: Uint8Array;
  /** the share of the crop's pixels unlike the surface: near 1, the lace is opaque and the map adds nothing */
  unlike: number;
  /** the lace's colour (RGB) */
  lace: number[];
  /**
   * How alike the crop's bare pixels (no thread) and the surface outside are spread over the surface's colours,
   * 0–1 (one minus their total variation distance; 1 where the surface's shares are unknown). The surface showing
   * between the threads is spread as the surface is; an opaque lace whose own ground has the colour of one of the
   * surface's (a beige on wood, a pink on a pink knit) puts nearly all its bare pixels on that one colour.
   */
  bareLikeSurface: number;
}

/** The shares of a sparse piece's pixels (threadMap) above which the lace's colour is sought, in turn. */
const SPARSE_CUTS = [0.9, 0.95, 0.97];

/** A pixel less than this much thread (of 255) is bare: surface or the lace's own ground (ThreadMap.bareLikeSurface). */
const BARE_ALPHA = 25;

/**
 * The thread map of `crop` (the lace, already the network's size) against the surface colours: null when
 * the lace's colour cannot be told from the surface's. `sparse` (a query's piece, views.ts drawPiece): the
 * lace may be thin lines over mostly surface (an eyelash on denim, threads under a tenth of the crop), so its
 * colour is also sought among the farthest 5 % and 3 % of the pixels before giving up.
 */
export function threadMap(crop: RgbImage, { centres: surface, spread, shares }: Surface, sparse = false): ThreadMap | null {
  const { data } = crop;
  const n = crop.width * crop.height;
  // Each pixel's nearest surface colour (at most 4 of them), and how far it is from it.
  const near = new Uint8Array(n);
  const dist = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    near[i] = nearestIndex(data[i * 3], data[i * 3 + 1], data[i * 3 + 2], surface);
    dist[i] = distance(data[i * 3], data[i * 3 + 1], data[i * 3 + 2], surface[near[i]]);
  }
  const sorted = Float32Array.from(dist).sort();
  // The lace's colour: the median of the tenth of the crop's pixels furthest from every surface colour (for a
  // sparse piece, of the farthest twentieth or thirtieth where the tenth reaches into the surface).
  const cut = (sparse ? SPARSE_CUTS : [0.9]).map((q) => sorted[Math.floor(n * q)]).find((c) => c >= 30);
  if (cut === undefined) return null;
  const far: number[][] = [[], [], []];
  for (let i = 0; i < n; i++) if (dist[i] >= cut) for (let c = 0; c < 3; c++) far[c].push(data[i * 3 + c]);
  const lace = far.map((xs) => xs.sort((a, b) => a - b)[xs.length >> 1]);
  // Unmix: a pixel p = a·lace + (1 − a)·s for the surface colour s that explains it best.
  const alpha = new Uint8Array(n);
  let unlike = 0, bareCount = 0;
  const bare = surface.map(() => 0);
  const unlikeFrom = Math.max(25, 2 * spread);
  const dirs = surface.map((s) => { const d = [lace[0] - s[0], lace[1] - s[1], lace[2] - s[2]]; return { s, d, dd: d[0] ** 2 + d[1] ** 2 + d[2] ** 2 }; });
  // A print's edges: pixels mixed of two of the surface's colours (a check's or a flower's outline, blurred
  // by the lens and the JPEG), which are unlike either colour and would read as thread.
  const pairs: Array<{ s: number[]; d: number[]; dd: number }> = [];
  for (let a = 0; a < surface.length; a++) for (let b = a + 1; b < surface.length; b++) {
    const d = [surface[b][0] - surface[a][0], surface[b][1] - surface[a][1], surface[b][2] - surface[a][2]];
    const dd = d[0] ** 2 + d[1] ** 2 + d[2] ** 2;
    if (dd >= 400) pairs.push({ s: surface[a], d, dd });
  }
  const along = (p0: number, p1: number, p2: number, { s, d, dd }: { s: number[]; d: number[]; dd: number }) => {
    const t = Math.max(0, Math.min(1, ((p0 - s[0]) * d[0] + (p1 - s[1]) * d[1] + (p2 - s[2]) * d[2]) / dd));
    return { t, res: (p0 - s[0] - t * d[0]) ** 2 + (p1 - s[1] - t * d[1]) ** 2 + (p2 - s[2] - t * d[2]) ** 2 };
  };
  for (let i = 0; i < n; i++) {
    const p0 = data[i * 3], p1 = data[i * 3 + 1], p2 = data[i * 3 + 2];
    let best = Infinity, a = 0;
    for (const dir of dirs) {
      if (dir.dd < 400) continue; // this surface colour is the lace's own (within 20 levels): it cannot be unmixed
      const { t, res } = along(p0, p1, p2, dir);
      if (res < best) { best = res; a = t; }
    }
    if (best === Infinity) return null;
    // Far better explained as two surface colours mixed than as thread over one: surface.
    for (const pair of pairs) if (a > 0 && along(p0, p1, p2, pair).res * 4 < best) { a = 0; break; }
    alpha[i] = Math.round(a * 255);
    if (dist[i] > unlikeFrom) unlike++;
    if (alpha[i] < BARE_ALPHA) { bare[near[i]]++; bareCount++; }
  }
  let bareLikeSurface = 1;
  if (shares && bareCount > 0) bareLikeSurface = 1 - 0.5 * shares.reduce((sum, x, k) => sum + Math.abs(x - bare[k] / bareCount), 0);
  return { alpha, unlike: unlike / n, lace, bareLikeSurface };
}

/** Plain grounds for lace: dark under light lace, light under dark (threadsAuto's rule). */
const DARK_GROUND = [40, 38, 44], LIGHT_GROUND = [234, 229, 220];

/** The luma of the map's lace colour (0–255). */
export const laceLuma = (map: ThreadMap): number => 0.299 * map.lace[0] + 0.587 * map.lace[1] + 0.114 * map.lace[2];

/** Whether the map's lace is light: drawn on a dark ground (threadsAuto, colouredThreadPicture). */
export const lightLace = (map: ThreadMap): boolean => laceLuma(map) >= 0.42 * 255;

/**
 * Whether the map's lace is a mid-tone (a brown, a sage green, a slate grey): near enough to lightLace's line
 * that a photo and its catalogue picture can put it on opposite sides of it (views.ts 'pieceInverse').
 */
export const midToneLace = (map: ThreadMap): boolean => laceLuma(map) >= 0.25 * 255 && laceLuma(map) <= 0.6 * 255;

/** The plain ground colouredThreadPicture draws the map's lace on (`otherWay`: the other one). */
export const threadGround = (map: ThreadMap, otherWay = false): readonly number[] => (lightLace(map) !== otherWay ? DARK_GROUND : LIGHT_GROUND);

/**
 * The map drawn in the lace's own colour on a plain ground that contrasts with it, as a catalogue shows lace:
 * a see-through piece whose own ground is gone (views.ts drawnPiece) and a catalogue picture's threads
 * ('tightThreads') are drawn alike, so they meet whatever ground the picture had. `otherWay`: on the other
 * ground (a mid-tone lace whose colour the photo moved across lightLace's line; views.ts 'pieceInverse').
 */
export function colouredThreadPicture(map: ThreadMap, width: number, height: number, otherWay = false): RgbImage {
  const g = threadGround(map, otherWay), c = map.lace;
  const out = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    const a = map.alpha[i] / 255;
    for (let k = 0; k < 3; k++) out[i * 3 + k] = Math.round(a * c[k] + (1 - a) * g[k]);
  }
  return { data: out, width, height };
}

/** The map as a picture: light threads on black, or (`inverse`) dark threads on white. */
export function threadPicture(map: ThreadMap, width: number, height: number, inverse: boolean): RgbImage {
  const out = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    const v = inverse ? 255 - map.alpha[i] : map.alpha[i];
    out[i * 3] = v; out[i * 3 + 1] = v; out[i * 3 + 2] = v;
  }
  return { data: out, width, height, colourless: true };
}
