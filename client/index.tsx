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
import { matchRoutes, UNSAFE_createRouter as createRouter, UNSAFE_createBrowserHistory as createBrowserHistory, UNSAFE_hydrationRouteProperties as hydrationRouteProperties, UNSAFE_mapRouteProperties as mapRouteProperties, type RouteObject } from 'react-router';
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
import { createHydrationQueue, type PageHydrationQueue } from './hydration-queue';
import { setHydrationQueue } from '../isomorphic/components/hydrate-later';

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

/** Lets the browser handle input and paint before the next step (a task of its own, not a microtask). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => { channel.port1.close(); resolve(); };
    channel.port2.postMessage(null);
  });
}

// The start is cut into tasks (issue 20: a long task on a phone is a tap that waits): the stores, the
// router, the page's first pass, then the parts that hydrate later (HydrateLater), one a task.
async function start(): Promise<void> {
  const state = window[STATE_GLOBAL];
  if (!state) throw new Error('Page state missing: the page was not rendered by the web service');
  await nextTask();
  const stores = new RootStore(state.stores);
  const [words] = await Promise.all([loadLocale(state.lang), resolveLazyRoutes(routes), stylesheetsReady()]);
  await nextTask();
  const i18n = createI18n(state.lang, { [state.lang]: words });
  const api = createBrowserApiClient({ lang: () => i18n.language });
  registerBrowserDeps({ api, stores, lang: () => i18n.language, publicUrl: window.location.origin });

  // React Router's createBrowserRouter (history, router, initialize) with a task between its steps: each
  // is a few milliseconds, together they were one of the longest tasks left.
  const history = createBrowserHistory({});
  await nextTask();
  const created = createRouter({ history, hydrationData: hydrationData(state), routes, mapRouteProperties, hydrationRouteProperties, dataStrategy });
  await nextTask();
  const router = created.initialize();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root missing');
  await nextTask();
  const queue = createHydrationQueue();
  setHydrationQueue(queue);
  hydrateRoot(
    container,
    <StrictMode>
      <AppProviders stores={stores} i18n={i18n} signal={routerSignal(router)}>
        <RouterProvider router={router} />
        <HydrationMark queue={queue} />
      </AppProviders>
    </StrictMode>,
  );
  queue.start();
}

/** Marks the document once the page has hydrated, its later parts too (its first effect ran, then the
 *  hydration queue emptied): tests and monitoring wait for it. */
function HydrationMark({ queue }: { queue: PageHydrationQueue }): null {
  useEffect(() => {
    void queue.done.then(() => {
      document.documentElement.dataset.hydrated = 'true';
      rememberTimeZoneSoon();
    });
  }, [queue]);
  return null;
}

/** Tells the server the time zone before the page's next request: at the visitor's first touch, click, key
 *  or focus (before the link or form they use sends it), or when the page is hidden. Not while the page
 *  starts: the zone comes from Intl, whose first call loads the browser's locale data (18-27 ms on the
 *  benchmark machine, a long task on a phone; issue 20), and only the next page reads the cookie. */
function rememberTimeZoneSoon(): void {
  const events = ['pointerdown', 'keydown', 'focusin'] as const;
  const run = () => {
    for (const type of events) document.removeEventListener(type, run, true);
    document.removeEventListener('visibilitychange', onHidden);
    rememberTimeZone();
  };
  const onHidden = () => { if (document.visibilityState === 'hidden') run(); };
  for (const type of events) document.addEventListener(type, run, { capture: true, passive: true });
  document.addEventListener('visibilitychange', onHidden);
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
