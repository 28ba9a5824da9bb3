// Messages of the enquiry codes (enquiry-codes.ts), in both languages. Out of the shared code table, so
// that pages other than the enquiry ones do not load them.
import { EnquiryCodes as E } from './enquiry-codes';
import { EnquiryLimits } from './enquiry';

interface Labelled { zh: string; en: string }

export const enquiryCodeMessages: Record<number, Labelled> = {
  [E.ENQUIRY_NOT_FOUND]: { zh: '询盘不存在', en: 'This enquiry does not exist' },
  [E.ENQUIRY_TEXT]: { zh: `内容须为${EnquiryLimits.textMin}-${EnquiryLimits.textMax}个字符`, en: `The message must be ${EnquiryLimits.textMin}-${EnquiryLimits.textMax} characters` },
  [E.ENQUIRY_TARGET]: { zh: '询问的商品、供应或求购不存在或已结束', en: 'The product, offer or request you ask about does not exist or is no longer open' },
  [E.ENQUIRY_OWN_TARGET]: { zh: '不能询问自己发布的信息', en: 'You cannot ask about your own listing' },
  [E.ENQUIRY_SUPPLY_BUYERS_ONLY]: { zh: '供应信息仅对采购商开放，不能询问', en: 'Supply offers are open to buyers only, so you cannot ask about this one' },
  [E.ENQUIRY_PURCHASE_MERCHANTS_ONLY]: { zh: '求购信息仅对厂家和档口开放，不能询问', en: 'Purchase requests are open to manufacturers and traders only, so you cannot ask about this one' },
  [E.ENQUIRY_TOO_MANY]: {
    zh: `询盘太频繁：每小时最多${EnquiryLimits.asksPerHour}条，每天最多${EnquiryLimits.asksPerDay}条，请稍后再试`,
    en: `Too many enquiries: at most ${EnquiryLimits.asksPerHour} an hour and ${EnquiryLimits.asksPerDay} a day; please try again later`,
  },
  [E.ENQUIRY_REPLIES_TOO_MANY]: { zh: `回复太频繁：每小时最多${EnquiryLimits.repliesPerHour}条，请稍后再试`, en: `Too many replies: at most ${EnquiryLimits.repliesPerHour} an hour; please try again later` },
  [E.ENQUIRY_ASKER_NOT_FOUND]: { zh: '该用户没有向您询盘', en: 'This user has not sent you an enquiry' },
  [E.ENQUIRY_THREAD_FULL]: { zh: `每条询盘最多${EnquiryLimits.maxReplies}条回复，请发起新的询盘`, en: `An enquiry holds at most ${EnquiryLimits.maxReplies} replies; please start a new one` },
};
