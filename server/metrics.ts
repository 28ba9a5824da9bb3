// Prometheus metrics of the web service, in a registry of its own (several apps can share a process).
import type { FastifyInstance } from 'fastify';
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { opsAllowed } from '../config/ops-access';

export interface WebMetrics {
  registry: Registry;
  httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  ssrDuration: Histogram<'route' | 'status_code'>;
  upstreamDuration: Histogram<'source' | 'method' | 'status_code'>;
}

// Seconds. A cached page is answered in well under a millisecond and the /api hop adds about one, so the
// first buckets are sub-millisecond: with 5 ms as the first, every cached answer fell in one bucket.
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(): WebMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service: 'web' });
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route and status',
      labelNames: ['method', 'route', 'status_code'],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    }),
    ssrDuration: new Histogram({
      name: 'ssr_render_duration_seconds',
      help: 'Time from the start of rendering a page to the end of its HTML stream, by page route id',
      labelNames: ['route', 'status_code'],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    }),
    upstreamDuration: new Histogram({
      name: 'upstream_request_duration_seconds',
      help: 'Time of calls to the api service, from page loaders and from the /api proxy',
      labelNames: ['source', 'method', 'status_code'],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    }),
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Label for the duration histogram when the Fastify route is too coarse (the SSR catch-all). */
    metricsRoute?: string;
  }
}

/** Times every request of the app; call on the root instance so the hook reaches every route. */
export function timeRequests(app: FastifyInstance, metrics: WebMetrics): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.metricsRoute ?? request.routeOptions.url ?? 'unmatched';
    metrics.httpDuration.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
}

/** Serves /metrics in the Prometheus text format, to this machine or a holder of OPS_TOKEN. */
export async function metricsRoutes(app: FastifyInstance, opts: { metrics: WebMetrics; opsToken: string }): Promise<void> {
  const { metrics } = opts;
  app.get('/metrics', async (request, reply) => {
    if (!opsAllowed(request, opts.opsToken)) return reply.code(403).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('403 Forbidden: set OPS_TOKEN and send it as a bearer token\n');
    const body = await metrics.registry.metrics();
    return reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store').send(body);
  });
}
