// The part of the stylesheet a page's markup needs, for its inline <style> (issue 20 / 21): every rule with a
// selector whose class names all appear in the page's `class` attributes (a selector naming a class the
// page has not got cannot match it), at-rules around them, and every rule that names no class. The whole
// stylesheet is fetched after the first paint with the page's scripts, which wait for it before they
// hydrate (client/stylesheets-ready.ts): classes that script adds later (a modal, a toast, a loaded
// picture) find their rules there. Same rules, same order: the later whole sheet changes no computed style
// of the first screen, so nothing shifts when it arrives.

/** A rule of a parsed stylesheet: its text, and when it applies. */
interface CssNode {
  /** the whole rule (a style rule or an at-rule kept as it is) */
  text: string;
  /** a style rule: each selector's class names (the rule is needed when one selector's are all present);
   *  null: always needed (an element, :root or * selector, @keyframes, @font-face, …) */
  needs: string[][] | null;
  /** a grouping at-rule (@media, @supports): its prelude and its rules, kept when one of them is */
  group?: { prelude: string; children: CssNode[] };
}

/** Classes the page's first script adds before the first paint (views/document.tsx's rootFontScript). */
const ALWAYS_PRESENT = ['js'];

/** Index of the `}` closing the block opened at `open` (strings and nested blocks skipped), or -1. */
function closingBrace(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const c = css[i];
    if (c === '"' || c === "'") {
      const end = css.indexOf(c, i + 1);
      if (end < 0) return -1;
      i = end;
    } else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
  }
  return -1;
}

/** The selectors of a selector list, split at commas outside parentheses and brackets. */
function selectors(list: string): string[] {
  const out: string[] = [];
  let depth = 0, start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) { out.push(list.slice(start, i)); start = i + 1; }
  }
  out.push(list.slice(start));
  return out;
}

/** The class names a selector requires: those outside attribute selectors and functional pseudo-classes
 *  (:not(.a) requires nothing; :is(.a, .b) is counted as requiring nothing, which keeps more, never less). */
function requiredClasses(selector: string): string[] {
  let s = selector.replace(/\[[^\]]*\]/g, '');
  // Innermost parentheses first, until none are left.
  for (let prev = ''; prev !== s;) { prev = s; s = s.replace(/\([^()]*\)/g, ''); }
  return [...new Set([...s.matchAll(/\.(-?[_a-zA-Z][_a-zA-Z0-9-]*)/g)].map((m) => m[1]))];
}

/** Parses a stylesheet (as compactCss leaves it) into rules; null when it is not one we can read, so that
 *  the caller keeps the whole text. */
export function parseCss(css: string): CssNode[] | null {
  const nodes: CssNode[] = [];
  let i = 0;
  while (i < css.length) {
    while (i < css.length && /\s/.test(css[i])) i++;
    if (i >= css.length) break;
    const open = css.indexOf('{', i);
    if (open < 0) return null;
    const prelude = css.slice(i, open).trim();
    // A statement at-rule (@import, @charset) before the block: we have none; do not guess.
    if (prelude.includes(';')) return null;
    const close = closingBrace(css, open);
    if (close < 0) return null;
    const text = css.slice(i, close + 1);
    if (/^@(media|supports|layer|container)\b/i.test(prelude)) {
      const children = parseCss(css.slice(open + 1, close));
      if (!children) return null;
      nodes.push({ text, needs: [], group: { prelude, children } });
    } else if (prelude.startsWith('@')) {
      nodes.push({ text, needs: null });
    } else {
      const needs = selectors(prelude).map(requiredClasses);
      nodes.push({ text, needs: needs.some((n) => n.length === 0) ? null : needs });
    }
    i = close + 1;
  }
  return nodes;
}

function needed(node: CssNode, classes: ReadonlySet<string>): string {
  if (node.group) {
    const inner = node.group.children.map((c) => needed(c, classes)).join('');
    return inner ? `${node.group.prelude}{${inner}}` : '';
  }
  if (node.needs === null || node.needs.some((names) => names.every((n) => classes.has(n)))) return node.text;
  return '';
}

/** The class names of a document's `class` attributes (and those its first script adds). */
export function documentClasses(html: string): Set<string> {
  const out = new Set(ALWAYS_PRESENT);
  for (const m of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of m[1].split(/\s+/)) if (name) out.add(name);
  }
  return out;
}

/** A stylesheet, parsed once, that gives the part a page needs. */
export class PageCss {
  private readonly nodes: CssNode[] | null;
  /** The part by the page's classes: pages of one kind share a handful of class sets. */
  private readonly memo = new Map<string, string>();

  constructor(readonly whole: string) {
    this.nodes = parseCss(whole);
  }

  /** The rules needed by markup with these classes, in the stylesheet's order. */
  forClasses(classes: ReadonlySet<string>): string {
    if (!this.nodes) return this.whole;
    const key = [...classes].sort().join(' ');
    let css = this.memo.get(key);
    if (css === undefined) {
      css = this.nodes.map((n) => needed(n, classes)).join('');
      if (this.memo.size >= 500) this.memo.delete(this.memo.keys().next().value as string);
      this.memo.set(key, css);
    }
    return css;
  }
}
