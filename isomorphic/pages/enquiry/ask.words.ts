// Words of the "ask the seller" entry (询盘, issue 19), as {zh, en} pairs.
/** Kept apart from the enquiry pages' words: these load with the product, supply and purchase pages. */
export const askWords = {
  askSeller: { zh: '询问卖家', en: 'Ask the seller' },
  askBuyer: { zh: '询问求购方', en: 'Ask the buyer' },
  signInToAsk: { zh: '登录后询问', en: 'Sign in to ask' },
  questionLabel: { zh: '您的问题', en: 'Your question' },
  placeholder: { zh: '例如：有现货吗？起订量多少？能寄样吗？', en: 'For example: is it in stock? What is the minimum order? Can you send a sample?' },
  send: { zh: '发送询盘', en: 'Send enquiry' },
  sending: { zh: '发送中…', en: 'Sending…' },
  cancel: { zh: '取消', en: 'Cancel' },
  sent: { zh: '询盘已发送，对方回复后您会收到消息通知。', en: 'Enquiry sent. You will get a message when they reply.' },
  view: { zh: '查看我的询盘', en: 'See my enquiries' },
  chars: { zh: '{n}/{max} 字', en: '{n}/{max} characters' },
} as const;
