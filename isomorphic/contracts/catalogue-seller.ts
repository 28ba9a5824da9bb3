// The seller's catalogue calls (issue 17, /shopProduct/*): what the shop manager's product list and form
// send and read. Prices are integer cents; pictures are storage paths the seller uploaded.
import type { Page } from './common';
import type { ImageRef } from './shop';
import type { PriceStep } from '../domain/price-ladder';
import type { CopyFlagFilter, ProductFields, SellerStatusFilter } from '../domain/catalogue-seller';

export interface ColourCardInput { id?: number; name: string; nameEn?: string; hex: string; image?: string }

/** The product's fields (checked by domain/catalogue-seller.ts: bounds, the ladder) with its pictures and colour cards. */
export interface ProductInput extends ProductFields {
  /** in display order */
  pictures: string[];
  /** one of `pictures`; the first when empty */
  cover?: string;
  /** the whole list: with id changes, without id adds, left out removes */
  colourCards: ColourCardInput[];
}

export interface SellerColourCard { id: number; name: string; nameEn: string; hex: string; image: ImageRef | null }

export interface SellerProduct {
  id: number;
  kind: number;
  title: string;
  titleEn: string;
  code: string;
  cover: ImageRef | null;
  unit: number;
  status: number;
  takedownReason: string;
  platePrice: number | null;
  ladder: PriceStep[];
  colourCount: number;
  updatedAt: string;
  /** photo search: 'searchable' once its pictures as saved are indexed, 'pending' until then, 'notListed' off sale */
  photoSearch: PhotoSearchState;
  /**
   * Pattern-copy detection: on-sale products of other companies whose pictures photo search finds nearly
   * the same as this one's (open flags), with no more than their public page shows.
   */
  similarTo: SimilarProduct[];
}

export interface SimilarProduct { id: number; title: string; titleEn: string }

export type PhotoSearchState = 'searchable' | 'pending' | 'notListed';

export interface SellerProductDetail extends SellerProduct {
  patternType: number;
  shape: number;
  widthCm: number | null;
  composition: string;
  description: string;
  descriptionEn: string;
  edge: number | null;
  craft: number | null;
  stretch: number | null;
  weightPerMetre: number | null;
  pictures: ImageRef[];
  colourCards: SellerColourCard[];
}

export interface SellerProductCounts { all: number; onSale: number; offSale: number; takenDown: number }
export interface SellerProductPage extends Page<SellerProduct> { counts: SellerProductCounts }
export interface SellerProductQuery { pageNum: number; pageSize: number; status?: SellerStatusFilter }

/** The operator's console: one product of any company (search by title, code or company). */
export interface PlatformProduct {
  id: number;
  title: string;
  titleEn: string;
  code: string;
  cover: ImageRef | null;
  status: number;
  takedownReason: string;
  companyId: number;
  companyName: string;
  companyNameEn: string;
  updatedAt: string;
}
export interface PlatformProductQuery { keyword?: string; status?: SellerStatusFilter; pageNum: number; pageSize: number }

/** A pair of products of two companies whose pictures are nearly the same: `product` was saved later. */
export interface CopyFlag {
  id: number;
  similarity: number;
  status: number;
  reason: string;
  createdAt: string;
  decidedAt: string | null;
  product: PlatformProduct;
  other: PlatformProduct;
}
export interface CopyFlagQuery { status?: CopyFlagFilter; pageNum: number; pageSize: number }
export interface CopyFlagDecision { id: number; action: 'dismiss' | 'takeDown'; reason: string }
