// A marketplace to trade in: the api on a fresh database, with helpers that make companies, products
// with colour cards, signed-in users (buyers, or sellers of a company) and addresses directly, so that
// cart and order tests state only what they are about.
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../config/index';
import { buildApiApp } from '../../api/app';
import type { DialectName } from '../../api/db/database';
import { createStorageDriver } from '../../api/modules/file/create-storage';
import { createSession } from '../../api/modules/account/session';
import { PatternType, Shape, Unit } from '../../isomorphic/domain/catalogue';
import { createTestDb, type TestDb, FAST_PASSWORD_HASH } from './db';
import { nextVisitorAddress } from './visitors';

export interface Reply<T> { status: number; body: { code: number; message: string; data: T } }

export interface Seller { id: number; token: string; companyId: number }
export interface Buyer { id: number; token: string }
export interface Product { id: number; companyId: number; colours: number[]; price: number | null }

export interface Market {
  app: FastifyInstance;
  testDb: TestDb;
  db: TestDb['db']['db'];
  post<T = unknown>(url: string, body: unknown, token?: string): Promise<Reply<T>>;
  get<T = unknown>(url: string, token?: string): Promise<Reply<T>>;
  company(name?: string): Promise<number>;
  product(companyId: number, opts?: { price?: number | null; colours?: number; status?: number }): Promise<Product>;
  buyer(): Promise<Buyer>;
  seller(companyId?: number): Promise<Seller>;
  address(userId: number): Promise<number>;
  close(): Promise<void>;
}

let mobileSeq = 0;

export async function createMarket(dialect: DialectName): Promise<Market> {
  const testDb = await createTestDb(dialect);
  const config = loadConfig({ ...FAST_PASSWORD_HASH, DATA_DIR: testDb.dir, LOG_LEVEL: 'silent' }, []);
  const deps = { config, db: testDb.db, storage: createStorageDriver(config) };
  const app = await buildApiApp({ deps });
  const db = testDb.db.db;
  const now = () => new Date().toISOString();
  const headers = (token?: string) => ({ 'x-lang': 'en', ...(token ? { 'x-token': token } : {}) });
  let seq = 0;

  const user = async (companyId: number | null) => {
    const mobile = `139${String(process.pid % 10000).padStart(4, '0')}${String(++mobileSeq).padStart(4, '0')}`;
    const row = await db.insertInto('app_user').values({
      mobile, password_hash: 'scrypt$test', user_type: companyId === null ? 3 : 1, nickname: `user ${mobileSeq}`, real_name: '', email: '',
      avatar_path: '', company_id: companyId, settled: companyId === null ? 0 : 1, created_at: now(), updated_at: now(),
    }).returning('id').executeTakeFirstOrThrow();
    return { id: row.id, token: await createSession(db, row.id) };
  };

  const market: Market = {
    app, testDb, db,
    async post(url, body, token) {
      const res = await app.inject({ remoteAddress: nextVisitorAddress(), method: 'POST', url, payload: body as object, headers: headers(token) });
      return { status: res.statusCode, body: res.json() };
    },
    async get(url, token) {
      const res = await app.inject({ remoteAddress: nextVisitorAddress(), method: 'GET', url, headers: headers(token) });
      return { status: res.statusCode, body: res.json() };
    },
    async company(name) {
      const row = await db.insertInto('company').values({
        name: name ?? `花边厂 ${++seq}`, name_en: `Lace works ${seq}`, kind: 1, created_at: now(), updated_at: now(),
      }).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },
    async product(companyId, opts = {}) {
      const n = ++seq;
      const price = opts.price === undefined ? 1250 : opts.price;
      const p = await db.insertInto('product').values({
        company_id: companyId, kind: 1, code: `LK-${1000 + n}`, title: `蕾丝花边 ${n}`, title_en: `Lace ${n}`, pattern_type: PatternType.FABRIC,
        shape: Shape.IN_STOCK, unit: Unit.YARD, price, cover_path: `product/${n}/cover.jpg`, status: opts.status ?? 1, created_at: now(), updated_at: now(),
      }).returning('id').executeTakeFirstOrThrow();
      const colours: number[] = [];
      for (let i = 0; i < (opts.colours ?? 2); i++) {
        const c = await db.insertInto('colour_card').values({ product_id: p.id, name: `颜色 ${i + 1}`, name_en: `Colour ${i + 1}`, hex: '#aabbcc', sort: i })
          .returning('id').executeTakeFirstOrThrow();
        colours.push(c.id);
      }
      return { id: p.id, companyId, colours, price };
    },
    buyer: () => user(null),
    async seller(companyId) {
      const company = companyId ?? await market.company();
      return { ...(await user(company)), companyId: company };
    },
    async address(userId) {
      const row = await db.insertInto('consignee').values({
        user_id: userId, consignee: '林小姐', phone: '13800138000', province_code: '44', city_code: '4401', district_code: '',
        region: '广东省 广州市', detail: '海珠区中大布匹市场 1 号', is_default: 1, created_at: now(), updated_at: now(),
      }).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },
    async close() {
      await app.close();
      await testDb.cleanup();
    },
  };
  return market;
}
