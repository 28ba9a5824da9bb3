// All stores of one page view. Built per request on the server and once in the browser, never at module level.
import { createContext, useContext } from 'react';
import { AuthStore, type AuthSnapshot } from './auth.store';
import { DictionaryStore } from './dictionary.store';
import { LayoutStore, type LayoutSnapshot } from './layout.store';
import type { DictGroup } from '../api-client/types';

export interface RootSnapshot { auth: AuthSnapshot; dictionary: DictGroup[]; layout: LayoutSnapshot }

export class RootStore {
  readonly auth: AuthStore;
  readonly dictionary: DictionaryStore;
  readonly layout: LayoutStore;

  constructor(snapshot?: Partial<RootSnapshot>) {
    this.auth = new AuthStore(snapshot?.auth);
    this.dictionary = new DictionaryStore(snapshot?.dictionary);
    this.layout = new LayoutStore(snapshot?.layout);
  }

  snapshot(): RootSnapshot {
    return { auth: this.auth.snapshot(), dictionary: this.dictionary.snapshot(), layout: this.layout.snapshot() };
  }
}

export const StoreContext = createContext<RootStore | null>(null);

export function useStores(): RootStore {
  const stores = useContext(StoreContext);
  if (!stores) throw new Error('useStores() outside <StoreContext.Provider>');
  return stores;
}
