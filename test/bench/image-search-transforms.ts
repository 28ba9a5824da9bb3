// The query set of the image-search benchmark: what a buyer's photo does to a catalogue picture.
// Each transformation is deterministic given its random number generator.
import sharp, { type Sharp } from 'sharp';
import { Rng } from '../../api/db/seed/random';

export type TransformName =
  | 'identity' | 'crop50' | 'crop25' | 'rot15' | 'rot90' | 'scale' | 'perspective' | 'lighting' | 'hue'
  | 'blur' | 'jpeg40' | 'background' | 'warmLight' | 'coolLight' | 'texturedBackdrop' | 'closeUp' | 'phone';

export const TRANSFORMS: readonly TransformName[] = ['identity', 'crop50', 'crop25', 'rot15', 'rot90', 'scale', 'perspective', 'lighting', 'hue', 'blur', 'jpeg40', 'background', 'warmLight', 'coolLight', 'texturedBackdrop', 'closeUp', 'phone'];

export const TRANSFORM_LABELS: Record<TransformName, string> = {
  identity: 'catalogue picture itself (JPEG q85)',
  crop50: 'off-centre crop, 50 % of the area',
  crop25: 'off-centre crop, 25 % of the area',
  rot15: 'rotation ±15° (on a table)',
  rot90: 'rotation 90°',
  scale: 'scale 0.5–2×',
  perspective: 'perspective (corners moved up to 12 %)',
  lighting: 'lighting gradient and white balance',
  hue: 'hue shift 20–35°',
  blur: 'Gaussian blur σ 2',
  jpeg40: 'JPEG quality 40',
  background: 'lace on a garment or table background',
  warmLight: 'warm indoor light: tungsten or sodium cast, brightness 0.5–0.8, most colour gone (sepia-like), noise',
  coolLight: 'cool light: fluorescent or shade cast, brightness 0.5–0.8, most colour gone, noise',
  texturedBackdrop: 'lace on knit, denim, wood grain or patterned fabric, 30–60 % of the frame, half of them see-through',
  closeUp: 'close-up of a quarter of the area, enlarged to the whole photo, slight turn and softness',
  phone: 'phone photo: slight perspective, vignetting, sensor noise, JPEG 60–75',
};

interface Raw { data: Buffer; width: number; height: number }

async function toRaw(jpeg: Buffer): Promise<Raw> {
  const { data, info } = await sharp(jpeg).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const fromRaw = (r: Raw) => sharp(r.data, { raw: { width: r.width, height: r.height, channels: 3 } });
const jpeg = (s: Sharp, q = 85) => s.jpeg({ quality: q }).toBuffer();

/** Inverse-mapped projective warp: the output's corners come from the given source corners. */
function warpPerspective(src: Raw, corners: Array<[number, number]>): Raw {
  const { width: w, height: h } = src;
  // Homography mapping unit square (0,0),(1,0),(1,1),(0,1) to the corners (Heckbert's closed form).
  const [[x0, y0], [x1, y1], [x2, y2], [x3, y3]] = corners;
  const dx1 = x1 - x2, dx2 = x3 - x2, dx3 = x0 - x1 + x2 - x3;
  const dy1 = y1 - y2, dy2 = y3 - y2, dy3 = y0 - y1 + y2 - y3;
  const den = dx1 * dy2 - dx2 * dy1;
  const g = (dx3 * dy2 - dx2 * dy3) / den, hh = (dx1 * dy3 - dx3 * dy1) / den;
  const a = x1 - x0 + g * x1, b = x3 - x0 + hh * x3, c = x0;
  const d = y1 - y0 + g * y1, e = y3 - y0 + hh * y3, f = y0;
  const out = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++) {
    const v = y / (h - 1);
    for (let x = 0; x < w; x++) {
      const u = x / (w - 1);
      const z = g * u + hh * v + 1;
      const sx = (a * u + b * v + c) / z, sy = (d * u + e * v + f) / z;
      const ix = Math.min(w - 1, Math.max(0, Math.round(sx))), iy = Math.min(h - 1, Math.max(0, Math.round(sy)));
      const si = (iy * w + ix) * 3, di = (y * w + x) * 3;
      out[di] = src.data[si]; out[di + 1] = src.data[si + 1]; out[di + 2] = src.data[si + 2];
    }
  }
  return { data: out, width: w, height: h };
}

