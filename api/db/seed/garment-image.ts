// Garment pictures for the demo catalogue: a dress, blouse or qipao silhouette filled with a lace design
// (lace-image.ts) over a lining, on a studio backdrop with a soft shadow. The lace is drawn once per design;
// the silhouettes are plain SVG paths, cheap to rasterise, so a garment costs about what a lace picture does.
import sharp from 'sharp';
import { backdropFor, hexToRgb, renderLaceMask, shade, type LaceDesign, type Rgb, type Shading } from './lace-image';

export type GarmentStyle = 'dress' | 'blouse' | 'qipao';
export const garmentStyles: GarmentStyle[] = ['dress', 'blouse', 'qipao'];

/** Outline of a garment in an 800 × 800 box; `back` deepens the neckline (the back view). */
function silhouettePath(style: GarmentStyle, back: boolean): string {
  const neck = back ? 260 : 170;
  if (style === 'dress') {
    return `M318,70 L346,70 Q400,${neck} 454,70 L482,70 Q500,170 516,236 Q488,300 470,362 `
      + 'Q560,520 626,728 Q400,770 174,728 Q240,520 330,362 Q312,300 284,236 Q300,170 318,70 Z';
  }
  if (style === 'blouse') {
    return `M300,110 L352,96 Q400,${neck - 20} 448,96 L500,110 Q590,140 628,220 L676,420 L600,446 L552,300 `
      + 'Q548,470 566,640 Q400,676 234,640 Q252,470 248,300 L200,446 L124,420 L172,220 Q210,140 300,110 Z';
  }
  // qipao: mandarin collar, cap sleeves, fitted waist, straight long skirt with a side slit
  const collar = back ? 'L372,52 L428,52' : 'L376,44 Q400,40 424,44';
  return `M360,84 ${collar} L440,84 Q500,96 548,128 L572,196 L528,212 Q520,290 488,360 Q524,470 522,580 `
    + 'L536,742 Q400,760 264,742 L278,580 Q276,470 312,360 Q280,290 272,212 L228,196 L252,128 Q300,96 360,84 Z';
}

/** The garment's coverage, one byte per pixel, and its shadow (the coverage blurred and shifted). */
async function silhouetteMasks(style: GarmentStyle, back: boolean, size: number): Promise<{ shape: Buffer; shadow: Buffer }> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 800 800">`
    + `<rect width="800" height="800" fill="#000"/><path d="${silhouettePath(style, back)}" fill="#fff"/></svg>`;
  const shape = await sharp(Buffer.from(svg)).extractChannel(0).raw().toBuffer();
  const off = Math.round(size / 80);
  const shifted = Buffer.alloc(size * size);
  for (let y = off; y < size; y++) shape.copy(shifted, y * size + off, (y - off) * size, (y - off + 1) * size - off);
  const shadow = await sharp(shifted, { raw: { width: size, height: size, channels: 1 } }).blur(size / 60).extractChannel(0).raw().toBuffer();
  return { shape, shadow };
}

const STUDIO: Rgb = [236, 233, 228];

/** Paints lace shading inside the silhouette, over a lining, on the studio backdrop. */
function paintGarment(s: Shading, masks: { shape: Buffer; shadow: Buffer }, lace: Rgb, lining: Rgb): Buffer {
  const { width, height, back, thread } = s;
  const out = new Uint8ClampedArray(width * height * 3);
  const [lr, lg, lb] = lace, [nr, ng, nb] = lining, [sr, sg, sb] = STUDIO;
  for (let i = 0, o = 0; i < back.length; i++, o += 3) {
    const a = masks.shape[i] / 255;
    const y = Math.floor(i / width);
    const studio = (1 - 0.3 * (masks.shadow[i] / 255)) * (1.02 - 0.08 * (y / height));
    const k = back[i], t = thread[i];
    out[o] = a * (nr * k + lr * t) + (1 - a) * sr * studio;
    out[o + 1] = a * (ng * k + lg * t) + (1 - a) * sg * studio;
    out[o + 2] = a * (nb * k + lb * t) + (1 - a) * sb * studio;
  }
  return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
}

const jpeg = (rgb: Buffer, size: number) => sharp(rgb, { raw: { width: size, height: size, channels: 3 } }).jpeg({ quality: 82 }).toBuffer();

export interface GarmentPictures { views: Buffer[]; cards: Buffer[] }

/**
 * Three views (front, a close-up of the lace, back) in the first colour, and the front in each other
 * colour, as JPEG.
 */
export async function drawGarment(d: LaceDesign, style: GarmentStyle, colours: string[], size = 800): Promise<GarmentPictures> {
  const [full, detail, front, backMasks] = await Promise.all([
    renderLaceMask(d, size, size, 'full'),
    renderLaceMask(d, size, size, 'detail'),
    silhouetteMasks(style, false, size),
    silhouetteMasks(style, true, size),
  ]);
  const fullShade = shade(full, size, size, { period: 30 + (d.seed % 17), phase: d.seed % 5 });
  const detailShade = shade(detail, size, size);
  const paint = (s: Shading, masks: { shape: Buffer; shadow: Buffer }, colour: string) => {
    const lace = hexToRgb(colour);
    return jpeg(paintGarment(s, masks, lace, backdropFor(lace, d.seed)), size);
  };
  const first = colours[0];
  const whole = { shape: Buffer.alloc(size * size, 255), shadow: Buffer.alloc(size * size) };
  const views = [await paint(fullShade, front, first), await paint(detailShade, whole, first), await paint(fullShade, backMasks, first)];
  const cards: Buffer[] = [];
  for (const c of colours.slice(1)) cards.push(await paint(fullShade, front, c));
  return { views, cards };
}
