// The loggers' redaction: secret fields, secret headers and HTTP client errors never reach a log line.
import t from 'tap';
import pino from 'pino';
import got from 'got';
import { redactingLoggerOptions } from '../../config/logging';
import { unreachableUrl } from '../helpers/web';

function capture(): { log: pino.Logger; text: () => string } {
  const lines: string[] = [];
  const log = pino({ ...redactingLoggerOptions(), level: 'info' }, { write: (line: string) => { lines.push(line); } });
  return { log, text: () => lines.join('') };
}

t.test('secret fields and headers are censored wherever a log call puts them', async (t) => {
  const { log, text } = capture();
  log.info({ body: { mobile: '13800000001', password: 'AESpayload==', confirmPassword: 'AESpayload2==', smsCode: '482913' } }, 'a body');
  log.info({ password: 'clear-pass', token: 'sessiontoken123' }, 'top level');
  log.info({ req: { headers: { 'x-token': 'sessiontoken456', cookie: 'x-token=sessiontoken789', 'user-agent': 'ua' } } }, 'headers');
  const out = text();
  for (const secret of ['AESpayload', '482913', 'clear-pass', 'sessiontoken']) t.notOk(out.includes(secret), `${secret} is not logged`);
  t.match(out, /13800000001/, 'the rest of the object is logged');
  t.match(out, /"user-agent":"ua"/);
  t.match(out, /\[redacted\]/);
});

t.test('a got error is logged with its call, not its request options', async (t) => {
  const { log, text } = capture();
  const err = await got(`${await unreachableUrl()}/user/getUserInfo?x=1`, { headers: { 'x-token': 'sessiontokenABC' }, retry: { limit: 0 } }).then(() => null, (e: unknown) => e);
  t.ok(err instanceof Error, 'the call failed');
  log.error({ err: new Error('wrapped', { cause: err }) }, 'api unreachable');
  const out = text();
  t.notOk(out.includes('sessiontokenABC'), 'the token is not logged');
  const line = JSON.parse(out) as { err: { message: string; cause: { code: string; method: string; url: string } } };
  t.equal(line.err.message, 'wrapped');
  t.equal(line.err.cause.code, 'ECONNREFUSED', 'the cause is kept');
  t.equal(line.err.cause.method, 'GET');
  t.match(line.err.cause.url, /\/user\/getUserInfo$/, 'the path, without the query');
});
