// Logs on a terminal: one JSON line becomes time, level, service, message and the other fields.
import t from 'tap';
import { prettyLine } from '../../config/log-destination';

t.test('a JSON log line is printed readably, without colour when asked', async (t) => {
  const line = prettyLine(JSON.stringify({ level: 30, time: Date.UTC(2026, 10, 23, 8, 5, 9), service: 'api', msg: 'ready', reqId: 'abc', n: 2 }), false);
  t.match(line, /^\d\d:\d\d:\d\d INFO {2}\[api\] ready reqId=abc n=2\n$/);
  t.equal(prettyLine('not json', false), 'not json', 'anything else passes through');
  t.match(prettyLine(JSON.stringify({ level: 50, msg: 'failed', err: { message: 'boom', stack: 'Error: boom\n at x' } }), false), /ERROR .*failed \n {4}Error: boom/);
});
