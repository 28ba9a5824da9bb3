// Shapes of the catalogue, text search, favourites, upload, custom request and crawler calls
// (docs/contract-catalogue.md), shared by the api's schemas and the pages.
import type { CompanySummary, Page, ProductSummary } from './common';
import type { CustomQuote } from './custom-quote';

export type ProductSort = 'newest' | 'popular' | 'priceAsc' | 'priceDesc';

/** Body of /product/listLSKProduct and /product/searchLace, query of /clothes/listClothes. Prices in cents. */
export interface ProductQuery {
  pageNum?: number;
  pageSize?: number;
  /** 1 pattern (default), 2 garment; '' means any */
  kind?: 1 | 2 | '';
  patternType?: number | '';
  shape?: number | '';
  unit?: number | '';
  priceMin?: number | '';
  priceMax?: number | '';
  companyId?: number | '';
  /** listing default 'newest'; search default 'relevance' */
  sort?: ProductSort | 'relevance' | '';
}

export interface TextSearchQuery extends ProductQuery { keyword: string }

/** A piece of a title: the page wraps `match` parts in <mark>. */
export interface Part { text: string; match: boolean }

export interface SearchHit extends ProductSummary { score: number; titleParts: Part[]; titleEnParts: Part[] }
/** A page of text search results: `total` stops at 1,000, and `totalCapped` says that more matched. */
export interface SearchPage extends Page<SearchHit> { totalCapped?: boolean }
/** The same as SearchHit (the photo search has its own SearchHit in search-types.ts). */
export type TextSearchHit = SearchHit;

export interface FavouriteRequest { type: 1 | 2 | 3; targetId: number; follow: boolean }
export interface FavouriteState { followed: boolean }
export type FollowedCompany = CompanySummary & { followedAt: string };
export type FollowedProduct = ProductSummary & { followedAt: string };

/** POST /file/upload and /file/confirm */
export interface UploadedFile { storeAs: string; url: string; size: number; width: number; height: number; contentType: string }

export interface CustomRequest {
  id: number;
  kind: 'pattern' | 'garment';
  status: number;          // 0 submitted, 1 quoted, 2 closed
  imageUrls: string[];
  fields: Record<string, string | number>;
  createdAt: string;
  openUntil: string;       // quotes are taken until then (isomorphic/domain/custom-quote.ts)
  quotes: CustomQuote[];   // sellers' answers, newest first
}

export interface CustomPatternRequest { images: string[]; widthCm: number; heightCm: number; quantity: number; remark?: string }
export interface CustomGarmentRequest {
  fabricCoding: string; colour: string; occasion: string; style: string;
  ageMin: number; ageMax: number; quantity?: number; remark?: string; images?: string[];
}

export interface SitemapIndex { products: number; garments: number; companies: number; lastModified: string }
export interface SitemapEntry { id: number; updatedAt: string }

/** What POST /file/token answers: temporary upload credentials and where the browser sends the file. */
export interface UploadCredentials {
  dir: string;
  accessKeyId: string;
  accessKeySecret: string;
  securityToken: string;
  endpoint: string;
  bucket: string;
  region: string;
  expiration: string;
  /** where the browser sends files: 'oss' a form POST to the bucket, or 'local' POST to the api */
  mode: 'oss' | 'local';
  uploadUrl: string;
  /**
   * oss mode: the object's key is keyPrefix + storeAs (a private staging prefix until /file/confirm
   * checks the picture and moves it), and `form` holds the PostObject fields (policy, signature,
   * credentials) sent with it. Local mode: '' and {}.
   */
  keyPrefix: string;
  form: Record<string, string>;
}
