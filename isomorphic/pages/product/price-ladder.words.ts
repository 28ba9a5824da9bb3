// Words of the product page's bulk price ladder and lace attributes, in both languages.
import type { Words } from '../../components/use-words';

export const priceLadderWords = {
  ladderTitle: { zh: '大货阶梯价', en: 'Bulk prices' },
  quantity: { zh: '每色数量', en: 'Quantity per colour' },
  unitPrice: { zh: '单价', en: 'Unit price' },
  fromQuantity: { zh: '≥ {quantity}', en: '{quantity} and up' },
  minimum: { zh: '每色起订量 {quantity}', en: 'Minimum order {quantity} per colour' },
  converted: { zh: '约 {value}', en: 'about {value}' },
  sampleFree: { zh: '剪样免费', en: 'Cut samples are free' },
  weightPerMetre: { zh: '卖家标注每米克重 {grams} 克，公斤数按此换算', en: 'The seller gives {grams} g per metre; kilograms are worked out from it' },
  edge: { zh: '边型', en: 'Edge' },
  craft: { zh: '工艺', en: 'Craft' },
  stretch: { zh: '弹力', en: 'Stretch' },
} satisfies Words;
