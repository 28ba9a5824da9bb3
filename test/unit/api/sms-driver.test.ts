// The development SMS driver never writes a code at info: each code is a warning that says no SMS was
// sent, and choosing the driver warns once at start that production needs SMS_DRIVER=aliyun.
import t from 'tap';
import pino from 'pino';
import { Writable } from 'node:stream';
import { loadConfig } from '../../../config/index';
import { createSmsDriver } from '../../../api/modules/sms/sms.driver';

t.test('SMS_DRIVER=log: a warning at start, each code at warn level, none at info', async (t) => {
  const lines: Array<{ level: number; msg: string }> = [];
  const sink = new Writable({ write(chunk, _enc, done) { lines.push(JSON.parse(String(chunk))); done(); } });
  const log = pino({ level: 'info' }, sink);
  const driver = createSmsDriver(loadConfig({}, []), log);
  t.equal(driver.name, 'log');
  await driver.send('13800001234', '482913', 'register');
  await new Promise((r) => setImmediate(r));
  t.equal(lines.length, 2, 'two lines: the start warning and the code');
  t.ok(lines.every((l) => l.level === 40), 'both at warn (40), none at info');
  t.match(lines[0].msg, /SMS_DRIVER=log.*production/, 'the start warning names the setting');
  t.match(lines[1].msg, /no SMS sent.*482913/, 'the code says no SMS went out');
  t.notOk(lines.some((l) => l.level <= 30 && JSON.stringify(l).includes('482913')), 'the code is never at info or below');
});
