// The page's words, shared by server and browser: a dotted key's text in the page's language, with
// `{{name}}` marks filled. Each request (server) or page (browser) gets its own I18n, so no visitor's
// language leaks into another's page. The words come from the caller: the server has both languages
// (all-locales.ts); a page loads only its own (load-locale.ts) and the other one when the person switches,
// so a first load carries one language's words. (What i18next did for us, in the few lines we used of it:
// see docs/benchmarks.md, first-load JavaScript, for why it was replaced.)
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

/**
 * Accept-Language headers seen lately and their language: browsers send a handful of distinct values, and
 * parsing one on every page answer had been about 6 % of a cached page's time. Bounded; emptied when full.
 */
const acceptLanguageSeen = new Map<string, Lang | null>();
const ACCEPT_LANGUAGE_MEMO = 256;

/** The first supported language of an Accept-Language header, by quality. */
export function langFromAcceptLanguage(header: string | null | undefined): Lang | undefined {
  if (!header) return undefined;
  const seen = acceptLanguageSeen.get(header);
  if (seen !== undefined) return seen ?? undefined;
  const lang = rankAcceptLanguage(header);
  if (header.length <= 256) {
    if (acceptLanguageSeen.size >= ACCEPT_LANGUAGE_MEMO) acceptLanguageSeen.clear();
    acceptLanguageSeen.set(header, lang ?? null);
  }
  return lang;
}

function rankAcceptLanguage(header: string): Lang | undefined {
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

/** Fills a text's `{{name}}` marks; a mark without a value stays as written. */
export type TFunction = (key: string, values?: Record<string, string | number>) => string;

/** The words of a page (server: one request; browser: one page load) in its current language. */
export interface I18n {
  readonly language: Lang;
  /** The text of a dotted key (`nav.login`) in the current language; the key itself when it has none. */
  t: TFunction;
  /** Switches the language (its words must be there) and tells every subscriber. */
  changeLanguage(lang: Lang): void;
  hasWords(lang: Lang): boolean;
  addWords(lang: Lang, words: Resources): void;
  /** Called after each change of language; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

function lookup(words: Resources | undefined, key: string): string | undefined {
  let node: unknown = words;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** A text's `{{name}}` marks filled from values (as they are: React escapes what it renders). */
export function interpolate(text: string, values?: Record<string, string | number>): string {
  if (!values) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (mark, name: string) => (name in values ? String(values[name]) : mark));
}

/** The words of one request or page, fixed to one language until changeLanguage; never shared between them. */
export function createI18n(lang: Lang, locales: Locales): I18n {
  const words: Locales = { ...locales };
  const listeners = new Set<() => void>();
  let current = lang;
  const i18n: I18n = {
    get language() { return current; },
    // Both languages have every key (en.ts is typed by zh.ts); Chinese, the default, answers a gap if loaded.
    t: (key, values) => interpolate(lookup(words[current], key) ?? lookup(words[DEFAULT_LANG], key) ?? key, values),
    changeLanguage(next) {
      if (!words[next]) throw new Error(`The ${next} words are not loaded`);
      if (next === current) return;
      current = next;
      for (const listener of [...listeners]) listener();
    },
    hasWords: (l) => words[l] !== undefined,
    addWords(l, added) { words[l] = added; },
    subscribe(listener) {
      listeners.add(listener);
      return () => { listeners.delete(listener); };
    },
  };
  return i18n;
}
