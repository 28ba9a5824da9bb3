// The pictures a descriptor is computed from. A catalogue image is indexed as several views (whole, turned,
// zoomed into a half and a quarter of it, zoomed out) so that a buyer's close-up or turned photo meets a
// view that looks like it; a query is one view, the whole photo.
import sharp, { type Sharp } from 'sharp';
import type { RgbImage } from './types';

export type ViewName = 'full' | 'rot90' | 'rot180' | 'rot270' | 'rot+15' | 'rot-15' | 'centre50' | 'q25a' | 'q25b' | 'q25c' | 'q25d' | 'zoomOut' | 'centre25';

export const CATALOGUE_VIEWS: readonly ViewName[] = ['full', 'rot90', 'rot180', 'rot270', 'rot+15', 'rot-15', 'centre50', 'q25a', 'q25b', 'q25c', 'q25d', 'zoomOut'];

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

export async function makeView(img: RgbImage, view: ViewName, size: number): Promise<RgbImage> {
  switch (view) {
    case 'full': return square(img, size);
    case 'rot90': return rotated(img, 90, size);
    case 'rot180': return rotated(img, 180, size);
    case 'rot270': return rotated(img, 270, size);
    case 'rot+15': return rotated(img, 15, size);
    case 'rot-15': return rotated(img, -15, size);
    case 'centre50': return cropSquare(img, 0.5, 0.5, Math.SQRT1_2, size);
    case 'q25a': return cropSquare(img, 0.3, 0.3, 0.5, size);
    case 'q25b': return cropSquare(img, 0.7, 0.3, 0.5, size);
    case 'q25c': return cropSquare(img, 0.3, 0.7, 0.5, size);
    case 'q25d': return cropSquare(img, 0.7, 0.7, 0.5, size);
    case 'zoomOut': return zoomOut(img, size);
    case 'centre25': return cropSquare(img, 0.5, 0.5, 0.5, size);
  }
}

export function makeViews(img: RgbImage, views: readonly ViewName[], size: number): Promise<RgbImage[]> {
  return Promise.all(views.map((v) => makeView(img, v, size)));
}
