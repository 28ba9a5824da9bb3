// Checks an uploaded picture cheaply before any decoding (size, magic bytes, header dimensions), then
// decodes it once to a small working copy. Everything that can be wrong with an upload is found here, in
// the request, so a bad file never becomes a search job.
import sharp, { type Metadata, type Sharp } from 'sharp';
import type { RgbImage } from './types';
import { decodeBmp, isBmp } from './bmp';

export interface ImageLimits {
  maxBytes: number;
  maxSide: number;
  maxPixels: number;
  /** the working copy's longest side; queries and catalogue views are cut from it */
  workSide: number;
}

export const DEFAULT_IMAGE_LIMITS: ImageLimits = { maxBytes: 10 * 1024 * 1024, maxSide: 12_000, maxPixels: 50_000_000, workSide: 640 };

export type ImageProblem = 'empty' | 'tooLarge' | 'notImage' | 'tooManyPixels' | 'corrupt';

export class ImageInputError extends Error {
  constructor(readonly problem: ImageProblem, detail: string) {
    super(detail);
    this.name = 'ImageInputError';
  }
}

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'bmp' | 'gif';

/** The format the first bytes announce, or null. */
export function sniffFormat(buf: Uint8Array): ImageFormat | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.length >= 8 && buf[0] === 0x89 && buf[1] === 0x50 && buf[2] === 0x4e && buf[3] === 0x47 && buf[4] === 0x0d && buf[5] === 0x0a && buf[6] === 0x1a && buf[7] === 0x0a) return 'png';
  if (buf.length >= 12 && buf.subarray(0, 4).toString() === 'RIFF' && Buffer.from(buf.subarray(8, 12)).toString() === 'WEBP') return 'webp';
  if (buf.length >= 6 && Buffer.from(buf.subarray(0, 4)).toString() === 'GIF8') return 'gif';
  if (isBmp(buf)) return 'bmp';
  return null;
}

/** Decodes an upload to RGB with its longest side at most `limits.workSide`; throws ImageInputError on anything wrong. */
export async function decodeUpload(buf: Buffer, limits: ImageLimits = DEFAULT_IMAGE_LIMITS): Promise<RgbImage & { format: ImageFormat; originalWidth: number; originalHeight: number }> {
  if (!buf || buf.length === 0) throw new ImageInputError('empty', 'the image is empty');
  if (buf.length > limits.maxBytes) throw new ImageInputError('tooLarge', `the image is ${buf.length} bytes, more than ${limits.maxBytes}`);
  const format = sniffFormat(buf);
  if (!format) throw new ImageInputError('notImage', 'not a JPEG, PNG, WebP, GIF or BMP image');
  let input: Sharp;
  let width: number, height: number;
  if (format === 'bmp') {
    const dims = decodeBmp(buf, true);
    width = dims.width; height = dims.height;
    checkDims(width, height, limits);
    const rgb = decodeBmp(buf, false);
    input = sharp(Buffer.from(rgb.data.buffer, rgb.data.byteOffset, rgb.data.byteLength), { raw: { width, height, channels: 3 } });
  } else {
    let meta: Metadata;
    try {
      meta = await sharp(buf, { limitInputPixels: false }).metadata();
    } catch (err) {
      throw new ImageInputError('corrupt', `the image cannot be read: ${(err as Error).message}`);
    }
    width = meta.autoOrient?.width ?? meta.width ?? 0;
    height = meta.autoOrient?.height ?? meta.height ?? 0;
    checkDims(width, height, limits);
    input = sharp(buf, { failOn: 'truncated', limitInputPixels: limits.maxPixels, pages: 1 }).autoOrient();
  }
  try {
    const { data, info } = await input
      .resize(limits.workSide, limits.workSide, { fit: 'inside', withoutEnlargement: true, kernel: 'lanczos3' })
      .flatten({ background: '#ffffff' })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new Error(`unexpected ${info.channels} channels`);
    return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height, format, originalWidth: width, originalHeight: height };
  } catch (err) {
    if (err instanceof ImageInputError) throw err;
    throw new ImageInputError('corrupt', `the image is damaged or truncated: ${(err as Error).message}`);
  }
}

function checkDims(width: number, height: number, limits: ImageLimits): void {
  if (!width || !height) throw new ImageInputError('corrupt', 'the image has no size');
  if (width > limits.maxSide || height > limits.maxSide || width * height > limits.maxPixels) {
    throw new ImageInputError('tooManyPixels', `the image is ${width}×${height} pixels, more than ${limits.maxSide} per side or ${limits.maxPixels} in all`);
  }
}
