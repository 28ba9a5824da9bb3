// The message centre's calls (signed in; each user reads and marks only their own messages), and the
// delivery loop that sends new messages beyond the site through the driver.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ModuleOptions } from '../../deps';
import { ok, requestLang, responses } from '../../http/envelope';
import { signedInUser } from '../account/guard';
import { createNoticeDriver } from './notification.driver';
import { ChangedSchema, ListNoticesBody, MarkReadBody, NoticePageSchema, UnreadSchema } from './notification.schemas';
import { deliverPending, listNotices, markNoticesRead, unreadCount } from './notification.service';

export async function notificationRoutes(fastify: FastifyInstance, { deps }: ModuleOptions): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = deps.db.db;
  const tags = ['notification'];
  const security = [{ token: [] }];

  app.get('/notification/unreadCount', { config: { auth: 'user' }, schema: { tags, security, summary: 'How many of my messages are unread (the bell)', response: responses(UnreadSchema) } }, async (request) => {
    const user = signedInUser(request);
    return ok(request, { unread: await unreadCount(db, user.id) });
  });

  app.post('/notification/list', { config: { auth: 'user' }, schema: { tags, security, summary: 'My messages, newest first', body: ListNoticesBody, response: responses(NoticePageSchema) } }, async (request) => {
    const user = signedInUser(request);
    return ok(request, await listNotices(db, user.id, request.body, requestLang(request)));
  });

  app.post('/notification/markRead', { config: { auth: 'user' }, schema: { tags, security, summary: 'Mark these of my messages read', body: MarkReadBody, response: responses(ChangedSchema) } }, async (request) => {
    const user = signedInUser(request);
    const changed = await markNoticesRead(db, user.id, request.body.ids);
    return ok(request, { changed, unread: await unreadCount(db, user.id) });
  });

  app.post('/notification/markAllRead', { config: { auth: 'user' }, schema: { tags, security, summary: 'Mark all my messages read', response: responses(ChangedSchema) } }, async (request) => {
    const user = signedInUser(request);
    const changed = await markNoticesRead(db, user.id, 'all');
    return ok(request, { changed, unread: 0 }, { zh: '已全部标为已读', en: 'All marked as read' });
  });

  // Delivery beyond the site: one run at a time; stopped when the app closes.
  const driver = deps.notifier ?? createNoticeDriver(deps.config, app.log);
  let running = false;
  const deliver = async () => {
    if (running) return;
    running = true;
    try {
      await deliverPending(db, driver);
    } catch (err) {
      app.log.warn({ err }, 'message delivery failed; retried on the next run');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => { void deliver(); }, deps.config.notify.deliveryIntervalMs);
  timer.unref();
  app.addHook('onClose', async () => { clearInterval(timer); });
}
