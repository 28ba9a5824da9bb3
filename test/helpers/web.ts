// Web service test set-up: the real api (seeded SQLite) listening on loopback, a tiny echo upstream
// that reports what the proxy sent it, and web apps pointed at either (built for inject, never listening).
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import type { RouteObject } from 'react-router';
import { loadConfig } from '../../config/index';
import { buildApiApp } from '../../api/app';
import { createStorageDriver } from '../../api/modules/file/create-storage';
import { LogSmsDriver } from '../../api/modules/sms/sms.driver';
import { seedDemoData } from '../../api/db/seed/index';
import type { Db } from '../../api/db/database';
import { buildWebApp } from '../../server/app';
import { encryptPassword } from '../../api/modules/account/password';
import { DEMO_PASSWORD } from '../../api/db/seed/demo-accounts';
import type { LoginResult } from '../../isomorphic/contracts/account';
import { toSessionCompany, toSessionUser } from '../../isomorphic/stores/auth.store';
import { createTestDb, FAST_PASSWORD_HASH } from './db';

export interface TestApi { url: string; app: FastifyInstance; db: Db; close(): Promise<void> }

/** The real api with `products` seeded demo products, listening on 127.0.0.1. */
export async function startSeededApi(opts: { products?: number; imageSearch?: Record<string, unknown> } = {}): Promise<TestApi> {
  const testDb = await createTestDb('sqlite');
  const config = loadConfig({ ...FAST_PASSWORD_HASH, DATA_DIR: testDb.dir, LOG_LEVEL: 'silent', IMAGE_INDEX_ON_START: opts.imageSearch ? 'true' : 'false' }, []);
  const deps = { config, db: testDb.db, storage: createStorageDriver(config), sms: new LogSmsDriver({ warn: () => undefined }), ...(opts.imageSearch ? { imageSearch: opts.imageSearch } : {}) };
  await seedDemoData(deps, { products: opts.products ?? 12, designPool: 4 });
  const app = await buildApiApp({ deps });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    app,
    db: testDb.db,
    async close() {
      await app.close();
      await testDb.cleanup();
    },
  };
}

export interface EchoRequest { method: string; url: string; headers: Record<string, string | string[] | undefined>; body: string }
export interface EchoUpstream { url: string; requests: EchoRequest[]; failDictionary: boolean; close(): Promise<void> }

/** An upstream that answers every call with an envelope describing the request it received. */
export async function startEchoUpstream(): Promise<EchoUpstream> {
  const app = Fastify();
  const state: EchoUpstream = { url: '', requests: [], failDictionary: false, close: () => app.close() };
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/front/dicTree/byTypeKey', async (_request, reply) => {
    if (state.failDictionary) return reply.code(500).send({ code: 100500, message: 'down', data: null });
    return { code: 0, message: 'ok', data: { data: [{ typeKey: 'unit', name: '单位', nameEn: 'Unit', children: [{ typeKey: 'unit', dicValue: '400010', name: '码', nameEn: 'yard', label: '码', sort: 0 }] }] } };
  });
  app.all('/*', async (request) => {
    const seen: EchoRequest = { method: request.method, url: request.url, headers: request.headers, body: typeof request.body === 'string' ? request.body : '' };
    state.requests.push(seen);
    return { code: 0, message: 'ok', data: seen };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  state.url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return state;
}

/** A loopback URL where nothing listens (the port was free a moment ago). */
export async function unreachableUrl(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

export const PUBLIC_URL = 'http://lace.test';

/** A web app pointed at `apiUrl`, ready for inject. */
export function buildTestWeb(apiUrl: string, opts: { routes?: RouteObject[]; env?: Record<string, string> } = {}): Promise<FastifyInstance> {
  const config = loadConfig({ API_URL: apiUrl, PUBLIC_URL: PUBLIC_URL, LOG_LEVEL: 'silent', DICT_REFRESH_MS: '60000', PUBLIC_READ_CACHE_MS: '0', PAGE_CACHE_MS: '0', ...opts.env }, []);
  return buildWebApp({ config, logger: false, routes: opts.routes, apiConnectTimeoutMs: 1000 });
}

export interface SignedIn { token: string; id: number; cookie: string }

/** Signs a demo account in at the api and gives the cookies the web service would have set (token, user, company). */
export async function signInDemo(api: TestApi, mobile: string): Promise<SignedIn> {
  const key = loadConfig({}, []).passwordAesKey;
  const res = await api.app.inject({ method: 'POST', url: '/front/user/login', payload: { mobile, password: encryptPassword(DEMO_PASSWORD, key) } });
  const data = (res.json() as { data: LoginResult }).data;
  const company = data.company ? `; company=${encodeURIComponent(JSON.stringify(toSessionCompany(data.company)))}` : '';
  return { token: data.token, id: data.user.id, cookie: `x-token=${data.token}; user=${encodeURIComponent(JSON.stringify(toSessionUser(data.user)))}${company}` };
}

/** A POST to the api as this person (from `remoteAddress` when given); answers `data`, and throws on any code but 0. */
export async function callAs<T>(api: TestApi, who: SignedIn, url: string, payload: object, remoteAddress?: string): Promise<T> {
  const res = await api.app.inject({ method: 'POST', url, payload, headers: { 'x-token': who.token }, ...(remoteAddress ? { remoteAddress } : {}) });
  const body = res.json() as { code: number; message: string; data: T };
  if (body.code !== 0) throw new Error(`${url}: ${body.code} ${body.message}`);
  return body.data;
}
