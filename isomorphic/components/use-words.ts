// Words of a code-split page kept beside it as {zh, en} pairs (like the code tables of domain/), so a
// page's text travels in its own chunk instead of every page's first load. `{name}` marks a value.
import type { Labelled } from '../domain/catalogue';
import { useLang } from './use-lang';

export type Words = Record<string, Labelled>;
export type Said<W extends Words> = { [K in keyof W]: string };

export function pickWords<W extends Words>(words: W, lang: 'zh' | 'en'): Said<W> {
  return Object.fromEntries(Object.entries(words).map(([k, v]) => [k, v[lang]])) as Said<W>;
}

export function useWords<W extends Words>(words: W): Said<W> {
  return pickWords(words, useLang());
}

/** Fills `{name}` marks: fill('{n} items', { n: 3 }) → '3 items'. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m));
}
