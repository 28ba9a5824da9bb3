// The router's data strategy: guards first (nothing loads for a visitor who will be redirected), then
// every loader of the navigation in parallel, as React Router does by default.
import { data, isRouteErrorResponse, redirect, type DataStrategyFunction, type DataStrategyResult } from 'react-router';
import { ApiUnavailableError, statusForCode } from './api-client/results';
import { Codes } from './domain/codes';
import { loaderDeps } from './loader-context';
import { runGuards, type RouteHandle } from './middleware/registry';

export const dataStrategy: DataStrategyFunction = async ({ matches, request, context }) => {
  const { stores } = loaderDeps(context);
  const url = new URL(request.url);
  const results: Record<string, DataStrategyResult> = {};
  const handles = matches.map((m) => m.route.handle as RouteHandle | undefined);
  try {
    const redirectResponse = runGuards(handles, { stores, url });
    if (redirectResponse) {
      results[matches[matches.length - 1].route.id] = { type: 'data', result: redirectResponse };
      return results;
    }
  } catch (error) {
    const owner = matches.find((m) => (m.route.handle as RouteHandle | undefined)?.middleware?.length) ?? matches[matches.length - 1];
    results[owner.route.id] = { type: 'error', result: error };
    return results;
  }
  const toLoad = matches.filter((m) => m.shouldLoad);
  const settled = await Promise.all(toLoad.map((m) => m.resolve()));
  // SPEC §4: 210018 from any loader's call signs the person out and sends them to sign in, coming back here.
  const expiredAt = settled.findIndex(isSessionExpired);
  if (expiredAt >= 0) {
    stores.auth.expire();
    results[toLoad[expiredAt].route.id] = { type: 'data', result: redirect(loginPath(url)) };
    return results;
  }
  toLoad.forEach((m, i) => { results[m.route.id] = asRouteError(settled[i]); });
  return results;
};

/** /login with the way back: the path and query the person was going to. */
export function loginPath(url: { pathname: string; search: string }): string {
  return `/login?redirect=${encodeURIComponent(url.pathname + url.search)}`;
}

/** A loader's error carrying 210018: thrown as `data(...)` by unwrap(), or already an ErrorResponse. */
function isSessionExpired(result: DataStrategyResult): boolean {
  if (result.type !== 'error') return false;
  const error = result.result as { type?: unknown; data?: unknown } | null;
  const body = isRouteErrorResponse(error) || error?.type === 'DataWithResponseInit' ? (error?.data as { code?: unknown } | null) : null;
  return body?.code === Codes.SESSION_EXPIRED;
}

/** An api that cannot be reached is a 502 page saying so (the error page words it), not an unexplained 500. */
function asRouteError(result: DataStrategyResult): DataStrategyResult {
  if (result.type !== 'error' || !(result.result instanceof ApiUnavailableError)) return result;
  const code = Codes.UPSTREAM_UNAVAILABLE;
  return { type: 'error', result: data({ code }, { status: statusForCode(code) }) };
}
