// Settlement's messages, one per code of settlement-codes.ts, in both languages (collected by code-messages.ts).
import type { Bilingual } from './settlement';
import { SettlementCodes } from './settlement-codes';

export const settlementCodeMessages: Record<number, Bilingual> = {
  [SettlementCodes.SETTLE_COMPANY_NAME]: { zh: '公司名称须为4-30个字符', en: 'The company name must be 4-30 characters' },
  [SettlementCodes.SETTLE_ABBREVIATION]: { zh: '公司简称须为2-8个字符', en: 'The abbreviation must be 2-8 characters' },
  [SettlementCodes.SETTLE_MAIN_BUSINESS]: { zh: '主营业务须为2-15个字符', en: 'The main business must be 2-15 characters' },
  [SettlementCodes.SETTLE_INTRO]: { zh: '公司简介不能超过500个字符', en: 'The introduction must be at most 500 characters' },
  [SettlementCodes.SETTLE_REGION]: { zh: '请选择所在省份和城市', en: 'Please choose the province and city' },
  [SettlementCodes.SETTLE_ADDRESS]: { zh: '详细地址须为2-100个字符', en: 'The address must be 2-100 characters' },
  [SettlementCodes.SETTLE_LICENCE]: { zh: '请上传营业执照', en: 'Please upload the business licence' },
  [SettlementCodes.SETTLE_COMPANY_IMAGE]: { zh: '请上传公司图片', en: 'Please upload a company image' },
  [SettlementCodes.SETTLE_REMARK]: { zh: '请填写备注（不超过200个字符）', en: 'Please write a remark (at most 200 characters)' },
  [SettlementCodes.SETTLE_AGREEMENT]: { zh: '请阅读并同意平台入驻规则', en: 'Please read and agree to the platform rules' },
  [SettlementCodes.SETTLE_LAND]: { zh: '请选择平台开放入驻的产业带', en: 'Please choose one of the lace-industry areas open to sellers' },
  [SettlementCodes.SETTLE_IMAGE_NOT_OWNED]: { zh: '证件图片须为您本人上传的图片', en: 'Document images must be images you uploaded' },
  [SettlementCodes.SETTLE_OPEN_EXISTS]: { zh: '您已有一份审核中的入驻申请', en: 'You already have an application under review' },
  [SettlementCodes.SETTLE_ALREADY_SETTLED]: { zh: '您已入驻，无需再次申请', en: 'You have already settled; no new application is needed' },
  [SettlementCodes.SETTLE_NOT_FOUND]: { zh: '入驻申请不存在', en: 'This application does not exist' },
  [SettlementCodes.SETTLE_NOT_OPEN]: { zh: '该申请已处理，不能再做此操作', en: 'This application has already been decided' },
  [SettlementCodes.SETTLE_NOT_REJECTED]: { zh: '只有未通过的申请可以修改后重新提交', en: 'Only a rejected application can be corrected and resubmitted' },
  [SettlementCodes.SETTLE_REASON_REQUIRED]: { zh: '请填写驳回原因（2-200个字符）', en: 'Please give the reason for rejecting (2-200 characters)' },
  [SettlementCodes.SETTLE_TARGET_COMPANY]: { zh: '所选公司不存在或已停用', en: 'The chosen company does not exist or is not active' },
  [SettlementCodes.SETTLE_STATUS_CHANGED]: { zh: '申请状态已变化，请刷新后重试', en: 'The application has changed, please reload and try again' },
};
