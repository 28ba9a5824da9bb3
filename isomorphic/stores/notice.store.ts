// The bell's unread count: read by the default and detail layouts' loader on the server (so the first
// HTML already shows it), then kept current by the message centre's page. Beside it, the count of unread
// received enquiries that the personal centre's and the shop manager's menus show (enquiry-unread.ts).
import { makeAutoObservable } from 'mobx';

export interface NoticeSnapshot { unread: number; enquiries?: number }

export class NoticeStore {
  unread = 0;
  enquiries = 0;

  constructor(snapshot?: Partial<NoticeSnapshot>) {
    this.unread = snapshot?.unread ?? 0;
    this.enquiries = snapshot?.enquiries ?? 0;
    makeAutoObservable(this);
  }

  setUnread(n: number): void {
    this.unread = Math.max(0, n);
  }

  setEnquiries(n: number): void {
    this.enquiries = Math.max(0, n);
  }

  snapshot(): NoticeSnapshot {
    return { unread: this.unread, enquiries: this.enquiries };
  }
}
