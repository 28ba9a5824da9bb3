// Shapes of the photo-search calls (SPEC §7 Search), shared by the api's schemas and the pages.
import type { ColourCard, ProductSummary } from './common';

/** POST /search/encoded and /search/url */
export interface SearchStarted { searchKey: string }

/** One ranked product of a search; similarity is the fused cosine similarity, 0 to 1. */
export interface SearchHit extends ProductSummary { rank: number; similarity: number }

export interface SearchHitCompany { id: number; name: string; nameEn: string; abbreviation: string; logoUrl: string }

/** GET /search/getResultDetailOnLsk: a hit with its company and colour cards. */
export interface SearchHitDetail extends SearchHit { company: SearchHitCompany; colourCards: ColourCard[] }

/** GET /search/status */
export interface SearchStatus {
  /** the background indexing after start has finished */
  ready: boolean;
  /** products photo search can find (at least their first picture's main views are indexed) */
  indexed: number;
  /** of those, products indexed with every picture and view */
  complete: number;
  /** products on sale */
  total: number;
  entries: number;
  model: string;
  backend: string;
  nearestNeighbours: 'flat' | 'hnsw' | 'pgvector';
  queued: number;
}
