// Shared steps of the listing loaders: the normalised URL (a non-normalised one redirects to it, so each
// filtered listing has exactly one address), the 404 past the last page and the company filter choices (which
// of the listed products' mills carry the verified badge comes with the listing's answer: verifiedCompanies).
import { data, redirect } from 'react-router';
import type { ApiClient } from '../../api-client/client';
import type { CompanyInfo, CompanySummary, Page } from '../../contracts/common';
import { Codes } from '../../domain/codes';
import { filtersToSearch, type FilterKey, type ListingFilters } from './listing-query';

/** Redirects when the URL's query is not the normalised one (the page language rides along). */
export function redirectToNormalised(url: URL, path: string, filters: ListingFilters, omit: readonly FilterKey[]): void {
  const normal = filtersToSearch(filters, omit);
  const lang = url.searchParams.get('lang');
  const actual = new URLSearchParams(url.search);
  actual.delete('lang');
  const actualSearch = actual.toString() ? `?${actual.toString()}` : '';
  if (actualSearch === normal) return;
  const target = lang ? `${path}${normal}${normal ? '&' : '?'}lang=${encodeURIComponent(lang)}` : `${path}${normal}`;
  throw redirect(target, 301);
}

/** A page number past the end of a non-empty listing is a 404, not an empty page for crawlers to index. */
export function assertPageExists(page: number, total: number, pageSize: number): void {
  if (page > 1 && (page - 1) * pageSize >= total) throw data({ code: Codes.NOT_FOUND, message: 'Not found' }, { status: 404 });
}

/** Companies for the filter row; the chosen one is added when it is not among the first. Never fails the page. */
export async function companyChoices(api: ApiClient, chosen: number | undefined, signal: AbortSignal): Promise<CompanySummary[]> {
  const list = await api
    .get<Page<CompanySummary>>('/company/listCompanies', { pageNum: 1, pageSize: 12 }, { signal })
    .then((e) => (e.code === Codes.OK ? e.data.list : []))
    .catch(() => [] as CompanySummary[]);
  if (chosen !== undefined && !list.some((c) => c.id === chosen)) {
    const one = await api.get<CompanyInfo>('/company/getCompanyInfo', { companyId: chosen }, { signal }).catch(() => null);
    if (one && one.code === Codes.OK) list.push(one.data);
  }
  return list;
}
