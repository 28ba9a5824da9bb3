// The baseline of the image-search benchmark: perceptual hashes (dHash 64 bits and pHash 64 bits, compared
// by Hamming distance), the usual "find duplicates" technique.
import sharp from 'sharp';

/** dHash: 9×8 grey thumbnail, one bit per horizontal neighbour comparison. */
export async function dHash(img: Buffer): Promise<bigint> {
  const px = await sharp(img).greyscale().resize(9, 8, { fit: 'fill' }).raw().toBuffer();
  let h = 0n;
  for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) h = (h << 1n) | (px[y * 9 + x] > px[y * 9 + x + 1] ? 1n : 0n);
  return h;
}

const N = 32;
const COS = Array.from({ length: 8 }, (_, u) => Array.from({ length: N }, (_, x) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * N))));

/** pHash: 32×32 grey thumbnail, the 8×8 lowest DCT frequencies, one bit per coefficient above their median. */
export async function pHash(img: Buffer): Promise<bigint> {
  const px = await sharp(img).greyscale().resize(N, N, { fit: 'fill' }).raw().toBuffer();
  const coeffs: number[] = [];
  for (let u = 0; u < 8; u++) {
    for (let v = 0; v < 8; v++) {
      let s = 0;
      for (let y = 0; y < N; y++) for (let x = 0; x < N; x++) s += px[y * N + x] * COS[u][x] * COS[v][y];
      coeffs.push(s);
    }
  }
  const med = [...coeffs.slice(1)].sort((a, b) => a - b)[31];
  let h = 0n;
  for (const c of coeffs) h = (h << 1n) | (c > med ? 1n : 0n);
  return h;
}

export function hamming(a: bigint, b: bigint): number {
  let x = a ^ b, n = 0;
  while (x) { x &= x - 1n; n++; }
  return n;
}
