// Routes of enquiries (询盘, issue 19), spread into routes.tsx: one page module on two paths, so both
// name its chunk in `handle.chunk` (the server preloads that chunk's files).
import type { RouteObject } from 'react-router';
import type { RouteHandle } from './middleware/registry';

const page = () => import(/* webpackChunkName: "enquiry" */ './pages/enquiry/enquiry.page');
const handle: RouteHandle = { chunk: 'enquiry' };

/** Child of /home/shopManage: the shop's inbox. */
export const enquiryShopRoutes: RouteObject[] = [{ id: 'shop-enquiry', path: 'enquiry', handle, lazy: page }];

/** Child of /home/person: what the person asked, and what they were asked about their own requests. */
export const enquiryPersonRoutes: RouteObject[] = [{ id: 'person-enquiry', path: 'enquiry', handle, lazy: page }];
