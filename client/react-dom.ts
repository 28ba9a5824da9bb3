// What the browser build gets for 'react-dom' (webpack's alias): preact/compat, plus React 19's preload()
// that our pages call while rendering (LazyImage's likely largest paint). On the server React writes the
// <link rel="preload"> into <head>; in the browser this adds the same link when a client navigation
// renders such an image and no such link is there yet.
// @ts-expect-error preact/compat's types say `export =`, which `export *` cannot name; its ES module has named exports.
export * from 'preact/compat';
export { default } from 'preact/compat';

export interface PreloadOptions {
  as: string;
  type?: string;
  fetchPriority?: 'high' | 'low' | 'auto';
  imageSrcSet?: string;
  imageSizes?: string;
  crossOrigin?: string;
  media?: string;
}

export function preload(href: string, opts: PreloadOptions): void {
  if (typeof document === 'undefined' || typeof href !== 'string' || !opts || typeof opts.as !== 'string') return;
  const attrs: Array<[string, string | undefined]> = [
    ['as', opts.as],
    ['href', opts.as === 'image' && opts.imageSrcSet ? undefined : href],
    ['imagesrcset', opts.imageSrcSet],
    ['imagesizes', opts.imageSizes],
  ];
  const selector = `link[rel="preload"]${attrs.filter(([, v]) => v !== undefined).map(([k, v]) => `[${k}="${CSS.escape(v!)}"]`).join('')}`;
  if (document.head.querySelector(selector)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', opts.as);
  if (!(opts.as === 'image' && opts.imageSrcSet)) link.href = href;
  for (const [name, value] of [['type', opts.type], ['fetchpriority', opts.fetchPriority], ['imagesrcset', opts.imageSrcSet], ['imagesizes', opts.imageSizes], ['crossorigin', opts.crossOrigin], ['media', opts.media]] as const) {
    if (value !== undefined) link.setAttribute(name, value);
  }
  document.head.appendChild(link);
}
