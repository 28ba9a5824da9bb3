// /api/* → the api service, prefix stripped. Adds `client: 1`, the request id, x-forwarded-* and the
// page language; the session token (from the HttpOnly cookie) and `platform: 2` only for same-origin
// requests, so another site cannot act with a visitor's cookie. An unreachable api answers 502 at once.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import replyFrom from '@fastify/reply-from';
import { Codes, messageFor } from '../isomorphic/domain/codes';
import { Limits } from '../isomorphic/domain/limits';
import type { WebMetrics } from './metrics';
import { apiLangOf, isSameOrigin } from './visitor';

export interface ProxyOptions { apiUrl: string; publicUrl: string; metrics: WebMetrics; connectTimeoutMs?: number }

/** Headers a browser might send that only the proxy may set, and the cookies the api has no use for. */
const STRIPPED = ['x-token', 'platform', 'client', 'cookie', 'x-request-id', 'x-lang', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'forwarded'];

export async function proxyRoutes(app: FastifyInstance, opts: ProxyOptions): Promise<void> {
  const upstream = new URL(opts.apiUrl);
  const basePath = upstream.pathname.replace(/\/$/, '');

  await app.register(replyFrom, {
    base: upstream.origin,
    undici: {
      connections: 128,
      pipelining: 1,
      keepAliveTimeout: 60_000,
      connect: { timeout: opts.connectTimeoutMs ?? 3000 },
      headersTimeout: 30_000,
      bodyTimeout: 60_000,
    },
  });

  // Bodies pass through unparsed (JSON, multipart uploads, anything).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  const timings = new WeakMap<FastifyRequest, bigint>();

  app.all('/api/*', async (request, reply) => {
    const target = `${basePath}${request.url.slice('/api'.length)}` || '/';
    timings.set(request, process.hrtime.bigint());
    const observe = (status: number | string) => {
      const started = timings.get(request);
      if (started === undefined) return;
      timings.delete(request);
      opts.metrics.upstreamDuration.observe({ source: 'proxy', method: request.method, status_code: String(status) }, Number(process.hrtime.bigint() - started) / 1e9);
    };
    return reply.from(target, {
      rewriteRequestHeaders: (_req, headers) => {
        const req = request;
        const out: Record<string, string | string[] | undefined> = { ...headers };
        for (const name of STRIPPED) delete out[name];
        out.client = '1';
        out['x-request-id'] = req.id;
        out['x-lang'] = apiLangOf(req);
        out['x-forwarded-for'] = req.ips && req.ips.length > 1 ? [...req.ips].reverse().join(', ') : req.ip;
        out['x-forwarded-host'] = req.host;
        out['x-forwarded-proto'] = req.protocol;
        const token = req.cookies?.[Limits.tokenCookie];
        if (token && isSameOrigin(req, opts.publicUrl)) {
          out['x-token'] = token;
          out.platform = '2';
        }
        return out as typeof headers;
      },
      onResponse: (_req, res, upstreamResponse) => {
        observe(upstreamResponse.statusCode);
        void res.send(upstreamResponse.stream);
      },
      onError: (res, { error }) => {
        observe('error');
        request.log.warn({ err: error, target }, 'api unreachable through the proxy');
        void res
          .code(502)
          .header('content-type', 'application/json; charset=utf-8')
          .header('cache-control', 'no-store')
          .send({ code: Codes.UPSTREAM_UNAVAILABLE, message: messageFor(Codes.UPSTREAM_UNAVAILABLE, apiLangOf(request)), data: null });
      },
    });
  });
}
