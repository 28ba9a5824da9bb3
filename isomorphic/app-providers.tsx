// What every page view is wrapped in, on both sides: its stores, its i18next instance, the loading bar and the toasts.
import type { ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { StoreContext, type RootStore } from './stores/root.store';
import { LoadingBar, type NavigationSignal } from './components/loading-bar';
import { ToastHost } from './components/toast-host';
import { IdSeed } from './components/use-stable-id';

export function AppProviders({ stores, i18n, signal, children }: { stores: RootStore; i18n: I18n; signal?: NavigationSignal; children: ReactNode }) {
  return (
    <StoreContext.Provider value={stores}>
      <I18nextProvider i18n={i18n}>
        <IdSeed>
          <LoadingBar signal={signal} />
          {children}
          <ToastHost />
        </IdSeed>
      </I18nextProvider>
    </StoreContext.Provider>
  );
}
