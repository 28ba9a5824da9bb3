// Widths and formats of the local driver's pictures, made with sharp on first request and kept on disk
// (IMAGE_VARIANT_DIR), keyed by the picture's path and version: a changed picture has a new version, so a
// new URL and new cache files. Encodes run a few at a time (IMAGE_VARIANT_THREADS), off the event loop,
// and two requests for the same variant share one encode. The start-up seed makes none of them.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import type { ImageFormat } from '../../../isomorphic/domain/image-variants';

/** Encoder settings, chosen by measuring the seed's 800 px lace pictures (docs/benchmarks.md): AVIF at
 *  effort 0 is as small as at effort 4 for these and about 40× faster. */
const ENCODE: Record<ImageFormat, (s: Sharp) => Sharp> = {
  avif: (s) => s.avif({ quality: 50, effort: 0 }),
  webp: (s) => s.webp({ quality: 70, effort: 4 }),
  jpeg: (s) => s.jpeg({ quality: 78, mozjpeg: true, progressive: true }),
};

export interface VariantRequest {
  /** the stored picture's absolute path and version (fileVersion of its stat) */
  source: string;
  version: string;
  relPath: string;
  /** target width (never enlarged), or null for the picture's own width */
  width: number | null;
  format: ImageFormat;
}

export interface ImageVariants {
  /** Absolute path of the variant's file, made first when missing; null when the source is not a picture
   *  sharp reads, or when `wanted()` says no one waits for it any more by the time its turn comes. */
  file(req: VariantRequest, wanted?: () => boolean): Promise<string | null>;
  /** encodes waiting or running (for tests and metrics) */
  pending(): number;
}

/** A small semaphore: at most `n` encodes at once, the rest wait in order. */
function limiter(n: number) {
  let running = 0;
  const queue: Array<() => void> = [];
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    if (running >= n) await new Promise<void>((resolve) => queue.push(resolve));
    running += 1;
    try {
      return await fn();
    } finally {
      running -= 1;
      queue.shift()?.();
    }
  };
}

export function createImageVariants(opts: { dir: string; concurrency: number }): ImageVariants {
  const root = path.resolve(opts.dir);
  const limit = limiter(Math.max(1, opts.concurrency));
  const inFlight = new Map<string, Promise<string | null>>();

  const target = (req: VariantRequest) => {
    const id = crypto.createHash('sha256').update(req.relPath).digest('hex').slice(0, 32);
    return path.join(root, id.slice(0, 2), id, `${req.version}-${req.width ?? 'o'}.${req.format}`);
  };

  async function make(req: VariantRequest, file: string): Promise<string | null> {
    let body: Buffer;
    try {
      const input = sharp(req.source, { failOn: 'truncated', limitInputPixels: 30_000 * 30_000 }).autoOrient();
      const resized = req.width ? input.resize({ width: req.width, withoutEnlargement: true }) : input;
      // JPEG has no transparency: a logo's clear parts become white, as on the page's paper.
      body = await ENCODE[req.format](req.format === 'jpeg' ? resized.flatten({ background: '#ffffff' }) : resized).toBuffer();
    } catch {
      return null;
    }
    await fs.mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${crypto.randomUUID()}.tmp`;
    await fs.writeFile(tmp, body);
    await fs.rename(tmp, file);
    return file;
  }

  return {
    async file(req, wanted = () => true) {
      const file = target(req);
      try {
        await fs.access(file);
        return file;
      } catch {
        // not made yet
      }
      let job = inFlight.get(file);
      if (!job) {
        // A page left before its pictures' turn came (a visitor scrolling past, a closed tab) costs no encode.
        job = limit(() => (wanted() ? make(req, file) : Promise.resolve(null))).finally(() => inFlight.delete(file));
        inFlight.set(file, job);
      }
      return job;
    },
    pending: () => inFlight.size,
  };
}
