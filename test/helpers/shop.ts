// A marketplace for shop-manager tests: the api on a fresh database with regions, a platform operator,
// and helpers that make companies, settled sellers, buyers and uploaded images directly, so that each
// test states only what it is about.
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../config/index';
import { buildApiApp } from '../../api/app';
import type { DialectName } from '../../api/db/database';
import { createStorageDriver } from '../../api/modules/file/create-storage';
import { createSession } from '../../api/modules/account/session';
import { seedReferenceData } from '../../api/db/seed/index';
import { createTestDb, type TestDb, FAST_PASSWORD_HASH } from './db';

export interface Reply<T> { status: number; body: { code: number; message: string; data: T } }
export interface ShopUser { id: number; token: string; companyId: number | null }

export interface ShopMarket {
  app: FastifyInstance;
  testDb: TestDb;
  db: TestDb['db']['db'];
  operator: ShopUser;
  post<T = unknown>(url: string, body: unknown, token?: string, lang?: 'zh' | 'en'): Promise<Reply<T>>;
  get<T = unknown>(url: string, token?: string, lang?: 'zh' | 'en'): Promise<Reply<T>>;
  company(opts?: { status?: number }): Promise<number>;
  /** a settled seller of the company (a new one when none is given) */
  seller(companyId?: number, opts?: { settled?: number }): Promise<ShopUser & { companyId: number }>;
  buyer(): Promise<ShopUser>;
  /** a stored image as /file/upload would have recorded it for this user */
  image(userId: number): Promise<string>;
  close(): Promise<void>;
}

let seq = 0;

export async function createShopMarket(dialect: DialectName, env: Record<string, string> = {}): Promise<ShopMarket> {
  const testDb = await createTestDb(dialect);
  const db = testDb.db.db;
  const now = () => new Date().toISOString();
  await seedReferenceData({ db: testDb.db });
  const user = async (companyId: number | null, settled: number) => {
    const mobile = `137${String(process.pid % 10000).padStart(4, '0')}${String(++seq).padStart(4, '0')}`;
    const row = await db.insertInto('app_user').values({
      mobile, password_hash: 'scrypt$test', user_type: companyId === null ? 3 : 1, nickname: `user ${seq}`, real_name: '', email: '',
      avatar_path: '', company_id: companyId, settled, created_at: now(), updated_at: now(),
    }).returning('id').executeTakeFirstOrThrow();
    return { id: row.id, token: await createSession(db, row.id), companyId };
  };
  const operator = await user(null, 0);
  const config = loadConfig({ ...FAST_PASSWORD_HASH, DATA_DIR: testDb.dir, LOG_LEVEL: 'silent', PLATFORM_USER_IDS: String(operator.id), PUBLIC_URL: 'https://lace.example.cn', ...env }, []);
  const app = await buildApiApp({ deps: { config, db: testDb.db, storage: createStorageDriver(config) } });
  const headers = (token?: string, lang: 'zh' | 'en' = 'en') => ({ 'x-lang': lang, ...(token ? { 'x-token': token } : {}) });
  const market: ShopMarket = {
    app, testDb, db, operator,
    async post(url, body, token, lang) {
      const res = await app.inject({ method: 'POST', url, payload: body as object, headers: headers(token, lang) });
      return { status: res.statusCode, body: res.json() };
    },
    async get(url, token, lang) {
      const res = await app.inject({ method: 'GET', url, headers: headers(token, lang) });
      return { status: res.statusCode, body: res.json() };
    },
    async company(opts = {}) {
      const n = ++seq;
      const row = await db.insertInto('company').values({
        name: `潮州花边厂 ${n}`, name_en: `Chaozhou Lace ${n}`, kind: 1, status: opts.status ?? 1, created_at: now(), updated_at: now(),
      }).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },
    async seller(companyId, opts = {}) {
      const company = companyId ?? await market.company();
      return { ...(await user(company, opts.settled ?? 1)), companyId: company };
    },
    buyer: () => user(null, 0),
    async image(userId) {
      const path = `upload/20261123/${(++seq).toString(16).padStart(16, '0')}/web-${crypto.randomUUID().replace(/-/g, '')}.png`;
      await db.insertInto('stored_file').values({ path, content_type: 'image/png', size: 100, width: 32, height: 32, owner_user_id: userId, created_at: now() }).execute();
      return path;
    },
    async close() {
      await app.close();
      await testDb.cleanup();
    },
  };
  return market;
}
