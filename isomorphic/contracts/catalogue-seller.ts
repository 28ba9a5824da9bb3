// The seller's catalogue calls (issue 17, /shopProduct/*): what the shop manager's product list and form
// send and read. Prices are integer cents; pictures are storage paths the seller uploaded.
import type { Page } from './common';
import type { ImageRef } from './shop';
import type { PriceStep } from '../domain/price-ladder';
import type { SellerStatusFilter } from '../domain/catalogue-seller';

export interface ColourCardInput { id?: number; name: string; nameEn?: string; hex: string; image?: string }

export interface ProductInput {
  kind: number;
  title: string;
  titleEn?: string;
  code: string;
  patternType: number;
  shape: number;
  unit: number;
  widthCm?: number | null;
  composition?: string;
  description?: string;
  descriptionEn?: string;
  edge?: number | null;
  craft?: number | null;
  stretch?: number | null;
  /** cut plate: cents per unit; null is price by negotiation (a cut sample is always free) */
  platePrice?: number | null;
  /** bulk: a quantity ladder whose first step is the minimum order per colour; empty is price by negotiation */
  ladder: PriceStep[];
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
}

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
  pictures: ImageRef[];
  colourCards: SellerColourCard[];
}

export interface SellerProductCounts { all: number; onSale: number; offSale: number; takenDown: number }
export interface SellerProductPage extends Page<SellerProduct> { counts: SellerProductCounts }
export interface SellerProductQuery { pageNum: number; pageSize: number; status?: SellerStatusFilter }
