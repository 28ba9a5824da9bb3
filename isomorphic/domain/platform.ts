// The platform side: company states an operator changes, the user roles, the audit log's actions and the
// codes of the operator console, in both languages.
import { CompanyStatus, PlatformCodes } from './platform-codes';

export { CompanyStatus, PlatformCodes } from './platform-codes';

export interface Bilingual { zh: string; en: string }

export const companyStatusLabels: Record<number, Bilingual> = {
  [CompanyStatus.REMOVED]: { zh: '已注销', en: 'Removed' },
  [CompanyStatus.ACTIVE]: { zh: '正常', en: 'Active' },
  [CompanyStatus.SUSPENDED]: { zh: '已暂停', en: 'Suspended' },
};

export const UserRole = { MEMBER: 'member', OPERATOR: 'operator' } as const;
export type UserRoleValue = (typeof UserRole)[keyof typeof UserRole];

export const PlatformLimits = { reason: { min: 2, max: 200 }, pageSize: 20, landName: { min: 2, max: 40 }, landNameEn: { max: 80 }, speciality: { max: 60 }, specialityEn: { max: 120 }, landSort: { max: 10_000 } } as const;

export const platformCodeMessages: Record<number, Bilingual> = {
  [PlatformCodes.PLATFORM_COMPANY_NOT_FOUND]: { zh: '公司不存在', en: 'This company does not exist' },
  [PlatformCodes.PLATFORM_COMPANY_STATE]: { zh: '公司当前状态不允许此操作', en: 'This is not possible in the company\'s current state' },
  [PlatformCodes.PLATFORM_REASON_REQUIRED]: { zh: '请填写原因（2-200个字符）', en: 'Please give a reason (2-200 characters)' },
  [PlatformCodes.COMPANY_SUSPENDED]: { zh: '您的店铺已被平台暂停，暂不能操作', en: 'Your shop is suspended by the platform and cannot act now' },
  [PlatformCodes.PLATFORM_LAND_NOT_FOUND]: { zh: '产业带不存在', en: 'This lace-industry area does not exist' },
  [PlatformCodes.PLATFORM_LAND_NAME]: { zh: '请填写产业带名称（2-40个字符）', en: 'Please give the area a name (2-40 characters)' },
  [PlatformCodes.PLATFORM_LAND_REGION]: { zh: '请选择产业带所在的省和市', en: 'Please choose the area\'s province and city' },
};

/** What the audit log records, worded for the console's filter. */
export const auditActionLabels: Record<string, Bilingual> = {
  'settlement.approve': { zh: '通过入驻申请', en: 'Approved an application' },
  'settlement.reject': { zh: '驳回入驻申请', en: 'Rejected an application' },
  'company.suspend': { zh: '暂停公司', en: 'Suspended a company' },
  'company.restore': { zh: '恢复公司', en: 'Restored a company' },
  'afterSale.decide': { zh: '处理售后', en: 'Decided an after-sale request' },
  'land.save': { zh: '编辑产业带', en: 'Edited a lace-industry area' },
  'certificate.verify': { zh: '认证资质证书', en: 'Verified a certificate' },
  'certificate.reject': { zh: '驳回资质证书', en: 'Refused a certificate' },
  'copy.flag': { zh: '标记疑似抄款', en: 'Flagged a possible pattern copy' },
  'copy.withdraw': { zh: '撤回抄款标记（图片已改或已下架）', en: 'Withdrew a pattern-copy flag (pictures changed or off sale)' },
  'copy.dismiss': { zh: '驳回抄款标记', en: 'Dismissed a pattern-copy flag' },
  'copy.takeDown': { zh: '抄款下架', en: 'Took a copied product down' },
  'product.takeDown': { zh: '下架商品', en: 'Took a product down' },
  'product.restore': { zh: '恢复商品', en: 'Restored a product' },
};
