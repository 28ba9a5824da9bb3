// The bell's unread count: read by the default and detail layouts' loader on the server (so the first
// HTML already shows it), then kept current by the message centre's page.
import { makeAutoObservable } from 'mobx';

export interface NoticeSnapshot { unread: number }

export class NoticeStore {
  unread = 0;

  constructor(snapshot?: Partial<NoticeSnapshot>) {
    this.unread = snapshot?.unread ?? 0;
    makeAutoObservable(this);
  }

  setUnread(n: number): void {
    this.unread = Math.max(0, n);
  }

  snapshot(): NoticeSnapshot {
    return { unread: this.unread };
  }
}
