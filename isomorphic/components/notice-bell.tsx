// The header's bell: the unread count of the message centre, server-rendered through the layouts'
// loader (bellLoader) so the first HTML already shows it; links to the message list.
import { observer } from 'mobx-react-lite';
import { type LoaderFunctionArgs } from 'react-router';
import { Link } from './link';
import type { UnreadCount } from '../contracts/notification';
import { NotificationLimits } from '../domain/notification-codes';
import { loaderDeps } from '../loader-context';
import { useStores } from '../stores/root.store';
import { fill, useWords } from './use-words';

const words = {
  messages: { zh: '消息', en: 'Messages' },
  unread: { zh: '{n} 条未读消息', en: '{n} unread messages' },
};

/** For a signed-in visitor, the unread count into the store; never fails the page (a guest or an outage shows 0). */
export async function bellLoader({ request, context }: LoaderFunctionArgs) {
  const { api, stores } = loaderDeps(context);
  if (!stores.auth.hasToken || !stores.auth.isAuthenticated) return null;
  try {
    const envelope = await api.get<UnreadCount>('/notification/unreadCount', undefined, { signal: request.signal });
    if (envelope.code === 0) stores.notices.setUnread(envelope.data.unread);
  } catch {
    // the bell is not worth a failed page
  }
  return null;
}

export const NoticeBell = observer(function NoticeBell() {
  const { notices } = useStores();
  const w = useWords(words);
  const n = notices.unread;
  const label = n > 0 ? fill(w.unread, { n }) : w.messages;
  return (
    <Link to="/home/person/messages" className="user-nav__bell" aria-label={label} title={label} data-unread={n}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1Z" fill="currentColor" />
      </svg>
      {n > 0 ? <span className="user-nav__badge">{n > NotificationLimits.bellMax ? `${NotificationLimits.bellMax}+` : n}</span> : null}
    </Link>
  );
});
