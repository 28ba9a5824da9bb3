// The ApiClient of one page request on the server: calls the api directly, as the visitor (token,
// language, request id), timing each call for the upstream histogram.
import type { FastifyBaseLogger } from 'fastify';
import type { ApiClient, Query } from '../../isomorphic/api-client/client';
import { toSearch } from '../../isomorphic/api-client/client';
import { ApiUnavailableError, isEnvelope } from '../../isomorphic/api-client/results';
import type { Envelope } from '../../isomorphic/domain/codes';
import type { WebMetrics } from '../metrics';
import type { PublicReadCache } from './public-read-cache';
import type { ApiCall } from './api-http';

export interface ServerApiVisitor {
  token?: string;
  lang: string;
  requestId: string;
  forwardedFor?: string;
}

export function createServerApiClient(http: ApiCall, visitor: ServerApiVisitor, deps: { log: FastifyBaseLogger; metrics: WebMetrics; cache?: PublicReadCache }): ApiClient {
  const headers: Record<string, string> = { 'x-request-id': visitor.requestId, 'x-lang': visitor.lang };
  if (visitor.token) {
    headers['x-token'] = visitor.token;
    headers.platform = '2';
  }
  if (visitor.forwardedFor) headers['x-forwarded-for'] = visitor.forwardedFor;

  async function call<T>(method: 'GET' | 'POST', path: string, query: Query | undefined, body: unknown, signal?: AbortSignal): Promise<Envelope<T>> {
    const url = `${path.replace(/^\//, '')}${toSearch(query)}`;
    const started = process.hrtime.bigint();
    let status = 'error';
    try {
      const response = await http(method, url, { headers, signal, body });
      status = String(response.statusCode);
      let payload: unknown;
      try {
        payload = JSON.parse(response.body);
      } catch {
        payload = undefined;
      }
      if (!isEnvelope(payload)) throw new ApiUnavailableError(`The api answered ${method} ${path} with HTTP ${response.statusCode} and no envelope`);
      return payload as Envelope<T>;
    } catch (err) {
      if (signal?.aborted) throw err;
      if (err instanceof ApiUnavailableError) {
        deps.log.error({ err, path }, 'api call failed');
        throw err;
      }
      deps.log.error({ err, path }, 'api unreachable');
      throw new ApiUnavailableError(`The api could not be reached for ${method} ${path}`, { cause: err });
    } finally {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      deps.metrics.upstreamDuration.observe({ source: 'loader', method, status_code: status }, seconds);
    }
  }

  return {
    get: (path, query, init) =>
      deps.cache && !visitor.token
        ? deps.cache.get(`${visitor.lang} ${path}${toSearch(query)}`, () => call('GET', path, query, undefined))
        : call('GET', path, query, undefined, init?.signal),
    post: (path, body, init) => call('POST', path, undefined, body ?? {}, init?.signal),
  };
}
