// Delivery of messages beyond the site. `log` (default) writes each message to the service log, as the
// SMS driver does with codes; `wecom` posts it to a WeCom (企业微信) group robot webhook, where the
// operations team reads them. The message centre on the site never depends on either.
import type { Config } from '../../../config/index';

export interface OutgoingNotice { id: number; userId: number; kind: string; title: string; body: string; link: string }
export interface NoticeLog { info(obj: object, msg: string): void }

export interface NoticeDriver {
  readonly name: 'log' | 'wecom';
  deliver(notice: OutgoingNotice): Promise<void>;
}

export class LogNoticeDriver implements NoticeDriver {
  readonly name = 'log' as const;
  constructor(private readonly log: NoticeLog) {}
  async deliver(n: OutgoingNotice): Promise<void> {
    this.log.info({ notice: { id: n.id, userId: n.userId, kind: n.kind, link: n.link } }, `message to user ${n.userId}: ${n.title}`);
  }
}

export class WecomNoticeDriver implements NoticeDriver {
  readonly name = 'wecom' as const;
  constructor(private readonly webhook: string, private readonly publicUrl: string) {}
  async deliver(n: OutgoingNotice): Promise<void> {
    const content = `${n.title}\n${n.body}${n.link ? `\n${this.publicUrl}${n.link}` : ''}`;
    const res = await fetch(this.webhook, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ msgtype: 'text', text: { content } }), signal: AbortSignal.timeout(5000),
    });
    const body = (await res.json().catch(() => ({}))) as { errcode?: number; errmsg?: string };
    if (!res.ok || body.errcode !== 0) throw new Error(`WeCom webhook failed: ${body.errcode ?? res.status} ${body.errmsg ?? ''}`);
  }
}

export function createNoticeDriver(config: Config, log: NoticeLog): NoticeDriver {
  return config.notify.driver === 'wecom' ? new WecomNoticeDriver(config.notify.wecomWebhook, config.web.publicUrl) : new LogNoticeDriver(log);
}
