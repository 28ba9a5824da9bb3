import t from 'tap';
import { PublicReadCache } from '../../../server/api-client/public-read-cache';

t.test('identical reads within the TTL share one upstream call', async (t) => {
  const cache = new PublicReadCache(1000);
  let calls = 0;
  const load = async () => { calls++; return { code: 0, message: 'ok', data: calls }; };
  const [a, b] = await Promise.all([cache.get('k', load, 0), cache.get('k', load, 10)]);
  t.equal(calls, 1);
  t.same(a, b);
  await cache.get('k', load, 999);
  t.equal(calls, 1, 'still fresh');
  await cache.get('k', load, 1001);
  t.equal(calls, 2, 'expired after the TTL');
});

t.test('refusals and failures are not kept', async (t) => {
  const cache = new PublicReadCache(1000);
  let calls = 0;
  await cache.get('r', async () => { calls++; return { code: 100404, message: 'no', data: null }; }, 0);
  await new Promise((r) => setImmediate(r));
  await cache.get('r', async () => { calls++; return { code: 0, message: 'ok', data: null }; }, 1);
  t.equal(calls, 2, 'a non-zero code is asked again');
  await t.rejects(cache.get('f', async () => { throw new Error('down'); }, 0));
  await new Promise((r) => setImmediate(r));
  const ok = await cache.get('f', async () => ({ code: 0, message: 'ok', data: 1 }), 1);
  t.equal(ok.data, 1, 'a failure is asked again');
});

t.test('the cache stays bounded', async (t) => {
  const cache = new PublicReadCache(1000, 3);
  for (let i = 0; i < 10; i++) await cache.get(`k${i}`, async () => ({ code: 0, message: '', data: i }), 0);
  let reloaded = 0;
  await cache.get('k0', async () => { reloaded++; return { code: 0, message: '', data: 0 }; }, 1);
  t.equal(reloaded, 1, 'the oldest entry was evicted');
});
