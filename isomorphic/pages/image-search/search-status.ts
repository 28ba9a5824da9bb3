// The api's photo-search readiness (GET /search/status) for the photo-search pages; never fails a page.
import type { ApiClient } from '../../api-client/client';
import type { SearchStatus } from '../../contracts/search';
import { Codes } from '../../domain/codes';

export function searchStatus(api: ApiClient, signal: AbortSignal): Promise<SearchStatus | null> {
  return api.get<SearchStatus>('/search/status', undefined, { signal }).then((e) => (e.code === Codes.OK ? e.data : null)).catch(() => null);
}
