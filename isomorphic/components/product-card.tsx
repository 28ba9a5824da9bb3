// One pattern in a gallery: image first, then title, pattern number, price and the mill's name.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProductSummary } from '../api-client/types';
import { LazyImage } from './lazy-image';
import { Price } from './price';
import { useLang } from './use-lang';

/** `titleNode` replaces the plain title (search results highlight their matched words). */
export function ProductCard({ product, eager, titleNode }: { product: ProductSummary; eager: boolean; titleNode?: ReactNode }) {
  const { t } = useTranslation();
  const lang = useLang();
  const title = productTitle(product, lang);
  return (
    <li className="card">
      <Link to={`/flower/${product.id}`} className="card__link">
        <span className="card__media">
          <LazyImage src={product.coverUrl} alt={t('product.imageAlt', { title, code: product.code })} eager={eager} zoom />
        </span>
        <span className="card__body">
          <span className="card__title">{titleNode ?? title}</span>
          <span className="card__code">{t('product.code')} {product.code}</span>
          <Price cents={product.price} unit={product.unit} className="card__price" />
          <span className="card__company">{lang === 'en' ? product.companyNameEn || product.companyName : product.companyName}</span>
        </span>
      </Link>
    </li>
  );
}

export function productTitle(p: { title: string; titleEn: string }, lang: 'zh' | 'en'): string {
  return lang === 'en' ? p.titleEn || p.title : p.title;
}
