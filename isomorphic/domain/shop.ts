// The shop manager's rules (SPEC §3, §5, §9): shop and company fields with their limits, certificates,
// partners, equipment and the micro-site templates. The api, the pages and the tests import these; each
// check answers the code (./codes) of the first rule broken, or null.
import { Codes } from './codes';
import { isMobile } from './account';
import { certificateTypes } from './certificate-types';

export interface Labelled { zh: string; en: string }

/** Length in characters as people count them (a Chinese character is one). */
export const charLength = (s: string) => [...s].length;

export const ShopLimits = {
  nameMin: 4, nameMax: 30,
  abbreviationMin: 2, abbreviationMax: 8,
  mainBusinessMin: 2, mainBusinessMax: 15,
  introMax: 500,
  nameEnMax: 100, mainBusinessEnMax: 60, introEnMax: 1500,
  addressMax: 100,
  albumMax: 9,
  smsMobilesMax: 3,
  telMax: 20,
  marketsMax: 100,
  customersMax: 200,
  registeredCapitalMax: 100_000_000, // 万元
  staffCountMax: 1_000_000,
  workshopAreaMax: 10_000_000,       // m²
  certificatesMax: 20,
  certificateImagesMax: 5,
  certificateTextMax: 50,
  partnersMax: 100,
  partnerNameMin: 2, partnerNameMax: 30,
  partnerIntroMax: 200,
  contactMax: 20,
  devicesMax: 100,
  deviceNameMax: 40,
  gaugeMax: 20,
  needlesMax: 100_000,
  deviceCountMax: 10_000,
  remarkMax: 200,
  /** logo is square, banner 4:1 (the page's banner box); the cropper holds these ratios */
  logoRatio: 1,
  bannerRatio: 4,
} as const;

/** A phone or fax number: digits with an optional area code, extension, + and spaces. */
export const PHONE_PATTERN = /^\+?[0-9][0-9 ()-]{4,18}[0-9]$/;
/** A calendar date YYYY-MM-DD. */
export const DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

export const isDate = (s: string) => DATE_PATTERN.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s;

/** Today in China (UTC+8), YYYY-MM-DD: certificates expire by the calendar their holders read. */
export function chinaToday(now = new Date()): string {
  return new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}

// ---- code tables ----

export const companyTypes: Record<number, Labelled> = {
  1: { zh: '有限责任公司', en: 'Limited company' },
  2: { zh: '股份有限公司', en: 'Joint-stock company' },
  3: { zh: '个人独资企业', en: 'Sole proprietorship' },
  4: { zh: '合伙企业', en: 'Partnership' },
  5: { zh: '个体工商户', en: 'Individual business' },
  6: { zh: '外资企业', en: 'Foreign-invested company' },
  9: { zh: '其他', en: 'Other' },
};

export const annualTurnovers: Record<number, Labelled> = {
  1: { zh: '100万元以下', en: 'Under ¥1 million' },
  2: { zh: '100万-500万元', en: '¥1–5 million' },
  3: { zh: '500万-1000万元', en: '¥5–10 million' },
  4: { zh: '1000万-5000万元', en: '¥10–50 million' },
  5: { zh: '5000万-1亿元', en: '¥50–100 million' },
  6: { zh: '1亿元以上', en: 'Over ¥100 million' },
};

export const businessModels: Record<number, Labelled> = {
  1: { zh: '生产厂家', en: 'Manufacturer' },
  2: { zh: '经销批发', en: 'Wholesaler' },
  3: { zh: '生产加经销', en: 'Manufacturer and wholesaler' },
  4: { zh: '来样加工', en: 'Made to sample (OEM)' },
  5: { zh: '设计服务', en: 'Design service' },
};

export { certificateTypes };

export const VerifyStatus = { PENDING: 0, VERIFIED: 1, REJECTED: 2 } as const;
export const verifyStatusLabels: Record<number, Labelled> = {
  0: { zh: '待审核', en: 'Awaiting verification' },
  1: { zh: '已认证', en: 'Verified' },
  2: { zh: '未通过', en: 'Not accepted' },
};

export const partnerKinds: Record<number, Labelled> = {
  1: { zh: '印染后整理', en: 'Dyeing and finishing' },
  2: { zh: '服装加工', en: 'Garment maker' },
  3: { zh: '纱线原料', en: 'Yarn supplier' },
  4: { zh: '品牌客户', en: 'Brand customer' },
  5: { zh: '经销代理', en: 'Distributor' },
  6: { zh: '设计工作室', en: 'Design studio' },
  9: { zh: '其他', en: 'Other' },
};

