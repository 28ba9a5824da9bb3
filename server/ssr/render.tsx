// Server rendering of every page: React Router's static handler (created once) runs the guards and
// loaders of the URL with a per-request context, then React renders the document, which goes out whole
// (nothing suspends on the server). Redirects pass through as they are; the status is the router's (404
// unknown path, 410 removed product, …).
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Got } from 'got';
import type { ApiCall } from '../api-client/api-http';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, isRouteErrorResponse, StaticRouterProvider, type RouteObject } from 'react-router';
import { enableStaticRendering } from 'mobx-react-lite';
import { dataStrategy } from '../../isomorphic/data-strategy';
import { makeLoaderDeps } from '../../isomorphic/loader-context';
import { RootStore } from '../../isomorphic/stores/root.store';
import { createI18n, htmlLang } from '../../isomorphic/i18n/index';
import { allLocales } from '../../isomorphic/i18n/all-locales';
import { localeChunk } from '../../isomorphic/i18n/load-locale';
import { AppProviders } from '../../isomorphic/app-providers';
import { Limits } from '../../isomorphic/domain/limits';
import type { PageState } from '../../isomorphic/page-state';
import type { RouteHandle } from '../../isomorphic/middleware/registry';
import { serializeErrors, stateScript } from './state-script';
import { scriptLoader } from './script-loader';
import { Document, PAGE_CSS_MARK } from '../../views/document';
import { createServerApiClient } from '../api-client/server-api-client';
import { PublicReadCache } from '../api-client/public-read-cache';
import type { DictionaryCache } from '../dictionary-cache';
import type { WebMetrics } from '../metrics';
import { visitorOf, type Visitor } from '../visitor';
import { CatalogueVersionWatch, compressedPage, encodedBody, makeCachedPage, PageCache, type CachedPage } from './page-cache';
import { assetsFor, type ClientManifest } from './manifest';
import { documentClasses, type PageCss } from './page-css';
import { toFetchRequest } from './fetch-request';
import { clearSessionCookies, setCompanyCookie, setUserCookie } from '../session-cookies';
import type { SessionInfo } from '../../isomorphic/contracts/account';
import { isSellerType } from '../../isomorphic/domain/settlement';
import { Codes } from '../../isomorphic/domain/codes';
import { toSessionCompany, toSessionUser } from '../../isomorphic/stores/auth.store';

// Observers never react on the server; components render once from the state they were given.
enableStaticRendering(true);

const RENDER_TIMEOUT_MS = 10_000;
const ONE_YEAR_S = 365 * 24 * 3600;

export interface RendererOptions {
  routes: RouteObject[];
  manifest: ClientManifest | null;
  http: Got;
  /** how page loaders call the api (server/api-client/api-http.ts) */
  apiCall: ApiCall;
  dictionary: DictionaryCache;
  metrics: WebMetrics;
  publicUrl: string;
  cookieSecure: boolean;
  /** how long anonymous loader reads are shared (0: not at all) */
  publicReadCacheMs: number;
  /** The AES key pages use to obscure passwords (shared with the api, not a secret). */
  passwordAesKey: string;
  /** the rendered-page cache for anonymous visitors: fresh and stale ages in ms (freshMs 0: off) */
  pageCache?: { freshMs: number; staleMs: number; versionCheckMs?: number };
  log?: FastifyBaseLogger;
  /** AMap is configured (AMAP_KEY): its JS API, loaded by the maps driver, may run and call its servers */
  amap?: boolean;
  /** origins pages upload pictures to directly (the OSS bucket in oss mode; see ossUploadOrigin) */
  uploadOrigins?: string[];
}

/** Where AMap's JS API loads its scripts (webapi, its JSONP calls) and data from. */
const AMAP_HOSTS = 'https://*.amap.com';

/**
 * The page's Content-Security-Policy: scripts only from us or carrying this response's nonce (a streamed
 * page), or matching one of these hashes (a cached page, whose body is the same for every visitor); and
 * AMap's hosts when a maps key is configured.
 */
