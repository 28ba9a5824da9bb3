// Canonical and hreflang links, and JSON-LD serialized so that no value can close its <script>.
import { htmlLang, LANGS, type Lang } from './i18n/index';

export interface Alternate { hrefLang: string; href: string }

/** `path` may carry a query; the language travels as ?lang= (zh is the default, x-default has none). */
export function canonicalLinks(publicUrl: string, path: string, lang: Lang): { canonical: string; alternates: Alternate[] } {
  const withLang = (l: Lang | null) => {
    const url = new URL(path, `${publicUrl}/`);
    if (l) url.searchParams.set('lang', l);
    return url.toString();
  };
  return {
    canonical: withLang(lang === 'zh' ? null : lang),
    alternates: [...LANGS.map((l) => ({ hrefLang: htmlLang[l], href: withLang(l) })), { hrefLang: 'x-default', href: withLang(null) }],
  };
}

const LD_ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/** JSON for a <script type="application/ld+json">: `<`, `>`, `&` and line separators escaped. */
export function jsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => LD_ESCAPES[c]);
}
