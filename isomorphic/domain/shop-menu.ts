// The shop manager's side menu of SPEC §2 (/home/shopManage). SPEC lists setting, orderLayout,
// mircoSetting, enquiry, aptitude, cooperation, equipment, orderBulk and orderSample; an entry is listed
// here when its page exists (issues adding the shop settings, qualifications, partners, equipment,
// micro-site and enquiries add theirs), so the menu never leads to a 404.
export type ShopMenuGroup = 'shop' | 'orders';
export interface ShopMenuEntry { key: string; group: ShopMenuGroup; zh: string; en: string }

export const shopMenu: ShopMenuEntry[] = [
  { key: 'products', group: 'shop', zh: '商品管理', en: 'My products' },
  { key: 'setting', group: 'shop', zh: '店铺设置', en: 'Shop settings' },
  { key: 'aptitude', group: 'shop', zh: '资质证书', en: 'Certificates' },
  { key: 'cooperation', group: 'shop', zh: '合作企业', en: 'Partners' },
  { key: 'equipment', group: 'shop', zh: '生产设备', en: 'Equipment' },
  { key: 'mircoSetting', group: 'shop', zh: '微网站', en: 'Micro-site' },
  { key: 'orderBulk', group: 'orders', zh: '大货订单', en: 'Bulk orders' },
  { key: 'orderLayout', group: 'orders', zh: '剪版订单', en: 'Plate cut orders' },
  { key: 'orderSample', group: 'orders', zh: '剪样订单', en: 'Sample cut orders' },
  { key: 'customRequests', group: 'orders', zh: '定制需求', en: 'Custom requests' },
  { key: 'enquiry', group: 'orders', zh: '询盘管理', en: 'Enquiries' },
];

export const shopMenuGroupLabels: Record<ShopMenuGroup, { zh: string; en: string }> = {
  shop: { zh: '店铺管理', en: 'My shop' },
  orders: { zh: '订单管理', en: 'Orders' },
};
