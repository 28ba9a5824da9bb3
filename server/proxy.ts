// /api/* → the api service, prefix stripped. Adds `client: 1`, the request id, x-forwarded-* and the
// page language; the session token (from the HttpOnly cookie) and `platform: 2` only for same-origin
// requests, so another site cannot act with a visitor's cookie. An unreachable api answers 502 at once.
// The session calls are read on the way back: sign-in sets the cookies and takes the token out of the
// JSON, sign-out and any 210018 clear them (session.hooks.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Pool, type Dispatcher } from 'undici';
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

/**
 * An answer at most this large (by its Content-Length) is read whole and sent in one write; a larger one
 * (a photo, a download) or one of unknown length streams through as it arrives.
 */
const BUFFERED_ANSWER = 64 * 1024;

/**
 * Headers a browser might send that the api never gets from it: those only the proxy may set, the cookies
 * (the api has no use for them; the token goes as x-token), and the hop-by-hop ones (RFC 9110 7.6.1),
 * which belong to the browser's connection and not to the proxy's, with `expect` (the body is read whole).
 */
const NOT_FORWARDED = new Set([
  'x-token', 'platform', 'client', 'cookie', 'x-request-id', 'x-lang', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'forwarded',
  'host', 'connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'http2-settings', 'expect', 'content-length',
]);

/** Hop-by-hop headers of the api's answer, which describe the proxy's connection and are not passed on. */
const NOT_RETURNED = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade']);

export async function proxyRoutes(app: FastifyInstance, opts: ProxyOptions): Promise<void> {
  const upstream = new URL(opts.apiUrl);
  const basePath = upstream.pathname.replace(/\/$/, '');
  // One keep-alive pool to the api, used directly (undici): the hop's own work is copying the headers
  // and the bytes, so nothing else runs per call (docs/benchmarks.md, "Proxy hop").
  const pool = new Pool(upstream.origin, {
    connections: 128,
    pipelining: 1,
    keepAliveTimeout: 60_000,
    connect: { timeout: opts.connectTimeoutMs ?? 3000 },
    headersTimeout: 30_000,
    bodyTimeout: 60_000,
  });
  app.addHook('onClose', async () => {
    await pool.destroy();
  });

  // Bodies pass through unparsed (JSON, multipart uploads, anything), but whole: the proxy reads a body
  // to its end before it asks the api, so a client sending slowly holds no api connection (and the
  // request timeout ends it), and one larger than the api would take is refused here.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: PROXY_BODY_LIMIT }, (_request, body, done) => done(null, body));

  const unavailable = (request: FastifyRequest, reply: FastifyReply) => reply
    .code(502)
    .header('content-type', 'application/json; charset=utf-8')
    .header('cache-control', 'no-store')
    .send({ code: Codes.UPSTREAM_UNAVAILABLE, message: messageFor(Codes.UPSTREAM_UNAVAILABLE, apiLangOf(request)), data: null });

  app.all('/api/*', { errorHandler: envelopeErrors }, async (request, reply) => {
    const rest = request.url.slice('/api'.length);
    const target = `${basePath}${rest}` || '/';
    // A URL that does not decode (a bad percent-escape in the query too) is the caller's mistake, not a 500.
    try {
      decodeURIComponent(target);
    } catch {
      return reply.code(400).header('content-type', 'application/json; charset=utf-8')
        .send({ code: Codes.BAD_REQUEST, message: messageFor(Codes.BAD_REQUEST, apiLangOf(request)), data: null });
    }
    const query = rest.indexOf('?');
    const apiPath = query === -1 ? rest : rest.slice(0, query);
    const hook = sessionHookFor(apiPath);
    const sameOrigin = isSameOrigin(request, opts.publicUrl);
    // Sign-in sets the session cookie: another site must not be able to sign a visitor in (login CSRF).
    if (apiPath === '/front/user/login' && !sameOrigin) {
      return reply.code(403).header('content-type', 'application/json; charset=utf-8')
        .send({ code: Codes.FORBIDDEN, message: messageFor(Codes.FORBIDDEN, apiLangOf(request)), data: null });
    }

    const headers = forwardedHeaders(request, sameOrigin, hook !== undefined);
    // The body read whole, sent as it came.
    const body = Buffer.isBuffer(request.body) ? request.body : undefined;
    if (body) headers['content-length'] = String(body.length);

    const started = process.hrtime.bigint();
    const observe = (status: number | string) => {
      opts.metrics.upstreamDuration.observe({ source: 'proxy', method: request.method, status_code: String(status) }, Number(process.hrtime.bigint() - started) / 1e9);
    };
    let answer: Dispatcher.ResponseData;
    try {
      answer = await pool.request({ path: target, method: request.method as Dispatcher.HttpMethod, headers, body });
    } catch (error) {
      observe('error');
      request.log.warn({ err: error, target: `${basePath}${apiPath}` }, 'api unreachable through the proxy');
      return unavailable(request, reply);
    }
    observe(answer.statusCode);

    reply.code(answer.statusCode);
    for (const name in answer.headers) {
      const value = answer.headers[name];
      if (value !== undefined && !NOT_RETURNED.has(name)) reply.header(name, value);
    }

    // 401 is the api's status for 210018 (session expired), on any call. Only a same-origin call may
    // change the cookies: a link from another site gets no token injected, so the api's 210018 would
    // otherwise sign the visitor out (and so would a cross-site sign-out).
    if (sameOrigin && (hook || answer.statusCode === 401)) return rewriteSessionResponse(request, reply, answer.body, hook, opts.cookieSecure ?? false);

    const length = Number(answer.headers['content-length']);
    if (request.method === 'HEAD' || answer.statusCode === 204 || answer.statusCode === 304) {
      answer.body.resume();
      return reply.send();
    }
    if (length <= BUFFERED_ANSWER) {
      let whole: Buffer;
      try {
        whole = Buffer.from(await answer.body.arrayBuffer());
      } catch (error) {
        request.log.warn({ err: error, target: `${basePath}${apiPath}` }, 'the api broke off an answer');
        return unavailable(request, reply);
      }
      return reply.send(whole);
    }
    return reply.send(answer.body);
  });
}

