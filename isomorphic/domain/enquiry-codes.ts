// Codes of enquiries (询盘, issue 19 item 7): 700150-700199, apart from their messages
// (enquiry-messages.ts), so that the shared code table brings neither into every page's first script:
// the api (api/http/errors.ts) and the enquiry pages read the messages.

export const EnquiryCodes = {
  ENQUIRY_NOT_FOUND: 700150,
  ENQUIRY_TEXT: 700151,
  ENQUIRY_TARGET: 700152,
  ENQUIRY_OWN_TARGET: 700153,
  ENQUIRY_SUPPLY_BUYERS_ONLY: 700154,
  ENQUIRY_PURCHASE_MERCHANTS_ONLY: 700155,
  ENQUIRY_TOO_MANY: 700156,
  ENQUIRY_REPLIES_TOO_MANY: 700157,
  ENQUIRY_ASKER_NOT_FOUND: 700158,
  ENQUIRY_THREAD_FULL: 700159,
} as const;
