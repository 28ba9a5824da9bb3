// Sign out (SPEC §4): the api ends the token, the web service clears the three cookies on the way back,
// the store forgets the person and the page goes home.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../i18n/react';
import { useStores } from '../stores/root.store';
import { useApiAction } from './use-api-action';

export function SignOutButton() {
  const { t } = useTranslation();
  const { auth } = useStores();
  const navigate = useNavigate();
  const run = useApiAction();
  const [busy, setBusy] = useState(false);

  async function onClick() {
    setBusy(true);
    const envelope = await run((api) => api.post('/front/user/loginOut'));
    setBusy(false);
    if (!envelope) return;
    auth.clear();
    navigate('/', { replace: true });
  }

  return (
    <button type="button" className="user-nav__signout" onClick={() => void onClick()} disabled={busy} aria-busy={busy || undefined}>
      {t('nav.logout')}
    </button>
  );
}
