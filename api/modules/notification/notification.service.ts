// The message centre: other modules call `notify` inside their transaction (so a message exists exactly
// when the event does); pages list and mark them; `deliverPending` sends each once beyond the site.
import type { Kysely } from 'kysely';
import { renderNotice, NotificationLimits, type NoticeParams } from '../../../isomorphic/domain/notification';
import type { Notice, NoticePage } from '../../../isomorphic/contracts/notification';
import type { Lang } from '../../http/envelope';
import type { Database } from '../../db/schema';
import type { NoticeDriver } from './notification.driver';
import { claimDelivery, releaseDelivery, countNotices, insertNotices, markRead, undelivered, userNotices } from './notification.queries';

export interface NoticeInput { kind: string; params?: NoticeParams; link?: string }

/** Writes one message to each of these users, in the caller's transaction. */
export async function notify(trx: Kysely<Database>, userIds: readonly number[], n: NoticeInput, now = new Date()): Promise<void> {
  const at = now.toISOString();
  await insertNotices(trx, [...new Set(userIds)].map((user_id) => ({ user_id, kind: n.kind, params: JSON.stringify(n.params ?? {}), link: n.link ?? '', read_at: null, delivered_at: null, created_at: at })));
}

const parse = (s: string): NoticeParams => {
  try {
    const v: unknown = JSON.parse(s);
    return v && typeof v === 'object' ? (v as NoticeParams) : {};
  } catch {
    return {};
  }
};

export async function listNotices(db: Kysely<Database>, userId: number, q: { pageNum: number; pageSize: number; unreadOnly?: boolean }, lang: Lang): Promise<NoticePage> {
  const [rows, total, unread] = await Promise.all([
    userNotices(db, userId, (q.pageNum - 1) * q.pageSize, q.pageSize, q.unreadOnly === true),
    countNotices(db, userId, q.unreadOnly === true),
    countNotices(db, userId, true),
  ]);
  const list: Notice[] = rows.map((r) => {
    const text = renderNotice(r.kind, parse(r.params));
    return { id: r.id, kind: r.kind, title: text.title[lang], body: text.body[lang], link: r.link, read: r.read_at !== null, createdAt: r.created_at };
  });
  return { list, total, unread, pageNum: q.pageNum, pageSize: q.pageSize };
}

export const unreadCount = (db: Kysely<Database>, userId: number) => countNotices(db, userId, true);

export const markNoticesRead = (db: Kysely<Database>, userId: number, ids: number[] | 'all', now = new Date()) => markRead(db, userId, ids, now.toISOString());

/** Sends undelivered messages through the driver, each claimed first so that one replica sends it. */
export async function deliverPending(db: Kysely<Database>, driver: NoticeDriver, now = new Date(), batch = 100): Promise<number> {
  let sent = 0;
  for (const r of await undelivered(db, batch)) {
    if (!(await claimDelivery(db, r.id, now.toISOString()))) continue;
    const text = renderNotice(r.kind, parse(r.params));
    try {
      await driver.deliver({ id: r.id, userId: r.user_id, kind: r.kind, title: text.title.zh, body: text.body.zh, link: r.link });
    } catch (err) {
      await releaseDelivery(db, r.id); // tried again on the next run
      throw err;
    }
    sent++;
  }
  return sent;
}

export { NotificationLimits };
