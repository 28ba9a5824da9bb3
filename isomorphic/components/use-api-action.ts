// How a page runs a call the person asked for (a form, a button): the api message becomes a toast (error
// style unless code 0, SPEC §7), a network failure says so, and 210018 signs the person out and sends
// them to /login, coming back here afterwards (SPEC §4); a guest is asked to sign in, not told that a
// session expired. `carry` keeps the success toast over the page change that follows it.
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../i18n/react';
import type { ApiClient } from '../api-client/client';
import { Codes, okMessage, signInFirstMessage, type Envelope } from '../domain/codes';
import { useLang } from './use-lang';
import { loaderDeps } from '../loader-context';
import { useStores } from '../stores/root.store';
import { loginPath } from '../data-strategy';

export type RunCall = <T>(call: (api: ApiClient) => Promise<Envelope<T>>, opts?: { quiet?: boolean; carry?: boolean }) => Promise<Envelope<T> | null>;

export function useApiAction(): RunCall {
  const { auth, toasts } = useStores();
  const navigate = useNavigate();
  const location = useLocation();
  const { t } = useTranslation();
  const lang = useLang();
  return useCallback<RunCall>(async (call, opts = {}) => {
    let envelope;
    try {
      envelope = await call(loaderDeps(undefined).api);
    } catch {
      toasts.error(t('toast.network'));
      return null;
    }
    if (envelope.code === Codes.SESSION_EXPIRED) {
      toasts.error(auth.isAuthenticated ? envelope.message : signInFirstMessage[lang], { carry: true });
      auth.expire();
      navigate(loginPath(location), { replace: true });
      return null;
    }
    // A lookup's plain "success" is not news; a real message (saved, sent, …) or any failure is.
    const generic = envelope.message === okMessage.zh || envelope.message === okMessage.en;
    if (envelope.code !== Codes.OK) toasts.error(envelope.message);
    else if (!opts.quiet && !generic) toasts.success(envelope.message, { carry: opts.carry });
    return envelope;
  }, [auth, toasts, navigate, location, t, lang]);
}
