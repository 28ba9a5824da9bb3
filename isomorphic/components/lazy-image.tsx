// The image of SPEC §2: fades in, may zoom on hover, may be round, shows a placeholder when it cannot load
// (after one retry), and loads lazily once within 1.3 viewport heights (IntersectionObserver).
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Limits } from '../domain/limits';

export interface LazyImageProps {
  src: string;
  alt: string;
  /** Load at once (above the fold); otherwise wait until near the viewport. */
  eager?: boolean;
  zoom?: boolean;
  round?: boolean;
  width?: number;
  height?: number;
  className?: string;
}

type Status = 'pending' | 'loaded' | 'failed';

/** rootMargin that starts loading (preload - 1) viewport heights below the fold. */
const ROOT_MARGIN = `0px 0px ${Math.round((Limits.imagePreload - 1) * 100)}% 0px`;

function withRetryParam(src: string, attempt: number): string {
  return `${src}${src.includes('?') ? '&' : '?'}retry=${attempt}`;
}

export function LazyImage({ src, alt, eager = false, zoom = false, round = false, width, height, className }: LazyImageProps) {
  const { t } = useTranslation();
  const imgRef = useRef<HTMLImageElement>(null);
  const [shownSrc, setShownSrc] = useState(src);
  const [near, setNear] = useState(eager);
  const [attempt, setAttempt] = useState(0);
  const [status, setStatus] = useState<Status>('pending');

  // A new source starts over (e.g. the product page's main image when a thumbnail is chosen).
  if (shownSrc !== src) {
    setShownSrc(src);
    setAttempt(0);
    setStatus('pending');
  }
  const current = near ? (attempt > 0 ? withRetryParam(src, attempt) : src) : undefined;

  // Lazy images start loading once near the viewport.
  useEffect(() => {
    if (near) return;
    const el = imgRef.current;
    if (!el) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        observer.disconnect();
        setNear(true);
      }
    }, { rootMargin: ROOT_MARGIN });
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);

  // An image the server rendered with its src may have finished before hydration attached onLoad.
  useEffect(() => {
    const el = imgRef.current;
    if (!el || !current || !el.complete) return;
    if (el.naturalWidth > 0) setStatus('loaded');
    else onError();
    // Only when the element's source changes.
  }, [current]);

  function onError() {
    if (attempt < Limits.imageRetries) setAttempt(attempt + 1);
    else setStatus('failed');
  }

  const classes = ['lz', round ? 'lz--round' : '', zoom ? 'lz--zoom' : '', className ?? ''].filter(Boolean).join(' ');
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
  return (
    <span className={classes}>
      <img
        ref={imgRef}
        src={current}
        alt={alt}
        width={width}
        height={height}
        decoding="async"
        className={status === 'loaded' ? 'is-loaded' : undefined}
        onLoad={() => setStatus('loaded')}
        onError={onError}
      />
      {eager ? null : (
        <noscript>
          <img src={src} alt={alt} width={width} height={height} />
        </noscript>
      )}
    </span>
  );
}
