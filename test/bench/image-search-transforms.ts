// The query set of the image-search benchmark: what a buyer's photo does to a catalogue picture.
// Each transformation is deterministic given its random number generator.
import sharp, { type Sharp } from 'sharp';
import { Rng } from '../../api/db/seed/random';

export type TransformName =
  | 'identity' | 'crop50' | 'crop25' | 'rot15' | 'rot90' | 'scale' | 'perspective' | 'lighting' | 'hue'
  | 'blur' | 'jpeg40' | 'background';

export const TRANSFORMS: readonly TransformName[] = ['identity', 'crop50', 'crop25', 'rot15', 'rot90', 'scale', 'perspective', 'lighting', 'hue', 'blur', 'jpeg40', 'background'];

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
function backdrop(r: Rng, w: number, h: number): Raw {
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

/** The catalogue picture as a buyer might photograph it; returns an encoded JPEG. */
export async function transform(name: TransformName, picture: Buffer, r: Rng): Promise<Buffer> {
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
  }
}
