// The pieces of the photo-search engine share these shapes: decoded pixels in, unit vectors out.

/**
 * Decoded pixels, 3 channels (RGB), row-major, 8 bits per channel. `colourless`: a view the engine drew that
 * carries none of the photo's colours (a thread map, threads.ts): described without the colour histogram.
 * `whole`: a view of the whole picture as it is (views.ts WHOLE_VIEWS): the only views whose layout is
 * described (layout.ts; the others' layout block is zero). `seeThrough`: a see-through piece drawn as its
 * threads (views.ts drawnPiece): the surface it lay on shows between them, so the photo's other views show it too.
 * `onSurface`: such a piece laid on a surface with a pattern of its own (a knit, denim, wood, a print: threads.ts
 * Surface.plain is not set), not on a plain ground such as a picture's own. `lace`: on such a piece's drawing, the
 * lace's colour (RGB) its threads were read in (threads.ts ThreadMap.lace), which the drawing itself, in that colour
 * on a plain ground, does not give the colour histogram (it is `colourless`): the window check's see-through look
 * weighs it (window-check.ts WindowCheck.seeThrough.colour).
 */
export interface RgbImage { data: Uint8Array; width: number; height: number; colourless?: boolean; whole?: boolean; seeThrough?: boolean; onSurface?: boolean; lace?: readonly number[] }

/** Turns pixels into a descriptor. Implementations: the MobileNetV2 inside nsfwjs, or any tfjs model in a directory. */
export interface FeatureExtractor {
  /** a stable name; stored with every descriptor so that a model change forces a rebuild */
  readonly name: string;
  /** length of the vectors `extract` returns */
  readonly dim: number;
  /** the square input side the network wants (pixels are resized to it by the caller) */
  readonly inputSize: number;
  /** descriptors of a batch of images, each already `inputSize`×`inputSize`, L2-normalised */
  extract(images: RgbImage[]): Promise<Float32Array[]>;
  dispose(): void;
}

/** L2-normalises in place; a zero vector stays zero. */
export function l2normalise(v: Float32Array): Float32Array {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i] * v[i];
  const n = Math.sqrt(s);
  if (n > 0) for (let i = 0; i < v.length; i++) v[i] /= n;
  return v;
}

export function dot(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}

/** Dot product of `a[ao .. ao+d)` and `b[bo .. bo+d)`, four lanes at a time (the hot loop of every scan). */
export function dotAt(a: Float32Array | Int8Array, ao: number, b: Float32Array, bo: number, d: number): number {
  let s0 = 0, s1 = 0, s2 = 0, s3 = 0, j = 0;
  for (; j + 3 < d; j += 4) {
    s0 += a[ao + j] * b[bo + j];
    s1 += a[ao + j + 1] * b[bo + j + 1];
    s2 += a[ao + j + 2] * b[bo + j + 2];
    s3 += a[ao + j + 3] * b[bo + j + 3];
  }
  for (; j < d; j++) s0 += a[ao + j] * b[bo + j];
  return s0 + s1 + s2 + s3;
}
