// Per-IP limits need the visitor's address at the api: the web service forwards it, and the api believes
// it from the addresses API_TRUST_PROXY names (loopback by default; the compose file names its network).
import t from 'tap';
import { Codes } from '../../../isomorphic/domain/codes';
import { RateLimitRules } from '../../../api/http/rate-limits';
import { createApiTestContext } from '../../helpers/api';
import { buildTestWeb, startSeededApi } from '../../helpers/web';

t.test('through the web proxy, each visitor has a budget of their own', async (t) => {
  const api = await startSeededApi({ products: 2 });
  const web = await buildTestWeb(api.url);
  t.teardown(async () => { await web.close(); await api.close(); });
  const send = (visitor: string, n: number) => web.inject({
    method: 'POST', url: '/api/front/user/getRegSMSCode', remoteAddress: visitor,
    headers: { 'content-type': 'application/json', 'accept-language': 'en' }, payload: JSON.stringify({ mobile: `137${visitor.split('.').pop()?.padStart(3, '0')}${String(n).padStart(5, '0')}` }),
  });
  const answers = [];
  for (let i = 0; i < RateLimitRules.smsSend.max; i++) answers.push((await send('203.0.113.7', i)).statusCode);
  t.same(answers, Array(RateLimitRules.smsSend.max).fill(200), 'one visitor spends the budget');
  const over = await send('203.0.113.7', 99);
  t.equal(over.statusCode, 429, 'then is refused');
  t.equal(JSON.parse(over.body).code, Codes.TOO_MANY_REQUESTS);
  t.ok(over.headers['retry-after'], 'Retry-After reaches the browser');
  const other = await send('198.51.100.23', 0);
  t.equal(other.statusCode, 200, 'another visitor behind the same web service is not');
  t.equal(JSON.parse(other.body).code, 0);
});

t.test('the api believes X-Forwarded-For only from the addresses it trusts', async (t) => {
  const ctx = await createApiTestContext('sqlite', { seed: 'reference' });
  t.teardown(() => ctx.cleanup());
  // The app under test trusts loopback; a compose-style app trusting the web service's network:
  const { buildApiApp } = await import('../../../api/app');
  const compose = await buildApiApp({ deps: { ...ctx.deps, config: { ...ctx.deps.config, api: { ...ctx.deps.config.api, trustProxy: '172.28.0.0/24' } } } });
  t.teardown(() => compose.close());
  const send = (from: string, forwardedFor: string, n: number) => compose.inject({
    method: 'POST', url: '/front/user/getRegSMSCode', remoteAddress: from,
    headers: { 'x-forwarded-for': forwardedFor, 'x-lang': 'en' }, payload: { mobile: `1360000${String(n).padStart(4, '0')}` },
  });
  for (let i = 0; i < RateLimitRules.smsSend.max; i++) await send('172.28.0.5', '203.0.113.50', i);
  t.equal((await send('172.28.0.5', '203.0.113.50', 90)).statusCode, 429, 'a visitor forwarded by the web service is counted by their own address');
  t.equal((await send('172.28.0.5', '203.0.113.51', 91)).statusCode, 200, 'the next visitor forwarded by it is not refused');
  for (let i = 0; i < RateLimitRules.smsSend.max; i++) await send('192.0.2.9', `198.51.100.${i}`, 40 + i);
  t.equal((await send('192.0.2.9', '198.51.100.99', 92)).statusCode, 429, 'an untrusted caller cannot pose as new visitors');
});
