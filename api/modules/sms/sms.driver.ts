// SMS drivers. `log` (default, for development and tests) writes the code to the service log, which is
// how a developer or a test reads it: never at info, always as a warning that says no SMS was sent, and
// the api warns at start that it runs it; `aliyun` sends the code with Aliyun's SendSms API (signature v1,
// HMAC-SHA1). Production sets SMS_DRIVER=aliyun.
import crypto from 'node:crypto';
import type { Config } from '../../../config/index';
import type { SmsPurpose } from '../../../isomorphic/domain/account';

export interface SmsLog { warn(obj: object, msg: string): void }

export interface SmsDriver {
  readonly name: 'log' | 'aliyun';
  send(mobile: string, code: string, purpose: SmsPurpose): Promise<void>;
}

export class LogSmsDriver implements SmsDriver {
  readonly name = 'log' as const;
  constructor(private readonly log: SmsLog) {}
  async send(mobile: string, code: string, purpose: SmsPurpose): Promise<void> {
    this.log.warn({ sms: { mobile, code, purpose } }, `SMS_DRIVER=log, no SMS sent (development only): code ${code} for ${mobile} (${purpose})`);
  }
}

const percent = (s: string) => encodeURIComponent(s).replace(/\+/g, '%20').replace(/\*/g, '%2A').replace(/%7E/g, '~');

export class AliyunSmsDriver implements SmsDriver {
  readonly name = 'aliyun' as const;
  constructor(private readonly cfg: Config['sms']['aliyun'], private readonly endpoint = 'https://dysmsapi.aliyuncs.com/') {}

  async send(mobile: string, code: string): Promise<void> {
    const params: Record<string, string> = {
      AccessKeyId: this.cfg.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: mobile,
      RegionId: 'cn-hangzhou',
      SignName: this.cfg.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: crypto.randomUUID(),
      SignatureVersion: '1.0',
      TemplateCode: this.cfg.templateCode,
      TemplateParam: JSON.stringify({ code }),
      Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
    };
    const canonical = Object.keys(params).sort().map((k) => `${percent(k)}=${percent(params[k])}`).join('&');
    const toSign = `GET&${percent('/')}&${percent(canonical)}`;
    const signature = crypto.createHmac('sha1', `${this.cfg.accessKeySecret}&`).update(toSign).digest('base64');
    const res = await fetch(`${this.endpoint}?Signature=${percent(signature)}&${canonical}`, { signal: AbortSignal.timeout(5000) });
    const body = (await res.json().catch(() => ({}))) as { Code?: string; Message?: string };
    if (!res.ok || body.Code !== 'OK') throw new Error(`Aliyun SMS failed: ${body.Code ?? res.status} ${body.Message ?? ''}`);
  }
}

export function createSmsDriver(config: Config, log: SmsLog): SmsDriver {
  if (config.sms.driver === 'aliyun') return new AliyunSmsDriver(config.sms.aliyun);
  log.warn({ smsDriver: 'log' }, 'SMS_DRIVER=log: verification codes are written to this log and never sent; set SMS_DRIVER=aliyun in production');
  return new LogSmsDriver(log);
}
