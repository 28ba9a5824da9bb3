// Quantities in units a buyer reads (issue 17): kilograms where the seller gave a weight per metre, and a
// cart or order line's quantity with its unit. Apart from catalogue.ts so that only the pages that show
// them load them (every page's first script carries catalogue.ts).
import { BuyType, METRES_PER_YARD, otherLength, Unit, unitLabels } from './catalogue';
import { gapOf, groupDigits } from './format';

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
 * A cart or order line's quantity in its own unit ("1,200 米" "（约 1,312.3 码）", "1,200 metres" "(about 1,312.3
 * yards)"): a length is also given in the other length unit, as the note; a sample cut is a number of cuts, written bare.
 */
function lineQuantityParts(num: number, unit: number, buyType: number, lang: 'zh' | 'en'): { shown: string; gap: string; note: string | null } {
  if (buyType === BuyType.SAMPLE_CUT) return { shown: groupDigits(num), gap: '', note: null };
  const shown = `${groupDigits(num)} ${unitName(num, unit, lang)}`.trim();
  const other = otherLength(num, unit);
  if (!other) return { shown, gap: '', note: null };
  const q = roundQuantity(other.quantity);
  const otherText = `${groupDigits(q)} ${unitName(q, other.unit, lang)}`;
  return { shown, gap: gapOf(lang), note: lang === 'zh' ? `（约 ${otherText}）` : `(about ${otherText})` };
}

/**
 * The units a buyer may see a product's quantities and prices in: its own; a length (metres, yards) also
 * in the other length unit, and in kilograms where the seller gives a weight per metre.
 */
export function displayUnitsOf(unit: number, gramsPerMetre: number | null | undefined): number[] {
  const other = otherLength(1, unit);
  if (!other) return [unit];
  return gramsPerMetre && gramsPerMetre > 0 ? [unit, other.unit, Unit.KILO] : [unit, other.unit];
}

/**
 * How many `display` units one `unit` is, exactly (a metre is 1/0.9144 yards; at g grams a metre, a metre is
 * g/1000 kilograms), or null when the product cannot be shown in that unit.
 */
export function displayFactor(unit: number, display: number, gramsPerMetre: number | null | undefined): number | null {
  if (display === unit) return 1;
  if (!displayUnitsOf(unit, gramsPerMetre).includes(display)) return null;
  const metres = unit === Unit.METRE ? 1 : METRES_PER_YARD;
  if (display === Unit.METRE) return metres;
  if (display === Unit.YARD) return metres / METRES_PER_YARD;
  return (metres * (gramsPerMetre as number)) / 1000;
}

/** A line's quantity and unit price in the unit the buyer chose to see it in (priced by the api in the product's own unit). */
export interface DisplayedLine {
  /** the unit shown: the buyer's choice, or the product's own when it cannot be shown in it */
  unit: number;
  /** the quantity in that unit, exactly (round it for reading with roundQuantity) */
  quantity: number;
  /** cents per shown unit, rounded to the cent (null: price by negotiation) */
  unitPrice: number | null;
  /** whether this is the product's own unit (nothing converted) */
  own: boolean;
}

export function displayedLine(num: number, unitPrice: number | null, unit: number, display: number | null | undefined, gramsPerMetre: number | null | undefined): DisplayedLine {
  const f = display ? displayFactor(unit, display, gramsPerMetre) : null;
  if (!display || f === null || f === 1) return { unit, quantity: num, unitPrice, own: true };
  return { unit: display, quantity: num * f, unitPrice: unitPrice === null ? null : Math.round(unitPrice / f), own: false };
}

/** A converted quantity for reading: whole numbers stay whole, others to one decimal (1,312.3 yards; 180 kilos). */
export const roundQuantity = (q: number): number => Math.round(q * 10) / 10;

/** A unit's name in a language, in the plural for English counts other than 1 ("yards"). */
export function unitName(n: number, unit: number, lang: 'zh' | 'en'): string {
  const label = unitLabels[unit]?.[lang] ?? '';
  return lang === 'en' && n !== 1 && /^[a-z]+$/.test(label) ? `${label}s` : label;
}

/**
 * A line's quantity in the buyer's unit with what it is priced as, in parts that pages keep whole ("1,312.3 码"
 * "（按 1,200 米计价）", "1,312.3 yards" "(priced as 1,200 metres)"): the quantity shown, its note (the unit it is
 * priced in; in the product's own unit, the other length unit; null for a count) and the gap between them.
 */
export function displayedQuantityParts(num: number, unit: number, buyType: number, display: number | null | undefined, gramsPerMetre: number | null | undefined, lang: 'zh' | 'en'): { shown: string; gap: string; note: string | null } {
  const d = buyType === BuyType.SAMPLE_CUT ? null : displayedLine(num, null, unit, display, gramsPerMetre);
  if (!d || d.own) return lineQuantityParts(num, unit, buyType, lang);
  const q = roundQuantity(d.quantity);
  const shown = `${groupDigits(q)} ${unitName(q, d.unit, lang)}`;
  const own = `${groupDigits(num)} ${unitName(num, unit, lang)}`;
  return { shown, gap: gapOf(lang), note: lang === 'zh' ? `（按 ${own}计价）` : `(priced as ${own})` };
}