/** A plain-weave garment or a wood table top, `w`×`h`, as raw RGB. */
export function backdrop(r: Rng, w: number, h: number): Raw {
  const out = Buffer.alloc(w * h * 3);
  const wood = r.chance(0.5);
  const base: [number, number, number] = wood ? [r.int(110, 170), r.int(70, 110), r.int(40, 70)] : [r.int(30, 220), r.int(30, 220), r.int(30, 220)];
  const period = r.range(3, 6);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let k: number;
      if (wood) k = 0.85 + 0.15 * Math.sin((y + 12 * Math.sin(x / 60)) / 5.5) + 0.05 * Math.sin(x / 3.1 + y / 17);
      else k = 0.9 + 0.08 * ((Math.floor(x / period) + Math.floor(y / period)) % 2) + 0.04 * Math.sin((x + y) / 40);
      const i = (y * w + x) * 3;
      out[i] = Math.min(255, base[0] * k); out[i + 1] = Math.min(255, base[1] * k); out[i + 2] = Math.min(255, base[2] * k);
    }
  }
  return { data: out, width: w, height: h };
}

// ---- What buyers' phones record (the rows added for issue 22) ------------------------------------------------
// Designed from how such photos look, not from anyone's test set. Indoor light is far warmer (tungsten about
// 2,700 K, sodium street or shop light about 2,000 K) or greener (fluorescent tubes) than daylight, a phone's
// auto white balance corrects only part of it, and in dim light it raises the gain: the photo comes out
// darker, tinted, with most of its colour washed into the cast (a sepia-like look) and with sensor noise.

const clamp8 = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);

/** Gaussian sensor noise, luma `sigma` plus a weaker chroma part, in place. */
function addNoise(img: Raw, r: Rng, sigma: number, chroma = 0.4): void {
  const { data } = img;
  for (let i = 0; i < data.length; i += 3) {
    const l = r.gaussian() * sigma;
    for (let c = 0; c < 3; c++) data[i + c] = clamp8(data[i + c] + l + r.gaussian() * sigma * chroma);
  }
}

/** Channel gains of a light source relative to daylight, before the camera's partial correction. */
const CASTS = {
  tungsten: [1, 0.72, 0.42],
  sodium: [1, 0.6, 0.2],
  sepia: [1, 0.8, 0.55],
  fluorescent: [0.8, 1, 0.78],
  shade: [0.7, 0.86, 1],
} as const;

/** A dim, tinted photo with most of its colour gone; a light fall-off across the frame; noise. */
function indoorLight(src: Raw, r: Rng, warm: boolean): Raw {
  const cast = warm ? r.pick([CASTS.tungsten, CASTS.sodium, CASTS.sepia]) : r.pick([CASTS.fluorescent, CASTS.shade]);
  // Luma of the cast normalised to 1, so `bright` alone sets the exposure.
  const luma = 0.299 * cast[0] + 0.587 * cast[1] + 0.114 * cast[2];
  const g = cast.map((x) => x / luma);
  const keep = r.range(0.05, 0.35);   // how much of the picture's own chroma survives
  const bright = r.range(0.5, 0.8);
  const gamma = r.range(0.85, 1.1);   // the phone's tone curve
  const dir = r.range(0, Math.PI * 2), fall = r.range(0.1, 0.3);
  const { width: w, height: h, data } = src;
  const out = Buffer.alloc(data.length);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 3;
      const t = (x / w - 0.5) * Math.cos(dir) + (y / h - 0.5) * Math.sin(dir);
      const k = bright * (1 - fall * (t + 0.5));
      const Y = 0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2];
      for (let c = 0; c < 3; c++) {
        const v = (Y + keep * (data[i + c] - Y)) * g[c] * k;
        out[i + c] = clamp8(255 * Math.pow(Math.max(0, v) / 255, gamma));
      }
    }
  }
  const img = { data: out, width: w, height: h };
  addNoise(img, r, r.range(2, 6));
  return img;
}

