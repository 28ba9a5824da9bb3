// All stores of one page view. Built per request on the server and once in the browser, never at module level.
import { createContext, useContext } from 'react';
import { AuthStore, type AuthSnapshot } from './auth.store';
import { DictionaryStore } from './dictionary.store';
import { LayoutStore, type LayoutSnapshot } from './layout.store';
import { ToastStore } from './toast.store';
import { CartStore } from './cart.store';
import { ImageSearchStore } from './image-search.store';
import { NoticeStore, type NoticeSnapshot } from './notice.store';
import type { DictGroup } from '../contracts/common';

/** Settings the page shares with the api (not secrets): the AES key that obscures passwords in transit. */
export interface SiteSettings { passwordAesKey: string }

export interface RootSnapshot { auth: AuthSnapshot; dictionary: DictGroup[]; layout: LayoutSnapshot; settings?: SiteSettings; renderedAt?: number; notices?: NoticeSnapshot; timeZone?: string }

export class RootStore {
  readonly auth: AuthStore;
  readonly dictionary: DictionaryStore;
  readonly layout: LayoutStore;
  readonly settings: SiteSettings;
  /** When the server rendered the page (ms): relative times hydrate against it, so both renders agree. */
  readonly renderedAt: number;
  /** The viewer's time zone the server rendered times in (the tz cookie); none: China Standard Time. */
  readonly timeZone: string | undefined;
  /** The bell's unread count (server-rendered). */
  readonly notices: NoticeStore;
  /** Browser-only messages (never snapshotted). */
  readonly toasts = new ToastStore();
  /** Browser-only cart count of the header (never snapshotted). */
  readonly cart = new CartStore();
  /** Browser-only photo search state (SPEC §3 search state; never snapshotted). */
  readonly imageSearch = new ImageSearchStore();

  constructor(snapshot?: Partial<RootSnapshot>) {
    this.auth = new AuthStore(snapshot?.auth);
    this.dictionary = new DictionaryStore(snapshot?.dictionary);
    this.layout = new LayoutStore(snapshot?.layout);
    this.settings = { passwordAesKey: snapshot?.settings?.passwordAesKey ?? '' };
    this.renderedAt = snapshot?.renderedAt ?? Date.now();
    this.timeZone = snapshot?.timeZone;
    this.notices = new NoticeStore(snapshot?.notices);
  }

  snapshot(): RootSnapshot {
    return { auth: this.auth.snapshot(), dictionary: this.dictionary.snapshot(), layout: this.layout.snapshot(), settings: this.settings, renderedAt: this.renderedAt, notices: this.notices.snapshot(), ...(this.timeZone ? { timeZone: this.timeZone } : {}) };
  }
}

export const StoreContext = createContext<RootStore | null>(null);

export function useStores(): RootStore {
  const stores = useContext(StoreContext);
  if (!stores) throw new Error('useStores() outside <StoreContext.Provider>');
  return stores;
}
