// The one route tree, used by the server's static handler and the browser router. Every route has an id;
// a page route's id is also the name of its code-split chunk (the server's manifest lookup relies on it).
import type { RouteObject } from 'react-router';
import { AppRoot } from './app-root';
import { DefaultLayout } from './layouts/default.layout';
import { DetailLayout } from './layouts/detail.layout';
import { RootErrorBoundary } from './pages/errors/error.page';
import type { RouteHandle } from './middleware/registry';
import { catalogueDetailRoutes, catalogueRoutes, collectionRoutes } from './catalogue.routes';
import { bellLoader } from './components/notice-bell';
import { platformRoutes, settleRoutes } from './platform.routes';
import { tradeDetailRoutes, tradePersonRoutes, tradeRoutes } from './trade.routes';
import { enquiryPersonRoutes, enquiryShopRoutes } from './enquiry.routes';

const structural: RouteHandle = { structural: true };
const guestOnly: RouteHandle = { middleware: ['anonymous'] };
const signedIn: RouteHandle = { middleware: ['authenticated'] };

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
        loader: bellLoader,
        handle: structural,
        children: [
          { id: 'home', index: true, handle: { pageCache: true } satisfies RouteHandle, lazy: () => import(/* webpackChunkName: "home" */ './pages/home/home.page') },
          // Catalogue (issue 4): galleries, search, company lists, custom requests.
          ...catalogueRoutes,
          // Accounts (issue 3): guest-only sign-in pages, and the signed-in personal centre.
          { id: 'login', path: 'login', handle: guestOnly, lazy: () => import(/* webpackChunkName: "login" */ './pages/account/login.page') },
          { id: 'register', path: 'register', handle: guestOnly, lazy: () => import(/* webpackChunkName: "register" */ './pages/account/register.page') },
          { id: 'find-password', path: 'findPassword', handle: guestOnly, lazy: () => import(/* webpackChunkName: "find-password" */ './pages/account/find-password.page') },
          {
            id: 'person',
            path: 'home/person',
            handle: signedIn,
            lazy: () => import(/* webpackChunkName: "person" */ './pages/person/person.layout'),
            children: [
              { id: 'person-index', index: true, lazy: () => import(/* webpackChunkName: "person-index" */ './pages/person/info.page') },
              { id: 'person-info', path: 'info', lazy: () => import(/* webpackChunkName: "person-info" */ './pages/person/info.page') },
              { id: 'person-security', path: 'security', lazy: () => import(/* webpackChunkName: "person-security" */ './pages/person/security.page') },
              { id: 'person-address', path: 'address', lazy: () => import(/* webpackChunkName: "person-address" */ './pages/person/address.page') },
              // Orders (issue 5): the buyer's three kinds and one order's details.
              { id: 'person-order-bulk', path: 'orderBulk', lazy: () => import(/* webpackChunkName: "person-order-bulk" */ './pages/order/buyer-order-bulk.page') },
              { id: 'person-order-layout', path: 'orderLayout', lazy: () => import(/* webpackChunkName: "person-order-layout" */ './pages/order/buyer-order-layout.page') },
              { id: 'person-order-sample', path: 'orderSample', lazy: () => import(/* webpackChunkName: "person-order-sample" */ './pages/order/buyer-order-sample.page') },
              { id: 'person-order-detail', path: 'orderDetail/:id', lazy: () => import(/* webpackChunkName: "person-order-detail" */ './pages/order/order-detail.page') },
              // Favourites (issue 4).
              ...collectionRoutes,
              // The message centre (issue 16).
              { id: 'person-messages', path: 'messages', lazy: () => import(/* webpackChunkName: "person-messages" */ './pages/notification/messages.page') },
              // Custom requests and their quotes (issue 17).
              { id: 'person-custom-requests', path: 'customRequests', lazy: () => import(/* webpackChunkName: "person-custom-requests" */ './pages/custom/person-requests.page') },
              // Purchases and supplies (issue 19).
              ...tradePersonRoutes,
              // Enquiries sent and received (issue 19).
              ...enquiryPersonRoutes,
            ],
          },
          // Cart and orders (issue 5): signed-in only.
          { id: 'cart', path: 'shoppingCart', handle: signedIn, lazy: () => import(/* webpackChunkName: "cart" */ './pages/cart/cart.page') },
          { id: 'confirm-order', path: 'confirmOrder', handle: signedIn, lazy: () => import(/* webpackChunkName: "confirm-order" */ './pages/cart/confirm-order.page') },
          { id: 'success-submit', path: 'successSubmit', handle: signedIn, lazy: () => import(/* webpackChunkName: "success-submit" */ './pages/cart/success-submit.page') },
          // The shop manager (issue 16): settled sellers; its menu lists the children that exist.
          {
            id: 'shop',
            path: 'home/shopManage',
            handle: signedIn,
            lazy: () => import(/* webpackChunkName: "shop" */ './pages/shop/shop.layout'),
            children: [
              { id: 'shop-index', index: true, lazy: () => import(/* webpackChunkName: "shop-index" */ './pages/shop/shop-home.page') },
              { id: 'shop-order-bulk', path: 'orderBulk', lazy: () => import(/* webpackChunkName: "shop-order-bulk" */ './pages/order/shop-order-bulk.page') },
              { id: 'shop-order-layout', path: 'orderLayout', lazy: () => import(/* webpackChunkName: "shop-order-layout" */ './pages/order/shop-order-layout.page') },
              { id: 'shop-order-sample', path: 'orderSample', lazy: () => import(/* webpackChunkName: "shop-order-sample" */ './pages/order/shop-order-sample.page') },
              // The shop's face, certificates, partners, equipment and micro-site (issue 18).
              { id: 'shop-setting', path: 'setting', lazy: () => import(/* webpackChunkName: "shop-setting" */ './pages/shop-manage/setting.page') },
              { id: 'shop-aptitude', path: 'aptitude', lazy: () => import(/* webpackChunkName: "shop-aptitude" */ './pages/shop-manage/aptitude.page') },
              { id: 'shop-cooperation', path: 'cooperation', lazy: () => import(/* webpackChunkName: "shop-cooperation" */ './pages/shop-manage/cooperation.page') },
              { id: 'shop-equipment', path: 'equipment', lazy: () => import(/* webpackChunkName: "shop-equipment" */ './pages/shop-manage/equipment.page') },
              { id: 'shop-micro-setting', path: 'mircoSetting', lazy: () => import(/* webpackChunkName: "shop-micro-setting" */ './pages/shop-manage/micro-setting.page') },
              // Custom requests that match the shop, and its quotes (issue 17).
              { id: 'shop-custom-requests', path: 'customRequests', lazy: () => import(/* webpackChunkName: "shop-custom-requests" */ './pages/custom/seller-requests.page') },
              // The seller's catalogue (issue 17).
              { id: 'shop-products', path: 'products', lazy: () => import(/* webpackChunkName: "shop-products" */ './pages/shop-manage/products.page') },
              { id: 'shop-product-edit', path: 'products/edit', lazy: () => import(/* webpackChunkName: "shop-product-edit" */ './pages/shop-manage/product-edit.page') },
              // Enquiries to the shop (issue 19).
              ...enquiryShopRoutes,
            ],
          },
          // Settlement and the operator console (issue 16).
          ...settleRoutes,
          ...platformRoutes,
          // The supply and purchase hall and the release forms (issue 19).
          ...tradeRoutes,
        ],
      },
      {
        id: 'layout-detail',
        Component: DetailLayout,
        loader: bellLoader,
        handle: structural,
        children: [
          { id: 'product', path: 'flower/:id', lazy: () => import(/* webpackChunkName: "product" */ './pages/product/product.page') },
          ...catalogueDetailRoutes,
          ...tradeDetailRoutes,
        ],
      },
    ],
  },
];
