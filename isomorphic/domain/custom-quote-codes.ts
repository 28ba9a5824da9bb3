// Codes of sellers' quotes on custom requests (issue 17, range 400150-400199), apart from the rules
// (custom-quote.ts) so that the shared code table stays small.
import type { Bilingual } from './notification-codes';

export const CustomQuoteCodes = {
  CUSTOM_REQUEST_NOT_SHOWN: 400150,
  CUSTOM_QUOTE_CLOSED: 400151,
  CUSTOM_QUOTE_PRICE_INVALID: 400152,
  CUSTOM_QUOTE_LEAD_INVALID: 400153,
  CUSTOM_QUOTE_NOTE_TOO_LONG: 400154,
} as const;

export const customQuoteCodeMessages: Record<number, Bilingual> = {
  [CustomQuoteCodes.CUSTOM_REQUEST_NOT_SHOWN]: { zh: '该定制需求不存在或不面向您的店铺', en: 'This custom request does not exist or is not open to your shop' },
  [CustomQuoteCodes.CUSTOM_QUOTE_CLOSED]: { zh: '该定制需求已截止报价', en: 'This custom request no longer takes quotes' },
  [CustomQuoteCodes.CUSTOM_QUOTE_PRICE_INVALID]: { zh: '请填写正确的报价（0.01 至 1000 万元）', en: 'Please enter a price from 0.01 to 10,000,000 yuan' },
  [CustomQuoteCodes.CUSTOM_QUOTE_LEAD_INVALID]: { zh: '请填写正确的交期（1 至 365 天）', en: 'Please enter a lead time from 1 to 365 days' },
  [CustomQuoteCodes.CUSTOM_QUOTE_NOTE_TOO_LONG]: { zh: '备注最多 300 字', en: 'The note can be at most 300 characters' },
};
