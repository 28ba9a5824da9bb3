// The badge of unread received enquiries on the personal centre's and the shop manager's menus: read by
// their layouts' loaders into the notice store, and by the enquiry page's loader after it opens (and so
// marks read) a thread, so the badge clears as soon as the person reads. The layouts leave it to the
// enquiry page when that page is the one being loaded (their loaders run beside it and would read the
// count from before the thread was opened).
import type { ApiClient } from '../../api-client/client';
import type { EnquiryUnread } from '../../contracts/enquiry';
import { Codes } from '../../domain/codes';
import type { RootStore } from '../../stores/root.store';

/** Whether this address is an enquiry page (whose own loader then reads the count). */
export const isEnquiryPage = (url: string): boolean => /^\/home\/(person|shopManage)\/enquiry\/?$/.test(new URL(url).pathname);

/** Reads the count into the store; the badge is not worth a failed page (an error keeps the last count). */
export async function loadEnquiryUnread(api: ApiClient, stores: RootStore, signal: AbortSignal): Promise<void> {
  try {
    const e = await api.get<EnquiryUnread>('/enquiry/unreadCount', undefined, { signal });
    if (e.code === Codes.OK) stores.notices.setEnquiries(e.data.received);
  } catch {
    // keep the last count
  }
}

/** What the badge says to a screen reader and on hover. */
export const menuBadgeWords = {
  unreadEnquiries: { zh: '{n} 条未读询盘', en: '{n} unread enquiries' },
};
