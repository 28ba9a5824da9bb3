// The router's data strategy: guards first (nothing loads for a visitor who will be redirected), then
// every loader of the navigation in parallel, as React Router does by default.
import { data, type DataStrategyFunction, type DataStrategyResult } from 'react-router';
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
  toLoad.forEach((m, i) => { results[m.route.id] = asRouteError(settled[i]); });
  return results;
};

/** An api that cannot be reached is a 502 page saying so (the error page words it), not an unexplained 500. */
function asRouteError(result: DataStrategyResult): DataStrategyResult {
  if (result.type !== 'error' || !(result.result instanceof ApiUnavailableError)) return result;
  const code = Codes.UPSTREAM_UNAVAILABLE;
  return { type: 'error', result: data({ code }, { status: statusForCode(code) }) };
}
