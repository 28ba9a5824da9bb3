// Helpers shared by the cart and the order confirmation: the buy type of a URL, line names, totals.
import type { CartGroup, CartLine } from '../../contracts/order';
import { BuyType } from '../../domain/catalogue';
import { buyTypes, type BuyTypeCode } from '../../domain/order';
import { byLang, hasPrice, type Lang } from '../../domain/format';

export function toBuyType(raw: string | null): BuyTypeCode {
  const n = Number(raw);
  return (buyTypes as readonly number[]).includes(n) ? (n as BuyTypeCode) : BuyType.SAMPLE_CUT;
}

export const lineTitle = (l: { title: string; titleEn: string }, lang: Lang) => byLang(lang, l.title, l.titleEn);
export const lineColour = (l: { colourName: string; colourNameEn: string }, lang: Lang) => byLang(lang, l.colourName, l.colourNameEn);
export const companyName = (g: { companyName: string; companyNameEn: string }, lang: Lang) => byLang(lang, g.companyName, g.companyNameEn);

export interface CartTotals { count: number; amount: number; negotiable: number }

/** SPEC §9: samples are free; a line without a price (by negotiation) is counted apart, not in the amount. */
export function totalsOf(lines: CartLine[], buyType: number): CartTotals {
  let amount = 0;
  let negotiable = 0;
  for (const l of lines) {
    if (buyType === BuyType.SAMPLE_CUT) continue;
    if (hasPrice(l.price)) amount += l.price * l.buyNum;
    else negotiable += 1;
  }
  return { count: lines.length, amount, negotiable };
}

export function lineAmount(line: CartLine, buyType: number): number | null {
  if (buyType === BuyType.SAMPLE_CUT) return 0;
  return hasPrice(line.price) ? line.price * line.buyNum : null;
}

/** The lines of `groups` whose id is in `ids`, still grouped by company (empty groups dropped). */
export function pickLines(groups: CartGroup[], ids: ReadonlySet<number>): CartGroup[] {
  return groups
    .map((g) => ({ ...g, shoppingCarts: g.shoppingCarts.filter((l) => ids.has(l.id) && l.available) }))
    .filter((g) => g.shoppingCarts.length > 0);
}
