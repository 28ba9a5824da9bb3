// Code tables of SPEC §4 for the catalogue, with their labels in both languages.
import { CompanyStatus } from './platform-codes';

export interface Labelled { zh: string; en: string }

/** 0 off sale (the seller took it off, or an old removal), 1 on sale, 2 taken down by the platform (with a reason). */
export const ProductStatus = { REMOVED: 0, ON_SALE: 1, TAKEN_DOWN: 2 } as const;
/** What a product is: a lace pattern or a garment (the two galleries). */
export const ProductKind = { PATTERN: 1, GARMENT: 2 } as const;
export type ProductKindValue = (typeof ProductKind)[keyof typeof ProductKind];
/** What a favourite follows. */
export const FavouriteType = { COMPANY: 1, PRODUCT: 2, SUPPLY: 3 } as const;

/**
 * The on-sale rule: a product is shown, bought and followed only while it is on sale and its company is
 * active. Its SQL spelling is `onSaleSql` (api/modules/catalogue/catalogue.joins.ts).
 */
export const isOnSale = (s: { productStatus: number; companyStatus: number }): boolean =>
  s.productStatus === ProductStatus.ON_SALE && s.companyStatus === CompanyStatus.ACTIVE;

export const PatternType = { FABRIC: 100010, BIG_BORDER: 100011, SMALL_BORDER: 100012, EYELASH: 100013 } as const;
export const Shape = { SEMI_FINISHED: 200010, FINISHED: 200011, IN_STOCK: 200012, MADE_TO_ORDER: 200013 } as const;
export const Unit = { YARD: 400010, KILO: 400011, STRIP: 400012, METRE: 400013 } as const;
/** Lace attributes buyers filter by (issue 17): the edge, the craft that made it, and its stretch. */
export const LaceEdge = { SCALLOPED: 410010, EYELASH: 410011, STRAIGHT: 410012, DOUBLE_SCALLOPED: 410013 } as const;
export const LaceCraft = { CHEMICAL: 420010, GUIPURE: 420011, LEAVERS: 420012, RASCHEL: 420013, EMBROIDERY: 420014 } as const;
export const LaceStretch = { RIGID: 430010, STRETCH: 430011 } as const;
export const SupplyStatus = { DELETED: 0, IN_SUPPLY: 1, CLOSED: 2 } as const;
export const BuyType = { SAMPLE_CUT: 1, BULK: 2, PLATE_CUT: 3 } as const;
export const Delivery = { FREIGHT_COLLECT: 1, SELF_PICKUP: 2, SELLER_PAYS: 3, FREIGHT_ONLINE: 4, HOME_DELIVERY: 5 } as const;
export const UserType = { MANUFACTURER: 1, TRADER: 2, DESIGNER: 3 } as const;
/** Manufacturers and traders may settle and sell (here, not in settlement.ts, so that the shop manager's frame does not load the settlement rules). */
export const isSellerType = (userType: number | undefined) => userType === UserType.MANUFACTURER || userType === UserType.TRADER;

export const patternTypeLabels: Record<number, Labelled> = {
  100010: { zh: '面料', en: 'Fabric' },
  100011: { zh: '大边', en: 'Big border' },
  100012: { zh: '小边', en: 'Small border' },
  100013: { zh: '睫毛', en: 'Eyelash' },
};
export const shapeLabels: Record<number, Labelled> = {
  200010: { zh: '半成品布', en: 'Semi-finished cloth' },
  200011: { zh: '成品', en: 'Finished product' },
  200012: { zh: '现货', en: 'In stock' },
  200013: { zh: '订做', en: 'Made to order' },
};
export const unitLabels: Record<number, Labelled> = {
  400010: { zh: '码', en: 'yard' },
  400011: { zh: '公斤', en: 'kilo' },
  400012: { zh: '条', en: 'strip' },
  400013: { zh: '米', en: 'metre' },
};
export const edgeLabels: Record<number, Labelled> = {
  410010: { zh: '波浪边', en: 'Scalloped edge' },
  410011: { zh: '睫毛边', en: 'Eyelash edge' },
  410012: { zh: '直边', en: 'Straight edge' },
  410013: { zh: '双边', en: 'Double scalloped' },
};
export const craftLabels: Record<number, Labelled> = {
  420010: { zh: '水溶', en: 'Chemical' },
  420011: { zh: '水溶镂空（古巴）', en: 'Guipure' },
  420012: { zh: '列维斯', en: 'Leavers' },
  420013: { zh: '经编', en: 'Raschel' },
  420014: { zh: '刺绣', en: 'Embroidery' },
};
export const stretchLabels: Record<number, Labelled> = {
  430010: { zh: '无弹', en: 'No stretch' },
  430011: { zh: '弹力', en: 'Stretch' },
};

