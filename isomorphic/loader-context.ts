// What route loaders receive. On the server it is the per-request `requestContext` of query(); in the
// browser the client entry registers one page-wide instance before the router starts.
import type { ApiClient } from './api-client/client';
import type { RootStore } from './stores/root.store';
import type { Lang } from './domain/format';

export interface LoaderDeps {
  api: ApiClient;
  stores: RootStore;
  lang(): Lang;
  /** Public origin for canonical and hreflang links, e.g. https://lacehub.example. */
  publicUrl: string;
}

const BRAND = Symbol.for('lace.loaderDeps');
let browserDeps: LoaderDeps | undefined;

export function makeLoaderDeps(deps: LoaderDeps): LoaderDeps {
  return Object.assign(deps, { [BRAND]: true });
}

/** Called once by client/index.tsx; the server never calls it. */
export function registerBrowserDeps(deps: LoaderDeps): void {
  browserDeps = makeLoaderDeps(deps);
}

export function loaderDeps(context: unknown): LoaderDeps {
  if (context && typeof context === 'object' && BRAND in context) return context as unknown as LoaderDeps;
  if (browserDeps) return browserDeps;
  throw new Error('Route loader called without its dependencies (no requestContext and no browser deps)');
}
