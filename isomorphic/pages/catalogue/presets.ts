// The galleries of SPEC §2 and what each one is: most are the same listing with a preset filter, so one
// page module serves them all. A preset's `fixed` filters are forced and left out of its URLs; a copy of
// another gallery names that one as its canonical page, so crawlers index each listing once.
import { Shape } from '../../domain/catalogue';
import type { FilterKey, ListingFilters } from './listing-query';
import type { galleryWords } from './catalogue.words';

export type GalleryKey = 'Flower' | 'GoodAndNew' | 'Best' | 'ClothesGallery' | 'ThreeDDress' | 'ProcessDesign' | 'SuppliesInfo';
export type CompanyListKey = 'QualityFirm' | 'EntryInfo';

export interface GalleryPreset {
  key: GalleryKey;
  /** 1 patterns (/product/listLSKProduct), 2 garments (/clothes/listClothes). */
  kind: 1 | 2;
  fixed: Partial<ListingFilters>;
  /** The page search engines should index for this listing. */
  canonicalPath: string;
  /** Filter rows shown (garments have no pattern type or unit). */
  rows: ReadonlyArray<'patternType' | 'shape' | 'unit' | 'edge' | 'craft' | 'stretch' | 'price' | 'company' | 'sort'>;
}

export interface CompanyListPreset { key: CompanyListKey; canonicalPath: string }

const PATTERN_ROWS = ['patternType', 'shape', 'unit', 'edge', 'craft', 'stretch', 'price', 'company', 'sort'] as const;
const GARMENT_ROWS = ['price', 'company', 'sort'] as const;

const flower: GalleryPreset = { key: 'Flower', kind: 1, fixed: {}, canonicalPath: '/flower', rows: PATTERN_ROWS };
const clothes: GalleryPreset = { key: 'ClothesGallery', kind: 2, fixed: {}, canonicalPath: '/clothesGallery', rows: GARMENT_ROWS };
const processDesign: GalleryPreset = { key: 'ProcessDesign', kind: 1, fixed: { shape: Shape.MADE_TO_ORDER }, canonicalPath: '/processDesign', rows: PATTERN_ROWS.filter((r) => r !== 'shape') };

/** Gallery pages by path. */
export const galleryPresets: Record<string, GalleryPreset> = {
  '/flower': flower,
  '/home/productGallery': flower,
  '/home/list': flower,
  '/goodAndNew': { key: 'GoodAndNew', kind: 1, fixed: { sort: 'newest' }, canonicalPath: '/goodAndNew', rows: PATTERN_ROWS.filter((r) => r !== 'sort') },
  '/home/best': { key: 'Best', kind: 1, fixed: { sort: 'popular' }, canonicalPath: '/home/best', rows: PATTERN_ROWS.filter((r) => r !== 'sort') },
  '/clothesGallery': clothes,
  '/home/clothesGallery': clothes,
  '/home/listChothes': clothes,
  '/home/clothes/list': clothes,
  '/home/threeDDress': { ...clothes, key: 'ThreeDDress', canonicalPath: '/home/threeDDress' },
  '/processDesign': processDesign,
  '/home/processDesign': processDesign,
  '/home/suppiesInfo': { key: 'SuppliesInfo', kind: 1, fixed: { shape: Shape.IN_STOCK }, canonicalPath: '/home/suppiesInfo', rows: PATTERN_ROWS.filter((r) => r !== 'shape') },
};

export const companyListPresets: Record<string, CompanyListPreset> = {
  '/home/qualityFirm': { key: 'QualityFirm', canonicalPath: '/home/qualityFirm' },
  '/home/entryInfo': { key: 'EntryInfo', canonicalPath: '/home/entryInfo' },
};

export function normalisePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** The filter keys a preset forces: never written into its links. */
export function fixedKeys(preset: GalleryPreset): FilterKey[] {
  return Object.keys(preset.fixed) as FilterKey[];
}

export type GalleryWordKey = keyof typeof galleryWords;
export const titleKey = (key: GalleryKey | CompanyListKey) => `title${key}` as GalleryWordKey;
export const descKey = (key: GalleryKey | CompanyListKey) => `desc${key}` as GalleryWordKey;
