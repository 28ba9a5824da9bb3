// Demo products: bilingual titles, pattern numbers, prices, widths and colour cards drawn from the
// product's index with a seeded PRNG, so the same index always gives the same product.
import { LaceCraft, LaceEdge, LaceStretch, PatternType, Shape, Unit } from '../../../isomorphic/domain/catalogue';
import type { LaceLayout } from './lace-image';
import type { GarmentStyle } from './garment-image';
import { Rng } from './random';

export interface Colour { name: string; nameEn: string; hex: string }

export const laceColours: Colour[] = [
  { name: '象牙白', nameEn: 'Ivory', hex: '#F4EEDC' },
  { name: '本白', nameEn: 'Off-white', hex: '#FAFAF7' },
  { name: '黑色', nameEn: 'Black', hex: '#1A1A1A' },
  { name: '藕粉', nameEn: 'Blush', hex: '#E8B9B5' },
  { name: '藏青', nameEn: 'Navy', hex: '#1F2A44' },
  { name: '香槟色', nameEn: 'Champagne', hex: '#D9C3A0' },
  { name: '酒红', nameEn: 'Wine red', hex: '#7B1E2B' },
  { name: '雾霾蓝', nameEn: 'Dusty blue', hex: '#8AA1B4' },
  { name: '豆绿', nameEn: 'Sage green', hex: '#A8B59A' },
  { name: '浅紫', nameEn: 'Lilac', hex: '#BFA6C9' },
  { name: '金色', nameEn: 'Gold', hex: '#C9A54C' },
  { name: '银灰', nameEn: 'Silver grey', hex: '#B8B8BC' },
  { name: '咖啡色', nameEn: 'Coffee', hex: '#6B4A3A' },
  { name: '大红', nameEn: 'Scarlet', hex: '#B3202A' },
  { name: '墨绿', nameEn: 'Emerald', hex: '#1E4D3A' },
  { name: '肤色', nameEn: 'Nude', hex: '#E3C3A8' },
  { name: '粉红', nameEn: 'Pink', hex: '#F2B8C6' },
  { name: '天蓝', nameEn: 'Sky blue', hex: '#9CC7E4' },
];

/** Colours most lace is sold in come first more often. */
const commonColours = ['#F4EEDC', '#FAFAF7', '#1A1A1A', '#E8B9B5', '#D9C3A0'];

const styles = [
  { zh: '法式', en: 'French' }, { zh: '复古', en: 'Vintage' }, { zh: '宫廷', en: 'Baroque' }, { zh: '轻奢', en: 'Luxe' },
  { zh: '简约', en: 'Minimal' }, { zh: '新款', en: 'New-season' }, { zh: '精品', en: 'Premium' }, { zh: '欧式', en: 'European' },
];
const motifs = [
  { zh: '玫瑰', en: 'rose' }, { zh: '牡丹', en: 'peony' }, { zh: '雏菊', en: 'daisy' }, { zh: '百合', en: 'lily' },
  { zh: '藤蔓', en: 'vine' }, { zh: '孔雀', en: 'peacock' }, { zh: '羽毛', en: 'feather' }, { zh: '蝴蝶', en: 'butterfly' },
  { zh: '几何', en: 'geometric' }, { zh: '波点', en: 'dot' }, { zh: '山茶花', en: 'camellia' }, { zh: '星月', en: 'star and moon' },
];
// Each technique is made by one craft (the gallery's craft filter): water-soluble lace is chemical lace,
// warp-knitted and stretch lace come off Raschel machines, cotton lace off Leavers machines, crochet-look
// and chemical "guipure" lace is guipure, mesh and metallic work is embroidered.
const techniques = [
  { zh: '水溶', en: 'water-soluble', craft: LaceCraft.CHEMICAL, comp: ['100% polyester', '100% cotton'] },
  { zh: '经编', en: 'warp-knitted', craft: LaceCraft.RASCHEL, comp: ['90% nylon 10% spandex', '85% nylon 15% spandex', '100% nylon'] },
  { zh: '网布刺绣', en: 'embroidered mesh', craft: LaceCraft.EMBROIDERY, comp: ['100% polyester', '80% polyester 20% nylon'] },
  { zh: '棉线', en: 'cotton', craft: LaceCraft.LEAVERS, comp: ['100% cotton', '95% cotton 5% polyester'] },
  { zh: '弹力', en: 'stretch', craft: LaceCraft.RASCHEL, comp: ['88% nylon 12% spandex', '80% nylon 20% spandex'] },
  { zh: '钩编', en: 'crochet', craft: LaceCraft.GUIPURE, comp: ['100% cotton', '60% cotton 40% polyester'] },
  { zh: '亮丝', en: 'metallic', craft: LaceCraft.EMBROIDERY, comp: ['70% nylon 25% metallic yarn 5% spandex', '90% polyester 10% metallic yarn'] },
  { zh: '化学', en: 'guipure', craft: LaceCraft.GUIPURE, comp: ['100% polyester', '100% viscose'] },
];

