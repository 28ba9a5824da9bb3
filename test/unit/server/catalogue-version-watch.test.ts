// The page cache's catalogue version watch (server/ssr/page-cache.ts) against a small HTTP server that
// answers the version when the test lets it: under steady traffic no guest waits for the check, after a
// quiet spell the guest waits, and a changed version empties the cache.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import t from 'tap';
import pino from 'pino';
import { createApiHttp } from '../../../server/api-client/api-http';
import { CatalogueVersionWatch } from '../../../server/ssr/page-cache';

let version = 'v1';
let calls = 0;
const held: Array<() => void> = [];
let hold = false;
const server = http.createServer((req, res) => {
  calls++;
  const answer = () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 0, message: 'ok', data: { version } }));
  if (hold) held.push(answer);
  else answer();
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const api = createApiHttp(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
t.teardown(() => { api.close(); server.close(); });

let changes = 0;
const watch = new CatalogueVersionWatch(api.got, 1000, () => { changes++; }, pino({ level: 'silent' }));
/** Waits (up to 5 s) until the server holds a request. */
async function heldCheck(): Promise<void> {
  for (let i = 0; i < 500 && held.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
}
const settled = (p: Promise<void>) => Promise.race([p.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 200))]);

t.test('the first guest waits for the version', async (t) => {
  t.notOk(watch.known);
  await watch.poke(10_000);
  t.ok(watch.known);
  t.equal(calls, 1);
});

t.test('under steady traffic the check runs in the background; after a quiet spell the guest waits', async (t) => {
  await watch.poke(10_400);
  t.equal(calls, 1, 'younger than half the interval: no call');
  hold = true;
  t.ok(await settled(watch.poke(10_600)), 'past half the interval: answered at once');
  await heldCheck();
  t.equal(calls, 2, 'while a check runs in the background');
  t.ok(await settled(watch.poke(10_900)), 'still within the interval: at once, no second check');
  t.equal(calls, 2);
  const late = watch.poke(11_100);
  t.notOk(await settled(late), 'past the interval: the guest waits for the check under way');
  version = 'v2';
  hold = false;
  held.splice(0).forEach((answer) => answer());
  await late;
  t.equal(changes, 1, 'the changed version emptied the cache');
  t.ok(await settled(watch.poke(11_200)), 'the check counts from when it started');
});
