// Text analysis for the product search, the same for documents and queries and for both dialects:
// NFKC + lower case, Chinese segmented into words with Intl.Segmenter (character bigrams when the ICU
// of this Node has no Chinese dictionary), Latin letters and digits as words, and every CJK character
// on its own (so a query word matches as a phrase of characters whatever the segmenter made of the
// document: "星月" is found in "星月亮丝" although ICU reads 星|月亮|丝).

const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const TOKEN_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+|[\p{L}\p{N}]+/gu;

export interface Analysed {
  /** words: CJK words from the segmenter, Latin/digit words */
  words: string[];
  /** every CJK character, in order */
  chars: string[];
}

function makeSegmenter(): Intl.Segmenter | null {
  try {
    const s = new Intl.Segmenter('zh', { granularity: 'word' });
    // A small-ICU build answers each character (or the whole run) instead of dictionary words.
    const words = [...s.segment('蕾丝花边')].map((x) => x.segment);
    return words.length === 2 && words[0] === '蕾丝' ? s : null;
  } catch {
    return null;
  }
}

const segmenter = makeSegmenter();
export const segmentation: 'intl-segmenter' | 'bigrams' = segmenter ? 'intl-segmenter' : 'bigrams';

function bigrams(run: string): string[] {
  const cs = [...run];
  if (cs.length <= 2) return [run];
  const out: string[] = [];
  for (let i = 0; i + 1 < cs.length; i++) out.push(cs[i] + cs[i + 1]);
  return out;
}

/** NFKC, lower case, and Latin letters without their accents (as the FTS5 tokenizer folds them). */
export const normalise = (text: string) =>
  text.normalize('NFKC').toLowerCase().replace(/\p{Script=Latin}/gu, (ch) => (ch.charCodeAt(0) < 128 ? ch : ch.normalize('NFD').replace(/\p{M}+/gu, '')));

/** Splits normalised text into word pieces: CJK runs (segmented) and Latin/digit runs. */
function wordsOf(text: string): string[] {
  const out: string[] = [];
  const pieces = segmenter ? [...segmenter.segment(text)].filter((s) => s.isWordLike).map((s) => s.segment) : [text];
  for (const piece of pieces) {
    for (const m of piece.matchAll(TOKEN_RUN)) {
      const run = m[0];
      if (CJK_CHAR.test(run[0])) {
        if (segmenter) out.push(run);
        else out.push(...bigrams(run));
      } else {
        out.push(run);
      }
    }
  }
  return out;
}

// Catalogue text repeats a lot (titles are built from a few hundred words, descriptions from a few
// dozen clauses) and segmentation costs ~40 µs a string: text is cut at spaces and punctuation (no word
// spans them) and the words of each piece are remembered.
const cache = new Map<string, string[]>();
const CACHE_MAX = 100_000;
const PIECE_BREAK = /[\s\p{P}\p{S}]+/u;

function cachedWords(piece: string): string[] {
  let words = cache.get(piece);
  if (!words) {
    words = wordsOf(piece);
    if (cache.size >= CACHE_MAX) cache.clear();
    cache.set(piece, words);
  }
  return words;
}

export function analyse(text: string): Analysed {
  if (!text) return { words: [], chars: [] };
  const n = normalise(text);
  const words: string[] = [];
  for (const piece of n.split(PIECE_BREAK)) if (piece) words.push(...cachedWords(piece));
  return { words, chars: [...n].filter((c) => CJK_CHAR.test(c)) };
}

export const isCjk = (word: string) => CJK_CHAR.test(word[0] ?? '');

/** A search term: a word, with its characters when it is Chinese (matched as a phrase of characters). */
export interface Term { word: string; chars: string[]; cjk: boolean; /** Latin/digit words of 2+ characters match as prefixes */ prefix: boolean }

export const QueryLimits = { maxChars: 200, maxTerms: 12, maxTermChars: 40 } as const;

/**
 * The terms of a query, at most QueryLimits.maxTerms distinct ones from its first maxChars characters.
 * Symbols, emoji and punctuation give no term: an empty list means "no text to search for".
 */
