// First-load JavaScript of each page, from the client build's manifest: the entry's files plus the page's
// chunks and its language's words, as the server names them in its script and modulepreload tags, gzip -9
// (what `.gz` beside each file holds), in the language whose words weigh more. Chunks that load only when
// used (cropper, OSS client, photo-search panel, the other language) are not in it.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { RouteObject } from 'react-router';
import { assetsFor, readManifest } from '../../server/ssr/manifest';
import { LANGS } from '../../isomorphic/i18n/index';
import { localeChunk } from '../../isomorphic/i18n/load-locale';

export interface PageJs { page: string; files: Array<{ file: string; gzip: number }>; gzip: number }

const gzipOf = (dir: string, file: string): number => {
  const gz = path.join(dir, `${file}.gz`);
  return fs.existsSync(gz) ? fs.statSync(gz).size : zlib.gzipSync(fs.readFileSync(path.join(dir, file)), { level: 9 }).length;
};

/** Each leaf route's chunk chain (root → layout → page), by the chunk names the server uses. */
export function pageChains(routes: RouteObject[], above: string[] = []): string[][] {
  const chains: string[][] = [];
  for (const r of routes) {
    const chunk = (r.handle as { chunk?: string } | undefined)?.chunk ?? r.id ?? '';
    const chain = [...above, chunk];
    if (r.children?.length) chains.push(...pageChains(r.children, chain));
    else chains.push(chain);
  }
  return chains;
}

/** The first-load JS of every page of the route tree, by the page's chunk name (one row per chunk). */
export function firstLoadJs(clientDir: string, routes: RouteObject[]): PageJs[] {
  const manifest = readManifest(path.join(clientDir, 'manifest.json'));
  if (!manifest) throw new Error(`no client build in ${clientDir}: run npm run build`);
  const rows = new Map<string, PageJs>();
  for (const chain of pageChains(routes)) {
    const page = chain[chain.length - 1];
    if (rows.has(page)) continue;
    const perLang = LANGS.map((lang): PageJs => {
      const assets = assetsFor(manifest, [localeChunk(lang), ...chain]);
      const files = [...assets.bootstrap, ...assets.modulepreload].map((url) => {
        const file = url.slice(manifest.publicPath.length);
        return { file, gzip: gzipOf(clientDir, file) };
      });
      return { page, files, gzip: files.reduce((s, f) => s + f.gzip, 0) };
    });
    rows.set(page, perLang.reduce((a, b) => (b.gzip > a.gzip ? b : a)));
  }
  return [...rows.values()];
}