/** Stretch follows the yarn: lace with spandex in it stretches. */
const stretchOf = (composition: string) => (/spandex/i.test(composition) ? LaceStretch.STRETCH : LaceStretch.RIGID);

/**
 * The edge follows the pattern type: eyelash lace has an eyelash edge, borders are mostly scalloped (some
 * straight, some scalloped on both sides), all-over fabric is often scalloped on both selvedges and
 * otherwise has none worth filtering by. Drawn from its own generator so that the product's other values
 * stay what they were before edges were seeded.
 */
function edgeOf(index: number, patternType: number): number | null {
  const r = new Rng(index * 9_176_201 + 31);
  if (patternType === PatternType.EYELASH) return LaceEdge.EYELASH;
  if (patternType === PatternType.BIG_BORDER) return r.weighted([[LaceEdge.SCALLOPED, 60], [LaceEdge.DOUBLE_SCALLOPED, 30], [LaceEdge.STRAIGHT, 10]] as const);
  if (patternType === PatternType.SMALL_BORDER) return r.weighted([[LaceEdge.SCALLOPED, 55], [LaceEdge.STRAIGHT, 35], [LaceEdge.EYELASH, 10]] as const);
  return r.chance(0.5) ? LaceEdge.DOUBLE_SCALLOPED : null;
}
const nouns: Record<number, { zh: string; en: string }> = {
  [PatternType.FABRIC]: { zh: '蕾丝面料', en: 'lace fabric' },
  [PatternType.BIG_BORDER]: { zh: '宽幅大边花边', en: 'wide lace border' },
  [PatternType.SMALL_BORDER]: { zh: '窄边花边', en: 'narrow lace trim' },
  [PatternType.EYELASH]: { zh: '睫毛蕾丝', en: 'eyelash lace' },
};
const uses = [
  { zh: '婚纱礼服', en: 'bridal and evening wear' }, { zh: '女装连衣裙', en: 'dresses' }, { zh: '内衣文胸', en: 'lingerie' },
  { zh: '童装', en: 'childrenswear' }, { zh: '家纺窗帘', en: 'home textiles' }, { zh: '汉服旗袍', en: 'hanfu and qipao' },
];

export const layoutOf: Record<number, LaceLayout> = {
  [PatternType.FABRIC]: 'fabric',
  [PatternType.BIG_BORDER]: 'bigBorder',
  [PatternType.SMALL_BORDER]: 'smallBorder',
  [PatternType.EYELASH]: 'eyelash',
};

export interface DemoProduct {
  index: number;
  kind: 1 | 2;              // 1 lace pattern, 2 garment
  garment?: GarmentStyle;
  companyIndex: number;
  code: string;
  title: string;
  titleEn: string;
  description: string;
  descriptionEn: string;
  composition: string;
  patternType: number;
  shape: number;
  unit: number;
  price: number | null;
  widthCm: number | null;
  /** the lace attributes buyers filter by (LaceEdge, LaceCraft, LaceStretch); a garment has no edge */
  edge: number | null;
  craft: number;
  stretch: number;
  views: number;
  createdAt: string;
  colours: Colour[];
}

const DAY = 86_400_000;

/** The share of demo products that are garments (kind 2). */
export const GARMENT_SHARE = 0.15;

