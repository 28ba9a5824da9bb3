// The message centre: what each kind of message says, in both languages, rendered when it is read
// (a message stores its kind and parameters, so a language switch rewords old messages too), and who is
// told of which order event. Later issues add their kinds here.
import { actionLabels } from './order';
import { certificateTypes } from './certificate-types';

import type { Bilingual } from './notification-codes';

export type { Bilingual } from './notification-codes';
export { NotificationCodes, notificationCodeMessages, NotificationLimits } from './notification-codes';
export type NoticeParams = Record<string, string | number>;

const s = (v: string | number | undefined) => String(v ?? '');

/** Title and body of each kind. Unknown kinds (from a newer version) fall back to a neutral text. */
export const noticeTemplates: Record<string, (p: NoticeParams) => { title: Bilingual; body: Bilingual }> = {
  settlementApproved: (p) => ({
    title: { zh: '入驻申请已通过', en: 'Your application was approved' },
    body: { zh: `恭喜，${s(p.company)} 已入驻平台。`, en: `Congratulations, ${s(p.company)} has settled on the platform.` },
  }),
  settlementRejected: (p) => ({
    title: { zh: '入驻申请未通过', en: 'Your application was not approved' },
    body: { zh: `原因：${s(p.reason)}。您可以修改后重新提交。`, en: `Reason: ${s(p.reason)}. You may correct it and resubmit.` },
  }),
  settlementSubmitted: (p) => ({
    title: { zh: '新的入驻申请', en: 'New settlement application' },
    body: { zh: `${s(p.company)} 提交了入驻申请，等待审核。`, en: `${s(p.company)} applied to settle and awaits review.` },
  }),
  companySuspended: (p) => ({
    title: { zh: '店铺已被暂停', en: 'Your shop was suspended' },
    body: { zh: `原因：${s(p.reason)}。店铺商品已下架。`, en: `Reason: ${s(p.reason)}. Your products are off sale.` },
  }),
  companyRestored: () => ({
    title: { zh: '店铺已恢复', en: 'Your shop was restored' },
    body: { zh: '店铺商品已重新上架。', en: 'Your products are on sale again.' },
  }),
  certificateVerified: (p) => {
    const type = certificateTypes[Number(p.type)] ?? { zh: '资质证书', en: 'Certificate' };
    return {
      title: { zh: '资质证书已认证', en: 'Your certificate was verified' },
      body: { zh: `${type.zh}（${s(p.number)}）已通过平台认证，有效期内店铺显示认证标识。`, en: `${type.en} (${s(p.number)}) was verified: your shop shows the verified badge while it is valid.` },
    };
  },
  certificateRejected: (p) => {
    const type = certificateTypes[Number(p.type)] ?? { zh: '资质证书', en: 'Certificate' };
    return {
      title: { zh: '资质证书未通过认证', en: 'Your certificate was not accepted' },
      body: { zh: `${type.zh}（${s(p.number)}）未通过认证，原因：${s(p.reason)}。您可以修改后重新提交。`, en: `${type.en} (${s(p.number)}) was not accepted. Reason: ${s(p.reason)}. You may correct it and save it again.` },
    };
  },
  customQuote: (p) => {
    const price = (Number(p.price) / 100).toFixed(2);
    const what = p.kind === 'garment' ? { zh: '定制服装', en: 'custom garment' } : { zh: '定制花型', en: 'custom pattern' };
    const company = { zh: s(p.company), en: s(p.companyEn) || s(p.company) };
    return {
      title: Number(p.updated) === 1
        ? { zh: `${what.zh}需求的报价已更新`, en: `A quote on your ${what.en} request was updated` }
        : { zh: `您的${what.zh}需求收到新报价`, en: `A new quote on your ${what.en} request` },
      body: { zh: `${company.zh} 报价 ¥${price}，交期 ${s(p.leadDays)} 天。`, en: `${company.en} quotes ¥${price}, lead time ${s(p.leadDays)} days.` },
    };
  },
  purchaseResponse: (p) => ({
    title: p.changed ? { zh: `求购 #${s(p.request)} 的报价已更新`, en: `A response to request #${s(p.request)} was updated` } : { zh: `求购 #${s(p.request)} 收到新报价`, en: `A new response to request #${s(p.request)}` },
    body: { zh: `${s(p.company)} 报价，交期 ${s(p.leadDays)} 天。点击比较所有报价。`, en: `${s(p.companyEn) || s(p.company)} responded, lead time ${s(p.leadDays)} days. Open the request to compare the responses.` },
  }),
  purchaseMatch: (p) => ({
    title: { zh: `新求购与您的花型相符：#${s(p.request)}`, en: `A new request matching your patterns: #${s(p.request)}` },
    body: { zh: `买家的图片与您店铺的花型相似：${s(p.description)}。您比其他商家先收到，点击查看并报价。`, en: `The buyer's picture looks like patterns of your shop: ${s(p.description)}. You got it first; open it to respond.` },
  }),
  purchaseSelected: (p) => ({
    title: { zh: `您的报价被选中：求购 #${s(p.request)}`, en: `Your response was chosen: request #${s(p.request)}` },
    body: { zh: `买家已下大货订单 ${s(p.orderNo)}，请确认订单。`, en: `The buyer placed bulk order ${s(p.orderNo)}; please confirm it.` },
  }),
  purchaseNotChosen: (p) => ({
    title: { zh: `求购 #${s(p.request)} 已选定其他供应商`, en: `Request #${s(p.request)}: another supplier was chosen` },
    body: { zh: '感谢您的报价，买家这次选择了其他供应商。', en: 'Thank you for responding; the buyer chose another supplier this time.' },
  }),
  enquiryNew: (p) => ({
    title: { zh: '您收到一条新询盘', en: 'You have a new enquiry' },
    body: { zh: `${s(p.asker)}：${s(p.text)}`, en: `${s(p.asker)}: ${s(p.text)}` },
  }),
  enquiryReply: (p) => ({
    title: { zh: '您的询盘有新回复', en: 'A new reply to your enquiry' },
    body: { zh: `${s(p.from)}：${s(p.text)}`, en: `${s(p.from)}: ${s(p.text)}` },
  }),
  order: (p) => {
    const label = actionLabels[s(p.action) as keyof typeof actionLabels] ?? { zh: '订单更新', en: 'Order updated' };
    return {
      title: { zh: `订单 ${s(p.orderNo)}：${label.zh}`, en: `Order ${s(p.orderNo)}: ${label.en}` },
      body: p.note ? { zh: s(p.note), en: s(p.note) } : { zh: '点击查看订单详情。', en: 'Open the order for its details.' },
    };
  },
};

export function renderNotice(kind: string, params: NoticeParams): { title: Bilingual; body: Bilingual } {
  const t = noticeTemplates[kind];
  return t ? t(params) : { title: { zh: '系统消息', en: 'Message' }, body: { zh: '', en: '' } };
}

export type OrderParty = 'buyer' | 'seller';

/** Who hears of an order event, by the action and who did it (SPEC §4 events of the issue). */
export function orderEventRecipients(action: string, actor: string): OrderParty[] {
  switch (action) {
    case 'place': return ['seller'];
    case 'confirm': case 'confirmBalance': case 'ship': case 'rejectPayment': return ['buyer'];
    case 'declarePayment': case 'receive': return ['seller'];
    case 'confirmPayment': return actor === 'system' ? ['buyer', 'seller'] : ['buyer'];
    case 'cancel': return actor === 'buyer' ? ['seller'] : actor === 'seller' ? ['buyer'] : ['buyer', 'seller'];
    case 'decideAfterSale': case 'complete': return ['buyer', 'seller'];
    case 'applyAfterSale': return ['seller'];
    default: return [];
  }
}
