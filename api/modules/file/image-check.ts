// What an uploaded file really is, from its bytes (never its name): PNG, JPEG and WebP are read by
// sharp after their magic bytes; BMP (which sharp does not read) by its header.
import sharp from 'sharp';

export interface ImageInfo { format: 'png' | 'jpeg' | 'webp' | 'bmp'; contentType: string; width: number; height: number }

const MAX_SIDE = 30_000;

function magic(buf: Buffer): ImageInfo['format'] | null {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.length >= 12 && buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (buf.length >= 26 && buf.toString('latin1', 0, 2) === 'BM') return 'bmp';
  return null;
}

/** Width and height from a BMP header (core or info header), or null when it is not a sound BMP. */
function bmpSize(buf: Buffer): { width: number; height: number } | null {
  const dataOffset = buf.readUInt32LE(10);
  const headerSize = buf.readUInt32LE(14);
  let width: number, height: number, planes: number, bpp: number;
  if (headerSize === 12) {
    width = buf.readUInt16LE(18); height = buf.readUInt16LE(20); planes = buf.readUInt16LE(22); bpp = buf.readUInt16LE(24);
  } else if (headerSize >= 40 && buf.length >= 30) {
    width = buf.readInt32LE(18); height = Math.abs(buf.readInt32LE(22)); planes = buf.readUInt16LE(26); bpp = buf.readUInt16LE(28);
  } else {
    return null;
  }
  if (planes !== 1 || ![1, 4, 8, 16, 24, 32].includes(bpp)) return null;
  if (width <= 0 || height <= 0 || width > MAX_SIDE || height > MAX_SIDE) return null;
  if (dataOffset < 14 + headerSize || dataOffset >= buf.length) return null;
  return { width, height };
}

const TYPES: Record<ImageInfo['format'], string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp', bmp: 'image/bmp' };

/** The image a buffer holds, or null when it is not a png, jpeg, webp or bmp picture. */
export async function inspectImage(buf: Buffer): Promise<ImageInfo | null> {
  const format = magic(buf);
  if (!format) return null;
  if (format === 'bmp') {
    const size = bmpSize(buf);
    return size ? { format, contentType: TYPES.bmp, ...size } : null;
  }
  try {
    const meta = await sharp(buf, { limitInputPixels: MAX_SIDE * MAX_SIDE }).metadata();
    if (meta.format !== format || !meta.width || !meta.height || meta.width > MAX_SIDE || meta.height > MAX_SIDE) return null;
    return { format, contentType: TYPES[format], width: meta.width, height: meta.height };
  } catch {
    return null;
  }
}
