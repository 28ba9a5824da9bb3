// One language's words as their own chunk (locale-zh, locale-en): a page loads its language before it
// hydrates (the server names that chunk in the page's modulepreload links) and the other one only when the
// person switches language.
import type { Lang } from '../domain/format';
import type { Resources } from './locales/zh';

export function loadLocale(lang: Lang): Promise<Resources> {
  return lang === 'en'
    ? import(/* webpackChunkName: "locale-en" */ './locales/en').then((m) => m.en)
    : import(/* webpackChunkName: "locale-zh" */ './locales/zh').then((m) => m.zh);
}

/** The chunk of a language's words, as the client manifest names it. */
export function localeChunk(lang: Lang): string {
  return `locale-${lang}`;
}
