// Server rendering of every page: React Router's static handler (created once) runs the guards and
// loaders of the URL with a per-request context, then React streams the document. Redirects pass
// through as they are; the status is the router's (404 unknown path, 410 removed product, …).
import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Got } from 'got';
import { renderToPipeableStream, type PipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, isRouteErrorResponse, StaticRouterProvider, type RouteObject } from 'react-router';
import { enableStaticRendering } from 'mobx-react-lite';
import { dataStrategy } from '../../isomorphic/data-strategy';
import { makeLoaderDeps } from '../../isomorphic/loader-context';
import { RootStore } from '../../isomorphic/stores/root.store';
import { createI18n, htmlLang } from '../../isomorphic/i18n/index';
import { AppProviders } from '../../isomorphic/app-providers';
import { Limits } from '../../isomorphic/domain/limits';
import type { PageState } from '../../isomorphic/page-state';
import type { RouteHandle } from '../../isomorphic/middleware/registry';
import { serializeErrors, stateScript } from './state-script';
import { Document } from '../../views/document';
import { createServerApiClient } from '../api/server-api-client';
import { PublicReadCache } from '../api/public-read-cache';
import type { DictionaryCache } from '../dictionary-cache';
import type { WebMetrics } from '../metrics';
import { visitorOf } from '../visitor';
import { assetsFor, type ClientManifest } from './manifest';
import { isCrawler } from './bots';
import { toFetchRequest } from './fetch-request';
import { clearSessionCookies } from '../session-cookies';

// Observers never react on the server; components render once from the state they were given.
enableStaticRendering(true);

const RENDER_TIMEOUT_MS = 10_000;
const ONE_YEAR_S = 365 * 24 * 3600;

export interface RendererOptions {
  routes: RouteObject[];
  manifest: ClientManifest | null;
  http: Got;
  dictionary: DictionaryCache;
  metrics: WebMetrics;
  publicUrl: string;
  cookieSecure: boolean;
  /** how long anonymous loader reads are shared (0: not at all) */
  publicReadCacheMs: number;
  /** The AES key pages use to obscure passwords (shared with the api, not a secret). */
  passwordAesKey: string;
}

/** The page's Content-Security-Policy: scripts only from us or carrying this response's nonce. */
function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

