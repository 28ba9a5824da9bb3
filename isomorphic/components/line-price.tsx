// A cart or order line's unit price in the unit the buyer chose to see it in (metres, yards, kilograms),
// with the price the api set in the product's own unit under it; in the product's own unit, as Price
// shows it. Apart from Price so that only the cart, checkout and order pages load the conversions.
import { formatPrice } from '../domain/format';
import { unitLabels } from '../domain/catalogue';
import { displayedLine, displayedQuantityParts } from '../domain/units';
import { Price } from './price';
import { useLang } from './use-lang';

export function LinePrice({ cents, unit, displayUnit, gramsPerMetre }: { cents: number | null; unit: number; displayUnit: number | null; gramsPerMetre: number | null }) {
  const lang = useLang();
  const d = displayedLine(1, cents, unit, displayUnit, gramsPerMetre);
  if (d.own || d.unitPrice === null || cents === null) return <Price cents={cents} unit={unit} />;
  return (
    // Two lines, each kept whole: beside a yard price in a narrow column the metre price crowded it (390 px).
    <span className="line-price" data-display-price={d.unit}>
      <Price cents={d.unitPrice} unit={d.unit} />
      <span className="line-price__own muted" data-own-price>({`¥${formatPrice(cents, lang)}/${unitLabels[unit]?.[lang] ?? ''}`})</span>
    </span>
  );
}

/**
 * A line's quantity in the buyer's unit (displayedQuantityParts), its note of the unit it is priced in kept
 * whole: in a narrow column the note goes under the quantity instead of breaking inside it (390 px).
 */
export function LineQuantity({ num, unit, buyType, displayUnit, gramsPerMetre }: { num: number; unit: number; buyType: number; displayUnit: number | null; gramsPerMetre: number | null }) {
  const lang = useLang();
  const p = displayedQuantityParts(num, unit, buyType, displayUnit, gramsPerMetre, lang);
  return <><span className="line-quantity__shown">{p.shown}</span>{p.note ? <>{p.gap}<span className="line-quantity__note">{p.note}</span></> : null}</>;
}
