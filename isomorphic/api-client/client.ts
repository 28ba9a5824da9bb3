// How pages and loaders call the api. On the server the web service builds one per request that talks to
// the api service directly (with the visitor's token); in the browser calls go to /api on the same origin.
import type { Envelope } from '../domain/codes';

export type Query = Record<string, string | number | boolean | undefined | null>;

export interface ApiClient {
  get<T>(path: string, query?: Query, init?: { signal?: AbortSignal }): Promise<Envelope<T>>;
  post<T>(path: string, body?: unknown, init?: { signal?: AbortSignal }): Promise<Envelope<T>>;
}

export function toSearch(query?: Query): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : '';
}
