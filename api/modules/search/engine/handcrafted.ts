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
  const mean = [0, 0, 0];
  for (let i = 0; i < n * 3; i++) mean[i % 3] += data[i];
  const grey = (mean[0] + mean[1] + mean[2]) / 3;
  const gain = mean.map((m) => (m > 0 ? grey / m : 1) / Math.max(1, grey * 2));
  for (let i = 0; i < n; i++) {
    const r = Math.min(1, data[i * 3] * gain[0]), g = Math.min(1, data[i * 3 + 1] * gain[1]), b = Math.min(1, data[i * 3 + 2] * gain[2]);
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

function grey(img: RgbImage): Float32Array {
  const n = img.width * img.height;
  const g = new Float32Array(n);
  for (let i = 0; i < n; i++) g[i] = 0.299 * img.data[i * 3] + 0.587 * img.data[i * 3 + 1] + 0.114 * img.data[i * 3 + 2];
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

function lbpHistogram(g: Float32Array, w: number, h: number, radius: number, out: Float32Array, offset: number): void {
  const dx: number[] = [], dy: number[] = [];
  for (let k = 0; k < 8; k++) {
    dx.push(Math.round(Math.cos((Math.PI / 4) * k) * radius));
    dy.push(Math.round(-Math.sin((Math.PI / 4) * k) * radius));
  }
  let count = 0;
  for (let y = radius; y < h - radius; y++) {
    for (let x = radius; x < w - radius; x++) {
      const c = g[y * w + x] + 2; // small threshold: flat areas and JPEG noise read as "not brighter"
      let p = 0;
      for (let k = 0; k < 8; k++) if (g[(y + dy[k]) * w + x + dx[k]] >= c) p |= 1 << k;
      out[offset + RIU2[p]] += 1;
      count++;
    }
  }
  for (let i = 0; i < 10; i++) out[offset + i] = Math.sqrt(out[offset + i] / Math.max(1, count));
  l2normalise(out.subarray(offset, offset + 10));
}

/** LBP at three radii, gradient orientations (shifted so the dominant one comes first) and gradient magnitudes. */
export function textureDescriptor(img: RgbImage): Float32Array {
  const { width: w, height: h } = img;
  const g = grey(img);
  const out = new Float32Array(TEXTURE_DIM);
  lbpHistogram(g, w, h, 1, out, 0);
  lbpHistogram(g, w, h, 2, out, 10);
  lbpHistogram(g, w, h, 4, out, 20);
  const ori = new Float32Array(18);
  const mags: number[] = [];
  let total = 0;
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const gx = g[y * w + x + 1] - g[y * w + x - 1];
      const gy = g[(y + 1) * w + x] - g[(y - 1) * w + x];
      const m = Math.hypot(gx, gy);
      mags.push(m);
      if (m < 8) continue;
      // Orientation modulo 180°, 18 bins of 10°.
      let a = Math.atan2(gy, gx);
      if (a < 0) a += Math.PI;
      ori[Math.min(17, Math.floor((a / Math.PI) * 18))] += m;
      total += m;
    }
  }
  let peak = 0;
  for (let i = 1; i < 18; i++) if (ori[i] > ori[peak]) peak = i;
  for (let i = 0; i < 18; i++) out[30 + i] = Math.sqrt(ori[(peak + i) % 18] / Math.max(1, total));
  l2normalise(out.subarray(30, 48));
  // Gradient magnitude distribution, relative to the image's own contrast so lighting changes cancel out.
  const sorted = Float32Array.from(mags).sort();
  const ref = sorted[Math.floor(sorted.length * 0.95)] || 1;
  const mh = new Float32Array(8);
  for (const m of mags) mh[Math.min(7, Math.floor((m / ref) * 7))] += 1;
  for (let i = 0; i < 8; i++) out[48 + i] = Math.sqrt(mh[i] / Math.max(1, mags.length));
  l2normalise(out.subarray(48, 56));
  return l2normalise(out);
}
