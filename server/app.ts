// The web service as a Fastify app factory: tests build it and inject, only main.ts listens.
// Plugin order: external (cookie, helmet's headers, compress, static) → app (metrics, health, proxy) → pages.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { RouteObject } from 'react-router';
import { ossUploadOrigin, type Config } from '../config/index';
import { requestChildLogger, requestIdFrom, withRedaction } from '../config/logging';
import { clientErrorHandler, frameworkErrorHandler } from '../config/http-errors';
import { routes as appRoutes } from '../isomorphic/routes';
import { createMetrics, metricsRoutes, timeRequests } from './metrics';
import { createApiHttp } from './api-client/api-http';
import { DictionaryCache } from './dictionary-cache';
import { healthRoutes } from './health';
import { proxyRoutes } from './proxy';
import { seoFileRoutes } from './seo-files';
import { readManifest } from './ssr/manifest';
import { createRenderer } from './ssr/render';
import { addSecurityHeaders } from './security-headers';

export interface WebAppOptions {
  config: Config;
  /** Fastify logger options, or a ready pino logger. */
  logger?: FastifyServerOptions['logger'] | FastifyBaseLogger;
  /** The client bundle manifest; default dist/client/manifest.json under the working directory. */
  manifestPath?: string;
  /** The client build directory holding assets/; default dist/client. */
  clientDir?: string;
  /** The route tree to serve; the app's own unless a test brings its own. */
  routes?: RouteObject[];
  /** URLs per sitemap file (default and maximum 50,000); tests use smaller files. */
  sitemapUrlsPerFile?: number;
  /** How long the proxy waits to connect to the api before answering 502. */
  apiConnectTimeoutMs?: number;
}


/** Whether a request path is the api's (proxied under /api), so its errors are answered in the envelope. */
const underApi = (path: string) => path === '/api' || path.startsWith('/api/') || path.startsWith('/api?');

/**
 * The web's request log without the lines of a successful /api call: the api logs every call it gets
 * (same request id, method, path, status and time), and two more lines per call in the web cost about as
 * much CPU as the rest of the hop (docs/benchmarks.md, "Proxy hop"). A proxied call that fails (an error,
 * a 5xx) is still logged here, and everything else the web serves is logged as before.
 */
class WebLogController extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>): void {
    if (underApi(request.url)) return;
    super.incomingRequest(request, reply, metadata);
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>): void {
    if (!error && reply.statusCode < 500 && underApi(request.url)) return;
    super.requestCompleted(error, request, reply, metadata);
  }
}

function isLoggerInstance(value: unknown): value is FastifyBaseLogger {
  return !!value && typeof value === 'object' && typeof (value as FastifyBaseLogger).child === 'function' && typeof (value as FastifyBaseLogger).info === 'function';
}

export async function buildWebApp(opts: WebAppOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const clientDir = path.resolve(opts.clientDir ?? 'dist/client');
  const manifestPath = path.resolve(opts.manifestPath ?? path.join(clientDir, 'manifest.json'));

  const app = Fastify({
    ...(isLoggerInstance(opts.logger) ? { loggerInstance: opts.logger } : { logger: withRedaction(opts.logger ?? false) }),
    trustProxy: config.web.trustProxy,
    logController: new WebLogController(),
    // The request's child logger without pino's redaction pass over its one binding, the id (config/logging.ts).
    childLoggerFactory: requestChildLogger,
    requestIdHeader: false,
    genReqId: (req) => requestIdFrom(req.headers['x-request-id']),
    return503OnClosing: true,
    // Requests that never reach a route (unparsable, too large, a URL the router refuses): the envelope under /api.
    clientErrorHandler: clientErrorHandler(underApi),
    frameworkErrors: frameworkErrorHandler(underApi),
    // A client that sends its request slowly is cut off (408) instead of holding a connection open.
    requestTimeout: config.http.requestTimeoutMs,
    http: { headersTimeout: config.http.headersTimeoutMs, connectionsCheckingInterval: config.http.checkIntervalMs },
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // external
  await app.register(cookie);
  // helmet's headers, worked out once at start-up and set by one hook (security-headers.ts).
  await addSecurityHeaders(app, { contentSecurityPolicy: false, crossOriginEmbedderPolicy: false, crossOriginResourcePolicy: { policy: 'same-site' } });
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip', 'deflate'],
    // Flush every chunk so a streamed page reaches the browser as React writes it.
    zlibOptions: { level: 6, flush: zlib.constants.Z_SYNC_FLUSH },
    brotliOptions: { flush: zlib.constants.BROTLI_OPERATION_FLUSH, params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  const assetsDir = path.join(clientDir, 'assets');
  if (fs.existsSync(assetsDir)) {
    await app.register(fastifyStatic, {
      root: assetsDir,
      prefix: '/assets/',
      decorateReply: false,
      immutable: true,
      maxAge: '365d',
      // .br / .gz written by the build (webpack.config.ts) go out as they are.
      preCompressed: true,
      index: false,
      wildcard: true,
    });
  } else {
    app.log.warn({ assetsDir }, 'client bundle not built: pages render without scripts or styles (run npm run build)');
  }
  const manifest = readManifest(manifestPath);
  if (!manifest) app.log.warn({ manifestPath }, 'client manifest missing: pages render without asset tags');

  // app
  const metrics = createMetrics();
  const apiHttp = createApiHttp(config.web.apiUrl);
  const dictionary = new DictionaryCache(apiHttp.got, config.web.dictRefreshMs, app.log, metrics);
  app.addHook('onClose', async () => {
    dictionary.stop();
    apiHttp.close();
  });
  timeRequests(app, metrics);
  await app.register(metricsRoutes, { metrics, opsToken: config.opsToken });
  await app.register(healthRoutes, { http: apiHttp.got, dictionary });
  await app.register(proxyRoutes, { apiUrl: config.web.apiUrl, publicUrl: config.web.publicUrl, metrics, connectTimeoutMs: opts.apiConnectTimeoutMs, cookieSecure: config.web.cookieSecure });

  await app.register(seoFileRoutes, { http: apiHttp.got, publicUrl: config.web.publicUrl, urlsPerFile: opts.sitemapUrlsPerFile });

  // pages
  const renderPage = createRenderer({
    routes: opts.routes ?? appRoutes,
    manifest,
    http: apiHttp.got,
    apiCall: apiHttp.call,
    dictionary,
    metrics,
    publicUrl: config.web.publicUrl,
    cookieSecure: config.web.cookieSecure,
    passwordAesKey: config.passwordAesKey,
    publicReadCacheMs: config.web.publicReadCacheMs,
    pageCache: { freshMs: config.web.pageCacheMs, staleMs: config.web.pageCacheStaleMs },
    log: app.log,
    amap: config.maps.amapKey !== '',
    uploadOrigins: ossUploadOrigin(config.storage) ? [ossUploadOrigin(config.storage)] : [],
  });
  app.get('/*', (request, reply) => renderPage(request, reply));

  app.setNotFoundHandler((_request, reply) => reply.code(404).header('content-type', 'text/plain; charset=utf-8').send('Not found'));
  app.setErrorHandler((error, request, reply) => {
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    // A 5xx never shows its message or stack.
    const message = status >= 500 ? 'Internal Server Error' : (error as Error).message;
    return reply.code(status).header('content-type', 'text/plain; charset=utf-8').send(message);
  });

  await dictionary.start();
  return app;
}