export function parseQuery(keyword: string): Term[] {
  const text = [...(keyword ?? '')].slice(0, QueryLimits.maxChars).join('');
  // One-character Chinese words next to each other are read in pairs ("大边" segments as 大|边 but
  // means the two characters side by side; most Chinese words have two), each pair a phrase of characters.
  const words: string[] = [];
  for (const piece of normalise(text).split(PIECE_BREAK)) {
    let open = false; // the last word is a lone character waiting for its pair
    for (const w of wordsOf(piece)) {
      const single = isCjk(w) && [...w].length === 1;
      if (single && open) {
        words[words.length - 1] += w;
        open = false;
      } else {
        words.push(w);
        open = single;
      }
    }
  }
  const seen = new Set<string>();
  const terms: Term[] = [];
  for (const raw of words) {
    const word = [...raw].slice(0, QueryLimits.maxTermChars).join('');
    if (seen.has(word)) continue;
    seen.add(word);
    const cjk = isCjk(word);
    terms.push({ word, chars: cjk ? [...word] : [], cjk, prefix: !cjk && [...word].length >= 2 });
    if (terms.length >= QueryLimits.maxTerms) break;
  }
  return terms;
}

/** The text fields of a product that the search reads, and how they feed the four index columns. */
export interface SearchSource {
  title: string;
  titleEn: string;
  code: string;
  description: string;
  descriptionEn: string;
  companyName: string;
  companyNameEn: string;
  /** labels of its pattern type (and of garments), both languages */
  labels: string[];
}

/** The four columns: title words, title characters, body words, body characters (space-separated tokens). */
export interface SearchDocument { tw: string[]; tc: string[]; bw: string[]; bc: string[] }

export function searchDocument(s: SearchSource): SearchDocument {
  const title = analyse(s.title), titleEn = analyse(s.titleEn), code = analyse(s.code);
  const compactCode = normalise(s.code).replace(/[^\p{L}\p{N}]+/gu, '');
  const body = [s.description, s.descriptionEn, s.companyName, s.companyNameEn, ...s.labels].map(analyse);
  return {
    tw: [...title.words, ...titleEn.words, ...code.words, ...(compactCode && code.words.length > 1 ? [compactCode] : [])],
    tc: [...title.chars, ...titleEn.chars],
    bw: body.flatMap((a) => a.words),
    bc: body.flatMap((a) => a.chars),
  };
}

/** One piece of a highlighted title. */
export interface Part { text: string; match: boolean }

/**
 * The title cut into matched and unmatched parts: a Chinese term matches wherever its characters occur,
 * a Latin or digit term at the start of a word (prefix, as the search matches it). Case and width are
 * ignored (NFKC); the parts always join back to the original title.
 */
export function highlight(title: string, terms: Term[]): Part[] {
  if (!title) return [];
  if (terms.length === 0) return [{ text: title, match: false }];
  // Work per code point on the normalised form when it keeps the length; else give up highlighting.
  const original = [...title];
  const folded = original.map((c) => normalise(c));
  if (folded.some((f) => [...f].length !== 1)) return [{ text: title, match: false }];
  const hay = folded.join('');
  const hayChars = folded;
  const marked = new Array<boolean>(original.length).fill(false);
  const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c) && !CJK_CHAR.test(c);
  for (const term of terms) {
    const needle = term.word;
    const len = [...needle].length;
    // Search over code points: build an index from string offsets to code point positions.
    let from = 0;
    for (;;) {
      const at = hay.indexOf(needle, from);
      if (at < 0) break;
      from = at + needle.length;
      const cp = [...hay.slice(0, at)].length;
      if (!term.cjk && isWordChar(hayChars[cp - 1])) continue; // Latin terms match at word starts only
      if (!term.cjk && !term.prefix && isWordChar(hayChars[cp + len])) continue; // and short ones whole
      let end = cp + len;
      // A prefix match lights up the whole word, as the index matched it.
      if (term.prefix) while (end < marked.length && isWordChar(hayChars[end])) end++;
      for (let k = cp; k < end && k < marked.length; k++) marked[k] = true;
    }
  }
  const parts: Part[] = [];
  for (let i = 0; i < original.length; i++) {
    const last = parts[parts.length - 1];
    if (last && last.match === marked[i]) last.text += original[i];
    else parts.push({ text: original[i], match: marked[i] });
  }
  return parts;
}