const garments: Array<{ style: GarmentStyle; zh: string; en: string; weight: number }> = [
  { style: 'dress', zh: '连衣裙', en: 'dress', weight: 4 },
  { style: 'dress', zh: '婚纱', en: 'wedding dress', weight: 1 },
  { style: 'dress', zh: '晚礼服', en: 'evening gown', weight: 1 },
  { style: 'blouse', zh: '衬衫', en: 'blouse', weight: 3 },
  { style: 'blouse', zh: '上衣', en: 'top', weight: 1 },
  { style: 'qipao', zh: '旗袍', en: 'qipao', weight: 2 },
];
const occasions = [
  { zh: '婚礼', en: 'weddings' }, { zh: '晚宴', en: 'evening parties' }, { zh: '通勤', en: 'the office' },
  { zh: '度假', en: 'holidays' }, { zh: '日常', en: 'every day' },
];

/** Whether product n of the catalogue is a garment (its own draw, so lace products stay as they were). */
export const isGarmentIndex = (index: number) => new Rng(index * 7_368_787 + 5).chance(GARMENT_SHARE);

/** A garment: lace dress, blouse or qipao, sold per piece (unit 条, which is also the measure word of a dress). */
function demoGarment(index: number, companies: ReadonlyArray<{ codePrefix: string }>, now: number): DemoProduct {
  const r = new Rng(index * 4_256_249 + 23);
  const companyIndex = r.int(0, companies.length - 1);
  const style = r.pick(styles), motif = r.pick(motifs), tech = r.pick(techniques), use = r.pick(occasions);
  const g = r.weighted(garments.map((x) => [x, x.weight] as const));
  const shape = r.chance(0.6) ? Shape.FINISHED : Shape.MADE_TO_ORDER;
  const composition = r.pick(tech.comp);
  const first = r.chance(0.7) ? r.pick(commonColours) : r.pick(laceColours).hex;
  const others = r.sample(laceColours.filter((c) => c.hex !== first), r.int(1, 5));
  const colours = [laceColours.find((c) => c.hex === first)!, ...others];
  const price = r.chance(0.1) ? null : r.int(18, 160) * 1000 + r.pick([0, 800]);
  const sizes = r.pick(['S-XL', 'XS-XXL', 'M-XXXL']);
  const made = shape === Shape.FINISHED ? { zh: '现货尺码齐全', en: 'In stock in every size' } : { zh: '支持来图定制，约20天交期', en: 'Made to order from your drawings in about 20 days' };
  return {
    index,
    kind: 2,
    garment: g.style,
    companyIndex,
    code: `${companies[companyIndex].codePrefix}-G${String(1000 + ((index * 7919) % 9000)).padStart(4, '0')}`,
    title: `${style.zh}${motif.zh}${tech.zh}蕾丝${g.zh}`,
    titleEn: `${style.en} ${motif.en} ${tech.en} lace ${g.en}`.replace(/^./, (c) => c.toUpperCase()),
    description: `${tech.zh}${motif.zh}蕾丝${g.zh}，成分${composition}，尺码${sizes}，适合${use.zh}穿着。共${colours.length}个颜色可选，${made.zh}。`,
    descriptionEn: `A ${g.en} in ${motif.en} ${tech.en} lace, ${composition}, sizes ${sizes}, for ${use.en}. ${colours.length} colours. ${made.en}.`,
    composition,
    patternType: PatternType.FABRIC,
    shape,
    unit: Unit.STRIP,
    price,
    widthCm: null,
    edge: null,
    craft: tech.craft,
    stretch: stretchOf(composition),
    views: Math.floor(r.range(0, 1) ** 2 * 3000),
    createdAt: new Date(now - r.range(0, 365) * DAY).toISOString(),
    colours,
  };
}

/** The product of an index. `now` anchors created_at (spread over the year before it). */
export function demoProduct(index: number, companies: ReadonlyArray<{ codePrefix: string }>, now: number): DemoProduct {
  if (isGarmentIndex(index)) return demoGarment(index, companies, now);
  return demoLace(index, companies, now);
}

