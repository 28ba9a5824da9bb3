// i18next set-up shared by server and browser. Each request (server) or page (browser) gets its own
// instance, so no visitor's language leaks into another's page. The words come from the caller: the
// server has both languages (all-locales.ts); a page loads only its own (load-locale.ts) and the other
// one when the person switches, so a first load carries one language's words.
import i18next, { type i18n as I18n } from 'i18next';
import type { Lang } from '../domain/format';
import type { Resources } from './locales/zh';

export type { Lang };
export const LANGS: readonly Lang[] = ['zh', 'en'];
export const DEFAULT_LANG: Lang = 'zh';

/** The value of `<html lang>` and hreflang for each language. */
export const htmlLang: Record<Lang, string> = { zh: 'zh-CN', en: 'en' };

/** The words of some languages, by language. */
export type Locales = Partial<Record<Lang, Resources>>;

export function parseLang(value: string | null | undefined): Lang | undefined {
  if (!value) return undefined;
  const v = value.trim().toLowerCase();
  if (v === 'zh' || v.startsWith('zh-')) return 'zh';
  if (v === 'en' || v.startsWith('en-')) return 'en';
  return undefined;
}

/** The first supported language of an Accept-Language header, by quality. */
export function langFromAcceptLanguage(header: string | null | undefined): Lang | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag, quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((r) => r.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const r of ranked) {
    const lang = parseLang(r.tag);
    if (lang) return lang;
  }
  return undefined;
}

/** Language of a page: `?lang=`, then the `lang` cookie, then Accept-Language, then Chinese. */
export function resolveLang(input: { query?: string | null; cookie?: string | null; acceptLanguage?: string | null }): Lang {
  return parseLang(input.query) ?? parseLang(input.cookie) ?? langFromAcceptLanguage(input.acceptLanguage) ?? DEFAULT_LANG;
}

/** A ready (synchronously initialised) i18next instance fixed to one language, with the words given. */
export function createI18n(lang: Lang, locales: Locales): I18n {
  const resources = Object.fromEntries(Object.entries(locales).map(([l, words]) => [l, { translation: words }]));
  const instance = i18next.createInstance();
  void instance.init({
    lng: lang,
    // Both languages have every key (en.ts is typed by zh.ts); a page that loaded one needs no fallback.
    fallbackLng: locales[DEFAULT_LANG] ? DEFAULT_LANG : lang,
    supportedLngs: LANGS as Lang[],
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });
  return instance;
}
