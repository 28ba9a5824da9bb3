// A price per unit: cents / 100 with two decimals, or "price by negotiation" (isomorphic/domain/format).
import { useTranslation } from '../i18n/react';
import { formatPrice, hasPrice } from '../domain/format';
import { unitLabels } from '../domain/catalogue';
import { useLang } from './use-lang';

export function Price({ cents, unit, className }: { cents: number | null; unit: number; className?: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  if (!hasPrice(cents)) return <span className={`${className ?? ''} price price--negotiable`}>{formatPrice(cents, lang)}</span>;
  const unitLabel = unitLabels[unit]?.[lang];
  return (
    <span className={`${className ?? ''} price`}>
      <span className="price__currency">{t('product.currency')}</span>
      <span className="price__amount">{formatPrice(cents, lang)}</span>
      {unitLabel ? <span className="price__unit">{t('product.perUnit', { unit: unitLabel })}</span> : null}
    </span>
  );
}
