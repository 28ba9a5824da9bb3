// Words of sellers' quotes on custom requests: the buyer's view of the quotes (personal centre and under
// the forms) and the shop manager's list of matching requests, as {zh, en} pairs.
import type { Words } from '../../components/use-words';

export const quoteWords = {
  // the buyer
  personTitle: { zh: '我的定制', en: 'My custom requests' },
  personIntro: { zh: '您发出的定制需求，以及与之品类相符的厂家给出的报价。', en: 'The custom requests you sent, and the quotes of the mills whose products match them.' },
  newPattern: { zh: '来图定制花型', en: 'New custom pattern' },
  newGarment: { zh: '服装定制', en: 'New custom garment' },
  kindPattern: { zh: '定制花型', en: 'Custom pattern' },
  kindGarment: { zh: '定制服装', en: 'Custom garment' },
  quotes: { zh: '厂家报价（{n}）', en: 'Quotes ({n})' },
  noQuotes: { zh: '暂无报价，报价截止于 {date}。', en: 'No quote yet; quotes are taken until {date}.' },
  quoteLine: { zh: '¥{price}，交期 {days} 天', en: '¥{price}, lead time {days} days' },
  declinedLine: { zh: '暂不接单', en: 'Declined' },
  // the seller
  sellerTitle: { zh: '定制需求', en: 'Custom requests' },
  sellerIntro: {
    zh: '买家发布的定制需求中，与您店铺在售商品品类相符的（花型需求给在售花型的店铺，服装需求给在售服装的店铺）。需求发布后 {days} 天内可报价或婉拒，并可随时修改。',
    en: 'Buyers\' custom requests of the kinds your shop has on sale (pattern requests for shops selling patterns, garment requests for shops selling garments). You can quote or decline, and change your answer, for {days} days after a request is sent.',
  },
  noSellerRequests: { zh: '暂无与您的店铺相符的定制需求。', en: 'No custom request matches your shop yet.' },
  sentAt: { zh: '发布于 {time}', en: 'Sent {time}' },
  openUntil: { zh: '报价截止 {date}', en: 'Quotes until {date}' },
  closed: { zh: '已截止报价', en: 'Closed for quotes' },
  notAnswered: { zh: '未回复', en: 'Not answered' },
  myQuote: { zh: '我的报价：¥{price}，交期 {days} 天', en: 'My quote: ¥{price}, lead time {days} days' },
  myDecline: { zh: '已婉拒', en: 'Declined' },
  price: { zh: '报价（元，按需求数量）', en: 'Price (yuan, for the quantity asked)' },
  leadDays: { zh: '交期（天）', en: 'Lead time (days)' },
  note: { zh: '备注（选填）', en: 'Note (optional)' },
  sendQuote: { zh: '发送报价', en: 'Send quote' },
  updateQuote: { zh: '更新报价', en: 'Update quote' },
  decline: { zh: '婉拒', en: 'Decline' },
  edit: { zh: '修改', en: 'Change' },
  cancel: { zh: '取消', en: 'Cancel' },
  sending: { zh: '正在发送…', en: 'Sending…' },
} satisfies Words;
