// The /api proxy against an echo upstream: prefix stripped, headers injected, token only same-origin,
// bodies passed through, and a fast 502 envelope when the api cannot be reached.
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { Codes } from '../../../isomorphic/domain/codes';
import { loadConfig } from '../../../config/index';
import { buildWebApp } from '../../../server/app';
import { buildTestWeb, PUBLIC_URL, startEchoUpstream, unreachableUrl, type EchoRequest, type EchoUpstream } from '../../helpers/web';

let upstream: EchoUpstream;
let web: FastifyInstance;

t.before(async () => {
  upstream = await startEchoUpstream();
  web = await buildTestWeb(upstream.url);
});
t.teardown(async () => {
  await web?.close();
  await upstream?.close();
});

function echoed(body: string): EchoRequest {
  return (JSON.parse(body) as { data: EchoRequest }).data;
}

t.test('strips /api and injects client, request id, forwarding and language headers', async (t) => {
  const res = await web.inject({
    url: '/api/product/getProduct/12?x=1&y=two',
    headers: { 'x-request-id': 'trace-42', 'accept-language': 'en-US,en;q=0.9', host: 'shop.example:8080', cookie: 'lang=en; other=1' },
  });
  t.equal(res.statusCode, 200);
  const seen = echoed(res.body);
  t.equal(seen.url, '/product/getProduct/12?x=1&y=two');
  t.equal(seen.headers.client, '1');
  t.equal(seen.headers['x-request-id'], 'trace-42');
  t.equal(res.headers['x-request-id'], 'trace-42');
  t.equal(seen.headers['x-lang'], 'en');
  t.equal(seen.headers['x-forwarded-host'], 'shop.example:8080');
  t.equal(seen.headers['x-forwarded-proto'], 'http');
  t.equal(seen.headers['x-forwarded-for'], '127.0.0.1');
  t.notOk(seen.headers.cookie, 'cookies stay with the web service');
  t.notOk(seen.headers['x-token'], 'no token without the cookie');
  t.notOk(seen.headers.platform);
});

t.test('the page language header wins over cookie and Accept-Language', async (t) => {
  const res = await web.inject({ url: '/api/x', headers: { 'x-lang': 'zh', cookie: 'lang=en', 'accept-language': 'en' } });
  t.equal(echoed(res.body).headers['x-lang'], 'zh');
});

t.test('the token cookie becomes x-token + platform 2 for same-origin requests only', async (t) => {
  const sameSite = await web.inject({ url: '/api/user/getUserInfo', method: 'POST', payload: {}, headers: { cookie: 'x-token=tok123', 'sec-fetch-site': 'same-origin' } });
  let seen = echoed(sameSite.body);
  t.equal(seen.headers['x-token'], 'tok123');
  t.equal(seen.headers.platform, '2');

  const byOrigin = await web.inject({ url: '/api/a', method: 'POST', payload: {}, headers: { cookie: 'x-token=tok123', origin: 'http://lace.test' } });
  t.equal(echoed(byOrigin.body).headers['x-token'], 'tok123', 'own public origin accepted');

  const crossSite = await web.inject({ url: '/api/a', method: 'POST', payload: {}, headers: { cookie: 'x-token=tok123', 'sec-fetch-site': 'cross-site' } });
  seen = echoed(crossSite.body);
  t.notOk(seen.headers['x-token'], 'no token for another site');
  t.notOk(seen.headers.platform);

  const foreignOrigin = await web.inject({ url: '/api/a', method: 'POST', payload: {}, headers: { cookie: 'x-token=tok123', origin: 'https://evil.example' } });
  t.notOk(echoed(foreignOrigin.body).headers['x-token'], 'no token for a foreign Origin');

  const forged = await web.inject({ url: '/api/a', headers: { 'x-token': 'forged', platform: '2', client: '9' } });
  seen = echoed(forged.body);
  t.notOk(seen.headers['x-token'], 'a header token from the browser is dropped');
  t.notOk(seen.headers.platform);
  t.equal(seen.headers.client, '1');
});

