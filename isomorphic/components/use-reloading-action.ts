// A button's call that reloads the page's data when it succeeds (kept out of use-api-action.ts, which
// every page's first script carries, so only the pages that use it pay for it).
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import type { ApiClient } from '../api-client/client';
import { Codes, type Envelope } from '../domain/codes';
import { useStores } from '../stores/root.store';
import { useApiAction } from './use-api-action';

/**
 * A button's call that changes what the page shows: busy while it runs, then on success a toast with
 * `done` and the page's data loaded again. `act` answers whether it succeeded.
 */
export function useReloadingAction(): { busy: boolean; act<T>(call: (api: ApiClient) => Promise<Envelope<T>>, done: string): Promise<boolean> } {
  const run = useApiAction();
  const revalidator = useRevalidator();
  const { toasts } = useStores();
  const [busy, setBusy] = useState(false);
  async function act<T>(call: (api: ApiClient) => Promise<Envelope<T>>, done: string): Promise<boolean> {
    setBusy(true);
    try {
      const envelope = await run(call);
      if (envelope?.code !== Codes.OK) return false;
      toasts.success(done);
      await revalidator.revalidate();
      return true;
    } finally {
      setBusy(false);
    }
  }
  return { busy, act };
}
