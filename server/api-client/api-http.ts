// The web service's HTTP client for the api: keep-alive agents, short connect timeouts, no retries and no
// redirects (a page should fail fast rather than hang). `got` serves the occasional calls (dictionary,
// health, sitemaps, the catalogue version); `call` is what page loaders use on every render: node's own
// http.request on the same agents, without got's per-request option handling, and without asking for a
// compressed answer (on loopback, compressing at the api and inflating here cost more than they save).
import http from 'node:http';
import https from 'node:https';
import got, { type Got } from 'got';

export interface ApiAnswer { statusCode: number; body: string }
export type ApiCall = (method: 'GET' | 'POST', path: string, init: { headers: Record<string, string>; body?: unknown; signal?: AbortSignal }) => Promise<ApiAnswer>;

export interface ApiHttp { got: Got; call: ApiCall; close(): void }

/** got's limits for a page's call: connecting, the answer's headers, and the whole call. */
const CONNECT_MS = 2000, RESPONSE_MS = 10_000, WHOLE_MS = 15_000;

export function createApiHttp(apiUrl: string): ApiHttp {
  const agents = {
    http: new http.Agent({ keepAlive: true, maxSockets: 256, keepAliveMsecs: 10_000 }),
    https: new https.Agent({ keepAlive: true, maxSockets: 256, keepAliveMsecs: 10_000 }),
  };
  const instance = got.extend({
    prefixUrl: apiUrl,
    agent: agents,
    timeout: { lookup: 1000, connect: CONNECT_MS, secureConnect: CONNECT_MS, response: RESPONSE_MS, request: WHOLE_MS },
    retry: { limit: 0 },
    throwHttpErrors: false,
    followRedirect: false,
    headers: { accept: 'application/json', client: '1' },
  });

  const base = new URL(apiUrl);
  const secure = base.protocol === 'https:';
  const transport = secure ? https : http;
  const agent = secure ? agents.https : agents.http;
  const prefix = base.pathname.replace(/\/+$/, '');

  /** One call: `path` is relative to API_URL (no leading slash needed) and may carry a query. */
  const call: ApiCall = (method, path, init) => new Promise<ApiAnswer>((resolve, reject) => {
    const payload = init.body === undefined ? undefined : Buffer.from(JSON.stringify(init.body), 'utf8');
    const headers: Record<string, string | number> = { accept: 'application/json', client: '1', ...init.headers };
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = payload.length;
    }
    let settled = false;
    const fail = (err: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(whole);
      clearTimeout(waiting);
      req.destroy(err);
      reject(err);
    };
    const req = transport.request({
      protocol: base.protocol, hostname: base.hostname, port: base.port, agent, method, headers,
      path: `${prefix}/${path.replace(/^\/+/, '')}`, signal: init.signal,
    }, (res) => {
      clearTimeout(waiting);
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        if (settled) return;
        settled = true;
        clearTimeout(whole);
        resolve({ statusCode: res.statusCode ?? 0, body: chunks.length === 1 ? chunks[0].toString('utf8') : Buffer.concat(chunks).toString('utf8') });
      });
      res.on('error', fail);
      res.on('aborted', () => fail(new Error(`the api closed its answer to ${method} ${path}`)));
    });
    const whole = setTimeout(() => fail(new Error(`the api did not answer ${method} ${path} within ${WHOLE_MS} ms`)), WHOLE_MS);
    const waiting = setTimeout(() => fail(new Error(`no answer from the api to ${method} ${path} within ${RESPONSE_MS} ms`)), RESPONSE_MS);
    req.on('socket', (socket) => {
      if (!socket.connecting) return;
      const connecting = setTimeout(() => fail(new Error(`could not connect to the api within ${CONNECT_MS} ms`)), CONNECT_MS);
      socket.once('connect', () => clearTimeout(connecting));
      socket.once('close', () => clearTimeout(connecting));
    });
    req.on('error', (err) => { clearTimeout(waiting); fail(err); });
    req.on('close', () => clearTimeout(waiting));
    req.end(payload);
  });

  return {
    got: instance,
    call,
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}
