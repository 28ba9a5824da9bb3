// The HTML document around every page: <html lang>, head (charset, viewport, root font size, styles)
// and the #root the browser hydrates. React adds the state script and the loader of the page's scripts
// (bootstrapScriptContent, server/ssr/script-loader.ts) and hoists each page's <title>, <meta> and <link>.
import type { ReactNode } from 'react';
import { Limits } from '../isomorphic/domain/limits';

export interface DocumentProps {
  htmlLang: string;
  /** the CSP nonce of a streamed page; none for a cached one (its scripts are allowed by hash) */
  nonce?: string;
  stylesheets: string[];
  /** stylesheets' text, inline so that the first paint needs no request (PAGE_CSS_MARK: the rules the
   *  page's markup needs, put there once the page has rendered; server/ssr/page-css.ts) */
  styles?: string[];
  /** modules linked in the head (a page's own are fetched by its loader script, server/ssr/script-loader) */
  modulepreload?: string[];
  children: ReactNode;
}

/**
 * SPEC §2: the root font size follows the window width relative to the 1190 content width, clamped to
 * 15–20px (16px, the browser default, at exactly 1190). It runs before first paint and on resize; it also marks the page as scripted (.js) so that
 * image fade-ins apply only when script can reveal them.
 */
export const rootFontScript = `(function(d,w){var e=d.documentElement;e.className+=' js';function f(){var s=16*w.innerWidth/${Limits.contentWidth};e.style.fontSize=Math.min(${Limits.rootFontMax},Math.max(${Limits.rootFontMin},s))+'px'}f();w.addEventListener('resize',f)})(document,window);`;

/** Stands in a `<style>` for the page's CSS until the markup it serves is known (server/ssr/render.tsx). */
export const PAGE_CSS_MARK = '/*page-css*/';

const FAVICON = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><circle cx="20" cy="20" r="18" fill="#8c5a62"/><path d="M8 17c2-4 6-4 8 0 2-4 6-4 8 0 2-4 6-4 8 0M8 24c2 4 6 4 8 0 2 4 6 4 8 0 2 4 6 4 8 0" fill="none" stroke="#fbf7f0" stroke-width="1.6"/></svg>')}`;

export function Document({ htmlLang, nonce, stylesheets, styles = [], modulepreload = [], children }: DocumentProps) {
  return (
    <html lang={htmlLang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#fbf7f0" />
        <meta name="format-detection" content="telephone=no" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: rootFontScript }} />
        <link rel="icon" type="image/svg+xml" href={FAVICON} />
        {styles.map((css, i) => <style key={i} dangerouslySetInnerHTML={{ __html: css }} />)}
        {stylesheets.map((href) => <link key={href} rel="stylesheet" href={href} />)}
        {modulepreload.map((href) => <link key={href} rel="modulepreload" href={href} />)}
      </head>
      <body>
        <div id="root">{children}</div>
      </body>
    </html>
  );
}
