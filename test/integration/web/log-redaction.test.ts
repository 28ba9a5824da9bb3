// No log line holds a session token: an api outage while a signed-in visitor loads pages (the loaders' got
// errors carry their request headers) and calls the api through the proxy, with the log scanned for the token.
import t from 'tap';
import { buildWebApp } from '../../../server/app';
import { loadConfig } from '../../../config/index';
import { PUBLIC_URL, unreachableUrl } from '../../helpers/web';

t.test('an api outage during signed-in page loads logs no token', async (t) => {
  const lines: string[] = [];
  const config = loadConfig({ API_URL: await unreachableUrl(), PUBLIC_URL, LOG_LEVEL: 'info', DICT_REFRESH_MS: '60000', PUBLIC_READ_CACHE_MS: '0' }, []);
  const web = await buildWebApp({ config, logger: { level: 'info', stream: { write: (line: string) => { lines.push(line); } } }, apiConnectTimeoutMs: 500 });
  t.teardown(() => web.close());
  const token = 'Tok3nOfAS1gnedInV1s1tor-must-never-be-logged';
  const cookie = `x-token=${token}; user=${encodeURIComponent(JSON.stringify({ id: 7, nickName: 'Lin' }))}`;

  const page = await web.inject({ url: '/home/person/info', headers: { cookie } });
  t.ok(page.statusCode >= 500, `the page fails (${page.statusCode}) while the api is down`);
  const cart = await web.inject({ url: '/shoppingCart', headers: { cookie } });
  t.ok(cart.statusCode >= 500, `another signed-in page fails too (${cart.statusCode})`);
  const proxied = await web.inject({ url: '/api/user/getUserInfo', headers: { cookie, origin: PUBLIC_URL } });
  t.equal(proxied.statusCode, 502, 'the proxy answers 502');

  const log = lines.join('');
  t.match(log, /api unreachable/, 'the outage is logged');
  t.match(log, /ECONNREFUSED/, 'with its cause');
  t.notOk(log.includes(token), 'the token is in no log line');
  t.notOk(/"x-token":"(?!\[redacted\])/.test(log), 'no x-token header value is logged');
});
