// Settlement (入驻) of SPEC §2 /settle/apply, §5 and §9: who may apply, the limits of every field with
// its message in both languages, and the application's states. The api, the page and the tests import it.
import { UserType } from './catalogue';
import { SettlementCodes } from './settlement-codes';

export interface Bilingual { zh: string; en: string }

export const SettlementStatus = { SUBMITTED: 0, APPROVED: 1, REJECTED: 2, WITHDRAWN: 3 } as const;
export type SettlementStatusValue = (typeof SettlementStatus)[keyof typeof SettlementStatus];

export const settlementStatusLabels: Record<number, Bilingual> = {
  [SettlementStatus.SUBMITTED]: { zh: '审核中', en: 'Under review' },
  [SettlementStatus.APPROVED]: { zh: '已通过', en: 'Approved' },
  [SettlementStatus.REJECTED]: { zh: '未通过', en: 'Rejected' },
  [SettlementStatus.WITHDRAWN]: { zh: '已撤回', en: 'Withdrawn' },
};

/** Manufacturers and traders settle as sellers (a shop); a designer's studio settles as a buyer company. */
export type SettlementKind = 'seller' | 'buyer';
export const settlementKindOf = (userType: number): SettlementKind => (userType === UserType.DESIGNER ? 'buyer' : 'seller');
/** The company kind an approval creates: 1 manufacturer, 2 trader, 3 buyer studio. */
export const companyKindOf = (userType: number): number => (userType === UserType.MANUFACTURER ? 1 : userType === UserType.TRADER ? 2 : 3);
/** A seller: a manufacturer or trader whose company is settled (the shop manager is theirs); defined beside UserType. */
export { isSellerType } from './catalogue';

export const SettlementLimits = {
  companyName: { min: 4, max: 30 },
  abbreviation: { min: 2, max: 8 },
  mainBusiness: { min: 2, max: 15 },
  intro: { max: 500 },
  address: { min: 2, max: 100 },
  remark: { min: 1, max: 200 },
  rejectReason: { min: 2, max: 200 },
  imagePath: { max: 300 },
} as const;

export { SettlementCodes } from './settlement-codes';
export { settlementCodeMessages } from './settlement-code-messages';

export interface SettlementInput {
  companyName: string;
  abbreviation: string;
  mainBusiness: string;
  intro?: string;
  landId?: number | null;
  provinceCode: string;
  cityCode: string;
  address: string;
  licencePath: string;
  companyImagePath: string;
  remark: string;
  agreed: boolean;
}

export type SettlementField = keyof SettlementInput;

const len = (s: string | undefined) => [...(s ?? '').trim()].length;
const within = (s: string | undefined, min: number, max: number) => len(s) >= min && len(s) <= max;

/**
 * Every rule of the form, in the order the page shows them: the first failing field and its code.
 * `kind` decides whether a lace-industry area is required (sellers only).
 */
export function checkSettlement(input: Partial<SettlementInput>, kind: SettlementKind): Array<{ field: SettlementField; code: number }> {
  const L = SettlementLimits;
  const C = SettlementCodes;
  const problems: Array<{ field: SettlementField; code: number }> = [];
  if (!within(input.companyName, L.companyName.min, L.companyName.max)) problems.push({ field: 'companyName', code: C.SETTLE_COMPANY_NAME });
  if (!within(input.abbreviation, L.abbreviation.min, L.abbreviation.max)) problems.push({ field: 'abbreviation', code: C.SETTLE_ABBREVIATION });
  if (!within(input.mainBusiness, L.mainBusiness.min, L.mainBusiness.max)) problems.push({ field: 'mainBusiness', code: C.SETTLE_MAIN_BUSINESS });
  if (len(input.intro) > L.intro.max) problems.push({ field: 'intro', code: C.SETTLE_INTRO });
  if (kind === 'seller' && !input.landId) problems.push({ field: 'landId', code: C.SETTLE_LAND });
  if (!input.provinceCode || !input.cityCode) problems.push({ field: 'provinceCode', code: C.SETTLE_REGION });
  if (!within(input.address, L.address.min, L.address.max)) problems.push({ field: 'address', code: C.SETTLE_ADDRESS });
  if (!input.licencePath?.trim()) problems.push({ field: 'licencePath', code: C.SETTLE_LICENCE });
  if (!input.companyImagePath?.trim()) problems.push({ field: 'companyImagePath', code: C.SETTLE_COMPANY_IMAGE });
  if (!within(input.remark, L.remark.min, L.remark.max)) problems.push({ field: 'remark', code: C.SETTLE_REMARK });
  if (input.agreed !== true) problems.push({ field: 'agreed', code: C.SETTLE_AGREEMENT });
  return problems;
}

/** The platform rules a settling company agrees to (the rules page shows them). */
export const platformRules: Array<{ title: Bilingual; body: Bilingual }> = [
  {
    title: { zh: '一、真实资料', en: '1. True information' },
    body: {
      zh: '入驻企业须提交真实、有效的营业执照和公司图片，公司名称、简称、主营业务与执照一致。资料变更时应及时更新。',
      en: 'A settling company submits a true and valid business licence and company image; its name, abbreviation and main business match the licence. Changes are updated promptly.',
    },
  },
  {
    title: { zh: '二、商品与花型', en: '2. Products and patterns' },
    body: {
      zh: '卖家只发布本企业有权销售的花边、面料和服装，不得抄袭他人花型；图片须为实物拍摄或本企业设计稿。',
      en: 'Sellers list only lace, fabric and garments they have the right to sell, never copy another company\'s pattern, and show photos of the real goods or their own designs.',
    },
  },
  {
    title: { zh: '三、交易与售后', en: '3. Trade and after-sale' },
    body: {
      zh: '卖家按订单约定的价格、交期和发货方式履约；买家申请售后时，平台介入并作出最终决定，双方应配合。',
      en: 'Sellers fulfil orders at the agreed price, lead time and delivery; when a buyer asks for after-sale, the platform steps in and decides, and both sides cooperate.',
    },
  },
  {
    title: { zh: '四、审核与处理', en: '4. Review and measures' },
    body: {
      zh: '平台在收到申请后审核资料，通过或说明驳回原因；驳回的申请可修改后重新提交。违反规则的企业，平台可暂停其店铺，其商品随之下架，整改后恢复。',
      en: 'The platform reviews each application and approves it or gives the reason for rejecting it; a rejected application may be corrected and resubmitted. A company that breaks these rules may have its shop suspended, which takes its products off sale until it is restored.',
    },
  },
  {
    title: { zh: '五、隐私', en: '5. Privacy' },
    body: {
      zh: '入驻资料仅用于审核和平台运营，只有平台运营人员可以查看证件图片。',
      en: 'Settlement documents are used only for review and running the platform; only platform operators can see the document images.',
    },
  },
];
