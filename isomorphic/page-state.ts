// The state a server-rendered page hands to the browser: language, store snapshots and the router's
// hydration data. The server writes it (server/ssr/state-script.ts); here the browser revives it, turning
// plain route errors back into real ErrorResponse instances.
import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl, type HydrationState } from 'react-router';
import type { Lang } from './domain/format';
import type { RootSnapshot } from './stores/root.store';

export const STATE_GLOBAL = '__LACE_STATE__';

export type SerializedError =
  | { kind: 'response'; status: number; statusText: string; data: unknown }
  | { kind: 'error'; message: string };

export interface PageState {
  lang: Lang;
  stores: RootSnapshot;
  router: { loaderData: Record<string, unknown>; actionData: Record<string, unknown> | null; errors: Record<string, SerializedError> | null };
}

/** The router's hydration data from the page state, with errors revived. */
export function hydrationData(state: PageState): HydrationState {
  const errors = state.router.errors
    ? Object.fromEntries(
        Object.entries(state.router.errors).map(([id, e]) => [
          id,
          e.kind === 'response' ? new ErrorResponseImpl(e.status, e.statusText, e.data) : new Error(e.message),
        ]),
      )
    : null;
  return { loaderData: state.router.loaderData, actionData: state.router.actionData, errors };
}