/** Metres in a yard, exactly. */
export const METRES_PER_YARD = 0.9144;
/** Whether quantities of this unit are lengths a buyer may see in metres or yards. */
export const isLengthUnit = (unit: number): boolean => unit === Unit.METRE || unit === Unit.YARD;
/** A length quantity of one unit in the other (metres ⇄ yards), or null when the unit is not a length. */
export function otherLength(quantity: number, unit: number): { quantity: number; unit: number } | null {
  if (unit === Unit.METRE) return { quantity: quantity / METRES_PER_YARD, unit: Unit.YARD };
  if (unit === Unit.YARD) return { quantity: quantity * METRES_PER_YARD, unit: Unit.METRE };
  return null;
}
export const buyTypeLabels: Record<number, Labelled> = {
  1: { zh: '剪样', en: 'Sample cut' },
  2: { zh: '大货', en: 'Bulk' },
  3: { zh: '剪版', en: 'Plate cut' },
};
export const deliveryLabels: Record<number, Labelled> = {
  1: { zh: '运费到付', en: 'Freight collect' },
  2: { zh: '自提', en: 'Self pickup' },
  3: { zh: '卖家包邮', en: 'Seller pays shipping' },
  4: { zh: '在线支付运费', en: 'Pay freight online' },
  5: { zh: '送货上门', en: 'Home delivery' },
};
export const supplyStatusLabels: Record<number, Labelled> = {
  0: { zh: '已删除', en: 'Deleted' },
  1: { zh: '供应中', en: 'In supply' },
  2: { zh: '已关闭', en: 'Closed' },
};
export const userTypeLabels: Record<number, Labelled> = {
  1: { zh: '花边厂家', en: 'Lace manufacturer' },
  2: { zh: '档口商家', en: 'Stall trader' },
  3: { zh: '服装设计师', en: 'Clothing designer' },
};

/** Dictionary groups seeded into the database and served by /front/dicTree/byTypeKey. */
export const dictionaryGroups: Array<{ typeKey: string; name: Labelled; entries: Record<number, Labelled> }> = [
  { typeKey: 'patternType', name: { zh: '花型类别', en: 'Pattern type' }, entries: patternTypeLabels },
  { typeKey: 'shape', name: { zh: '形态', en: 'Shape' }, entries: shapeLabels },
  { typeKey: 'unit', name: { zh: '单位', en: 'Unit' }, entries: unitLabels },
  { typeKey: 'laceEdge', name: { zh: '花边边型', en: 'Edge' }, entries: edgeLabels },
  { typeKey: 'laceCraft', name: { zh: '工艺', en: 'Craft' }, entries: craftLabels },
  { typeKey: 'laceStretch', name: { zh: '弹力', en: 'Stretch' }, entries: stretchLabels },
  { typeKey: 'buyType', name: { zh: '采购类型', en: 'Purchase type' }, entries: buyTypeLabels },
  { typeKey: 'delivery', name: { zh: '配送方式', en: 'Delivery' }, entries: deliveryLabels },
  { typeKey: 'supplyStatus', name: { zh: '供应状态', en: 'Supply status' }, entries: supplyStatusLabels },
  { typeKey: 'userType', name: { zh: '用户类型', en: 'User type' }, entries: userTypeLabels },
];

/** Added locally on the page, as SPEC §3 says: startup acceptance. */
export const startupAcceptance = { typeKey: 'startupAcceptance', entries: { 0: { zh: '未接受', en: 'Not accepted' }, 1: { zh: '已接受', en: 'Accepted' } } as Record<number, Labelled> };
