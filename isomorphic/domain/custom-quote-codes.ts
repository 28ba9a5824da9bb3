// Codes of sellers' quotes on custom requests (issue 17, range 400150-400199): numbers only, spread into
// the shared Codes table (codes.ts) that every page loads. Their messages live with the rules in
// custom-quote.ts, loaded only by the pages that quote and by the api.

export const CustomQuoteCodes = {
  CUSTOM_REQUEST_NOT_SHOWN: 400150,
  CUSTOM_QUOTE_CLOSED: 400151,
  CUSTOM_QUOTE_PRICE_INVALID: 400152,
  CUSTOM_QUOTE_LEAD_INVALID: 400153,
  CUSTOM_QUOTE_NOTE_TOO_LONG: 400154,
} as const;
