// Probes, metrics and the dictionary cache.
import t from 'tap';
import { buildTestWeb, startEchoUpstream, unreachableUrl } from '../../helpers/web';
import { loadConfig } from '../../../config/index';
import { createApiHttp } from '../../../server/api-client/api-http';
import { DictionaryCache } from '../../../server/dictionary-cache';
import { createMetrics } from '../../../server/metrics';
import pino from 'pino';

t.test('healthz always answers; readyz needs the api and the dictionary', async (t) => {
  const upstream = await startEchoUpstream();
  const web = await buildTestWeb(upstream.url);
  const dead = await buildTestWeb(await unreachableUrl());
  t.teardown(async () => { await web.close(); await dead.close(); await upstream.close(); });

  t.equal((await web.inject('/healthz')).statusCode, 200);
  const ready = await web.inject('/readyz');
  t.equal(ready.statusCode, 200);
  t.same(JSON.parse(ready.body), { status: 'ready', api: true, dictionary: true });

  t.equal((await dead.inject('/healthz')).statusCode, 200, 'alive without the api');
  const notReady = await dead.inject('/readyz');
  t.equal(notReady.statusCode, 503);
  t.same(JSON.parse(notReady.body), { status: 'not ready', api: false, dictionary: false });
});

t.test('metrics: default process metrics, request, render and upstream timings, one registry per app', async (t) => {
  const upstream = await startEchoUpstream();
  const a = await buildTestWeb(upstream.url);
  const b = await buildTestWeb(upstream.url);
  t.teardown(async () => { await a.close(); await b.close(); await upstream.close(); });

  await a.inject('/nowhere');
  await a.inject('/api/anything');
  const res = await a.inject('/metrics');
  t.equal(res.statusCode, 200);
  t.match(res.headers['content-type'], /text\/plain/);
  t.match(res.body, /process_cpu_user_seconds_total/);
  t.equal(sample(res.body, 'http_request_duration_seconds_count', { route: 'page:root', status_code: '404' }), 1, 'page requests by route');
  t.equal(sample(res.body, 'http_request_duration_seconds_count', { route: '/api/*', status_code: '200' }), 1, 'proxied requests');
  t.equal(sample(res.body, 'ssr_render_duration_seconds_count', { route: 'root', status_code: '404' }), 1, 'render time');
  t.equal(sample(res.body, 'upstream_request_duration_seconds_count', { source: 'proxy', status_code: '200' }), 1, 'proxy upstream time');
  t.equal(sample(res.body, 'upstream_request_duration_seconds_count', { source: 'dictionary', status_code: '200' }), 1, 'dictionary upstream time');
  // Sub-millisecond buckets: a cached page or the proxy's hop is told apart from a 5 ms answer.
  const buckets = ['0.0005', '0.001', '0.0025', '0.005', '+Inf'].map((le) => sample(res.body, 'http_request_duration_seconds_bucket', { route: '/api/*', status_code: '200', le }));
  t.ok(buckets.every((n) => typeof n === 'number'), `buckets from 0.5 ms: ${JSON.stringify(buckets)}`);
  t.ok(buckets.every((n, i) => i === 0 || (n ?? 0) >= (buckets[i - 1] ?? 0)), 'cumulative');
  t.equal(buckets[buckets.length - 1], 1, 'the one proxied request counted in +Inf');

  const other = await b.inject('/metrics');
  t.equal(sample(other.body, 'http_request_duration_seconds_count', { route: 'page:root' }), undefined, 'the second app counts only its own requests');
});

t.test('metrics are for this machine, or a holder of OPS_TOKEN', async (t) => {
  const upstream = await startEchoUpstream();
  const open = await buildTestWeb(upstream.url);
  const locked = await buildTestWeb(upstream.url, { env: { OPS_TOKEN: 'scrape-me-0123456789' } });
  t.teardown(async () => { await open.close(); await locked.close(); await upstream.close(); });
  t.equal((await open.inject({ url: '/metrics', remoteAddress: '203.0.113.7' })).statusCode, 403, 'another address is refused without a token');
  t.equal((await open.inject({ url: '/metrics' })).statusCode, 200, 'loopback may read them');
  t.equal((await locked.inject({ url: '/metrics' })).statusCode, 403, 'with a token set, loopback needs it too');
  t.equal((await locked.inject({ url: '/metrics', remoteAddress: '203.0.113.7', headers: { authorization: 'Bearer wrong' } })).statusCode, 403);
  const scraped = await locked.inject({ url: '/metrics', remoteAddress: '203.0.113.7', headers: { authorization: 'Bearer scrape-me-0123456789' } });
  t.equal(scraped.statusCode, 200, 'the token opens them from anywhere');
  t.match(scraped.body, /process_cpu_user_seconds_total/);
});

/** The value of the first sample of `name` whose labels include `labels`, in the Prometheus text format. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-z_]+)\{(.*)\} (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const found = Object.fromEntries([...m[2].matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(m[3]);
  }
  return undefined;
}

t.test('the dictionary is cached; a failed refresh keeps the old copy', async (t) => {
  const upstream = await startEchoUpstream();
  const http = createApiHttp(upstream.url);
  const config = loadConfig({ API_URL: upstream.url }, []);
  const cache = new DictionaryCache(http.got, config.web.dictRefreshMs, pino({ level: 'silent' }), createMetrics());
  t.teardown(async () => { cache.stop(); http.close(); await upstream.close(); });

  await cache.start();
  t.ok(cache.loaded);
  t.equal(cache.groups[0].typeKey, 'unit');
  const loadedAt = cache.loadedAt;

  upstream.failDictionary = true;
  t.equal(await cache.refresh(), false, 'refresh reports the failure');
  t.ok(cache.loaded, 'still loaded');
  t.equal(cache.groups[0].typeKey, 'unit', 'old copy kept');
  t.equal(cache.loadedAt, loadedAt);

  upstream.failDictionary = false;
  const [first, second] = await Promise.all([cache.refresh(), cache.refresh()]);
  t.ok(first && second, 'concurrent refreshes share one fetch and succeed');
});
