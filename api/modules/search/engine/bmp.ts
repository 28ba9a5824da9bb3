// A small BMP reader (libvips in sharp has no BMP loader, and SPEC §5 accepts BMP uploads): uncompressed
// 24- and 32-bit images, bottom-up or top-down. Other BMP flavours are refused as unreadable.
import type { RgbImage } from './types';

export function isBmp(buf: Uint8Array): boolean {
  return buf.length >= 26 && buf[0] === 0x42 && buf[1] === 0x4d;
}

/** Decodes the pixels (or, with `headerOnly`, just reads the size). Throws on anything it cannot read. */
export function decodeBmp(input: Uint8Array, headerOnly = false): RgbImage {
  const buf = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  if (buf.length < 54) throw new Error('BMP header is truncated');
  const dataOffset = buf.readUInt32LE(10);
  const headerSize = buf.readUInt32LE(14);
  if (headerSize < 40) throw new Error('unsupported BMP header');
  const width = buf.readInt32LE(18);
  const rawHeight = buf.readInt32LE(22);
  const bpp = buf.readUInt16LE(28);
  const compression = buf.readUInt32LE(30);
  const height = Math.abs(rawHeight);
  if (width <= 0 || height === 0) throw new Error('BMP has no size');
  if (headerOnly) return { data: new Uint8Array(0), width, height };
  if ((bpp !== 24 && bpp !== 32) || (compression !== 0 && compression !== 3)) throw new Error(`unsupported BMP: ${bpp} bits, compression ${compression}`);
  const bytesPer = bpp / 8;
  const stride = Math.ceil((width * bytesPer) / 4) * 4;
  if (dataOffset + stride * height > buf.length) throw new Error('BMP pixel data is truncated');
  const out = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    const srcRow = dataOffset + (rawHeight > 0 ? height - 1 - y : y) * stride;
    for (let x = 0; x < width; x++) {
      const s = srcRow + x * bytesPer;
      const d = (y * width + x) * 3;
      out[d] = buf[s + 2];
      out[d + 1] = buf[s + 1];
      out[d + 2] = buf[s];
    }
  }
  return { data: out, width, height };
}
