// The product page's bulk price ladder: each step's quantity and unit price, priced by the api the same
// way (the cart and the order use the ladder for the quantity per colour). Lengths are shown in the
// other length unit too (metres ⇄ yards) for buyers who think in it.
import type { PriceStep } from '../../domain/price-ladder';
import { isLengthUnit, otherLength, Unit, unitLabels } from '../../domain/catalogue';
import { kilogramsOf } from '../../domain/units';
import { formatPrice, groupDigits } from '../../domain/format';
import { HydrateLater } from '../../components/hydrate-later';
import { useLang } from '../../components/use-lang';
import { fill, useWords } from '../../components/use-words';
import { priceLadderWords } from './price-ladder.words';

const round1 = (n: number) => groupDigits(Math.round(n * 10) / 10);

export function PriceLadderTable({ ladder, unit, weightPerMetre = null }: { ladder: PriceStep[]; unit: number; weightPerMetre?: number | null }) {
  const w = useWords(priceLadderWords);
  const lang = useLang();
  if (ladder.length === 0) return null;
  const name = unitLabels[unit]?.[lang] ?? '';
  const other = (q: number) => otherLength(q, unit);
  const otherName = (u: number) => unitLabels[u]?.[lang] ?? '';
  // Hydrates in a task of its own (HydrateLater).
  return (
    <HydrateLater><section className="price-ladder" aria-labelledby="price-ladder-title" data-testid="price-ladder">
      <h2 id="price-ladder-title" className="section-title">{w.ladderTitle}</h2>
      <table className="price-ladder__table">
        <thead><tr><th scope="col">{w.quantity}</th><th scope="col">{w.unitPrice}</th></tr></thead>
        <tbody>
          {ladder.map((s) => {
            const q = other(s.from);
            // price per other unit: a yard is shorter than a metre, so it costs less
            const perOther = isLengthUnit(unit) && q ? s.price * (s.from / q.quantity) : null;
            // kilograms only where the seller gave the weight per metre
            const kg = kilogramsOf(s.from, unit, weightPerMetre);
            const kgName = unitLabels[Unit.KILO]?.[lang] ?? 'kg';
            return (
              <tr key={s.from} data-from={s.from}>
                <td>
                  {fill(w.fromQuantity, { quantity: `${groupDigits(s.from)} ${name}` })}
                  {q ? <span className="muted"> ({fill(w.converted, { value: `${round1(q.quantity)} ${otherName(q.unit)}` })})</span> : null}
                  {kg !== null ? <span className="muted" data-kg> ({fill(w.converted, { value: `${round1(kg)} ${kgName}` })})</span> : null}
                </td>
                <td>
                  <strong>¥{formatPrice(s.price, lang)}</strong> / {name}
                  {q && perOther !== null ? <span className="muted"> ({fill(w.converted, { value: `¥${formatPrice(Math.round(perOther), lang)} / ${otherName(q.unit)}` })})</span> : null}
                  {kg ? <span className="muted" data-kg-price> ({fill(w.converted, { value: `¥${formatPrice(Math.round((s.price * s.from) / kg), lang)} / ${kgName}` })})</span> : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {weightPerMetre && kilogramsOf(1, unit, weightPerMetre) !== null ? <p className="muted" data-testid="weight-per-metre">{fill(w.weightPerMetre, { grams: groupDigits(weightPerMetre) })}</p> : null}
      <p className="muted">{fill(w.minimum, { quantity: `${groupDigits(ladder[0].from)} ${name}` })} · {w.sampleFree}</p>
    </section></HydrateLater>
  );
}
