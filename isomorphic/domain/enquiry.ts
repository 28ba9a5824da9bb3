// Enquiries (询盘, SPEC §3 and §7, issue 19 item 7): a signed-in user asks the owner of a product, a
// supply offer or a purchase request; the owner (the seller's company, or the buyer of a request) answers
// in a thread that only the two parties read. The api enforces these; the pages show them.
import type { Bilingual } from './trade-codes';

/** What an enquiry is about. */
export const EnquiryTarget = { PRODUCT: 1, SUPPLY: 2, PURCHASE: 3 } as const;
export type EnquiryTargetKind = (typeof EnquiryTarget)[keyof typeof EnquiryTarget];
export const enquiryTargetKinds = Object.values(EnquiryTarget) as EnquiryTargetKind[];

export const enquiryTargetLabels: Record<EnquiryTargetKind, Bilingual> = {
  1: { zh: '商品', en: 'Product' },
  2: { zh: '供应', en: 'Supply offer' },
  3: { zh: '求购', en: 'Purchase request' },
};

/** The page of what an enquiry is about. */
export function enquiryTargetPath(kind: number, id: number): string {
  return kind === EnquiryTarget.SUPPLY ? `/supply/${id}` : kind === EnquiryTarget.PURCHASE ? `/buy/${id}` : `/flower/${id}`;
}

/** The two sides of a thread. */
export type EnquirySide = 'asker' | 'seller';
/** `received`: enquiries to me (my company's, or about my own requests); `sent`: the ones I asked. */
export type EnquiryBox = 'received' | 'sent';
/** List filters: not answered by the seller yet, answered, or with news for me. */
export type EnquiryState = 'unanswered' | 'answered' | 'unread';

export const EnquiryLimits = {
  textMin: 1,
  textMax: 500,
  keywordMax: 50,
  /** per asking account: an outsider must not flood sellers */
  asksPerHour: 10,
  asksPerDay: 30,
  repliesPerHour: 60,
  maxReplies: 200,
} as const;

/** Whether a message (trimmed) has an acceptable length, counted in characters. */
export function isEnquiryText(text: string): boolean {
  const n = [...text.trim()].length;
  return n >= EnquiryLimits.textMin && n <= EnquiryLimits.textMax;
}

/** A mobile number as shown to a seller: the middle four digits hidden. */
