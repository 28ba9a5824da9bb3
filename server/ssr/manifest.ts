// The client bundle manifest written by webpack (dist/client/manifest.json): which files a page needs.
import fs from 'node:fs';

export interface ChunkFiles { js: string[]; css: string[] }

export interface ClientManifest {
  publicPath: string;
  /** The entry: `module` is the one script to run (it imports the rest); `js` are its other files. */
  entry: { module: string; js: string[]; css: string[] };
  /** Page chunks by name; a page route's id is its chunk's name. */
  chunks: Record<string, ChunkFiles>;
}

export interface PageAssets {
  /** The module script that starts the page. */
  bootstrap: string[];
  /** Modules fetched in parallel with it: the entry's shared chunks and the matched pages' chunks. */
  modulepreload: string[];
  stylesheets: string[];
}

export const EMPTY_ASSETS: PageAssets = { bootstrap: [], modulepreload: [], stylesheets: [] };

export function readManifest(file: string): ClientManifest | null {
  let raw: string;
  try {
    raw = fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  const parsed = JSON.parse(raw) as ClientManifest;
  if (!parsed.entry?.module || typeof parsed.chunks !== 'object') throw new Error(`${file} is not a client manifest`);
  return parsed;
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
  return { bootstrap: [url(manifest.entry.module)], modulepreload: [...preload].map(url), stylesheets: [...css].map(url) };
}
