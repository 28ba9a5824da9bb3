// What every page view is wrapped in, on both sides: its stores, its words (I18n), the loading bar and the toasts.
import type { ReactNode } from 'react';
import type { I18n } from './i18n/index';
import { I18nProvider } from './i18n/react';
import { StoreContext, type RootStore } from './stores/root.store';
import { LoadingBar, type NavigationSignal } from './components/loading-bar';
import { ToastHost } from './components/toast-host';
import { IdSeed } from './components/use-stable-id';

export function AppProviders({ stores, i18n, signal, children }: { stores: RootStore; i18n: I18n; signal?: NavigationSignal; children: ReactNode }) {
  return (
    <StoreContext.Provider value={stores}>
      <I18nProvider i18n={i18n}>
        <IdSeed>
          <LoadingBar signal={signal} />
          {children}
          <ToastHost />
        </IdSeed>
      </I18nProvider>
    </StoreContext.Provider>
  );
}
