// The client bundle manifest written by webpack (dist/client/manifest.json): which files a page needs.
import fs from 'node:fs';
import path from 'node:path';
import { PageCss } from './page-css';

export interface ChunkFiles { js: string[]; css: string[] }

export interface ClientManifest {
  publicPath: string;
  /** The entry: `module` is the one script to run (it imports the rest); `js` are its other files. */
  entry: { module: string; js: string[]; css: string[] };
  /** Page chunks by name; a page route's id is its chunk's name. */
  chunks: Record<string, ChunkFiles>;
  /** The text of every stylesheet by file, read with the manifest: pages carry what they need of it
   *  inline (see assetsFor). */
  css?: Record<string, string>;
  /** The same stylesheets parsed, by file: the part a page's markup needs (server/ssr/page-css.ts). */
  sheets?: Record<string, PageCss>;
}

export interface PageAssets {
  /** The module script that starts the page. */
  bootstrap: string[];
  /** Modules fetched in parallel with it: the entry's shared chunks and the matched pages' chunks. */
  modulepreload: string[];
  /** Stylesheets linked (a file the manifest could not read); normally none, see `styles`. */
  stylesheets: string[];
  /** The page's stylesheets, of which the part its markup needs goes in the head as `<style>`: the first
   *  paint waits for no request (issue 20: a linked stylesheet arrived with the scripts, so the page
   *  painted only after they ran), and the document carries only the rules it uses (issue 21: the whole
   *  stylesheet inline had made home's HTML 144 K characters, from 57 K). */
  styles: PageCss[];
  /** The URLs of `styles`, fetched whole after the first paint with the scripts (server/ssr/script-loader). */
  lateStylesheets: string[];
}

export const EMPTY_ASSETS: PageAssets = { bootstrap: [], modulepreload: [], stylesheets: [], styles: [], lateStylesheets: [] };

/** A stylesheet without its comments and with each run of white space outside strings made one space (what
 *  separates tokens in CSS); strings are kept as they are. Read token by token: a quote inside a comment (a
 *  comment naming "1,200 yards") is not a string, and a comment is dropped, not made a space (`.a`, an empty
 *  comment, `.b` is `.a.b`). */
export function compactCss(text: string): string {
  let out = '';
  let space = false;
  for (let i = 0; i < text.length;) {
    const c = text[i];
    if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
      continue;
    }
    if (c === ' ' || c === '\n' || c === '\t' || c === '\r' || c === '\f') {
      space = true;
      i++;
      continue;
    }
    if (space && out) out += ' ';
    space = false;
    if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < text.length && text[j] !== c && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    out += c;
    i++;
  }
  return out;
}

export function readManifest(file: string): ClientManifest | null {
  let raw: string;
  try {
    raw = fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  const parsed = JSON.parse(raw) as ClientManifest;
  if (!parsed.entry?.module || typeof parsed.chunks !== 'object') throw new Error(`${file} is not a client manifest`);
  const css: Record<string, string> = {};
  const sheets: Record<string, PageCss> = {};
  for (const f of new Set([...parsed.entry.css, ...Object.values(parsed.chunks).flatMap((c) => c.css)])) {
    let text: string;
    try {
      text = fs.readFileSync(path.join(path.dirname(file), f), 'utf8');
    } catch {
      continue;
    }
    // Inside <style> only `</style` would end the element early; our stylesheets never contain it.
    if (/<\/style/i.test(text)) continue;
    css[f] = compactCss(text);
    sheets[f] = new PageCss(css[f]);
  }
  return { ...parsed, css, sheets };
}

export function assetsFor(manifest: ClientManifest | null, routeIds: readonly string[]): PageAssets {
  if (!manifest) return EMPTY_ASSETS;
  const url = (f: string) => `${manifest.publicPath}${f}`;
  const preload = new Set(manifest.entry.js);
  const css = new Set(manifest.entry.css);
  for (const id of routeIds) {
    const chunk = manifest.chunks[id];
    if (!chunk) continue;
    chunk.js.forEach((f) => preload.add(f));
    chunk.css.forEach((f) => css.add(f));
  }
  preload.delete(manifest.entry.module);
  const sheet = (f: string) => manifest.sheets?.[f] ?? (manifest.css?.[f] !== undefined ? new PageCss(manifest.css[f]) : undefined);
  const inline = [...css].filter((f) => sheet(f) !== undefined);
  return {
    bootstrap: [url(manifest.entry.module)],
    modulepreload: [...preload].map(url),
    stylesheets: [...css].filter((f) => sheet(f) === undefined).map(url),
    styles: inline.map((f) => sheet(f) as PageCss),
    lateStylesheets: inline.map(url),
  };
}
