// The listing filters of a gallery as they live in the URL: parsed leniently (a bad value is dropped, never
// an error), written back in one fixed order without defaults, so every filtered page has exactly one URL.
// Prices travel in the URL in yuan (what a person reads) and go to the api in cents.
import { LaceCraft, LaceEdge, LaceStretch, PatternType, Shape, Unit } from '../../domain/catalogue';
import { Limits } from '../../domain/limits';

export const SORTS = ['newest', 'popular', 'priceAsc', 'priceDesc'] as const;
export type Sort = (typeof SORTS)[number];

export interface ListingFilters {
  patternType?: number;
  shape?: number;
  unit?: number;
  /** lace attributes buyers filter by (dictionary codes) */
  edge?: number;
  craft?: number;
  stretch?: number;
  /** yuan */
  priceMin?: number;
  /** yuan */
  priceMax?: number;
  companyId?: number;
  sort: Sort;
  page: number;
  keyword?: string;
}

/** The query keys, in the order a normalised URL writes them. */
export const FILTER_KEYS = ['keyword', 'patternType', 'shape', 'unit', 'edge', 'craft', 'stretch', 'priceMin', 'priceMax', 'companyId', 'sort', 'page'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

const patternTypes = new Set<number>(Object.values(PatternType));
const shapes = new Set<number>(Object.values(Shape));
const units = new Set<number>(Object.values(Unit));
const edges = new Set<number>(Object.values(LaceEdge));
const crafts = new Set<number>(Object.values(LaceCraft));
const stretches = new Set<number>(Object.values(LaceStretch));
const MAX_PAGE = 100_000;
const MAX_PRICE_YUAN = 10_000_000;
export const MAX_KEYWORD = 100;

function code(raw: string | null, allowed: Set<number>): number | undefined {
  const n = Number(raw);
  return raw && allowed.has(n) ? n : undefined;
}

function yuan(raw: string | null): number | undefined {
  if (raw === null || raw.trim() === '') return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0 || n > MAX_PRICE_YUAN) return undefined;
  return Math.round(n * 100) / 100;
}

function positiveInt(raw: string | null, max: number): number | undefined {
  if (!raw || !/^\d{1,9}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= 1 && n <= max ? n : undefined;
}

/** Filters from a URL's query; anything unknown or malformed is ignored. */
export function parseFilters(params: URLSearchParams): ListingFilters {
  const sortRaw = params.get('sort');
  let priceMin = yuan(params.get('priceMin'));
  let priceMax = yuan(params.get('priceMax'));
  if (priceMin !== undefined && priceMax !== undefined && priceMin > priceMax) [priceMin, priceMax] = [priceMax, priceMin];
  const keyword = (params.get('keyword') ?? '').replace(/\s+/g, ' ').trim().slice(0, MAX_KEYWORD);
  return {
    patternType: code(params.get('patternType'), patternTypes),
    shape: code(params.get('shape'), shapes),
    unit: code(params.get('unit'), units),
    edge: code(params.get('edge'), edges),
    craft: code(params.get('craft'), crafts),
    stretch: code(params.get('stretch'), stretches),
    priceMin,
    priceMax,
    companyId: positiveInt(params.get('companyId'), Number.MAX_SAFE_INTEGER),
    sort: (SORTS as readonly string[]).includes(sortRaw ?? '') ? (sortRaw as Sort) : 'newest',
    page: positiveInt(params.get('page'), MAX_PAGE) ?? 1,
    keyword: keyword || undefined,
  };
}

/** The normalised query string (with its "?", or "" when nothing is set) of these filters. */
export function filtersToSearch(filters: ListingFilters, omit: readonly FilterKey[] = []): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    if (omit.includes(key)) continue;
    const value = filters[key];
    if (value === undefined || value === '') continue;
    if (key === 'sort' && value === 'newest') continue;
    if (key === 'page' && value === 1) continue;
    params.set(key, String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** A link to `path` with these filters changed; any change of filter goes back to page 1. */
export function hrefWith(path: string, filters: ListingFilters, change: Partial<ListingFilters>, omit: readonly FilterKey[] = []): string {
  const next: ListingFilters = { ...filters, page: 1, ...change };
  return `${path}${filtersToSearch(next, omit)}`;
}

/** The body of /product/listLSKProduct and /product/searchLace (prices in cents). */
export function toProductQuery(filters: ListingFilters, kind: 1 | 2, pageSize: number = Limits.pageSize): Record<string, string | number> {
  const q: Record<string, string | number> = { pageNum: filters.page, pageSize, kind, sort: filters.sort };
  if (filters.patternType !== undefined) q.patternType = filters.patternType;
  if (filters.shape !== undefined) q.shape = filters.shape;
  if (filters.unit !== undefined) q.unit = filters.unit;
  if (filters.edge !== undefined) q.edge = filters.edge;
  if (filters.craft !== undefined) q.craft = filters.craft;
  if (filters.stretch !== undefined) q.stretch = filters.stretch;
  if (filters.priceMin !== undefined) q.priceMin = Math.round(filters.priceMin * 100);
  if (filters.priceMax !== undefined) q.priceMax = Math.round(filters.priceMax * 100);
  if (filters.companyId !== undefined) q.companyId = filters.companyId;
  if (filters.keyword !== undefined) q.keyword = filters.keyword;
  return q;
}
