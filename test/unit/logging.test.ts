// The loggers' redaction: secret fields, secret headers and HTTP client errors never reach a log line.
import t from 'tap';
import pino from 'pino';
import got from 'got';
import { redactingLoggerOptions, requestChildLogger } from '../../config/logging';
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

t.test('a request\'s child logger writes the lines pino\'s own child would, secrets still censored', async (t) => {
  for (const reqId of ['3f2c9a1e-4b7d-4c1a-9e2f-1a2b3c4d5e6f', 'req "quoted" \\ id\n<script>', '请求-1']) {
    const ours = capture(), pinos = capture();
    const a = requestChildLogger(ours.log, { reqId }, {});
    const b = pinos.log.child({ reqId }, {});
    for (const log of [a, b]) {
      log.info({ body: { password: 'clear-pass' }, req: { headers: { cookie: 'x-token=abc' } } }, 'incoming');
      log.warn('plain');
      log.child({ more: 1 }).error({ token: 'sessiontoken' }, 'nested');
    }
    const strip = (text: string) => text.replace(/"time":\d+/g, '"time":0');
    t.equal(strip(ours.text()), strip(pinos.text()), `same lines for ${JSON.stringify(reqId)}`);
    t.notOk(ours.text().includes('clear-pass') || ours.text().includes('sessiontoken') || ours.text().includes('x-token=abc'), 'secrets censored');
    t.equal((JSON.parse(ours.text().split('\n')[0]) as { reqId: string }).reqId, reqId, 'the id is read back as it was');
  }
});

t.test('a child logger with other bindings, or without pino under it, is made the usual way', async (t) => {
  const { log, text } = capture();
  requestChildLogger(log, { reqId: 'r1', route: '/x' }, {}).info('two bindings');
  t.match(text(), /"reqId":"r1","route":"\/x"/);
  const calls: Array<Record<string, unknown>> = [];
  const plain = { child(bindings: Record<string, unknown>) { calls.push(bindings); return plain; } };
  t.equal(requestChildLogger(plain, { reqId: 'r2' }, {}), plain);
  t.same(calls, [{}, { reqId: 'r2' }], 'asked for a bare child, then for the usual one');
});