t.test('request bodies pass through untouched', async (t) => {
  const payload = JSON.stringify({ mobile: '13800000000', note: '花边 </script>' });
  const res = await web.inject({ url: '/api/front/user/login', method: 'POST', payload, headers: { 'content-type': 'application/json' } });
  const seen = echoed(res.body);
  t.equal(seen.method, 'POST');
  t.equal(seen.body, payload);
  const form = await web.inject({ url: '/api/upload', method: 'POST', payload: 'a=1&b=2', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  t.equal(echoed(form.body).body, 'a=1&b=2');
});

t.test('headers of the browser\'s own connection are not passed on', async (t) => {
  const res = await web.inject({ url: '/api/a', headers: { connection: 'keep-alive, x-hop', 'x-hop': 'only for this hop', 'keep-alive': 'timeout=5', te: 'trailers', 'x-kept': 'yes' } });
  const seen = echoed(res.body);
  t.notOk(seen.headers['x-hop'], 'a header named in Connection stays');
  t.notOk(seen.headers['keep-alive']);
  t.notOk(seen.headers.te);
  t.equal(seen.headers['x-kept'], 'yes', 'other headers pass');
});

t.test('an answer larger than the buffered size streams through whole', async (t) => {
  const payload = JSON.stringify({ note: '蕾丝'.repeat(40_000) });
  const res = await web.inject({ url: '/api/big', method: 'POST', payload, headers: { 'content-type': 'application/json' } });
  t.equal(res.statusCode, 200);
  t.ok(res.rawPayload.length > 200_000, `the answer is large (${res.rawPayload.length} bytes)`);
  t.equal(echoed(res.body).body, payload, 'every byte arrived');
  const small = await web.inject({ url: '/api/small', method: 'POST', payload: '{"a":1}', headers: { 'content-type': 'application/json' } });
  t.equal(small.headers['content-length'], String(small.rawPayload.length), 'a small answer keeps its length');
  t.equal(echoed(small.body).body, '{"a":1}');
});

t.test('an unreachable api answers 502 with the envelope, quickly', async (t) => {
  const dead = await buildTestWeb(await unreachableUrl());
  t.teardown(() => dead.close());
  const started = Date.now();
  const res = await dead.inject({ url: '/api/product/listLSKHomeProduct', headers: { 'accept-language': 'en' } });
  // Not a timing: a guard against waiting out a connect timeout or retrying (either takes tens of seconds).
  t.ok(Date.now() - started < 15_000, `answered without waiting for a timeout (${Date.now() - started} ms)`);
  t.equal(res.statusCode, 502);
  t.same(JSON.parse(res.body), { code: Codes.UPSTREAM_UNAVAILABLE, message: 'The service is unavailable, please try again shortly', data: null });
  const page = await dead.inject({ url: '/' });
  t.equal(page.statusCode, 502, 'a page whose data cannot load says so');
  t.match(page.body, '服务暂时不可用');
});

t.test('the web logs a proxied call only when it fails (the api logs every call); other requests as before', async (t) => {
  const lines: string[] = [];
  const logger = { level: 'info', stream: { write: (line: string) => { lines.push(line); } } };
  const env = { PUBLIC_URL, LOG_LEVEL: 'info', DICT_REFRESH_MS: '60000', PUBLIC_READ_CACHE_MS: '0', PAGE_CACHE_MS: '0' };
  const logged = await buildWebApp({ config: loadConfig({ ...env, API_URL: upstream.url }, []), logger });
  const dead = await buildWebApp({ config: loadConfig({ ...env, API_URL: await unreachableUrl() }, []), logger, apiConnectTimeoutMs: 500 });
  t.teardown(async () => { await logged.close(); await dead.close(); });
  const of = (id: string) => lines.filter((l) => l.includes(`"reqId":"${id}"`)).map((l) => JSON.parse(l) as { msg: string; res?: { statusCode: number } });

  t.equal((await logged.inject({ url: '/api/product/x', headers: { 'x-request-id': 'api-ok' } })).statusCode, 200);
  t.same(of('api-ok'), [], 'no line for a successful proxied call');
  t.equal((await logged.inject({ url: '/healthz', headers: { 'x-request-id': 'page-ok' } })).statusCode, 200);
  t.same(of('page-ok').map((l) => l.msg), ['incoming request', 'request completed'], 'other requests are logged');
  t.equal((await dead.inject({ url: '/api/product/x', headers: { 'x-request-id': 'api-down' } })).statusCode, 502);
  const down = of('api-down');
  t.ok(down.some((l) => l.msg === 'api unreachable through the proxy'), 'the outage is logged');
  t.ok(down.some((l) => l.msg === 'request completed' && l.res?.statusCode === 502), 'so is the failed call');
});