/** A textured surface the lace is laid on: a knit, denim, wood grain or a printed fabric, `w`×`h`, raw RGB. */
export function texturedSurface(r: Rng, w: number, h: number): Raw & { kind: string } {
  const kind = r.pick(['knit', 'denim', 'wood', 'print'] as const);
  const out = Buffer.alloc(w * h * 3);
  const set = (i: number, c: readonly number[], k: number) => { out[i] = clamp8(c[0] * k); out[i + 1] = clamp8(c[1] * k); out[i + 2] = clamp8(c[2] * k); };
  const colour = (): [number, number, number] => [r.int(20, 235), r.int(20, 235), r.int(20, 235)];
  const hash = (x: number, y: number) => ((Math.imul(x * 73856093 ^ y * 19349663, 2654435761) >>> 0) / 4294967296) - 0.5;
  if (kind === 'knit') {
    // Stockinette: columns of V-shaped stitches, each leg a shaded slanted yarn, with fuzz.
    const base = colour(), pw = r.range(7, 13), ph = pw * r.range(0.6, 0.8);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const u = (x / pw) % 1, v = (y / ph) % 1;
        const leg = u < 0.5 ? u * 2 : (1 - u) * 2;           // 0 at the column's edge, 1 at its middle
        const along = (v + (u < 0.5 ? 1 - leg : leg) * 0.5) % 1;
        const k = 0.6 + 0.35 * Math.sin(Math.PI * leg) * (0.7 + 0.3 * Math.sin(Math.PI * along)) + 0.12 * hash(x, y);
        set((y * w + x) * 3, base, k);
      }
    }
  } else if (kind === 'denim') {
    // Twill: indigo warp on diagonal lines, white weft showing between, slubs along the warp.
    const warp = [r.int(25, 70), r.int(40, 80), r.int(90, 150)], weft = [200, 205, 215], p = r.int(3, 5);
    const slub = Float32Array.from({ length: w }, () => r.range(-0.12, 0.12));
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const onWarp = (x + y) % p < p - 1;
        const c = onWarp ? warp : weft;
        set((y * w + x) * 3, c, (onWarp ? 1 + slub[x] : 0.55 + 0.1 * slub[x]) + 0.15 * hash(x, y));
      }
    }
  } else if (kind === 'wood') {
    // Grain: rings bent by slow waves, fine pores along them.
    const base = [r.int(100, 190), r.int(60, 120), r.int(30, 70)], period = r.range(3, 8), bend = r.range(8, 25);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const ring = (y + bend * Math.sin(x / 70) + 4 * Math.sin(x / 13 + y / 50)) / period;
        const k = 0.78 + 0.14 * Math.sin(ring) + 0.1 * Math.pow(Math.abs(Math.sin(ring * 3.1)), 8) + 0.08 * hash(x >> 2, y);
        set((y * w + x) * 3, base, k);
      }
    }
  } else {
    // A printed fabric: checks, stripes, dots or small flowers in two colours over a fine plain weave.
    const a = colour(), b = colour(), print = r.pick(['check', 'stripe', 'dot', 'flower'] as const), s = r.range(10, 40);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        let on: boolean;
        const u = (x / s) % 1, v = (y / s) % 1;
        if (print === 'check') on = (Math.floor(x / s) + Math.floor(y / s)) % 2 === 0;
        else if (print === 'stripe') on = u < 0.35;
        else if (print === 'dot') on = (u - 0.5) ** 2 + (v - 0.5) ** 2 < 0.06;
        else {
          const ang = Math.atan2(v - 0.5, u - 0.5), rad = Math.hypot(u - 0.5, v - 0.5);
          on = rad < 0.12 + 0.1 * Math.abs(Math.cos(2.5 * ang));
        }
        set((y * w + x) * 3, on ? a : b, 0.92 + 0.08 * ((x + y) % 2) + 0.06 * hash(x, y));
      }
    }
  }
  return { data: out, width: w, height: h, kind };
}

/**
 * How much of each pixel is thread (0–1): the picture's ground is its most common luma, the thread the far
 * end from it; laid on a surface, the ground is gone and the surface shows through between the threads.
 */
