// Account rules of SPEC §5, §6 and §9: one place for the api, the pages and the tests.
import { UserType } from './catalogue';

/** Starts with 1, second digit 3, 4, 5, 7 or 8, 11 digits in total. */
export const MOBILE_PATTERN = /^1[34578]\d{9}$/;
export const isMobile = (s: unknown): s is string => typeof s === 'string' && MOBILE_PATTERN.test(s);

/** 6 to 20 characters with at least one letter and one digit. */
export const isAcceptablePassword = (s: string) => s.length >= 6 && s.length <= 20 && /[A-Za-z]/.test(s) && /\d/.test(s);

export const AccountLimits = {
  smsCodeLength: 6,
  smsCodeTtlMs: 5 * 60_000,
  smsMinIntervalMs: 60_000,
  smsPerDay: 10,
  smsMaxAttempts: 5,
  loginMaxFailures: 5,
  loginWindowMs: 15 * 60_000,
  sessionDays: 7,
  maxAddresses: 8,
} as const;

export type SmsPurpose = 'register' | 'findPassword' | 'changeMobile';

export const userTypes = [UserType.MANUFACTURER, UserType.TRADER, UserType.DESIGNER] as const;

export type MenuGroup = 'myInfo' | 'order' | 'collection' | 'receiving';
/** `ready: false`: the page does not exist yet, so the entry is not shown (no menu link leads to a 404). */
export interface MenuEntry { key: string; group: MenuGroup; zh: string; en: string; types?: number[]; needsSettled?: boolean; ready?: false }

/** The personal-centre side menu of SPEC §2. */
export const personalMenu: MenuEntry[] = [
  { key: 'info', group: 'myInfo', zh: '我的信息', en: 'My info' },
  { key: 'security', group: 'myInfo', zh: '账户安全', en: 'Account security' },
  { key: 'address', group: 'myInfo', zh: '地址管理', en: 'Address management' },
  { key: 'messages', group: 'myInfo', zh: '消息中心', en: 'Messages' },
  { key: 'orderBulk', group: 'order', zh: '大货订单', en: 'Bulk orders' },
  { key: 'orderLayout', group: 'order', zh: '剪版订单', en: 'Plate cut orders' },
  { key: 'orderSample', group: 'order', zh: '剪样订单', en: 'Sample cut orders' },
  { key: 'customRequests', group: 'order', zh: '我的定制', en: 'My custom requests' },
  { key: 'collectionStore', group: 'collection', zh: '店铺收藏', en: 'Store favourites' },
  { key: 'collectionProduct', group: 'collection', zh: '花型收藏', en: 'Pattern favourites' },
  { key: 'collectionSupply', group: 'collection', zh: '供应收藏', en: 'Supply favourites', types: [2, 3] },
  { key: 'myPurchase', group: 'receiving', zh: '我的采购', en: 'My purchases', types: [3], needsSettled: true },
  { key: 'mySupplies', group: 'receiving', zh: '我的供应', en: 'My supplies', types: [1, 2] },
  { key: 'myReceiving', group: 'receiving', zh: '我的接单', en: 'My responded orders', types: [1, 2], needsSettled: true },
  { key: 'enquiry', group: 'receiving', zh: '我的询盘', en: 'My enquiries' },
];

export const menuGroupLabels: Record<MenuGroup, { zh: string; en: string }> = {
  myInfo: { zh: '我的信息', en: 'My information' },
  order: { zh: '我的订单', en: 'My orders' },
  collection: { zh: '我的收藏', en: 'My favourites' },
  receiving: { zh: '采购与供应', en: 'Purchases and supplies' },
};

/** The entries a person of this type and settled status sees. */
export function menuFor(userType: number, settled: boolean): MenuEntry[] {
  return personalMenu.filter((e) => e.ready !== false && (!e.types || e.types.includes(userType)) && (!e.needsSettled || settled));
}
