// Browser entry: revive the page state, load the page's words and the lazy routes of the current URL,
// hydrate. The browser build runs Preact through preact/compat (webpack.config.ts): head-tags and
// effect-timing give it what React did here (document metadata in <head>, effects after the commit).
import './head-tags';
import './effect-timing';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import './styles/pages.css';
import './styles/account.css';
import './styles/orders.css';
import './styles/catalogue.css';
import './styles/image-search.css';
import './styles/shop.css';
import './styles/enquiry.css';
import { StrictMode, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { routes } from '../isomorphic/routes';
import { dataStrategy } from '../isomorphic/data-strategy';
import { registerBrowserDeps } from '../isomorphic/loader-context';
import { RootStore } from '../isomorphic/stores/root.store';
import { createI18n } from '../isomorphic/i18n/index';
import { loadLocale } from '../isomorphic/i18n/load-locale';
import { createBrowserApiClient } from '../isomorphic/api-client/browser-client';
import { hydrationData, STATE_GLOBAL, type PageState } from '../isomorphic/page-state';
import { AppProviders } from '../isomorphic/app-providers';
import { routerSignal } from './router-signal';
import { Limits } from '../isomorphic/domain/limits';
import { browserZone } from '../isomorphic/components/when';
import { stylesheetsReady } from './stylesheets-ready';

declare global {
  interface Window { [STATE_GLOBAL]?: PageState }
}

/** Loads the code of the lazy routes the server rendered, so the first render matches its HTML. */
async function resolveLazyRoutes(tree: RouteObject[]): Promise<void> {
  const matches = matchRoutes(tree, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

async function start(): Promise<void> {
  const state = window[STATE_GLOBAL];
  if (!state) throw new Error('Page state missing: the page was not rendered by the web service');
  const stores = new RootStore(state.stores);
  const [words] = await Promise.all([loadLocale(state.lang), resolveLazyRoutes(routes), stylesheetsReady()]);
  const i18n = createI18n(state.lang, { [state.lang]: words });
  const api = createBrowserApiClient({ lang: () => i18n.language });
  registerBrowserDeps({ api, stores, lang: () => i18n.language, publicUrl: window.location.origin });

  const router = createBrowserRouter(routes, { hydrationData: hydrationData(state), dataStrategy });
  const container = document.getElementById('root');
  if (!container) throw new Error('#root missing');
  hydrateRoot(
    container,
    <StrictMode>
      <AppProviders stores={stores} i18n={i18n} signal={routerSignal(router)}>
        <RouterProvider router={router} />
        <HydrationMark />
      </AppProviders>
    </StrictMode>,
  );
}

/** Marks the document once React has hydrated it (its first effect ran): tests and monitoring wait for it. */
function HydrationMark(): null {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
    rememberTimeZone();
  }, []);
  return null;
}

/** Tells the server the viewer's time zone (the tz cookie), so the next pages render times in it. */
function rememberTimeZone(): void {
  const zone = browserZone();
  const current = document.cookie.split('; ').find((c) => c.startsWith(`${Limits.zoneCookie}=`))?.slice(Limits.zoneCookie.length + 1);
  if (!zone || (current && decodeURIComponent(current) === zone)) return;
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${Limits.zoneCookie}=${encodeURIComponent(zone)}; path=/; max-age=${365 * 24 * 3600}; samesite=lax${secure}`;
}

start().catch((err: unknown) => {
  console.error('The page could not start', err);
});