/** Lace machines: Leavers and Raschel lace, embroidery, and what else a lace mill runs. */
export const machineKinds: Record<number, Labelled> = {
  1: { zh: '列韦斯花边机', en: 'Leavers lace machine' },
  2: { zh: '拉舍尔经编机', en: 'Raschel warp knitting machine' },
  3: { zh: '电脑绣花机', en: 'Computerised embroidery machine' },
  4: { zh: '特里科经编机', en: 'Tricot warp knitting machine' },
  5: { zh: '提花机', en: 'Jacquard machine' },
  6: { zh: '定型机', en: 'Stenter (heat setting)' },
  9: { zh: '其他设备', en: 'Other machine' },
};

// ---- micro-site ----

export const websiteSections = ['banner', 'intro', 'album', 'products', 'certificates', 'equipment', 'partners', 'location'] as const;
export type WebsiteSection = (typeof websiteSections)[number];

export const sectionLabels: Record<WebsiteSection, Labelled> = {
  banner: { zh: '横幅', en: 'Banner' },
  intro: { zh: '公司介绍', en: 'Introduction' },
  album: { zh: '企业相册', en: 'Album' },
  products: { zh: '精选花型', en: 'Featured products' },
  certificates: { zh: '资质证书', en: 'Certificates' },
  equipment: { zh: '生产设备', en: 'Equipment' },
  partners: { zh: '合作伙伴', en: 'Partners' },
  location: { zh: '公司位置', en: 'Location' },
};

export interface WebsiteTemplate {
  id: string;
  name: Labelled;
  description: Labelled;
  /** how the page is laid out: each is a different arrangement, see client/styles/website.css */
  layout: 'classic' | 'sidebar-left' | 'sidebar-right' | 'magazine' | 'gallery' | 'minimal' | 'dark' | 'split' | 'tabs' | 'catalogue';
  defaultSections: WebsiteSection[];
}

const all = [...websiteSections];
export const websiteTemplates: WebsiteTemplate[] = [
  { id: 'template_1', layout: 'classic', name: { zh: '经典', en: 'Classic' }, description: { zh: '横幅在上，各栏目依次排列', en: 'Banner on top, sections one after another' }, defaultSections: all },
  { id: 'template_2', layout: 'sidebar-left', name: { zh: '左侧名片', en: 'Card on the left' }, description: { zh: '左侧固定公司名片与联系方式，右侧为栏目', en: 'Company card and contacts in a left column, sections on the right' }, defaultSections: ['intro', 'products', 'album', 'certificates', 'equipment', 'partners', 'location'] },
  { id: 'template_3', layout: 'sidebar-right', name: { zh: '右侧名片', en: 'Card on the right' }, description: { zh: '栏目在左，公司名片与位置在右', en: 'Sections on the left, company card and location on the right' }, defaultSections: ['banner', 'products', 'intro', 'certificates', 'equipment', 'location'] },
  { id: 'template_4', layout: 'magazine', name: { zh: '杂志', en: 'Magazine' }, description: { zh: '大图封面，栏目两列排版', en: 'Cover picture, sections in two columns' }, defaultSections: ['banner', 'intro', 'products', 'album', 'certificates', 'equipment', 'partners', 'location'] },
  { id: 'template_5', layout: 'gallery', name: { zh: '画廊', en: 'Gallery' }, description: { zh: '相册与花型优先，图片铺满', en: 'Album and patterns first, pictures edge to edge' }, defaultSections: ['album', 'products', 'intro', 'certificates', 'location'] },
  { id: 'template_6', layout: 'minimal', name: { zh: '简约', en: 'Minimal' }, description: { zh: '窄版居中，以文字为主', en: 'A narrow centred column, text first' }, defaultSections: ['intro', 'certificates', 'equipment', 'products', 'location'] },
  { id: 'template_7', layout: 'dark', name: { zh: '夜色', en: 'Night' }, description: { zh: '深色页面，突出蕾丝花型', en: 'A dark page that sets off the lace' }, defaultSections: ['banner', 'products', 'album', 'intro', 'certificates', 'location'] },
  { id: 'template_8', layout: 'split', name: { zh: '分屏', en: 'Split' }, description: { zh: '首屏左图右文，栏目交替排列', en: 'Picture and text side by side, sections alternating' }, defaultSections: ['banner', 'intro', 'equipment', 'products', 'certificates', 'partners', 'location'] },
  { id: 'template_9', layout: 'tabs', name: { zh: '导航', en: 'Navigator' }, description: { zh: '顶部栏目导航，点击跳到对应栏目', en: 'A section bar on top that jumps to each section' }, defaultSections: all },
  { id: 'template_10', layout: 'catalogue', name: { zh: '产品目录', en: 'Catalogue' }, description: { zh: '花型网格为主，资质与设备在侧栏', en: 'A large pattern grid, certificates and equipment in a side column' }, defaultSections: ['products', 'certificates', 'equipment', 'intro', 'location'] },
];

