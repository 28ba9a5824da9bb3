// /home/person/messages: the message centre. My messages newest first (unread marked), each opening the
// record it is about; mark one read, or all. The header's bell follows the unread count.
import { useEffect, useState } from 'react';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../components/link';
import type { NoticePage } from '../../contracts/notification';
import { unwrap } from '../../api-client/results';
import { When } from '../../components/when';
import { NotificationLimits } from '../../domain/notification';
import { loaderDeps } from '../../loader-context';
import { useStores } from '../../stores/root.store';
import { useApiAction } from '../../components/use-api-action';
import { fill, useWords } from '../../components/use-words';
import { Pager, pageCount, pageParam, usePageHref } from '../catalogue/pager';
import { PersonTitle } from '../person/person-title';

const words = {
  title: { zh: '消息中心', en: 'Messages' },
  unread: { zh: '{n} 条未读', en: '{n} unread' },
  onlyUnread: { zh: '只看未读', en: 'Unread only' },
  all: { zh: '全部消息', en: 'All messages' },
  markAll: { zh: '全部标为已读', en: 'Mark all as read' },
  markRead: { zh: '标为已读', en: 'Mark as read' },
  open: { zh: '查看', en: 'Open' },
  empty: { zh: '暂无消息', en: 'No messages yet' },
  working: { zh: '处理中…', en: 'Working…' },
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, stores } = loaderDeps(context);
  const url = new URL(request.url);
  const pageNum = pageParam(url);
  const unreadOnly = url.searchParams.get('unread') === '1';
  const page = unwrap(await api.post<NoticePage>('/notification/list', { pageNum, pageSize: NotificationLimits.pageSize, unreadOnly }, { signal: request.signal }));
  stores.notices.setUnread(page.unread);
  return { page, unreadOnly };
}

export function Component() {
  const { page, unreadOnly } = useLoaderData<typeof loader>();
  const w = useWords(words);
  const run = useApiAction();
  const { notices } = useStores();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  useEffect(() => { notices.setUnread(page.unread); }, [notices, page.unread]);

  async function mark(ids: number[] | 'all') {
    setBusy(true);
    const envelope = ids === 'all'
      ? await run((api) => api.post<{ unread: number }>('/notification/markAllRead', {}))
      : await run((api) => api.post<{ unread: number }>('/notification/markRead', { ids }), { quiet: true });
    setBusy(false);
    if (envelope?.code === 0) {
      notices.setUnread(envelope.data.unread);
      await revalidator.revalidate();
    }
  }

  const href = usePageHref('/home/person/messages');
  return (
    <section className="panel" aria-busy={busy || revalidator.state === 'loading'}>
      <div className="panel__head">
        <PersonTitle title={w.title} />
        <div className="msg__actions">
          <span className="muted" data-unread={page.unread}>{fill(w.unread, { n: page.unread })}</span>
          <Link to={unreadOnly ? '/home/person/messages' : '/home/person/messages?unread=1'}>{unreadOnly ? w.all : w.onlyUnread}</Link>
          <button type="button" className="button" disabled={busy || page.unread === 0} onClick={() => void mark('all')}>{busy ? w.working : w.markAll}</button>
        </div>
      </div>
      {page.list.length === 0 ? <p className="muted">{w.empty}</p> : (
        <ul className="msgs">
          {page.list.map((n) => (
            <li key={n.id} className={`msg${n.read ? '' : ' is-unread'}`} data-notice-kind={n.kind}>
              <span className="msg__title">{n.title}</span>
              <span className="msg__time"><When at={n.createdAt} relative /></span>
              <p className="msg__body">{n.body}</p>
              <div className="msg__actions">
                {n.link ? <Link to={n.link} onClick={() => { if (!n.read) void mark([n.id]); }}>{w.open}</Link> : null}
                {!n.read ? <button type="button" className="link-button" disabled={busy} onClick={() => void mark([n.id])}>{w.markRead}</button> : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page.pageNum} pages={pageCount(page.total, page.pageSize)} href={href} />
    </section>
  );
}
