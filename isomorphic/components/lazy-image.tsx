// The image of SPEC §2: a stored picture in the width its box needs, as AVIF or WebP with a JPEG fallback
// (`<picture>` with `srcset`/`sizes`, see domain/image-variants); `width`/`height` so its box never moves.
// The server's HTML already names every source, so the browser starts at once: eager images load with the
// page, the one likely to be the largest paint is preloaded with high priority, the rest load lazily near
// the viewport (the browser's own `loading="lazy"`). Lazy ones fade in; a failed load is retried once,
// then a placeholder shows. It may zoom on hover and may be round.
import { useEffect, useRef, useState } from 'react';
import { preload } from 'react-dom';
import { useTranslation } from '../i18n/react';
import { Limits } from '../domain/limits';
import { fallbackWidth, GRID_IMAGE_SIZES, hasVariants, IMAGE_TYPES, srcSetOf, variantUrl, type ImageFormat } from '../domain/image-variants';

export interface LazyImageProps {
  src: string;
  alt: string;
  /** Load with the page (above the fold); otherwise the browser waits until it is near the viewport. */
  eager?: boolean;
  /** The page's likely largest paint: preloaded with high priority (one per page). Implies eager. */
  priority?: boolean;
  /** The `sizes` of the box (default: a card of the product grids). */
  sizes?: string;
  /** Intrinsic size or at least its aspect ratio (default square). */
  width?: number;
  height?: number;
  zoom?: boolean;
  round?: boolean;
  className?: string;
}

type Status = 'pending' | 'loaded' | 'failed';

/** The largest CSS width a `sizes` value names in px (for the JPEG fallback's width); 480 when none. */
function largestPx(sizes: string): number {
  const px = [...sizes.matchAll(/(?:^|,|\))\s*(\d+)px/g)].map((m) => Number(m[1]));
  return px.length ? Math.max(...px) : 240;
}

function withRetry(url: string, attempt: number): string {
  return attempt > 0 ? `${url}${url.includes('?') ? '&' : '?'}retry=${attempt}` : url;
}

function retrySrcSet(srcSet: string, attempt: number): string {
  return attempt > 0 ? srcSet.split(', ').map((c) => { const [u, d] = c.split(' '); return `${withRetry(u, attempt)} ${d}`; }).join(', ') : srcSet;
}

const MODERN: ImageFormat[] = ['avif', 'webp'];

export function LazyImage({ src, alt, eager = false, priority = false, sizes = GRID_IMAGE_SIZES, width = 480, height = 480, zoom = false, round = false, className }: LazyImageProps) {
  const { t } = useTranslation();
  const imgRef = useRef<HTMLImageElement>(null);
  const [shownSrc, setShownSrc] = useState(src);
  const [attempt, setAttempt] = useState(0);
  const [status, setStatus] = useState<Status>('pending');
  const lazy = !eager && !priority;
  const variants = hasVariants(src);

  // A new source starts over (e.g. the product page's main image when a thumbnail is chosen).
  if (shownSrc !== src) {
    setShownSrc(src);
    setAttempt(0);
    setStatus('pending');
  }

  // The likely largest paint: the browser fetches it before it has laid out the page. AVIF only: every
  // browser that honours `imagesrcset` preloads reads AVIF, and a second format would be fetched twice.
  if (priority && variants) {
    preload(variantUrl(src, 480, 'avif'), { as: 'image', imageSrcSet: srcSetOf(src, 'avif'), imageSizes: sizes, fetchPriority: 'high', type: IMAGE_TYPES.avif });
  }

  // An image the server rendered may have finished (or failed) before hydration attached its handlers.
  useEffect(() => {
    const el = imgRef.current;
    if (!el || !el.complete) return;
    if (el.naturalWidth > 0) setStatus('loaded');
    else if (el.currentSrc) onError();
    // Only when the element's source changes.
  }, [src, attempt]);

  function onError() {
    if (attempt < Limits.imageRetries) setAttempt(attempt + 1);
    else setStatus('failed');
  }

  const classes = ['lz', lazy ? 'lz--fade' : '', round ? 'lz--round' : '', zoom ? 'lz--zoom' : '', className ?? ''].filter(Boolean).join(' ');
  if (status === 'failed') {
    return (
      <span className={`${classes} lz--failed`} role="img" aria-label={alt}>
        <svg viewBox="0 0 48 48" width="40" height="40" aria-hidden="true" focusable="false">
          <path d="M24 6c5 6 13 6 18 0-1 8 2 14 0 20-6-2-12 2-18 0-6 2-12-2-18 0-2-6 1-12 0-20 5 6 13 6 18 0z" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <circle cx="24" cy="18" r="3" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path d="M8 36h32M12 41h24" stroke="currentColor" strokeWidth="1.5" />
        </svg>
        <span className="lz__msg">{t('image.unavailable')}</span>
      </span>
    );
  }
  const img = (
    <img
      ref={imgRef}
      src={withRetry(variants ? variantUrl(src, fallbackWidth(largestPx(sizes)), 'jpeg') : src, attempt)}
      srcSet={variants ? retrySrcSet(srcSetOf(src, 'jpeg'), attempt) : undefined}
      sizes={variants ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={lazy ? 'lazy' : undefined}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      className={status === 'loaded' ? 'is-loaded' : undefined}
      onLoad={() => setStatus('loaded')}
      onError={onError}
    />
  );
  return (
    <span className={classes}>
      {variants ? (
        <picture>
          {MODERN.map((f) => <source key={f} type={IMAGE_TYPES[f]} srcSet={retrySrcSet(srcSetOf(src, f), attempt)} sizes={sizes} />)}
          {img}
        </picture>
      ) : img}
    </span>
  );
}
