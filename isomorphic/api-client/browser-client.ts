// The browser's ApiClient: same-origin fetch to /api, where the web service's proxy adds the token.
import type { Envelope } from '../domain/codes';
import { toSearch, type ApiClient, type Query } from './client';
import { ApiUnavailableError, isEnvelope } from './results';

export function createBrowserApiClient(opts: { lang(): string; base?: string }): ApiClient {
  const base = opts.base ?? '/api';
  async function call<T>(method: 'GET' | 'POST', path: string, query: Query | undefined, body: unknown, signal?: AbortSignal): Promise<Envelope<T>> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}${toSearch(query)}`, {
        method,
        signal,
        credentials: 'same-origin',
        headers: { accept: 'application/json', 'x-lang': opts.lang(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (err) {
      if (signal?.aborted) throw err;
      throw new ApiUnavailableError(`Network error calling ${path}`, { cause: err });
    }
    const payload: unknown = await response.json().catch(() => undefined);
    if (!isEnvelope(payload)) throw new ApiUnavailableError(`Unexpected answer from ${path} (HTTP ${response.status})`);
    return payload as Envelope<T>;
  }
  return {
    get: (path, query, init) => call('GET', path, query, undefined, init?.signal),
    post: (path, body, init) => call('POST', path, undefined, body ?? {}, init?.signal),
  };
}
