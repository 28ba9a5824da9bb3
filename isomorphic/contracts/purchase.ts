// Shapes of the purchase-request calls (求购 and 报价), shared by the api's schemas and the pages.
import type { PriceStep } from '../domain/price-ladder';
import type { PurchaseInput } from '../domain/purchase';

/** What anyone may see of a request: no picture, quantity or description (SPEC §6). */
export interface PurchaseTeaser {
  id: number;
  catalogue: number;
  catalogueLabel: string;
  sampleType: number;
  sampleTypeLabel: string;
  unit: number;
  unitLabel: string;
  status: number;           // PurchaseStatus, with the deadline applied
  statusLabel: string;
  deadline: string;
  responseCount: number;
  createdAt: string;
}

export interface PurchaseDetail extends PurchaseTeaser {
  imagePath: string;
  imageUrl: string;
  acceptProduce: boolean;
  quantity: number;
  description: string;
  mine: boolean;
  /** the actions this viewer may take now (from the state table) */
  actions: string[];
  selectedResponseId: number | null;
  orderId: number | null;
  version: number;
}

export interface Refusal { code: number; message: string }

/** One request by id: the details, or the teaser and why the details are withheld. */
export interface PurchaseView { teaser: PurchaseTeaser; detail: PurchaseDetail | null; hidden: Refusal | null }

/** A row of a list: the teaser, with the description and picture when the viewer may read them. */
export interface PurchaseListItem extends PurchaseTeaser {
  description: string | null;
  imageUrl: string | null;
  mine: boolean;
  /** the viewer's company is among those whose patterns match the request's picture best (listed first for it) */
  matchesMine: boolean;
}

/** A product on sale that looks like a request's picture (photo matching), with its score and company. */
export interface PurchaseMatch {
  productId: number;
  score: number;            // the photo search's similarity, 0–1
  companyId: number;
  companyName: string;
  companyNameEn: string;
  title: string;
  titleEn: string;
  code: string;
  coverUrl: string;
  price: number | null;
  unit: number;
}

/** /productBuy/matches: where the request's photo matching stands ('pending' while it runs) and its products. */
export interface PurchaseMatches { state: 'none' | 'pending' | 'done' | 'failed'; list: PurchaseMatch[] }

/** /productBuy/release's body: the request's fields (domain/purchase.ts checks them). */
export type PurchaseRelease = PurchaseInput;

export interface PurchaseResponseInput {
  requestId: number;
  ladder: PriceStep[];
  unit: number;
  /** request units in one response unit (1 when the units agree) */
  perUnit: number;
  leadDays: number;
  cutSample: boolean;
  pictures: string[];
  note: string;
  /** optional: one of the responding company's own products on sale (its page and the order's line link it) */
  productId?: number;
}

/** The product a response offers, as long as it is on sale. */
export interface ResponseProduct { id: number; title: string; titleEn: string; code: string; coverUrl: string }

export interface PurchaseResponse {
  id: number;
  requestId: number;
  companyId: number;
  companyName: string;
  companyNameEn: string;
  ladder: PriceStep[];
  /** the ladder's prices per unit of the request, for side-by-side comparison */
  normalisedLadder: PriceStep[];
  unit: number;
  unitLabel: string;
  perUnit: number;
  minimum: number;
  leadDays: number;
  cutSample: boolean;
  pictureUrls: string[];
  pictures: string[];
  note: string;
  /** the product the response names (null: none); `product` is it while on sale, else null */
  productId: number | null;
  product: ResponseProduct | null;
  status: number;           // ResponseStatus
  statusLabel: string;
  /** the price per request unit of the request's quantity (normalised), or null below the minimum */
  priceForRequest: number | null;
  createdAt: string;
  updatedAt: string;
}
