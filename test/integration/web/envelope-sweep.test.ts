// Every answer under the api is the { code, message, data } envelope, even for requests that never reach
// a route: malformed URLs (bad percent-encoding, `..` segments), an over-long URL or parameter, headers too
// large, a request line Node cannot parse. Sent as raw bytes (inject would clean them up) to the api and
// through the web service's /api; each answer is a 4xx, never a 5xx, never Fastify's or Node's own body.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { Codes } from '../../../isomorphic/domain/codes';
import { buildTestWeb, startSeededApi, type TestApi } from '../../helpers/web';

/** Writes `head` and resolves with the status line's number and the body of what came back. */
function raw(port: number, head: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('end', () => socket.end());
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [headers, ...rest] = text.split('\r\n\r\n');
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(headers);
      resolve({ status: Number(headers.split(' ')[1]), body: length ? rest.join('\r\n\r\n').slice(0, Number(length[1])) : rest.join('\r\n\r\n') });
    });
    // Close our side once the answer is in: a kept-alive connection would otherwise stay open.
    socket.on('data', () => { if (/\r\n\r\n/.test(Buffer.concat(chunks).toString('latin1'))) setImmediate(() => socket.end()); });
    socket.write(head, 'latin1');
  });
}

const long = 'a'.repeat(20_000);
/** [what, request line and headers (path under the api's root: `/api` is put in front for the web)] */
const CASES: Array<[string, (p: string) => string, number, number]> = [
  ['bad percent-encoding in the path', (p) => `GET ${p}/product/%E0%A4%A HTTP/1.1\r\nhost: lace.test\r\n\r\n`, 400, Codes.BAD_REQUEST],
  ['a lone % in the path', (p) => `GET ${p}/% HTTP/1.1\r\nhost: lace.test\r\n\r\n`, 400, Codes.BAD_REQUEST],
  ['bad percent-encoding in the query', (p) => `GET ${p}/front/dicTree/byTypeKey?typeKey=%ZZ HTTP/1.1\r\nhost: lace.test\r\n\r\n`, 400, Codes.BAD_REQUEST],
  ['.. segments', (p) => `GET ${p}/../../etc/passwd HTTP/1.1\r\nhost: lace.test\r\n\r\n`, 0, 0],
  ['encoded .. segments', (p) => `GET ${p}/%2e%2e/%2e%2e/etc/passwd HTTP/1.1\r\nhost: lace.test\r\n\r\n`, 0, 0],
  ['.. in the middle', (p) => `GET ${p}/front/../user/getUserInfo HTTP/1.1\r\nhost: lace.test\r\n\r\n`, 0, 0],
  ['a 20,000-character URL', (p) => `GET ${p}/${long} HTTP/1.1\r\nhost: lace.test\r\n\r\n`, 414, Codes.URL_TOO_LONG],
  ['a 500-digit id', (p) => `GET ${p}/product/getProduct/${'1'.repeat(500)} HTTP/1.1\r\nhost: lace.test\r\n\r\n`, 414, Codes.URL_TOO_LONG],
  ['a 20,000-character header', (p) => `GET ${p}/front/dicTree/byTypeKey HTTP/1.1\r\nhost: lace.test\r\nx-big: ${long}\r\n\r\n`, 431, Codes.HEADERS_TOO_LARGE],
  ['a control character in the URL', (p) => `GET ${p}/x\x01y HTTP/1.1\r\nhost: lace.test\r\n\r\n`, 400, Codes.BAD_REQUEST],
  ['an unknown method', (p) => `BREW ${p}/x HTTP/1.1\r\nhost: lace.test\r\n\r\n`, 400, Codes.BAD_REQUEST],
  ['a content-length that is not a number', (p) => `POST ${p}/front/user/login HTTP/1.1\r\nhost: lace.test\r\ncontent-length: abc\r\n\r\n`, 400, Codes.BAD_REQUEST],
];

let api: TestApi;
let web: FastifyInstance;
t.before(async () => {
  api = await startSeededApi({ products: 2 });
  web = await buildTestWeb(api.url);
  await web.listen({ host: '127.0.0.1', port: 0 });
});
t.teardown(async () => { await web?.close(); await api?.close(); });

for (const service of ['api', 'web'] as const) {
  t.test(`${service}: malformed, over-long and oversized requests get a 4xx envelope`, async (t) => {
    const port = ((service === 'api' ? api.app : web).server.address() as AddressInfo).port;
    for (const [what, request, status, code] of CASES) {
      const answer = await raw(port, request(service === 'api' ? '' : '/api'));
      let body: { code?: unknown; message?: unknown; data?: unknown } = {};
      try { body = JSON.parse(answer.body); } catch { /* asserted below */ }
      t.ok(answer.status >= 400 && answer.status < 500, `${what}: a 4xx (${answer.status})`);
      t.ok(typeof body.code === 'number' && body.code !== 0 && typeof body.message === 'string' && body.message !== '' && body.data === null, `${what}: the envelope (${answer.body.slice(0, 80)})`);
      // `..` may be refused (web: 400) or resolve to no route (api: 404): either way an envelope.
      if (status) t.same([answer.status, body.code], [status, code], `${what}: ${status} ${code}`);
      else t.ok(body.code === Codes.BAD_REQUEST || body.code === Codes.NOT_FOUND, `${what}: 100400 or 100404`);
    }
  });
}

t.test('web: outside /api the same requests get a short text, not JSON', async (t) => {
  const port = (web.server.address() as AddressInfo).port;
  const bad = await raw(port, 'GET /flower/%E0%A4%A HTTP/1.1\r\nhost: lace.test\r\n\r\n');
  t.equal(bad.status, 400);
  t.equal(bad.body, '请求参数有误\n');
  const big = await raw(port, `GET / HTTP/1.1\r\nhost: lace.test\r\nx-big: ${long}\r\n\r\n`);
  t.equal(big.status, 431);
  t.equal(big.body, '请求头过大\n');
});
