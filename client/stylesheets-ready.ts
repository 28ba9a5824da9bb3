// The page's whole stylesheets, linked by the script loader after the first paint (the page carries only
// the rules its server markup uses: server/ssr/page-css.ts): resolves once none is pending any more, so
// that the classes hydration and later renders add (a modal, a toast, a loaded picture) find their rules.
// A stylesheet that failed has left data-pending too (its error event); the page then hydrates as before.

/** Resolves when no `link[data-pending]` stylesheet of the document is still loading. */
export function stylesheetsReady(doc: Document = document): Promise<void> {
  const pending = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][data-pending]')];
  return Promise.all(pending.map((link) => new Promise<void>((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
  }))).then(() => undefined);
}