/**
 * What the api receives: the browser's headers minus those in NOT_FORWARDED (and any its Connection
 * header names), plus `client: 1`, the request id, the language, x-forwarded-*, and the session token
 * with `platform: 2` for a same-origin request carrying the cookie.
 */
function forwardedHeaders(request: FastifyRequest, sameOrigin: boolean, sessionCall: boolean): Record<string, string | string[]> {
  const incoming = request.headers;
  // Headers the Connection header names are hop-by-hop too (RFC 9110 7.6.1).
  const listed = typeof incoming.connection === 'string' ? incoming.connection.toLowerCase().split(',').map((s) => s.trim()) : [];
  const out: Record<string, string | string[]> = {};
  for (const name in incoming) {
    const value = incoming[name];
    if (value === undefined || NOT_FORWARDED.has(name) || listed.includes(name)) continue;
    out[name] = value;
  }
  out.client = '1';
  out['x-request-id'] = request.id;
  out['x-lang'] = apiLangOf(request);
  const ips = request.ips;
  out['x-forwarded-for'] = ips && ips.length > 1 ? [...ips].reverse().join(', ') : request.ip;
  out['x-forwarded-host'] = request.host;
  out['x-forwarded-proto'] = request.protocol;
  // A session call's answer is read here, so it must come back uncompressed.
  if (sessionCall) delete out['accept-encoding'];
  const token = request.cookies?.[Limits.tokenCookie];
  if (token && sameOrigin) {
    out['x-token'] = token;
    out.platform = '2';
  }
  return out;
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
  stream: NodeJS.ReadableStream,
  hook: SessionHook | undefined,
  secure: boolean,
): Promise<FastifyReply> {
  let body: Buffer;
  try {
    body = await readBody(stream);
  } catch (err) {
    (stream as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
    request.log.warn({ err }, 'could not read a session answer from the api');
    return reply.code(502).header('content-type', 'application/json; charset=utf-8').send({ code: Codes.UPSTREAM_UNAVAILABLE, message: messageFor(Codes.UPSTREAM_UNAVAILABLE, apiLangOf(request)), data: null });
  }
  // The api's headers are on the reply already.
  const encoding = reply.getHeader('content-encoding');
  const encoded = encoding !== undefined && encoding !== 'identity';
  const out = encoded ? undefined : hook ? hook.apply(request, reply, body, secure) : expireOn210018(reply, body, secure);
  reply.removeHeader('content-length');
  return reply.send(out ?? body);
}