function contentSecurityPolicy(scripts: { nonce: string } | { hashes: string[] }, amap = false, uploadOrigins: string[] = []): string {
  const maps = amap ? ` ${AMAP_HOSTS}` : '';
  const uploads = uploadOrigins.map((o) => ` ${o}`).join('');
  return [
    "default-src 'self'",
    `script-src 'self' ${'nonce' in scripts ? `'nonce-${scripts.nonce}'` : scripts.hashes.join(' ')}${maps}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${maps}${uploads}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

const GUEST = { token: undefined, user: null, company: null, langFromQuery: false } as const;

export function createRenderer(opts: RendererOptions) {
  const handler = createStaticHandler(opts.routes);
  const publicReads = opts.publicReadCacheMs > 0 ? new PublicReadCache(opts.publicReadCacheMs) : undefined;
  const pageCache = opts.pageCache && opts.pageCache.freshMs > 0 ? new PageCache(opts.pageCache) : undefined;
  const versions = pageCache && opts.log
    ? new CatalogueVersionWatch(opts.http, opts.pageCache?.versionCheckMs ?? 1000, () => { pageCache.clear(); publicReads?.clear(); }, opts.log)
    : undefined;

  /** Guards and loaders of a URL for a visitor: the router's context (or a whole Response) and the stores. */
  async function load(fetchRequest: Request, visitor: Visitor, ctx: { requestId: string; ip: string; log: FastifyBaseLogger }) {
    const stores = new RootStore({
      auth: { user: visitor.user, company: visitor.company, hasToken: visitor.token !== undefined },
      dictionary: opts.dictionary.groups,
      settings: { passwordAesKey: opts.passwordAesKey },
      timeZone: visitor.zone,
    });
    const api = createServerApiClient(opts.apiCall, { token: visitor.token, lang: visitor.lang, requestId: ctx.requestId, forwardedFor: ctx.ip }, { log: ctx.log, metrics: opts.metrics, cache: publicReads });
    const deps = makeLoaderDeps({ api, stores, lang: () => visitor.lang, publicUrl: opts.publicUrl });
    // A manufacturer or trader not settled yet, by the display cookie: the operator may have approved them
    // since it was written. Ask the api once for this page, so the header offers the shop at once.
    let session: SessionInfo | undefined;
    if (visitor.token && visitor.user && !visitor.user.settled && isSellerType(visitor.user.userType)) {
      const envelope = await api.post<SessionInfo>('/user/getUserInfo', {}).catch(() => undefined);
      if (envelope?.code === Codes.OK && envelope.data.user.settled) {
        session = envelope.data;
        stores.auth.setUser(toSessionUser(session.user));
        stores.auth.setCompany(toSessionCompany(session.company));
      }
    }
    const context = await handler.query(fetchRequest, { requestContext: deps, dataStrategy });
    return { context, stores, session };
  }

  type Context = Exclude<Awaited<ReturnType<typeof handler.query>>, Response>;

  /** The React tree of a page, its state script and assets. No nonce: a page rendered for the cache. */
  function page(context: Context, stores: RootStore, lang: Visitor['lang'], nonce?: string) {
    const state: PageState = {
      lang,
      stores: stores.snapshot(),
      router: { loaderData: context.loaderData, actionData: context.actionData, errors: serializeErrors(context.errors) },
    };
    const assets = assetsFor(opts.manifest, [localeChunk(lang), ...context.matches.map((m) => (m.route.handle as RouteHandle | undefined)?.chunk ?? m.route.id)]);
    const router = createStaticRouter(handler.dataRoutes, context);
    const element = (
      <Document htmlLang={htmlLang[lang]} nonce={nonce} stylesheets={assets.stylesheets} styles={assets.styles.length ? [PAGE_CSS_MARK] : []}>
        <AppProviders stores={stores} i18n={createI18n(lang, allLocales)}>
          <StaticRouterProvider router={router} context={context} hydrate={false} nonce={nonce} />
        </AppProviders>
      </Document>
    );
    // The page's scripts come after its first screen (script-loader.ts), not as bootstrapModules.
    const loader = assets.bootstrap[0] ? scriptLoader(assets.bootstrap[0], assets.modulepreload, assets.lateStylesheets) : '';
    return { element, bootstrapScriptContent: stateScript(state) + loader, css: assets.styles };
  }

  const cacheable = (context: Context) => context.statusCode === 200 && !context.errors
    && context.matches.some((m) => (m.route.handle as RouteHandle | undefined)?.pageCache === true);

  /**
   * Renders a document whole, as one string. Nothing suspends on the server (the loaders ran before, lazy
   * routes are loaded first, the lazy components render only after a click), so React's string renderer
   * gives the page renderToPipeableStream gave, without the stream: its chunks were copied into byte views
   * and piped through a Writable (about 6 % of an uncached gallery render, writeChunk and encodeInto, issue
   * 21 item 1). React writes the bootstrap script only into a stream, so it is put where the stream put it:
   * last in the body, with the nonce and the shell id the stream gave it, its content escaped as React
   * escapes it. The page's CSS goes in place of PAGE_CSS_MARK and the whole is encoded once. Throws when the
   * shell cannot render.
   */
  function renderDocument(element: ReturnType<typeof page>['element'], scripts: { bootstrapScriptContent: string; nonce?: string }, css: readonly PageCss[]): string {
    const html = renderToString(element);
    if (!html.endsWith(DOCUMENT_END)) throw new Error('the document does not end with </body></html>');
    const script = `<script${scripts.nonce ? ` nonce="${escapeAttribute(scripts.nonce)}"` : ''} id="_R_">${escapeInlineScript(scripts.bootstrapScriptContent)}</script>`;
    return `<!DOCTYPE html>${withPageCss(html.slice(0, -DOCUMENT_END.length), css)}${script}${DOCUMENT_END}`;
  }

  /** Renders a page whole, for the cache. */
  function renderWhole(context: Context, stores: RootStore, lang: Visitor['lang']): CachedPage {
    const { element, bootstrapScriptContent, css } = page(context, stores, lang);
    return makeCachedPage(context.statusCode, renderDocument(element, { bootstrapScriptContent }, css));
  }

  /** Sends a cached page: 304 when the visitor has it, else its body in the encoding asked for. */
  function sendCached(request: FastifyRequest, reply: FastifyReply, cached: CachedPage, outcome: 'hit' | 'stale' | 'miss'): FastifyReply {
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', cached.csp ??= contentSecurityPolicy({ hashes: cached.scriptHashes }, opts.amap, opts.uploadOrigins))
      .header('cache-control', 'private, no-cache')
      .header('vary', 'Cookie, Accept-Language, Accept-Encoding')
      .header('etag', cached.etag)
      .header('x-page-cache', outcome);
    const inm = request.headers['if-none-match'];
    if (typeof inm === 'string' && inm.split(',').some((t) => t.trim().replace(/^W\//, '') === cached.etag)) return reply.code(304).send();
    const { body, encoding } = encodedBody(cached, request.headers['accept-encoding'] as string | undefined);
    if (encoding) reply.header('content-encoding', encoding);
    return reply.code(cached.status).send(body);
  }

  /** A background render of a cached URL for a guest in that language; a page no longer cacheable leaves the cache. */
  async function refresh(key: string, url: string, lang: Visitor['lang'], zone: Visitor['zone'], log: FastifyBaseLogger): Promise<void> {
    if (!pageCache) return;
    const generation = pageCache.generation;
    const fetchRequest = new Request(url, { headers: { 'accept-language': lang === 'en' ? 'en' : 'zh-CN' }, signal: AbortSignal.timeout(RENDER_TIMEOUT_MS) });
    const { context, stores } = await load(fetchRequest, { ...GUEST, lang, zone }, { requestId: randomBytes(8).toString('hex'), ip: '127.0.0.1', log });
    if (context instanceof Response || !cacheable(context)) {
      pageCache.delete(key);
      return;
    }
    const fresh = renderWhole(context, stores, lang);
    if (generation === pageCache.generation) pageCache.set(key, fresh);
  }

  return async function renderPage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const started = process.hrtime.bigint();
    const visitor = visitorOf(request);
    if (visitor.langFromQuery) {
      reply.setCookie(Limits.langCookie, visitor.lang, { path: '/', maxAge: ONE_YEAR_S, sameSite: 'lax', secure: opts.cookieSecure });
    }
    // Guests (no session cookie of any kind) share rendered pages, per language.
    const guest = !visitor.token && !visitor.user && !visitor.company && !visitor.langFromQuery && (request.method === 'GET' || request.method === 'HEAD');
    // Per language and time zone: a guest's cached page shows times as the guest would.
    const cacheKey = pageCache && versions && guest ? `${visitor.lang} ${visitor.zone ?? ''} ${request.url}` : undefined;
    if (cacheKey && pageCache && versions) {
      // The api's catalogue version (a change empties the cache): a guest waits for it only when the last
      // answer is older than a second.
      await versions.poke();
      const hit = versions.known ? pageCache.get(cacheKey) : undefined;
      if (hit) {
        request.metricsRoute = 'page:cached';
        if (!hit.fresh) {
          const url = `${request.protocol}://${request.host}${request.url}`;
          pageCache.revalidate(cacheKey, () => refresh(cacheKey, url, visitor.lang, visitor.zone, request.log), request.log);
        }
        return sendCached(request, reply, hit.page, hit.fresh ? 'hit' : 'stale');
      }
    }

    const { request: fetchRequest, controller } = toFetchRequest(request, reply, `${request.protocol}://${request.host}`);
    const generation = pageCache?.generation;
    let loaded: Awaited<ReturnType<typeof load>>;
    try {
      loaded = await load(fetchRequest, visitor, { requestId: request.id, ip: request.ip, log: request.log });
    } catch (err) {
      // The visitor left while loaders ran: nobody is waiting for the page.
      if (controller.signal.aborted) return reply.code(499).send();
      throw err;
    }
    const { context, stores } = loaded;
    if (loaded.session) {
      setUserCookie(reply, loaded.session.user, opts.cookieSecure);
      setCompanyCookie(reply, loaded.session.company, opts.cookieSecure);
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

    if (cacheKey && pageCache && versions?.known && cacheable(context)) {
      const whole = renderWhole(context, stores, visitor.lang);
      if (generation === pageCache.generation) pageCache.set(cacheKey, whole);
      opts.metrics.ssrDuration.observe({ route: pageId, status_code: String(whole.status) }, Number(process.hrtime.bigint() - started) / 1e9);
      return sendCached(request, reply, whole, 'miss');
    }

    const nonce = randomBytes(16).toString('base64');
    const { element, bootstrapScriptContent, css } = page(context, stores, visitor.lang, nonce);
    const status = context.statusCode;
    let html: Buffer;
    try {
      html = Buffer.from(renderDocument(element, { nonce, bootstrapScriptContent }, css), 'utf8');
    } catch (error) {
      // The render is synchronous and nothing aborts it: an error here is the page's, whoever is still waiting.
      request.log.error({ err: error }, 'page shell failed to render');
      return reply.code(500).header('content-type', 'text/html; charset=utf-8').send(shellErrorHtml(visitor.lang));
    }
    const { body, encoding } = await compressedPage(html, request.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    opts.metrics.ssrDuration.observe({ route: pageId, status_code: String(status) }, Number(process.hrtime.bigint() - started) / 1e9);
    return reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', contentSecurityPolicy({ nonce }, opts.amap, opts.uploadOrigins))
      .header('cache-control', 'private, no-cache')
      .header('vary', 'Cookie, Accept-Language, Accept-Encoding')
      .send(body);
  };
}

