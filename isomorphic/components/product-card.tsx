// One pattern in a gallery: image first, then title, pattern number, price and the mill's name.
import type { ReactNode } from 'react';
import { Link } from './link';
import { useTranslation } from '../i18n/react';
import type { ProductSummary } from '../contracts/common';
import { LazyImage } from './lazy-image';
import { Price } from './price';
import { useLang } from './use-lang';
import { byLang } from '../domain/format';
import { HydrateLater } from './hydrate-later';

/** Cards on a phone's first screen (two rows of two, below the home page's title): eager, not faded in.
 *  Were one of them faded in, its picture would appear only after the page's script had run. */
export const FIRST_SCREEN_CARDS = 4;

/** `titleNode` replaces the plain title (search results highlight their matched words). */
/** `priority`: the first card, the page's likely largest paint, loaded with the page and preloaded.
 *  `eager`: a card of the first screen (FIRST_SCREEN_CARDS), loaded with the page and shown as soon as it
 *  has loaded; the others load lazily (the browser starts the ones near the screen at once) and fade in,
 *  which needs the page's script. */
/** `verified`: the mill carries the verified badge (a verified, unexpired certificate). */
/** Each card hydrates in a task of its own after the page's first pass (HydrateLater; a listing has 20). */
export function ProductCard(props: ProductCardProps) {
  return <HydrateLater><Card {...props} /></HydrateLater>;
}

interface ProductCardProps { product: ProductSummary; priority?: boolean; eager?: boolean; titleNode?: ReactNode; verified?: boolean }

function Card({ product, priority = false, eager = false, titleNode, verified = false }: ProductCardProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const title = productTitle(product, lang);
  return (
    <li className="card" data-company={product.companyId}>
      <Link to={`/flower/${product.id}`} className="card__link">
        <span className="card__media">
          <LazyImage src={product.coverUrl} alt={t('product.imageAlt', { title, code: product.code })} priority={priority} eager={eager} zoom />
        </span>
        <span className="card__body">
          <span className="card__title">{titleNode ?? title}</span>
          <span className="card__code">{t('product.code')} {product.code}</span>
          <Price cents={product.price} unit={product.unit} className="card__price" />
          <span className="card__company">
            <span className="card__company-name">{byLang(lang, product.companyName, product.companyNameEn)}</span>
            {verified ? <span className="verified-badge verified-badge--small" title={t('product.verifiedMill')}><span aria-hidden="true">✓</span> {t('product.verified')}</span> : null}
          </span>
        </span>
      </Link>
    </li>
  );
}

export function productTitle(p: { title: string; titleEn: string }, lang: 'zh' | 'en'): string {
  return byLang(lang, p.title, p.titleEn);
}
