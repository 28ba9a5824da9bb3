// What the network sees when it is to describe shape and not light: a photo taken under warm, dim indoor
// light (tungsten, sodium, fluorescent) is darker, tinted, has most of its colour washed into the cast and
// light falling off across it. The network, trained on daylight colour photos, reads all of that as
// content. So each view is reduced to its luma, divided by the light's slope across the frame (a plane
// fitted to the luma: a learning-free, single-scale retinex that keeps the motifs, which are far smaller
// than the frame), and its levels stretched between the 1st and 99th percentile. A catalogue picture and a
// buyer's photo of it then look alike to the network whatever the light's colour and strength; colour is
// left to the colour histogram, as a tie-breaker (fused-descriptor.ts).
import type { RgbImage } from './types';

/** The view as normalised luma, repeated in the three channels (the network wants RGB). */
export function normalisedLuma(img: RgbImage): RgbImage {
  const { width: w, height: h, data } = img;
  const n = w * h;
  const L = new Float32Array(n);
  // Least squares plane L ≈ a + b·x + c·y, x and y centred (their cross term sums to zero on a full grid).
  let sum = 0, sx = 0, sy = 0, xx = 0, yy = 0;
  const cx = (w - 1) / 2, cy = (h - 1) / 2;
  for (let y = 0, i = 0; y < h; y++) {
    for (let x = 0; x < w; x++, i++) {
      const l = 0.299 * data[i * 3] + 0.587 * data[i * 3 + 1] + 0.114 * data[i * 3 + 2];
      L[i] = l;
      sum += l; sx += l * (x - cx); sy += l * (y - cy);
      xx += (x - cx) * (x - cx); yy += (y - cy) * (y - cy);
    }
  }
  const a = sum / n, b = xx > 0 ? sx / xx : 0, c = yy > 0 ? sy / yy : 0;
  // Divide by the plane (bounded, so a dark corner is not blown up) and scale back to the mean level.
  const floor = Math.max(1, a * 0.25);
  const hist = new Uint32Array(256);
  for (let y = 0, i = 0; y < h; y++) {
    for (let x = 0; x < w; x++, i++) {
      const plane = Math.max(floor, a + b * (x - cx) + c * (y - cy));
      const v = (L[i] * a) / plane;
      L[i] = v;
      hist[Math.max(0, Math.min(255, Math.round(v)))]++;
    }
  }
  const level = (q: number) => { let acc = 0; for (let k = 0; k < 256; k++) { acc += hist[k]; if (acc >= q * n) return k; } return 255; };
  const lo = level(0.01), hi = Math.max(lo + 8, level(0.99));
  const scale = 255 / (hi - lo);
  const out = new Uint8Array(n * 3);
  for (let i = 0; i < n; i++) {
    const v = Math.max(0, Math.min(255, Math.round((L[i] - lo) * scale)));
    out[i * 3] = v; out[i * 3 + 1] = v; out[i * 3 + 2] = v;
  }
  return { data: out, width: w, height: h };
}

/**
 * How much colour a photo still carries, 0–1: after a grey-world balance (so that a cast alone does not
 * count as colour), the chroma (max − min over the channels) summed over the photo, relative to its summed
 * level, on 4×4-pixel block means (so that sensor noise, strongest in dim photos, does not count either).
 */
export function colourfulness(img: RgbImage): number {
  const { data, width: w, height: h } = img;
  const bw = Math.floor(w / 4), bh = Math.floor(h / 4);
  if (!bw || !bh) return 0;
  // Every other pixel of every other row: 4 samples a block, a quarter of the reads (about 0.7 ms at 640 px).
  const blocks = new Float32Array(bw * bh * 3);
  for (let y = 0; y < bh * 4; y += 2) {
    for (let x = 0; x < bw * 4; x += 2) {
      const j = (y * w + x) * 3, b = (((y >> 2) * bw) + (x >> 2)) * 3;
      blocks[b] += data[j]; blocks[b + 1] += data[j + 1]; blocks[b + 2] += data[j + 2];
    }
  }
  let r = 0, g = 0, b = 0;
  for (let j = 0; j < blocks.length; j += 3) { r += blocks[j]; g += blocks[j + 1]; b += blocks[j + 2]; }
  const grey = (r + g + b) / 3;
  const gr = r > 0 ? grey / r : 1, gg = g > 0 ? grey / g : 1, gb = b > 0 ? grey / b : 1;
  let chroma = 0, level = 0;
  for (let j = 0; j < blocks.length; j += 3) {
    const R = blocks[j] * gr, G = blocks[j + 1] * gg, B = blocks[j + 2] * gb;
    const max = Math.max(R, G, B);
    chroma += max - Math.min(R, G, B);
    level += max;
  }
  return level > 0 ? chroma / level : 0;
}