function threadAlpha(src: Raw): Uint8Array {
  const n = src.width * src.height;
  const L = new Float32Array(n);
  const hist = new Uint32Array(64);
  for (let i = 0; i < n; i++) { L[i] = 0.299 * src.data[i * 3] + 0.587 * src.data[i * 3 + 1] + 0.114 * src.data[i * 3 + 2]; hist[Math.min(63, L[i] >> 2)]++; }
  let mode = 0;
  for (let b = 1; b < 64; b++) if (hist[b] > hist[mode]) mode = b;
  const ground = mode * 4 + 2;
  const sorted = Float32Array.from(L).sort();
  const lighter = sorted[Math.floor(n * 0.99)] - ground > ground - sorted[Math.floor(n * 0.01)];
  const thread = lighter ? sorted[Math.floor(n * 0.99)] : sorted[Math.floor(n * 0.01)];
  const span = thread - ground || 1;
  const a = new Uint8Array(n);
  for (let i = 0; i < n; i++) a[i] = Math.round(255 * Math.min(1, Math.max(0, (L[i] - ground) / span - 0.08) * 1.8));
  return a;
}

/**
 * A control for the textured row (BENCH_TEXTURED_PLAIN=1): the surface painted its own mean colour, the same
 * random draws made, so the same lace lies where it did with nothing of the texture between its threads.
 */
function flatten(img: Raw): void {
  const n = img.width * img.height, mean = [0, 0, 0];
  for (let i = 0; i < n * 3; i++) mean[i % 3] += img.data[i] / n;
  for (let i = 0; i < n * 3; i++) img.data[i] = Math.round(mean[i % 3]);
}

/** Where the lace lies in a transformed photo, for the row that lays it on a surface (lace-focus.ts). */
export interface LaceTruth {
  mask?: Raw; surface?: string; seeThrough?: boolean; angle?: number;
  /** where the picture went: its centre in the photo's pixels and its side there (the lace is square) */
  place?: { cx: number; cy: number; side: number };
}

/**
 * The catalogue picture as a buyer might photograph it; returns an encoded JPEG. `truth` (texturedBackdrop
 * only): receives the lace's footprint in the photo (255 inside the piece, turned as it is, 0 outside).
 */
