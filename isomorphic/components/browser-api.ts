// The page-wide api client of the browser, for event handlers and effects (loaders get theirs from the
// router's context). Calling it during server rendering throws: components must not fetch while rendering.
import type { ApiClient } from '../api-client/client';
import { loaderDeps } from '../loader-context';

export function browserApi(): ApiClient {
  return loaderDeps(undefined).api;
}

