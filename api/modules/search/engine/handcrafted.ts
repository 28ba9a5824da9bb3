// Colour and texture descriptors computed from raw pixels. They complement the network: colour tells one
// colourway of a motif from another (the network is nearly colour-blind after its first layers), and the
// rotation-invariant texture statistics (LBP, gradient orientations aligned to the dominant one) describe
// the mesh and cord density whatever way the photo is turned.
import { l2normalise, type RgbImage } from './types';

export const COLOUR_DIM = 12 * 3 + 6;     // hue × saturation for coloured pixels, 6 grey levels
export const TEXTURE_DIM = 10 * 3 + 18 + 8;

/** A soft-ish HSV histogram: hue (12) × saturation (3) where the pixel has colour, value (6) where it is grey. */
export function colourHistogram(img: RgbImage): Float32Array {
  const h = new Float32Array(COLOUR_DIM);
  const { data } = img;
  const n = img.width * img.height;
  // Grey-world white balance: divide each channel by its mean, so a warm or cold light or a darker
  // exposure does not move the histogram; the lace's colour relative to its backdrop stays.
  let sumR = 0, sumG = 0, sumB = 0;
  for (let j = 0; j < n * 3; j += 3) { sumR += data[j]; sumG += data[j + 1]; sumB += data[j + 2]; }
  // (grey / m) evens the channels; dividing by twice the mean level puts the average pixel at mid-grey.
  const grey = (sumR + sumG + sumB) / 3;
  const gain = [sumR, sumG, sumB].map((m) => (m > 0 ? grey / m : 1) / Math.max(1, (grey / n) * 2));
  const [g0, g1, g2] = gain;
  for (let i = 0, j = 0; i < n; i++, j += 3) {
    const r = Math.min(1, data[j] * g0), g = Math.min(1, data[j + 1] * g1), b = Math.min(1, data[j + 2] * g2);
    const max = Math.max(r, g, b), min = Math.min(r, g, b);
    const c = max - min;
    const s = max > 0 ? c / max : 0;
    if (s < 0.18 || max < 0.12) {
      h[36 + Math.min(5, Math.floor(max * 6))] += 1;
      continue;
    }
    let hue: number;
    if (max === r) hue = ((g - b) / c + 6) % 6;
    else if (max === g) hue = (b - r) / c + 2;
    else hue = (r - g) / c + 4;
    // Linear split between the two nearest hue bins, so a small hue drift moves mass smoothly.
    const hf = hue * 2 - 0.5;
    const h0 = Math.floor(hf);
    const w1 = hf - h0;
    const sb = s < 0.45 ? 0 : s < 0.75 ? 1 : 2;
    h[(((h0 % 12) + 12) % 12) * 3 + sb] += 1 - w1;
    h[(((h0 + 1) % 12 + 12) % 12) * 3 + sb] += w1;
  }
  for (let i = 0; i < h.length; i++) h[i] = Math.sqrt(h[i] / n);
  return l2normalise(h);
}

/** Luma (BT.601) rounded to 8 bits: integer differences make the gradient tables below exact. */
function grey(img: RgbImage): Uint8Array {
  const n = img.width * img.height, d = img.data;
  const g = new Uint8Array(n);
  for (let i = 0, j = 0; i < n; i++, j += 3) g[i] = (77 * d[j] + 150 * d[j + 1] + 29 * d[j + 2] + 128) >> 8;
  return g;
}

// riu2 mapping for 8 neighbours: uniform patterns map to their count of ones (0..8), the rest to 9.
const RIU2 = (() => {
  const m = new Uint8Array(256);
  for (let p = 0; p < 256; p++) {
    let transitions = 0;
    for (let k = 0; k < 8; k++) if (((p >> k) & 1) !== ((p >> ((k + 1) % 8)) & 1)) transitions++;
    let ones = 0;
    for (let k = 0; k < 8; k++) ones += (p >> k) & 1;
    m[p] = transitions <= 2 ? ones : 9;
  }
  return m;
})();

