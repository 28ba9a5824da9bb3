// Routes of settlement and the operator console (issue 16), spread into routes.tsx.
import type { RouteObject } from 'react-router';
import type { RouteHandle } from './middleware/registry';

const signedIn: RouteHandle = { middleware: ['authenticated'] };

/** Children of the default layout. */
export const settleRoutes: RouteObject[] = [
  { id: 'settle-apply', path: 'settle/apply', handle: signedIn, lazy: () => import(/* webpackChunkName: "settle-apply" */ './pages/settle/apply.page') },
  { id: 'settle-rules', path: 'settle/rules', lazy: () => import(/* webpackChunkName: "settle-rules" */ './pages/settle/rules.page') },
];

/** The console at /platform: operators only (its layout's loader refuses anyone else with 403). */
export const platformRoutes: RouteObject[] = [
  {
    id: 'platform',
    path: 'platform',
    handle: signedIn,
    lazy: () => import(/* webpackChunkName: "platform" */ './pages/platform/platform.layout'),
    children: [
      { id: 'platform-index', index: true, lazy: () => import(/* webpackChunkName: "platform-settlement" */ './pages/platform/settlement-queue.page') },
      { id: 'platform-settlement', path: 'settlement/:id', lazy: () => import(/* webpackChunkName: "platform-application" */ './pages/platform/application.page') },
      { id: 'platform-after-sale', path: 'afterSale', lazy: () => import(/* webpackChunkName: "platform-after-sale" */ './pages/platform/after-sale.page') },
      { id: 'platform-companies', path: 'companies', lazy: () => import(/* webpackChunkName: "platform-companies" */ './pages/platform/companies.page') },
      { id: 'platform-certificates', path: 'certificates', lazy: () => import(/* webpackChunkName: "platform-certificates" */ './pages/platform/certificates.page') },
      { id: 'platform-products', path: 'products', lazy: () => import(/* webpackChunkName: "platform-products" */ './pages/platform/products.page') },
      { id: 'platform-copies', path: 'copies', lazy: () => import(/* webpackChunkName: "platform-copies" */ './pages/platform/copies.page') },
      { id: 'platform-lands', path: 'lands', lazy: () => import(/* webpackChunkName: "platform-lands" */ './pages/platform/lands.page') },
      { id: 'platform-audit', path: 'audit', lazy: () => import(/* webpackChunkName: "platform-audit" */ './pages/platform/audit.page') },
    ],
  },
];
