// Picture URLs in several widths and formats, built from the URL the api gives for a stored picture.
// Two kinds of URL have variants: the local driver's `/api/files/<path>?v=<version>` (the api resizes and
// re-encodes it itself: add `w` and `f`), and the OSS driver's `…?x-oss-process=image/auto-orient,1`
// (OSS's own image processing does it: `image/resize,w_480/format,avif`). Any other URL is used as it is.

/** Widths every picture is offered in (CSS px × device pixel ratio picks one): 240 a card at 1×; 340 a
 *  phone's card of two columns at 1.75× (a 412 px phone's 190 px card needs 333; 360 was 12 % more bytes
 *  for nothing the screen shows); 480 the same card at 2×; 720 a phone's full-width picture (360 × 1.75 =
 *  630); 960 the product picture on a large screen. A picture is never enlarged. */
export const IMAGE_WIDTHS = [240, 340, 480, 720, 960] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
/** Formats, best first: a browser takes the first it understands; JPEG is the fallback of `<img src>`. */
export const IMAGE_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];
export const IMAGE_TYPES: Record<ImageFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' };

/** The query the OSS driver puts on every object URL; it marks the URL as one OSS may process. */
export const OSS_PROCESS_MARK = 'x-oss-process=image/auto-orient,1';

/** `sizes` of a card in the product grids (5 columns ≤ 1190 px, then 4, 3 and 2): the columns' share of
 *  the window less the page's gutters and the grid's gaps (components.css, layout.css; 1rem is 15px below
 *  1116 px), so a 412 px phone at 1.75× asks for 340 px, not 480 (its 190 px card needs 333). */
export const GRID_IMAGE_SIZES = '(max-width: 560px) calc(50vw - 15px), (max-width: 760px) calc(33.4vw - 15px), (max-width: 1000px) calc(25vw - 18px), 230px';

type Kind = 'local' | 'oss' | null;

function kindOf(url: string): Kind {
  const q = url.indexOf('?');
  if (q < 0) return null;
  const params = url.slice(q + 1).split('&');
  if (params.some((p) => p.startsWith('v=') && p.length > 2)) return 'local';
  if (params.includes(OSS_PROCESS_MARK)) return 'oss';
  return null;
}

/** True when the URL is a stored picture that has width and format variants. */
export function hasVariants(url: string): boolean {
  return kindOf(url) !== null;
}

/** The URL of one width and format of a picture (the URL itself when it has no variants). */
export function variantUrl(url: string, width: ImageWidth, format: ImageFormat, kind: Kind = kindOf(url)): string {
  if (kind === 'local') return `${url}&w=${width}&f=${format}`;
  if (kind === 'oss') return url.replace(OSS_PROCESS_MARK, `x-oss-process=image/resize,w_${width}/format,${format === 'jpeg' ? 'jpg' : format}`);
  return url;
}

/** A `srcset` of every width in one format, e.g. "…&w=240&f=avif 240w, …&w=480&f=avif 480w, …". */
export function srcSetOf(url: string, format: ImageFormat, widths: readonly ImageWidth[] = IMAGE_WIDTHS): string {
  const kind = kindOf(url); // once, not once a width (a card has a dozen of them)
  return widths.map((w) => `${variantUrl(url, w, format, kind)} ${w}w`).join(', ');
}

/** The width a picture shown at most `cssPx` wide needs on a 2× screen, for the `<img src>` fallback. */
export function fallbackWidth(cssPx: number): ImageWidth {
  return IMAGE_WIDTHS.find((w) => w >= cssPx * 2) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
}
