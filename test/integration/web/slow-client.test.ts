// Slow and oversized requests: both services cut off a client that does not finish sending its request in
// REQUEST_TIMEOUT_MS (408, connection closed); the proxy reads a body whole before it asks the api, so a
// client trickling one never reaches (nor holds a connection to) the api; a body past the proxy's limit is
// refused with the envelope.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import t from 'tap';
import Fastify, { type FastifyInstance } from 'fastify';
import { Codes } from '../../../isomorphic/domain/codes';
import { PROXY_BODY_LIMIT } from '../../../server/proxy';
import { buildTestWeb } from '../../helpers/web';
import { createApiTestContext } from '../../helpers/api';
import { loadConfig } from '../../../config/index';
import { buildApiApp } from '../../../api/app';

const TIMEOUT = '1000';

/** An upstream that counts the requests whose headers reached it (before any body). */
async function countingUpstream(): Promise<{ url: string; seen: string[]; app: FastifyInstance }> {
  const app = Fastify();
  const seen: string[] = [];
  app.addHook('onRequest', async (request) => { seen.push(request.url); });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 * 1024 }, (_req, body, done) => done(null, body));
  app.all('/*', async (request) => ({ code: 0, message: 'ok', data: { bytes: Buffer.isBuffer(request.body) ? request.body.length : 0 } }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, seen, app };
}

/** Sends the headers of a POST with a 1,000-byte body and 10 bytes of it, then nothing; resolves with all the server wrote before it closed. */
function trickle(port: number, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => { answer += chunk; });
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
    socket.write(`POST ${path} HTTP/1.1\r\nhost: lace.test\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{"mobile":`);
  });
}

t.test('web: a request body still arriving after REQUEST_TIMEOUT_MS gets 408 and never reaches the api', async (t) => {
  const upstream = await countingUpstream();
  const web = await buildTestWeb(upstream.url, { env: { REQUEST_TIMEOUT_MS: TIMEOUT } });
  t.teardown(async () => { await web.close(); await upstream.app.close(); });
  await web.listen({ host: '127.0.0.1', port: 0 });
  const answer = await trickle((web.server.address() as AddressInfo).port, '/api/front/user/login');
  t.match(answer, /^HTTP\/1\.1 408 /, 'the web service answers 408 and closes the connection');
  t.notOk(upstream.seen.includes('/front/user/login'), 'the api never saw the request: no connection was held for it');

  const whole = await web.inject({ method: 'POST', url: '/api/front/user/login', payload: { mobile: '13800000000' } });
  t.equal(whole.json().data.bytes, JSON.stringify({ mobile: '13800000000' }).length, 'a whole body is passed on as it came');
});

t.test(`web: a body over ${PROXY_BODY_LIMIT / 1024 / 1024} MB is refused with the envelope before the api sees it`, async (t) => {
  const upstream = await countingUpstream();
  const web = await buildTestWeb(upstream.url);
  t.teardown(async () => { await web.close(); await upstream.app.close(); });
  const res = await web.inject({ method: 'POST', url: '/api/search/encoded', headers: { 'content-type': 'image/jpeg', 'x-lang': 'en' }, payload: Buffer.alloc(PROXY_BODY_LIMIT + 1) });
  t.equal(res.statusCode, 413);
  t.same(res.json(), { code: Codes.BODY_TOO_LARGE, message: 'The request body is too large', data: null });
  t.notOk(upstream.seen.includes('/search/encoded'), 'the api never saw it');
  const fits = await web.inject({ method: 'POST', url: '/api/search/encoded', headers: { 'content-type': 'image/jpeg' }, payload: Buffer.alloc(PROXY_BODY_LIMIT) });
  t.equal(fits.json().data.bytes, PROXY_BODY_LIMIT, 'one of the limit passes');
});

t.test('api: a request body still arriving after REQUEST_TIMEOUT_MS gets 408', async (t) => {
  const ctx = await createApiTestContext('sqlite', { seed: 'reference' });
  const config = loadConfig({ DATA_DIR: ctx.dir, LOG_LEVEL: 'silent', SEED_ON_EMPTY: 'false', IMAGE_INDEX_ON_START: 'false', IMAGE_EXTRACT_THREADS: '1', REQUEST_TIMEOUT_MS: TIMEOUT }, []);
  const api = await buildApiApp({ deps: { ...ctx.deps, config } });
  t.teardown(async () => { await api.close(); await ctx.cleanup(); });
  await api.listen({ host: '127.0.0.1', port: 0 });
  const answer = await trickle((api.server.address() as AddressInfo).port, '/front/user/login');
  t.match(answer, /^HTTP\/1\.1 408 /, 'the api answers 408 and closes the connection');
});
