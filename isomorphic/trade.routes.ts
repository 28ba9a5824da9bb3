// Routes of purchase requests, supply offers and enquiries (issue 19), spread into routes.tsx. Paths that
// share a page module name its chunk in `handle.chunk` (the server preloads that chunk's files).
import type { RouteObject } from 'react-router';
import type { RouteHandle } from './middleware/registry';

const release = () => import(/* webpackChunkName: "trade-release" */ './pages/trade/release.page');
const mine = () => import(/* webpackChunkName: "trade-mine" */ './pages/trade/my-trade.page');
const chunk = (name: string): RouteHandle => ({ chunk: name });

/** Children of the default layout. */
export const tradeRoutes: RouteObject[] = [
  // The hall is the same for every guest (teasers only, SPEC §6): the web service may share it (pageCache).
  // Its requests and offers are not part of the catalogue version that empties the cache, so a guest sees a
  // new one within PAGE_CACHE_MS (10 s) fresh, at worst one stale serving later; signed-in merchants, who
  // see their matching requests first, are never served the shared page.
  { id: 'trade-hall', path: 'supplyAndBuy', handle: { pageCache: true } satisfies RouteHandle, lazy: () => import(/* webpackChunkName: "trade-hall" */ './pages/trade/hall.page') },
  { id: 'trade-buy-release', path: 'buy/release', handle: chunk('trade-release'), lazy: release },
  { id: 'trade-supply-release', path: 'supply/release', handle: chunk('trade-release'), lazy: release },
  // The owner edits an offer (linked from /supply/{id} and mySupplies).
  { id: 'trade-supply-edit', path: 'supply/:id/edit', handle: chunk('trade-release'), lazy: release },
];

/** Children of the detail layout. */
export const tradeDetailRoutes: RouteObject[] = [
  { id: 'trade-buy', path: 'buy/:id', lazy: () => import(/* webpackChunkName: "trade-buy" */ './pages/trade/buy-detail.page') },
  { id: 'trade-supply', path: 'supply/:id', lazy: () => import(/* webpackChunkName: "trade-supply" */ './pages/trade/supply-detail.page') },
];

/** Children of /home/person (signed in through the parent's guard). */
export const tradePersonRoutes: RouteObject[] = [
  { id: 'person-my-purchase', path: 'myPurchase', handle: chunk('trade-mine'), lazy: mine },
  { id: 'person-my-receiving', path: 'myReceiving', handle: chunk('trade-mine'), lazy: mine },
  { id: 'person-my-supplies', path: 'mySupplies', handle: chunk('trade-mine'), lazy: mine },
  { id: 'person-collection-supply', path: 'collectionSupply', handle: chunk('trade-mine'), lazy: mine },
  { id: 'person-release-purchase', path: 'releasePurchase', handle: chunk('trade-release'), lazy: release },
  { id: 'person-release-supply', path: 'releaseSupply', handle: chunk('trade-release'), lazy: release },
];
