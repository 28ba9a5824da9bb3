// Routes of the catalogue (issue 4): galleries, text search, companies, custom requests and the
// favourites of the personal centre, spread into routes.tsx. Several paths share one page module (a
// gallery with a preset); `handle.chunk` names the chunk whose files the server preloads for them.
import type { RouteObject } from 'react-router';
import type { RouteHandle } from './middleware/registry';

const gallery = () => import(/* webpackChunkName: "gallery" */ './pages/catalogue/gallery.page');
const companies = () => import(/* webpackChunkName: "companies" */ './pages/catalogue/companies.page');
const search = () => import(/* webpackChunkName: "search" */ './pages/catalogue/search.page');
const collection = () => import(/* webpackChunkName: "collection" */ './pages/person/collection.page');
const picSearch = () => import(/* webpackChunkName: "pic-search" */ './pages/image-search/pic-search.page');

const chunk = (name: string, extra: RouteHandle = {}): RouteHandle => ({ chunk: name, ...extra });

const GALLERY_PATHS: Array<[id: string, path: string]> = [
  ['gallery-flower', 'flower'],
  ['gallery-good-and-new', 'goodAndNew'],
  ['gallery-clothes', 'clothesGallery'],
  ['gallery-process-design', 'processDesign'],
  ['gallery-home-best', 'home/best'],
  ['gallery-home-product', 'home/productGallery'],
  ['gallery-home-clothes', 'home/clothesGallery'],
  ['gallery-home-list-clothes', 'home/listChothes'],
  ['gallery-home-list', 'home/list'],
  ['gallery-home-3d', 'home/threeDDress'],
  ['gallery-home-process-design', 'home/processDesign'],
  ['gallery-home-supplies', 'home/suppiesInfo'],
  ['gallery-home-clothes-list', 'home/clothes/list'],
];

/** Children of the default layout. */
export const catalogueRoutes: RouteObject[] = [
  // Galleries and company lists are the same for every guest: the web service may share them (pageCache).
  ...GALLERY_PATHS.map(([id, path]): RouteObject => ({ id, path, handle: chunk('gallery', { pageCache: true }), lazy: gallery })),
  { id: 'companies-quality', path: 'home/qualityFirm', handle: chunk('companies', { pageCache: true }), lazy: companies },
  { id: 'companies-entry', path: 'home/entryInfo', handle: chunk('companies', { pageCache: true }), lazy: companies },
  { id: 'search', path: 'homeSearch', handle: chunk('search'), lazy: search },
  { id: 'search-text', path: 'home/search/text', handle: chunk('search'), lazy: search },
  // Photo search (issue 6): results (one page on two paths) and search again on a crop.
  { id: 'pic-search', path: 'homePicSearch', handle: chunk('pic-search'), lazy: picSearch },
  { id: 'pic-search-img', path: 'home/search/img', handle: chunk('pic-search'), lazy: picSearch },
  { id: 'pic-search-again', path: 'picSearchAgain', lazy: () => import(/* webpackChunkName: "pic-search-again" */ './pages/image-search/pic-search-again.page') },
  { id: 'custom-pattern', path: 'flower/custom', lazy: () => import(/* webpackChunkName: "custom-pattern" */ './pages/custom/flower-custom.page') },
  { id: 'custom-garment', path: 'home/clothes/custom', lazy: () => import(/* webpackChunkName: "custom-garment" */ './pages/custom/clothes-custom.page') },
];

/** Children of the detail layout. */
export const catalogueDetailRoutes: RouteObject[] = [
  { id: 'company', path: 'company/:id', lazy: () => import(/* webpackChunkName: "company" */ './pages/company/company.page') },
];

/** Children of /home/person (signed in through the parent's guard). */
export const collectionRoutes: RouteObject[] = [
  { id: 'person-collection-store', path: 'collectionStore', handle: chunk('collection'), lazy: collection },
  { id: 'person-collection-product', path: 'collectionProduct', handle: chunk('collection'), lazy: collection },
];