export async function transform(name: TransformName, picture: Buffer, r: Rng, truth?: LaceTruth): Promise<Buffer> {
  const src = await toRaw(picture);
  const { width: w, height: h } = src;
  switch (name) {
    case 'identity': return jpeg(fromRaw(src));
    case 'crop50':
    case 'crop25': {
      const frac = name === 'crop50' ? Math.SQRT1_2 : 0.5;
      const cw = Math.round(w * frac), ch = Math.round(h * frac);
      // Off-centre: the crop's centre is away from the picture's centre.
      const left = r.chance(0.5) ? r.int(0, Math.round((w - cw) * 0.25)) : r.int(Math.round((w - cw) * 0.75), w - cw);
      const top = r.int(0, h - ch);
      return jpeg(fromRaw(src).extract({ left, top, width: cw, height: ch }));
    }
    case 'rot15': {
      const deg = r.chance(0.5) ? 15 : -15;
      const bg = { r: r.int(60, 200), g: r.int(60, 200), b: r.int(60, 200) };
      return jpeg(fromRaw(src).rotate(deg, { background: bg }));
    }
    case 'rot90': return jpeg(fromRaw(src).rotate(r.chance(0.5) ? 90 : 270));
    case 'scale': {
      const f = r.pick([0.5, 0.7, 1.4, 2]);
      if (f > 1) {
        const cw = Math.round(w / f), ch = Math.round(h / f);
        return jpeg(fromRaw(src).extract({ left: Math.round((w - cw) / 2), top: Math.round((h - ch) / 2), width: cw, height: ch }).resize(w, h));
      }
      const sw = Math.round(w * f), sh = Math.round(h * f);
      const small = await fromRaw(src).resize(sw, sh).raw().toBuffer();
      const padX = w - sw, padY = h - sh;
      return jpeg(sharp(small, { raw: { width: sw, height: sh, channels: 3 } }).extend({ left: Math.floor(padX / 2), right: Math.ceil(padX / 2), top: Math.floor(padY / 2), bottom: Math.ceil(padY / 2), extendWith: 'repeat' }));
    }
    case 'perspective': {
      const j = () => r.range(0, 0.12);
      const corners: Array<[number, number]> = [[j() * w, j() * h], [w - 1 - j() * w, j() * h], [w - 1 - j() * w, h - 1 - j() * h], [j() * w, h - 1 - j() * h]];
      return jpeg(fromRaw(warpPerspective(src, corners)));
    }
    case 'lighting': {
      const gains = [r.range(0.8, 1.2), r.range(0.85, 1.15), r.range(0.75, 1.2)];
      const bright = r.range(0.7, 1.25);
      const dir = r.range(0, Math.PI * 2);
      const out = Buffer.alloc(src.data.length);
      for (let y = 0; y < h; y++) {
        for (let x = 0; x < w; x++) {
          const t = ((x / w - 0.5) * Math.cos(dir) + (y / h - 0.5) * Math.sin(dir));
          const k = bright * (1 + 0.35 * t);
          const i = (y * w + x) * 3;
          for (let c = 0; c < 3; c++) out[i + c] = Math.max(0, Math.min(255, src.data[i + c] * k * gains[c]));
        }
      }
      return jpeg(fromRaw({ data: out, width: w, height: h }));
    }
    case 'hue': return jpeg(fromRaw(src).modulate({ hue: (r.chance(0.5) ? 1 : -1) * r.int(20, 35) }));
    case 'blur': return jpeg(fromRaw(src).blur(2));
    case 'jpeg40': return jpeg(fromRaw(src), 40);
    case 'background': {
      const bw = Math.round(w * 1.5), bh = Math.round(h * 1.5);
      const bg = backdrop(r, bw, bh);
      const scale = r.range(0.6, 0.85);
      const lw = Math.round(w * scale), lh = Math.round(h * scale);
      const lace = await fromRaw(src).resize(lw, lh).rotate(r.range(-8, 8), { background: { r: 0, g: 0, b: 0, alpha: 0 } }).png().toBuffer();
      const meta = await sharp(lace).metadata();
      const left = r.int(0, bw - (meta.width ?? lw)), top = r.int(0, bh - (meta.height ?? lh));
      // Two pipelines: within one, sharp resizes the base image before it composites (its order is fixed),
      // which left the lace at full size on a shrunk backdrop, partly out of the frame.
      const laid = await fromRaw(bg).composite([{ input: lace, left, top }]).removeAlpha().raw().toBuffer();
      return jpeg(fromRaw({ data: laid, width: bw, height: bh }).resize(w, h));
    }
    case 'warmLight':
    case 'coolLight': return jpeg(fromRaw(indoorLight(src, r, name === 'warmLight')), r.int(70, 85));
    case 'texturedBackdrop': {
      const bw = Math.round(w * 1.5), bh = Math.round(h * 1.5);
      const surface = texturedSurface(r, bw, bh);
      if (process.env.BENCH_TEXTURED_PLAIN === '1') flatten(surface);
      // The lace's share of the frame's area, before its turn.
      const side = Math.sqrt(r.range(0.3, 0.6) * bw * bh);
      const lw = Math.round(side), lh = Math.round(side * (h / w));
      const seeThrough = r.chance(0.5);
      const alpha = seeThrough ? threadAlpha(src) : null;
      const rgba = Buffer.alloc(w * h * 4);
      for (let i = 0; i < w * h; i++) {
        rgba[i * 4] = src.data[i * 3]; rgba[i * 4 + 1] = src.data[i * 3 + 1]; rgba[i * 4 + 2] = src.data[i * 3 + 2];
        rgba[i * 4 + 3] = alpha ? alpha[i] : 255;
      }
      const lace = await sharp(rgba, { raw: { width: w, height: h, channels: 4 } }).resize(lw, lh).png().toBuffer();
      const turnedBy = r.range(-10, 10);
      const turned = await sharp(lace).rotate(turnedBy, { background: { r: 0, g: 0, b: 0, alpha: 0 } }).png().toBuffer();
      const meta = await sharp(turned).metadata();
      const tw = meta.width ?? lw, th = meta.height ?? lh;
      const left = r.int(0, Math.max(0, bw - tw)), top = r.int(0, Math.max(0, bh - th));
      const laid = await fromRaw(surface).composite([{ input: turned, left, top }]).removeAlpha().raw().toBuffer();
      if (truth) {
        // The piece's whole footprint (threads and the gaps between them), turned and placed as the lace is.
        const deg = turnedBy;
        const solid = await sharp({ create: { width: lw, height: lh, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 1 } } }).png().toBuffer();
        const footprint = await sharp(solid).rotate(deg, { background: { r: 0, g: 0, b: 0, alpha: 0 } }).png().toBuffer();
        const placed = await sharp({ create: { width: bw, height: bh, channels: 3, background: '#000' } }).composite([{ input: footprint, left, top }]).png().toBuffer();
        const m = await sharp(placed).resize(w, h).removeAlpha().raw().toBuffer();
        truth.mask = { data: m, width: w, height: h };
        truth.surface = surface.kind;
        truth.seeThrough = seeThrough;
        truth.angle = turnedBy;
        // sharp turns about the centre, growing the canvas to tw × th; the photo is the surface shrunk to w × h.
        truth.place = { cx: (left + tw / 2) * (w / bw), cy: (top + th / 2) * (h / bh), side: lw * (w / bw) };
      }
      // A little room light on top: brightness and a faint cast, then the phone's noise.
      const k = r.range(0.8, 1.1), cast = [r.range(0.95, 1.05), 1, r.range(0.9, 1.05)];
      for (let i = 0; i < laid.length; i++) laid[i] = clamp8(laid[i] * k * cast[i % 3]);
      const photo = await fromRaw({ data: laid, width: bw, height: bh }).resize(w, h).raw().toBuffer();
      const img = { data: photo, width: w, height: h };
      addNoise(img, r, r.range(1, 3));
      return jpeg(fromRaw(img), r.int(75, 88));
    }
    case 'closeUp': {
      // A quarter of the area anywhere in the picture, taken nearer: the phone fills its frame with it.
      const cw = Math.round(w / 2), ch = Math.round(h / 2);
      const cx = r.range(cw / 2, w - cw / 2), cy = r.range(ch / 2, h - ch / 2);
      const deg = r.range(-6, 6);
      // A larger square around it, turned, then the middle kept: no corner of the turn shows.
      const big = Math.round(cw * 1.25);
      const bl = Math.round(Math.min(w - big, Math.max(0, cx - big / 2))), bt = Math.round(Math.min(h - big, Math.max(0, cy - big / 2)));
      const turned = await fromRaw(src).extract({ left: bl, top: bt, width: big, height: big }).rotate(deg, { background: '#808080' }).raw().toBuffer({ resolveWithObject: true });
      const ox = Math.round((turned.info.width - cw) / 2), oy = Math.round((turned.info.height - ch) / 2);
      const img = { data: turned.data, width: turned.info.width, height: turned.info.height };
      const k = r.range(0.85, 1.1);
      for (let i = 0; i < img.data.length; i++) img.data[i] = clamp8(img.data[i] * k);
      const out = await fromRaw(img).extract({ left: ox, top: oy, width: cw, height: ch }).resize(w, h, { kernel: 'cubic' }).blur(r.range(0.6, 1.4)).raw().toBuffer();
      const photo = { data: out, width: w, height: h };
      addNoise(photo, r, r.range(1, 3));
      return jpeg(fromRaw(photo), r.int(75, 88));
    }
    case 'phone': {
      const j = () => r.range(0, 0.06);
      const corners: Array<[number, number]> = [[j() * w, j() * h], [w - 1 - j() * w, j() * h], [w - 1 - j() * w, h - 1 - j() * h], [j() * w, h - 1 - j() * h]];
      const warped = warpPerspective(src, corners);
      const k = r.range(0.85, 1.15), wb = [r.range(0.93, 1.07), 1, r.range(0.93, 1.07)], vig = r.range(0.1, 0.25);
      for (let y = 0; y < h; y++) {
        for (let x = 0; x < w; x++) {
          const d2 = ((x / w - 0.5) ** 2 + (y / h - 0.5) ** 2) * 2;
          const i = (y * w + x) * 3;
          for (let c = 0; c < 3; c++) warped.data[i + c] = clamp8(warped.data[i + c] * k * wb[c] * (1 - vig * d2));
        }
      }
      addNoise(warped, r, r.range(2, 5));
      return jpeg(fromRaw(warped), r.int(60, 75));
    }
  }
}
