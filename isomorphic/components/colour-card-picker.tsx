// The colour-card picker of SPEC §2: 9 cards per row; choosing one shows its image.
import { useTranslation } from '../i18n/react';
import type { ColourCard } from '../contracts/common';
import { useLang } from './use-lang';
import { byLang } from '../domain/format';

export function ColourCardPicker({ cards, selected, onSelect }: { cards: ColourCard[]; selected: number | null; onSelect(card: ColourCard): void }) {
  const { t } = useTranslation();
  const lang = useLang();
  if (cards.length === 0) return <p className="muted">{t('product.noColourCards')}</p>;
  const current = cards.find((c) => c.id === selected);
  return (
    <div className="colours">
      <p className="colours__status" aria-live="polite">
        {current ? t('product.selectedColour', { name: colourName(current, lang) }) : t('product.colourCount', { count: cards.length })}
      </p>
      <ul className="colours__grid">
        {cards.map((card) => {
          const name = colourName(card, lang);
          return (
            <li key={card.id}>
              <button
                type="button"
                className={`colours__card${card.id === selected ? ' is-active' : ''}`}
                style={{ backgroundColor: card.hex }}
                aria-pressed={card.id === selected}
                aria-label={t('product.chooseColour', { name })}
                title={name}
                onClick={() => onSelect(card)}
              />
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export function colourName(card: ColourCard, lang: 'zh' | 'en'): string {
  return byLang(lang, card.name, card.nameEn);
}
