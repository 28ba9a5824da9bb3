// The one route tree, used by the server's static handler and the browser router. Every route has an id;
// a page route's id is also the name of its code-split chunk (the server's manifest lookup relies on it).
import type { RouteObject } from 'react-router';
import { AppRoot } from './app-root';
import { DefaultLayout } from './layouts/default.layout';
import { DetailLayout } from './layouts/detail.layout';
import { RootErrorBoundary } from './pages/errors/error.page';
import type { RouteHandle } from './middleware/registry';

const structural: RouteHandle = { structural: true };

export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: AppRoot,
    ErrorBoundary: RootErrorBoundary,
    handle: structural,
    children: [
      {
        id: 'layout-default',
        Component: DefaultLayout,
        handle: structural,
        children: [
          { id: 'home', index: true, lazy: () => import(/* webpackChunkName: "home" */ './pages/home/home.page') },
        ],
      },
      {
        id: 'layout-detail',
        Component: DetailLayout,
        handle: structural,
        children: [
          { id: 'product', path: 'flower/:id', lazy: () => import(/* webpackChunkName: "product" */ './pages/product/product.page') },
        ],
      },
    ],
  },
];