export const templateIds = websiteTemplates.map((t) => t.id);
export const DEFAULT_TEMPLATE = 'template_1';
export const templateOf = (id: string): WebsiteTemplate => websiteTemplates.find((t) => t.id === id) ?? websiteTemplates[0];

/** Template 600060, sections 600061: a known template and at least one known section, each once. */
export function checkWebsite(templateId: string, sections: string[]): number | null {
  if (!templateIds.includes(templateId)) return Codes.SHOP_TEMPLATE_UNKNOWN;
  if (sections.length === 0 || sections.length > websiteSections.length) return Codes.SHOP_SECTIONS_INVALID;
  if (new Set(sections).size !== sections.length || sections.some((s) => !(websiteSections as readonly string[]).includes(s))) return Codes.SHOP_SECTIONS_INVALID;
  return null;
}

// ---- field checks ----

const lengthIn = (s: string | undefined, min: number, max: number) => s === undefined || (charLength(s.trim()) >= min && charLength(s) <= max);
const phoneOk = (s: string | undefined) => s === undefined || s === '' || (s.length <= ShopLimits.telMax && PHONE_PATTERN.test(s));

export interface ShopFieldsInput {
  name?: string; abbreviation?: string; mainBusiness?: string; intro?: string;
  nameEn?: string; mainBusinessEn?: string; introEn?: string;
  tel?: string; fax?: string; smsMobiles?: string[]; address?: string;
  lat?: number | null; lng?: number | null; album?: string[];
}

/** SPEC §5 limits of the shop fields (regions and images are checked at the api against its tables). */
export function checkShopFields(i: ShopFieldsInput): number | null {
  if (!lengthIn(i.name, ShopLimits.nameMin, ShopLimits.nameMax)) return Codes.SHOP_NAME_LENGTH;
  if (!lengthIn(i.mainBusiness, ShopLimits.mainBusinessMin, ShopLimits.mainBusinessMax)) return Codes.SHOP_MAIN_BUSINESS_LENGTH;
  if (!lengthIn(i.abbreviation, ShopLimits.abbreviationMin, ShopLimits.abbreviationMax)) return Codes.SHOP_ABBREVIATION_LENGTH;
  if (i.intro !== undefined && charLength(i.intro) > ShopLimits.introMax) return Codes.SHOP_INTRO_TOO_LONG;
  if ((i.nameEn !== undefined && charLength(i.nameEn) > ShopLimits.nameEnMax) || (i.mainBusinessEn !== undefined && charLength(i.mainBusinessEn) > ShopLimits.mainBusinessEnMax)
    || (i.introEn !== undefined && charLength(i.introEn) > ShopLimits.introEnMax) || (i.address !== undefined && charLength(i.address) > ShopLimits.addressMax)) return Codes.SHOP_TEXT_TOO_LONG;
  if (!phoneOk(i.tel) || !phoneOk(i.fax)) return Codes.SHOP_PHONE_INVALID;
  if (i.smsMobiles !== undefined && (i.smsMobiles.length > ShopLimits.smsMobilesMax || i.smsMobiles.some((m) => !isMobile(m)) || new Set(i.smsMobiles).size !== i.smsMobiles.length)) return Codes.SHOP_SMS_MOBILES_INVALID;
  if (i.album !== undefined && i.album.length > ShopLimits.albumMax) return Codes.SHOP_ALBUM_TOO_MANY;
  const hasLat = i.lat !== undefined && i.lat !== null;
  const hasLng = i.lng !== undefined && i.lng !== null;
  if (i.lat !== undefined || i.lng !== undefined) {
    if (hasLat !== hasLng) return Codes.SHOP_COORDINATES_INVALID;
    if (hasLat && (Math.abs(i.lat as number) > 90 || Math.abs(i.lng as number) > 180)) return Codes.SHOP_COORDINATES_INVALID;
  }
  return null;
}

export interface CompanyExtendInput {
  registeredCapital?: number | null; companyType?: number | null; staffCount?: number | null; annualTurnover?: number | null;
  markets?: string; businessModel?: number | null; customers?: string; workshopArea?: number | null; establishedAt?: string | null;
}

const inRange = (n: number | null | undefined, min: number, max: number) => n === undefined || n === null || (Number.isInteger(n) && n >= min && n <= max);
const coded = (n: number | null | undefined, table: Record<number, Labelled>) => n === undefined || n === null || table[n] !== undefined;

