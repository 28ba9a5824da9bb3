// The data shapes of the api's calls, shared by the api (response schemas) and the pages.
import type { PriceStep } from '../domain/price-ladder';
export interface Page<T> { list: T[]; total: number; pageNum: number; pageSize: number }

/**
 * A page of a product listing (home, galleries, text search) with the ids of the companies among its
 * products' that carry the verified badge today (a verified certificate within its validity), ascending:
 * the cards' badge comes with the products instead of from a second call.
 */
export type WithVerifiedCompanies<P> = P & { verifiedCompanies: number[] };

export interface ProductImage { id: number; url: string; width: number; height: number; sort: number }

export interface ProductSummary {
  id: number;
  companyId: number;
  companyName: string;
  companyNameEn: string;
  title: string;
  titleEn: string;
  code: string;            // the manufacturer's pattern number, e.g. "LK-20391"
  patternType: number;     // PatternType
  shape: number;           // Shape
  unit: number;            // Unit
  price: number | null;    // cents; null or negative is "price by negotiation"
  coverUrl: string;
  width: number | null;    // cm
  views: number;
  createdAt: string;       // ISO
}

export interface ColourCard { id: number; productId: number; name: string; nameEn: string; hex: string; imageUrl: string; sort: number }

export interface ProductDetail extends ProductSummary {
  description: string;
  descriptionEn: string;
  composition: string;     // e.g. "85% nylon 15% spandex"
  images: ProductImage[];
  colourCards: ColourCard[];
  status: number;          // 1 on sale, 0 removed
  /** bulk: the seller's quantity ladder (cents per unit from a quantity); its first step is the minimum order per colour; empty is price by negotiation */
  ladder: PriceStep[];
  edge: number | null;     // LaceEdge
  craft: number | null;    // LaceCraft
  stretch: number | null;  // LaceStretch
  /** grams per metre, when the seller gives it (then quantities may be shown in kilograms) */
  weightPerMetre: number | null;
}

export interface CompanySummary {
  id: number;
  name: string;
  nameEn: string;
  abbreviation: string;
  kind: number;            // UserType of its owner: 1 manufacturer, 2 trader
  logoUrl: string;
  mainBusiness: string;
  mainBusinessEn: string;
  province: string;
  city: string;
  productCount: number;
}

export interface CompanyInfo extends CompanySummary {
  intro: string;
  introEn: string;
  tel: string;
  address: string;
  bannerUrl: string;
  lat: number | null;
  lng: number | null;
  establishedAt: string | null;
  staffCount: number | null;
  workshopArea: number | null;   // m²
}

export interface DictEntry { typeKey: string; dicValue: string; name: string; nameEn: string; label: string; sort: number }
export interface DictGroup { typeKey: string; name: string; nameEn: string; children: DictEntry[] }

export interface Area { code: string; name: string; parentCode: string | null; level: number }
