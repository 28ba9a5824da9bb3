// Quantities in units a buyer reads (issue 17): kilograms where the seller gave a weight per metre, and a
// cart or order line's quantity with its unit. Apart from catalogue.ts so that only the pages that show
// them load them (every page's first script carries catalogue.ts).
import { BuyType, METRES_PER_YARD, otherLength, Unit, unitLabels } from './catalogue';

/**
 * Kilograms of a length quantity (metres or yards) of a product whose seller gave its weight per metre in
 * grams; null otherwise (kilograms are offered only then).
 */
export function kilogramsOf(quantity: number, unit: number, gramsPerMetre: number | null | undefined): number | null {
  if (!gramsPerMetre || gramsPerMetre <= 0) return null;
  const metres = unit === Unit.METRE ? quantity : unit === Unit.YARD ? quantity * METRES_PER_YARD : null;
  return metres === null ? null : (metres * gramsPerMetre) / 1000;
}
/**
 * A cart or order line's quantity with its unit ("1,200 米（约 1,312.3 码）", "1,200 metres (about 1,312.3
 * yards)"): a length is also given in the other length unit; a sample cut is a number of cuts, written bare.
 */
export function lineQuantityText(num: number, unit: number, buyType: number, lang: 'zh' | 'en'): string {
  if (buyType === BuyType.SAMPLE_CUT) return num.toLocaleString('en-US');
  const name = (n: number, u: number) => {
    const label = unitLabels[u]?.[lang] ?? '';
    return lang === 'en' && n !== 1 && /^[a-z]+$/.test(label) ? `${label}s` : label;
  };
  const text = `${num.toLocaleString('en-US')} ${name(num, unit)}`.trim();
  const other = otherLength(num, unit);
  if (!other) return text;
  const q = Math.round(other.quantity * 10) / 10;
  return lang === 'zh' ? `${text}（约 ${q.toLocaleString('en-US')} ${name(q, other.unit)}）` : `${text} (about ${q.toLocaleString('en-US')} ${name(q, other.unit)})`;
}