function demoLace(index: number, companies: ReadonlyArray<{ codePrefix: string }>, now: number): DemoProduct {
  const r = new Rng(index * 2_654_435 + 11);
  const patternType = r.weighted([[PatternType.FABRIC, 35], [PatternType.BIG_BORDER, 20], [PatternType.SMALL_BORDER, 25], [PatternType.EYELASH, 20]] as const);
  const companyIndex = r.int(0, companies.length - 1);
  const style = r.pick(styles), motif = r.pick(motifs), tech = r.pick(techniques), noun = nouns[patternType], use = r.pick(uses);
  const shape = r.weighted([[Shape.IN_STOCK, 45], [Shape.MADE_TO_ORDER, 25], [Shape.SEMI_FINISHED, 15], [Shape.FINISHED, 15]] as const);

  let unit: number, widthCm: number, price: number;
  if (patternType === PatternType.FABRIC) {
    unit = r.chance(0.8) ? Unit.YARD : Unit.KILO;
    widthCm = r.pick([125, 130, 135, 140, 145, 150, 155]);
    price = unit === Unit.YARD ? r.int(18, 98) * 100 + r.pick([0, 50, 80]) : r.int(60, 220) * 100;
  } else if (patternType === PatternType.BIG_BORDER) {
    unit = r.chance(0.7) ? Unit.YARD : Unit.STRIP;
    widthCm = r.int(15, 60);
    price = unit === Unit.YARD ? r.int(6, 35) * 100 + r.pick([0, 50]) : r.int(25, 120) * 100;
  } else if (patternType === PatternType.SMALL_BORDER) {
    unit = r.chance(0.6) ? Unit.YARD : Unit.STRIP;
    widthCm = r.int(2, 12);
    price = unit === Unit.YARD ? r.int(80, 950) + r.pick([0, 5]) : r.int(8, 45) * 100;
  } else {
    unit = r.chance(0.65) ? Unit.STRIP : Unit.YARD;
    widthCm = r.int(3, 25);
    price = unit === Unit.STRIP ? r.int(12, 68) * 100 : r.int(3, 26) * 100 + r.pick([0, 50]);
  }
  const negotiable = r.chance(0.15);
  const composition = r.pick(tech.comp);

  const first = r.chance(0.7) ? r.pick(commonColours) : r.pick(laceColours).hex;
  const others = r.sample(laceColours.filter((c) => c.hex !== first), r.int(1, 7));
  const colours = [laceColours.find((c) => c.hex === first)!, ...others];

  const unitZh = unit === Unit.YARD ? '码' : unit === Unit.KILO ? '公斤' : '条';
  const stockZh = shape === Shape.IN_STOCK ? '现货充足，当天发货' : shape === Shape.MADE_TO_ORDER ? '接受订做，大货约15天交期' : '可剪样看货';
  const stockEn = shape === Shape.IN_STOCK ? 'In stock, ships the same day' : shape === Shape.MADE_TO_ORDER ? 'Made to order, bulk in about 15 days' : 'Sample cuts available';
  const createdAt = new Date(now - r.range(0, 365) * DAY).toISOString();

  return {
    index,
    kind: 1,
    companyIndex,
    code: `${companies[companyIndex].codePrefix}-${String(10000 + ((index * 7919) % 90000)).padStart(5, '0')}`,
    title: `${style.zh}${motif.zh}${tech.zh}${noun.zh}`,
    titleEn: `${style.en} ${motif.en} ${tech.en} ${noun.en}`.replace(/^./, (c) => c.toUpperCase()),
    description: `${tech.zh}工艺${motif.zh}花型，幅宽${widthCm}厘米，成分${composition}，按${unitZh}销售。适用于${use.zh}。共${colours.length}个颜色可选，${stockZh}。`,
    descriptionEn: `${motif.en.replace(/^./, (c) => c.toUpperCase())} pattern, ${tech.en}, ${widthCm} cm wide, ${composition}, sold by the ${unit === Unit.YARD ? 'yard' : unit === Unit.KILO ? 'kilo' : 'strip'}. For ${use.en}. ${colours.length} colours. ${stockEn}.`,
    composition,
    patternType,
    shape,
    unit,
    price: negotiable ? null : price,
    widthCm,
    edge: edgeOf(index, patternType),
    craft: tech.craft,
    stretch: stretchOf(composition),
    views: Math.floor(r.range(0, 1) ** 2 * 3000),
    createdAt,
    colours,
  };
}