const MARK = `>${PAGE_CSS_MARK}</style>`;
const DOCUMENT_END = '</body></html>';

/** A rendered document with its stylesheets' rules that its markup needs in place of PAGE_CSS_MARK. */
export function withPageCss(html: string, sheets: readonly PageCss[]): string {
  const at = sheets.length ? html.indexOf(MARK) : -1;
  if (at < 0) return html;
  const classes = documentClasses(html);
  const css = sheets.map((s) => s.forClasses(classes)).join('');
  return `${html.slice(0, at + 1)}${css}${html.slice(at + MARK.length - '</style>'.length)}`;
}

/** A bootstrap script's content as React escapes it: no "<script" or "</script" inside (react-dom's scriptReplacer). */
export function escapeInlineScript(content: string): string {
  return content.replace(/(<\/|<)(s)(cript)/gi, (_m, prefix: string, s: string, rest: string) => `${prefix}${s === 's' ? '\\u0073' : '\\u0053'}${rest}`);
}

const ATTRIBUTE_ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };
/** An attribute's value as React escapes it (escapeTextForBrowser). */
const escapeAttribute = (value: string) => value.replace(/[&"'<>]/g, (c) => ATTRIBUTE_ESCAPES[c] ?? c);

/** The last resort when not even the page shell renders: plain, bilingual, no script. */
function shellErrorHtml(lang: 'zh' | 'en'): string {
  const title = lang === 'en' ? 'Something went wrong' : '出错了';
  const text = lang === 'en' ? 'Something went wrong on our side, please try again.' : '服务器开小差了，请稍后再试。';
  const home = lang === 'en' ? 'Back to the home page' : '返回首页';
  return `<!DOCTYPE html><html lang="${htmlLang[lang]}"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1><p>${text}</p><p><a href="/">${home}</a></p></body></html>`;
}
