// Route guards looked up by name (SPEC §2). A route lists them in `handle.middleware`; they run, parent
// first, before any loader of the navigation, on the server and in the browser alike.
import { data, redirect } from 'react-router';
import type { RootStore } from '../stores/root.store';

export interface GuardArgs { stores: RootStore; url: URL }
/** A guard returns nothing to let the visitor through, or a Response (a redirect) to send them elsewhere. */
export type Guard = (args: GuardArgs) => Response | undefined;

export const guards: Record<string, Guard> = {
  /** Guest-only pages (login, register): a signed-in user goes home. */
  anonymous: ({ stores }) => (stores.auth.isAuthenticated ? redirect('/') : undefined),
  /** Signed-in pages: a guest goes to /login, coming back afterwards. */
  authenticated: ({ stores, url }) =>
    stores.auth.isAuthenticated ? undefined : redirect(`/login?redirect=${encodeURIComponent(url.pathname + url.search)}`),
};

export interface RouteHandle {
  /** Guard names, looked up in `guards`. */
  middleware?: string[];
  /** Scroll to the top on entering this route even when nested (SPEC §2). */
  scrollToTop?: boolean;
  /** Layout and root routes do not count as levels for the scroll rule. */
  structural?: boolean;
  /** The code-split chunk of a route whose id is not its chunk's name (several paths, one page). */
  chunk?: string;
  /**
   * The page is the same for every guest (per URL and language): the web service may keep it rendered
   * and share it (server/ssr/page-cache.ts). Only for pages whose loaders have no per-visit effect.
   */
  pageCache?: boolean;
}

/**
 * Runs the guards of the matched routes in order. Returns the first redirect, or throws a 500 route
 * error for a name that is not registered (SPEC §2: "Unknown middleware <name>").
 */
export function runGuards(handles: ReadonlyArray<RouteHandle | undefined>, args: GuardArgs, registry: Record<string, Guard> = guards): Response | undefined {
  for (const handle of handles) {
    for (const name of handle?.middleware ?? []) {
      const guard = Object.hasOwn(registry, name) ? registry[name] : undefined;
      if (!guard) throw data({ code: 100500, message: `Unknown middleware ${name}` }, { status: 500 });
      const outcome = guard(args);
      if (outcome) return outcome;
    }
  }
  return undefined;
}
