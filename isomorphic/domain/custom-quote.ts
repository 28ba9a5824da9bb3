// Sellers' quotes on custom requests (issue 17, item 3), shared by the api and the pages.
//
// Which sellers a request reaches ("match"): a company has no category field, but every product it sells
// has a kind (ProductKind: 1 lace pattern, 2 garment), and a custom request has a kind too (a pattern from
// /flower/custom, a garment from /home/clothes/custom). A request is shown to the settled sellers of every
// active company that has at least one product of the request's kind on sale: a lace maker sees pattern
// requests, a garment maker garment requests, a company selling both sees both. The free-text main
// business is not used (it is not a category, and words in it would match by accident). A seller never
// sees a request they sent themselves.
//
// Quoting: each company answers a request once, either a quote (a price in cents for the quantity asked,
// a lead time in days, a note) or a decline (an optional note). The answer stays editable, and may turn
// from a quote into a decline and back, while the request is open: for `openDays` days after it was sent
// (a request has no close button yet). After that the request still shows to the companies that answered
// it (read only), and to no one else. The buyer hears of every quote (a new one or a changed one) in the
// message centre; a decline is shown on the request but sends no message.
import { CustomQuoteCodes } from './custom-quote-codes';
import type { Bilingual } from './notification-codes';

export { CustomQuoteCodes };

export const CustomQuoteLimits = {
  openDays: 30,
  minPrice: 1,                  // cents
  maxPrice: 1_000_000_000,      // cents: 10 million yuan
  minLeadDays: 1,
  maxLeadDays: 365,
  noteMax: 300,
} as const;

export const QuoteStatus = { QUOTED: 1, DECLINED: 2 } as const;
export type QuoteStatusValue = (typeof QuoteStatus)[keyof typeof QuoteStatus];

/** The product kinds (ProductKind) a request of this kind reaches. */
export const customKindOfProductKind: Record<number, 'pattern' | 'garment'> = { 1: 'pattern', 2: 'garment' };

const DAY = 24 * 60 * 60 * 1000;
/** When a request sent at `createdAt` stops taking quotes. */
export const quotesOpenUntil = (createdAt: string | Date): Date => new Date(new Date(createdAt).getTime() + CustomQuoteLimits.openDays * DAY);
export const isOpenForQuotes = (createdAt: string | Date, now: Date): boolean => now.getTime() < quotesOpenUntil(createdAt).getTime();

export interface QuoteInput { decline: boolean; price?: number | null; leadDays?: number | null; note?: string }

export const isQuotePrice = (n: unknown): boolean =>
  typeof n === 'number' && Number.isInteger(n) && n >= CustomQuoteLimits.minPrice && n <= CustomQuoteLimits.maxPrice;
export const isLeadDays = (n: unknown): boolean =>
  typeof n === 'number' && Number.isInteger(n) && n >= CustomQuoteLimits.minLeadDays && n <= CustomQuoteLimits.maxLeadDays;

/** The code of the first rule a quote or decline breaks, or null. */
export function checkQuote(q: QuoteInput): number | null {
  if ((q.note ?? '').trim().length > CustomQuoteLimits.noteMax) return CustomQuoteCodes.CUSTOM_QUOTE_NOTE_TOO_LONG;
  if (q.decline) return null;
  if (!isQuotePrice(q.price)) return CustomQuoteCodes.CUSTOM_QUOTE_PRICE_INVALID;
  if (!isLeadDays(q.leadDays)) return CustomQuoteCodes.CUSTOM_QUOTE_LEAD_INVALID;
  return null;
}

/** The messages of CustomQuoteCodes (the api passes them to ApiError; see codes.ts). */
export const customQuoteCodeMessages: Record<number, Bilingual> = {
  [CustomQuoteCodes.CUSTOM_REQUEST_NOT_SHOWN]: { zh: '该定制需求不存在或不面向您的店铺', en: 'This custom request does not exist or is not open to your shop' },
  [CustomQuoteCodes.CUSTOM_QUOTE_CLOSED]: { zh: '该定制需求已截止报价', en: 'This custom request no longer takes quotes' },
  [CustomQuoteCodes.CUSTOM_QUOTE_PRICE_INVALID]: { zh: '请填写正确的报价（0.01 至 1000 万元）', en: 'Please enter a price from 0.01 to 10,000,000 yuan' },
  [CustomQuoteCodes.CUSTOM_QUOTE_LEAD_INVALID]: { zh: '请填写正确的交期（1 至 365 天）', en: 'Please enter a lead time from 1 to 365 days' },
  [CustomQuoteCodes.CUSTOM_QUOTE_NOTE_TOO_LONG]: { zh: '备注最多 300 字', en: 'The note can be at most 300 characters' },
};