export function checkCompanyExtend(i: CompanyExtendInput, today = chinaToday()): number | null {
  if (!inRange(i.registeredCapital, 0, ShopLimits.registeredCapitalMax)) return Codes.SHOP_CAPITAL_INVALID;
  if (!inRange(i.staffCount, 1, ShopLimits.staffCountMax)) return Codes.SHOP_STAFF_INVALID;
  if (!inRange(i.workshopArea, 1, ShopLimits.workshopAreaMax)) return Codes.SHOP_WORKSHOP_INVALID;
  if (!coded(i.companyType, companyTypes) || !coded(i.annualTurnover, annualTurnovers) || !coded(i.businessModel, businessModels)) return Codes.SHOP_CHOICE_INVALID;
  if ((i.markets !== undefined && charLength(i.markets) > ShopLimits.marketsMax) || (i.customers !== undefined && charLength(i.customers) > ShopLimits.customersMax)) return Codes.SHOP_TEXT_TOO_LONG;
  if (i.establishedAt !== undefined && i.establishedAt !== null && (!isDate(i.establishedAt) || i.establishedAt < '1900-01-01' || i.establishedAt > today)) return Codes.SHOP_ESTABLISHED_INVALID;
  return null;
}

export interface CertificateInput { id?: number; type: number; name?: string; number: string; issuer: string; validFrom: string; validTo: string | null; images: string[] }

export function checkCertificate(c: CertificateInput): number | null {
  if (!certificateTypes[c.type]) return Codes.SHOP_CHOICE_INVALID;
  if (!c.number.trim() || !c.issuer.trim()) return Codes.CERTIFICATE_FIELDS_REQUIRED;
  if ([c.name ?? '', c.number, c.issuer].some((s) => charLength(s) > ShopLimits.certificateTextMax)) return Codes.SHOP_TEXT_TOO_LONG;
  if (!isDate(c.validFrom) || (c.validTo !== null && (!isDate(c.validTo) || c.validTo < c.validFrom))) return Codes.CERTIFICATE_VALIDITY_INVALID;
  if (c.images.length === 0) return Codes.CERTIFICATE_IMAGES_REQUIRED;
  if (c.images.length > ShopLimits.certificateImagesMax) return Codes.CERTIFICATE_TOO_MANY_IMAGES;
  return null;
}

/** A certificate carries the badge while it is verified and today lies within its validity. */
export const certificateBadged = (c: { verifyStatus: number; validFrom: string; validTo: string | null }, today = chinaToday()) =>
  c.verifyStatus === VerifyStatus.VERIFIED && c.validFrom <= today && (c.validTo === null || c.validTo >= today);

export interface PartnerInput { name: string; kind: number; contact?: string; tel?: string; province?: string; city?: string; intro?: string; logo?: string }

export function checkPartner(p: PartnerInput): number | null {
  if (!lengthIn(p.name, ShopLimits.partnerNameMin, ShopLimits.partnerNameMax)) return Codes.PARTNER_NAME_LENGTH;
  if (!partnerKinds[p.kind]) return Codes.SHOP_CHOICE_INVALID;
  if (!phoneOk(p.tel)) return Codes.SHOP_PHONE_INVALID;
  if ((p.contact && charLength(p.contact) > ShopLimits.contactMax) || (p.intro && charLength(p.intro) > ShopLimits.partnerIntroMax)) return Codes.SHOP_TEXT_TOO_LONG;
  return null;
}

export interface DeviceInput { kind: number; name?: string; gauge?: string; needles?: number | null; count: number; remark?: string }

export function checkDevice(d: DeviceInput): number | null {
  if (!machineKinds[d.kind]) return Codes.SHOP_CHOICE_INVALID;
  if (!Number.isInteger(d.count) || d.count < 1 || d.count > ShopLimits.deviceCountMax) return Codes.DEVICE_NUMBER_INVALID;
  if (d.needles !== undefined && d.needles !== null && (!Number.isInteger(d.needles) || d.needles < 1 || d.needles > ShopLimits.needlesMax)) return Codes.DEVICE_NUMBER_INVALID;
  if ((d.name && charLength(d.name) > ShopLimits.deviceNameMax) || (d.gauge && charLength(d.gauge) > ShopLimits.gaugeMax) || (d.remark && charLength(d.remark) > ShopLimits.remarkMax)) return Codes.SHOP_TEXT_TOO_LONG;
  return null;
}

/** Where the shop page is on the map: "open in AMap" needs no key, so the static card always has a way to a map. */
export function amapMarkerUrl(lng: number, lat: number, name: string): string {
  return `https://uri.amap.com/marker?position=${lng},${lat}&name=${encodeURIComponent(name)}&coordinate=gaode&callnative=0`;
}
