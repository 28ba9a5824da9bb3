// Product thumbnails, 5 per row (SPEC §2), with previous/next arrows that page through the rows.
import { useTranslation } from '../i18n/react';
import { Limits } from '../domain/limits';
import { LazyImage } from './lazy-image';
import { HydrateLater } from './hydrate-later';

export interface Thumb { url: string; alt: string }

/** A fifth of the gallery column (half the 1190 px content, or the phone's width). */
const THUMB_SIZES = '(max-width: 760px) 20vw, 110px';

export function ThumbnailStrip({ images, active, onSelect }: { images: Thumb[]; active: number; onSelect(index: number): void }) {
  const { t } = useTranslation();
  const perRow = Limits.thumbsPerRow;
  const row = Math.max(0, Math.floor(active / perRow));
  const rows = Math.max(1, Math.ceil(images.length / perRow));
  const visible = images.slice(row * perRow, row * perRow + perRow);
  if (images.length <= 1) return null;
  // Hydrates in a task of its own (HydrateLater).
  return (
    <HydrateLater><div className="thumbs">
      <button type="button" className="thumbs__arrow" aria-label={t('product.previousImages')} disabled={row === 0} onClick={() => onSelect((row - 1) * perRow)}>
        ‹
      </button>
      <ul className="thumbs__list" aria-label={t('product.images')}>
        {visible.map((img, i) => {
          const index = row * perRow + i;
          return (
            <li key={img.url}>
              <button type="button" className={`thumbs__item${index === active ? ' is-active' : ''}`} aria-pressed={index === active} aria-label={t('product.showImage', { index: index + 1 })} onClick={() => onSelect(index)}>
                <LazyImage src={img.url} alt={img.alt} eager sizes={THUMB_SIZES} />
              </button>
            </li>
          );
        })}
      </ul>
      <button type="button" className="thumbs__arrow" aria-label={t('product.nextImages')} disabled={row >= rows - 1} onClick={() => onSelect(Math.min(images.length - 1, (row + 1) * perRow))}>
        ›
      </button>
    </div></HydrateLater>
  );
}
