// /api/* → the api service, prefix stripped. Adds `client: 1`, the request id, x-forwarded-* and the
// page language; the session token (from the HttpOnly cookie) and `platform: 2` only for same-origin
// requests, so another site cannot act with a visitor's cookie. An unreachable api answers 502 at once.
// The session calls are read on the way back: sign-in sets the cookies and takes the token out of the
// JSON, sign-out and any 210018 clear them (session.hooks.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import replyFrom from '@fastify/reply-from';
import { Codes } from '../isomorphic/domain/codes';
import { messageFor } from '../isomorphic/domain/code-messages';
import { Limits } from '../isomorphic/domain/limits';
import type { WebMetrics } from './metrics';
import { apiLangOf, isSameOrigin } from './visitor';
import { expireOn210018, readBody, sessionHookFor, type SessionHook } from './session-hooks';

export interface ProxyOptions { apiUrl: string; publicUrl: string; metrics: WebMetrics; connectTimeoutMs?: number; cookieSecure?: boolean }

/**
 * The largest request body the proxy takes: the api's largest (a photo search's picture in base64, 10 MB
 * as 13.4 MB, in JSON) with room to spare.
 */
export const PROXY_BODY_LIMIT = 15 * 1024 * 1024;

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

  // Bodies pass through unparsed (JSON, multipart uploads, anything), but whole: the proxy reads a body
  // to its end before it asks the api, so a client sending slowly holds no api connection (and the
  // request timeout ends it), and one larger than the api would take is refused here.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: PROXY_BODY_LIMIT }, (_request, body, done) => done(null, body));

  const timings = new WeakMap<FastifyRequest, bigint>();

  app.all('/api/*', { errorHandler: envelopeErrors }, async (request, reply) => {
    const target = `${basePath}${request.url.slice('/api'.length)}` || '/';
    // A URL that does not decode (a bad percent-escape in the query too) is the caller's mistake, not a 500.
    try {
      decodeURIComponent(target);
    } catch {
      return reply.code(400).header('content-type', 'application/json; charset=utf-8')
        .send({ code: Codes.BAD_REQUEST, message: messageFor(Codes.BAD_REQUEST, apiLangOf(request)), data: null });
    }
    const apiPath = request.url.slice('/api'.length).split('?')[0];
    const hook = sessionHookFor(apiPath);
    // Sign-in sets the session cookie: another site must not be able to sign a visitor in (login CSRF).
    if (apiPath === '/front/user/login' && !isSameOrigin(request, opts.publicUrl)) {
      return reply.code(403).header('content-type', 'application/json; charset=utf-8')
        .send({ code: Codes.FORBIDDEN, message: messageFor(Codes.FORBIDDEN, apiLangOf(request)), data: null });
    }
    const sameOrigin = isSameOrigin(request, opts.publicUrl);
    timings.set(request, process.hrtime.bigint());
    const observe = (status: number | string) => {
      const started = timings.get(request);
      if (started === undefined) return;
      timings.delete(request);
      opts.metrics.upstreamDuration.observe({ source: 'proxy', method: request.method, status_code: String(status) }, Number(process.hrtime.bigint() - started) / 1e9);
    };
    // The body read whole, sent as it came (reply-from would JSON-encode a JSON body it parsed itself).
    const body = Buffer.isBuffer(request.body) ? { body: request.body, contentType: request.headers['content-type'] ?? 'application/octet-stream' } : {};
    return reply.from(target, {
      ...body,
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
        // A session call's answer is read here, so it must come back uncompressed.
        if (hook) delete out['accept-encoding'];
        const token = req.cookies?.[Limits.tokenCookie];
        if (token && isSameOrigin(req, opts.publicUrl)) {
          out['x-token'] = token;
          out.platform = '2';
        }
        return out as typeof headers;
      },
      onResponse: (_req, res, upstreamResponse) => {
        observe(upstreamResponse.statusCode);
        // 401 is the api's status for 210018 (session expired), on any call. Only a same-origin call may
        // change the cookies: a link from another site gets no token injected, so the api's 210018 would
        // otherwise sign the visitor out (and so would a cross-site sign-out).
        if (!sameOrigin || (!hook && upstreamResponse.statusCode !== 401)) {
          void res.send(upstreamResponse.stream);
          return;
        }
        void rewriteSessionResponse(request, reply, upstreamResponse, hook, opts.cookieSecure ?? false);
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

/** Errors of reading a request under /api (too large, cut off) in the api's envelope. */
function envelopeErrors(error: { statusCode?: number; code?: string }, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  if (status >= 500) request.log.error({ err: error }, 'proxy request failed');
  const code = status === 413 ? Codes.BODY_TOO_LARGE : status >= 500 ? Codes.INTERNAL : Codes.BAD_REQUEST;
  void reply.code(status).header('content-type', 'application/json; charset=utf-8').send({ code, message: messageFor(code, apiLangOf(request)), data: null });
}

/** Reads a (small) session-related answer, lets the hook set or clear cookies, and sends the JSON on. */
async function rewriteSessionResponse(
  request: FastifyRequest,
  reply: FastifyReply,
  upstream: { stream: NodeJS.ReadableStream },
  hook: SessionHook | undefined,
  secure: boolean,
): Promise<void> {
  let body: Buffer;
  try {
    body = await readBody(upstream.stream);
  } catch (err) {
    request.log.warn({ err }, 'could not read a session answer from the api');
    void reply.code(502).header('content-type', 'application/json; charset=utf-8').send({ code: Codes.UPSTREAM_UNAVAILABLE, message: messageFor(Codes.UPSTREAM_UNAVAILABLE, apiLangOf(request)), data: null });
    return;
  }
  // reply-from has copied the upstream headers onto the reply.
  const encoding = reply.getHeader('content-encoding');
  const encoded = encoding !== undefined && encoding !== 'identity';
  const out = encoded ? undefined : hook ? hook.apply(request, reply, body, secure) : expireOn210018(reply, body, secure);
  reply.removeHeader('content-length');
  void reply.send(out ?? body);
}
