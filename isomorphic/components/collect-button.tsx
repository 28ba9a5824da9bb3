// The collect / follow control of SPEC §2 (product page, company page). Its first state comes from the
// page loader (GET /favorite/status). A guest gets a link to /login that comes back here; a signed-in
// person toggles with POST /favorite/favoriteBus. 210018 signs them out and sends them to sign in.
import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useLocation } from 'react-router';
import { Link } from './link';
import type { ApiClient } from '../api-client/client';
import type { FavouriteState } from '../contracts/catalogue';
import { FavouriteType } from '../domain/catalogue';
import { Codes } from '../domain/codes';
import { loginPath } from '../data-strategy';
import { useStores } from '../stores/root.store';
import { useApiAction } from './use-api-action';
import { favouriteWords } from './favourite.words';
import { useWords } from './use-words';

export { FavouriteType };
export type FavouriteKind = (typeof FavouriteType)[keyof typeof FavouriteType];

/** The followed state for a loader: false for guests or when the call fails (never fails the page). */
export async function favouriteStatus(api: ApiClient, type: FavouriteKind, targetId: number, signedIn: boolean, signal?: AbortSignal): Promise<boolean> {
  if (!signedIn) return false;
  try {
    const e = await api.get<FavouriteState>('/favorite/status', { type, targetId }, { signal });
    return e.code === Codes.OK && e.data.followed === true;
  } catch {
    return false;
  }
}

export const CollectButton = observer(function CollectButton({ type, targetId, initial }: { type: FavouriteKind; targetId: number; initial: boolean }) {
  const { auth } = useStores();
  const w = useWords(favouriteWords);
  const location = useLocation();
  const run = useApiAction();
  const [followed, setFollowed] = useState(initial);
  const [busy, setBusy] = useState(false);
  const isCompany = type === FavouriteType.COMPANY;
  const star = <span className="collect__icon" aria-hidden="true">{followed ? '★' : '☆'}</span>;

  if (!auth.isAuthenticated) {
    return (
      <Link className="collect" to={loginPath(location)} rel="nofollow" data-collect="guest">
        {star}{isCompany ? w.loginToFollow : w.loginToCollect}
      </Link>
    );
  }

  async function toggle() {
    setBusy(true);
    try {
      const e = await run((api) => api.post<FavouriteState>('/favorite/favoriteBus', { type, targetId, follow: !followed }), { quiet: true });
      if (e?.code === Codes.OK) setFollowed(e.data.followed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <button type="button" className={`collect${followed ? ' is-active' : ''}`} aria-pressed={followed} disabled={busy} onClick={() => void toggle()} data-collect={followed ? 'on' : 'off'}>
      {star}{isCompany ? (followed ? w.followed : w.follow) : (followed ? w.collected : w.collect)}
    </button>
  );
});