export function createRenderer(opts: RendererOptions) {
  const handler = createStaticHandler(opts.routes);
  const publicReads = opts.publicReadCacheMs > 0 ? new PublicReadCache(opts.publicReadCacheMs) : undefined;

  return async function renderPage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const started = process.hrtime.bigint();
    const visitor = visitorOf(request);
    if (visitor.langFromQuery) {
      reply.setCookie(Limits.langCookie, visitor.lang, { path: '/', maxAge: ONE_YEAR_S, sameSite: 'lax', secure: opts.cookieSecure });
    }
    const stores = new RootStore({
      auth: { user: visitor.user, company: visitor.company, hasToken: visitor.token !== undefined },
      dictionary: opts.dictionary.groups,
      settings: { passwordAesKey: opts.passwordAesKey },
    });
    const api = createServerApiClient(opts.http, { token: visitor.token, lang: visitor.lang, requestId: request.id, forwardedFor: request.ip }, { log: request.log, metrics: opts.metrics, cache: publicReads });
    const deps = makeLoaderDeps({ api, stores, lang: () => visitor.lang, publicUrl: opts.publicUrl });

    const { request: fetchRequest, controller } = toFetchRequest(request, reply, `${request.protocol}://${request.host}`);
    let context: Awaited<ReturnType<typeof handler.query>>;
    try {
      context = await handler.query(fetchRequest, { requestContext: deps, dataStrategy });
    } catch (err) {
      // The visitor left while loaders ran: nobody is waiting for the page.
      if (controller.signal.aborted) return reply.code(499).send();
      throw err;
    }

    // A loader's call answered 210018: the person is signed out (the data strategy redirects to /login).
    if (stores.auth.sessionExpired) clearSessionCookies(reply, opts.cookieSecure);

    if (context instanceof Response) {
      // A redirect (guards, loaders) or a response a loader returned whole.
      reply.code(context.status);
      context.headers.forEach((value, name) => { reply.header(name, value); });
      return reply.send(context.body ? Buffer.from(await context.arrayBuffer()) : undefined);
    }

    const matchedIds = context.matches.map((m) => m.route.id);
    const pageId = matchedIds[matchedIds.length - 1] ?? 'unmatched';
    request.metricsRoute = `page:${pageId}`;
    for (const [routeId, error] of Object.entries(context.errors ?? {})) {
      if (!isRouteErrorResponse(error)) request.log.error({ err: error, routeId }, 'route failed');
      else if (error.status >= 500) request.log.error({ routeId, status: error.status, data: error.data }, 'route failed');
    }

    const state: PageState = {
      lang: visitor.lang,
      stores: stores.snapshot(),
      router: { loaderData: context.loaderData, actionData: context.actionData, errors: serializeErrors(context.errors) },
    };
    const assets = assetsFor(opts.manifest, context.matches.map((m) => (m.route.handle as RouteHandle | undefined)?.chunk ?? m.route.id));
    const nonce = randomBytes(16).toString('base64');
    const router = createStaticRouter(handler.dataRoutes, context);
    const i18n = createI18n(visitor.lang);
    const crawler = isCrawler(request.headers['user-agent']);
    const status = context.statusCode;

    const element = (
      <Document htmlLang={htmlLang[visitor.lang]} nonce={nonce} stylesheets={assets.stylesheets} modulepreload={assets.modulepreload}>
        <AppProviders stores={stores} i18n={i18n}>
          <StaticRouterProvider router={router} context={context} hydrate={false} nonce={nonce} />
        </AppProviders>
      </Document>
    );

    await new Promise<void>((resolve) => {
      let settled = false;
      let ready = false;
      // Filled once renderToPipeableStream returns; its callbacks may only pipe after that.
      const rendering: { stream?: PipeableStream } = {};
      const body = new PassThrough();
      const send = () => {
        const stream = rendering.stream;
        if (settled || !ready || !stream) return;
        settled = true;
        reply
          .code(status)
          .header('content-type', 'text/html; charset=utf-8')
          .header('content-security-policy', contentSecurityPolicy(nonce))
          .header('cache-control', 'private, no-cache')
          .header('vary', 'Cookie, Accept-Language');
        stream.pipe(body);
        void reply.send(body);
        resolve();
      };
      body.once('end', () => {
        opts.metrics.ssrDuration.observe({ route: pageId, status_code: String(status) }, Number(process.hrtime.bigint() - started) / 1e9);
      });
      rendering.stream = renderToPipeableStream(element, {
        nonce,
        bootstrapScriptContent: stateScript(state),
        bootstrapModules: assets.bootstrap,
        onShellReady() {
          if (crawler) return;
          ready = true;
          send();
        },
        onAllReady() {
          ready = true;
          send();
        },
        onShellError(error) {
          request.log.error({ err: error }, 'page shell failed to render');
          if (settled) return;
          settled = true;
          void reply.code(500).header('content-type', 'text/html; charset=utf-8').send(shellErrorHtml(visitor.lang));
          resolve();
        },
        onError(error) {
          if (!controller.signal.aborted) request.log.error({ err: error }, 'page render error');
        },
      });
      send();
      const abort = (reason: string) => rendering.stream?.abort(new Error(reason));
      const timeout = setTimeout(() => abort('render timed out'), RENDER_TIMEOUT_MS);
      timeout.unref();
      body.once('close', () => clearTimeout(timeout));
      if (controller.signal.aborted) abort('client went away');
      else controller.signal.addEventListener('abort', () => abort('client went away'), { once: true });
    });
    return reply;
  };
}

/** The last resort when not even the page shell renders: plain, bilingual, no script. */
function shellErrorHtml(lang: 'zh' | 'en'): string {
  const title = lang === 'en' ? 'Something went wrong' : '出错了';
  const text = lang === 'en' ? 'Something went wrong on our side, please try again.' : '服务器开小差了，请稍后再试。';
  const home = lang === 'en' ? 'Back to the home page' : '返回首页';
  return `<!DOCTYPE html><html lang="${htmlLang[lang]}"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1><p>${text}</p><p><a href="/">${home}</a></p></body></html>`;
}