function lbpHistogram(g: Uint8Array, w: number, h: number, radius: number, out: Float32Array, offset: number): void {
  // The 8 neighbours as offsets into the row-major image, counter-clockwise from the right.
  const o: number[] = [];
  for (let k = 0; k < 8; k++) o.push(Math.round(-Math.sin((Math.PI / 4) * k) * radius) * w + Math.round(Math.cos((Math.PI / 4) * k) * radius));
  const [o0, o1, o2, o3, o4, o5, o6, o7] = o;
  const hist = new Uint32Array(10);
  for (let y = radius; y < h - radius; y++) {
    for (let i = y * w + radius, end = y * w + w - radius; i < end; i++) {
      // A neighbour sets its bit when it is at least 2 levels brighter (flat areas and JPEG noise read as
      // "not brighter"): t - n is negative exactly then, and its sign bit is the bit (no branches).
      const t = g[i] + 1;
      const p = ((t - g[i + o0]) >>> 31) | (((t - g[i + o1]) >>> 31) << 1) | (((t - g[i + o2]) >>> 31) << 2) | (((t - g[i + o3]) >>> 31) << 3)
        | (((t - g[i + o4]) >>> 31) << 4) | (((t - g[i + o5]) >>> 31) << 5) | (((t - g[i + o6]) >>> 31) << 6) | (((t - g[i + o7]) >>> 31) << 7);
      hist[RIU2[p]]++;
    }
  }
  const count = Math.max(1, (w - 2 * radius) * (h - 2 * radius));
  for (let i = 0; i < 10; i++) out[offset + i] = Math.sqrt(hist[i] / count);
  l2normalise(out.subarray(offset, offset + 10));
}

// Gradient orientation modulo 180° in 18 bins of 10°, for every integer (gx, gy) in [-255, 255]²: one table
// look-up per pixel instead of an atan2.
const GRAD_SPAN = 511;
const ORI_BIN = (() => {
  const t = new Uint8Array(GRAD_SPAN * GRAD_SPAN);
  for (let gy = -255; gy <= 255; gy++) {
    for (let gx = -255; gx <= 255; gx++) {
      let a = Math.atan2(gy, gx);
      if (a < 0) a += Math.PI;
      t[(gy + 255) * GRAD_SPAN + gx + 255] = Math.min(17, Math.floor((a / Math.PI) * 18));
    }
  }
  return t;
})();

// Gradient magnitudes go up to 255·√2 < 362; their 95th percentile is read from a histogram of quarter steps.
const MAG_STEPS = 4;
const MAG_BINS = 362 * MAG_STEPS;

/** LBP at three radii, gradient orientations (shifted so the dominant one comes first) and gradient magnitudes. */
export function textureDescriptor(img: RgbImage): Float32Array {
  const { width: w, height: h } = img;
  const g = grey(img);
  const out = new Float32Array(TEXTURE_DIM);
  lbpHistogram(g, w, h, 1, out, 0);
  lbpHistogram(g, w, h, 2, out, 10);
  lbpHistogram(g, w, h, 4, out, 20);
  const ori = new Float64Array(18);
  const mags = new Float32Array(Math.max(0, (w - 2) * (h - 2)));
  const magHist = new Uint32Array(MAG_BINS);
  let total = 0, k = 0;
  for (let y = 1; y < h - 1; y++) {
    for (let i = y * w + 1, end = y * w + w - 1; i < end; i++, k++) {
      const gx = g[i + 1] - g[i - 1];
      const gy = g[i + w] - g[i - w];
      const m2 = gx * gx + gy * gy;
      const m = Math.sqrt(m2);
      mags[k] = m;
      magHist[(m * MAG_STEPS) | 0]++;
      if (m2 < 64) continue; // magnitude below 8
      ori[ORI_BIN[(gy + 255) * GRAD_SPAN + gx + 255]] += m;
      total += m;
    }
  }
  let peak = 0;
  for (let i = 1; i < 18; i++) if (ori[i] > ori[peak]) peak = i;
  for (let i = 0; i < 18; i++) out[30 + i] = Math.sqrt(ori[(peak + i) % 18] / Math.max(1, total));
  l2normalise(out.subarray(30, 48));
  // Gradient magnitude distribution, relative to the image's own contrast so lighting changes cancel out.
  let ref = 1;
  const rank = Math.floor(mags.length * 0.95);
  for (let b = 0, seen = 0; b < MAG_BINS; b++) {
    seen += magHist[b];
    if (seen > rank) { ref = b > 0 ? (b + 0.5) / MAG_STEPS : 1; break; }
  }
  const mh = new Float64Array(8);
  const scale = 7 / ref;
  for (let j = 0; j < mags.length; j++) mh[Math.min(7, (mags[j] * scale) | 0)] += 1;
  for (let i = 0; i < 8; i++) out[48 + i] = Math.sqrt(mh[i] / Math.max(1, mags.length));
  l2normalise(out.subarray(48, 56));
  return l2normalise(out);
}
