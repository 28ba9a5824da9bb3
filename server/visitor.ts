// What the web service knows about the visitor of a request: language, session cookies, same-origin.
import type { FastifyRequest } from 'fastify';
import { Limits } from '../isomorphic/domain/limits';
import { parseLang, resolveLang, type Lang } from '../isomorphic/i18n/index';
import { isViewerZone } from '../isomorphic/domain/format';
import { parseJsonCookie, type SessionCompany, type SessionUser } from '../isomorphic/stores/auth.store';

export interface Visitor {
  lang: Lang;
  /** The language came from ?lang= and differs from the cookie: remember it. */
  langFromQuery: boolean;
  token: string | undefined;
  user: SessionUser | null;
  company: SessionCompany | null;
  /** The viewer's own time zone (the tz cookie), when valid and not the market's. */
  zone: string | undefined;
}

function first(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  return undefined;
}

export function visitorOf(request: FastifyRequest): Visitor {
  const cookies = request.cookies ?? {};
  const queryLang = parseLang(first((request.query as Record<string, unknown> | undefined)?.lang));
  const lang = resolveLang({ query: queryLang, cookie: cookies[Limits.langCookie], acceptLanguage: request.headers['accept-language'] });
  const token = cookies[Limits.tokenCookie] || undefined;
  return {
    lang,
    langFromQuery: queryLang !== undefined && queryLang !== parseLang(cookies[Limits.langCookie]),
    token,
    user: parseJsonCookie<SessionUser>(cookies[Limits.userCookie]),
    company: parseJsonCookie<SessionCompany>(cookies[Limits.companyCookie]),
    zone: isViewerZone(cookies[Limits.zoneCookie]) ? cookies[Limits.zoneCookie] : undefined,
  };
}

/** The api language for a proxied call: the page's own x-lang header, else cookie / Accept-Language. */
export function apiLangOf(request: FastifyRequest): Lang {
  const header = first(request.headers['x-lang']);
  return parseLang(header) ?? resolveLang({ cookie: request.cookies?.[Limits.langCookie], acceptLanguage: request.headers['accept-language'] });
}

/**
 * Whether a request comes from our own pages (so the session token may be attached): Sec-Fetch-Site
 * when the browser sends it, else the Origin header; a request with neither is not from another site.
 */
export function isSameOrigin(request: FastifyRequest, publicUrl: string): boolean {
  const site = first(request.headers['sec-fetch-site']);
  if (site) return site === 'same-origin' || site === 'none';
  const origin = first(request.headers.origin);
  if (!origin) return true;
  if (origin === 'null') return false;
  const own = new Set([new URL(publicUrl).origin, `${request.protocol}://${request.host}`]);
  return own.has(origin);
}
