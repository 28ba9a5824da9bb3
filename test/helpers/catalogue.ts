// An api over a fresh test database for the catalogue, search, favourite, upload and custom request
// suites: reference data, a company, products written through the catalogue service (so the search
// index is kept as in production), signed-in users (rows and sessions made directly, as the account
// suites test signing up), and multipart uploads.
import crypto from 'node:crypto';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import type { Insertable } from 'kysely';
import { loadConfig } from '../../config/index';
import { buildApiApp } from '../../api/app';
import type { ApiDeps } from '../../api/deps';
import type { DialectName } from '../../api/db/database';
import type { ProductTable } from '../../api/modules/catalogue/catalogue.table';
import { seedDemoData, seedReferenceData } from '../../api/db/seed/index';
import { createStorageDriver } from '../../api/modules/file/create-storage';
import type { StorageDriver, UploadCredentials } from '../../api/modules/file/storage';
import { insertCompany } from '../../api/modules/company/company.queries';
import { createProduct } from '../../api/modules/catalogue/catalogue.service';
import { createSession } from '../../api/modules/account/session';
import { createTestDb, FAST_PASSWORD_HASH } from './db';
import { nextVisitorAddress } from './visitors';

export interface Reply<T> { status: number; body: { code: number; message: string; data: T } }

export interface CatalogueApi {
  app: FastifyInstance;
  deps: ApiDeps;
  dir: string;
  post<T = unknown>(url: string, body?: unknown, token?: string, lang?: 'zh' | 'en'): Promise<Reply<T>>;
  get<T = unknown>(url: string, token?: string, lang?: 'zh' | 'en'): Promise<Reply<T>>;
  /** A signed-in buyer: its id and token. */
  signIn(): Promise<{ userId: number; token: string }>;
  company(name: string, nameEn?: string): Promise<number>;
  product(companyId: number, p: Partial<Insertable<ProductTable>> & { title: string }): Promise<number>;
  /** POSTs a multipart form to /file/upload. */
  upload<T = unknown>(token: string, fields: Record<string, string>, file?: { name: string; content: Buffer; type?: string }): Promise<Reply<T>>;
  /** A grant and a storeAs name in it, as the upload control forms it (SPEC §3). */
  grant(token: string, ext?: string): Promise<{ creds: UploadCredentials; storeAs: string }>;
  cleanup(): Promise<void>;
}

export interface CatalogueApiOptions {
  /** demo products to seed (0: reference data only) */
  products?: number;
  designPool?: number;
  /** another storage driver (the OSS driver with fake clients) */
  storage?: (deps: ApiDeps) => StorageDriver;
}

let users = 0;

export function multipart(fields: Record<string, string>, file?: { name: string; content: Buffer; type?: string; field?: string }) {
  const boundary = `----lace${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`));
    chunks.push(file.content, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function createCatalogueApi(dialect: DialectName, opts: CatalogueApiOptions = {}): Promise<CatalogueApi> {
  const testDb = await createTestDb(dialect);
  try {
    // These apis never search by photo: one extraction thread (one copy of the network) is enough for them.
    const config = loadConfig({ ...FAST_PASSWORD_HASH, DATA_DIR: testDb.dir, LOG_LEVEL: 'silent', SEED_ON_EMPTY: 'false', IMAGE_INDEX_ON_START: 'false', IMAGE_EXTRACT_THREADS: '1' }, []);
    const deps: ApiDeps = { config, db: testDb.db, storage: createStorageDriver(config) };
    if (opts.storage) deps.storage = opts.storage(deps);
    if (opts.products) await seedDemoData(deps, { products: opts.products, designPool: opts.designPool });
    else await seedReferenceData(deps);
    const app = await buildApiApp({ deps });
    const db = deps.db.db;
    const headers = (token?: string, lang: 'zh' | 'en' = 'en') => ({ 'x-lang': lang, ...(token ? { 'x-token': token } : {}) });
    const api: CatalogueApi = {
      app, deps, dir: testDb.dir,
      async post(url, body, token, lang) {
        const res = await app.inject({ remoteAddress: nextVisitorAddress(), method: 'POST', url, payload: (body ?? {}) as object, headers: headers(token, lang) });
        return { status: res.statusCode, body: res.json() };
      },
      async get(url, token, lang) {
        const res = await app.inject({ remoteAddress: nextVisitorAddress(), method: 'GET', url, headers: headers(token, lang) });
        return { status: res.statusCode, body: res.json() };
      },
      async signIn() {
        const at = new Date().toISOString();
        const mobile = `138${String(process.pid % 10000).padStart(4, '0')}${String(++users).padStart(4, '0')}`;
        const { id } = await db.insertInto('app_user').values({
          mobile, password_hash: 'x', user_type: 3, nickname: `buyer ${users}`, real_name: '', email: '', avatar_path: '', company_id: null, settled: 0, created_at: at, updated_at: at,
        }).returning('id').executeTakeFirstOrThrow();
        return { userId: id, token: await createSession(db, id) };
      },
      async company(name, nameEn = '') {
        const at = new Date().toISOString();
        return insertCompany(db, {
          name, name_en: nameEn, abbreviation: name.slice(0, 4), kind: 1, logo_path: '', banner_path: '', main_business: '花边', main_business_en: 'lace',
          intro: '', intro_en: '', tel: '', province: '', city: '', address: '', lat: null, lng: null, established_at: null, staff_count: null, workshop_area: null,
          status: 1, created_at: at, updated_at: at,
        });
      },
      product(companyId, p) {
        return createProduct({ db, dialect }, {
          company_id: companyId, kind: 1, code: `T-${crypto.randomInt(10000, 99999)}`, title_en: '', description: '', description_en: '', composition: '',
          pattern_type: 100010, shape: 200012, unit: 400010, price: 1000, width_cm: 140, cover_path: '', views: 0, status: 1, ...p,
        });
      },
      async upload(token, fields, file) {
        const form = multipart(fields, file);
        const res = await app.inject({ remoteAddress: nextVisitorAddress(), method: 'POST', url: '/file/upload', payload: form.payload, headers: { ...headers(token), ...form.headers } });
        return { status: res.statusCode, body: res.json() };
      },
      async grant(token, ext = 'png') {
        const res = await api.post<UploadCredentials>('/file/token', { fileType: 'image' }, token);
        if (res.body.code !== 0) throw new Error(`file/token: ${res.body.message}`);
        return { creds: res.body.data, storeAs: `${res.body.data.dir}web-${crypto.randomUUID().replace(/-/g, '')}.${ext}` };
      },
      async cleanup() {
        await app.close();
        await testDb.cleanup();
      },
    };
    return api;
  } catch (err) {
    await testDb.cleanup();
    throw err;
  }
}

/** Uploads a small cream picture as this user, the way the upload control does; answers its stored path. */
export async function uploadPicture(api: CatalogueApi, token: string): Promise<string> {
  const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#f4eedc' } }).png().toBuffer();
  const { storeAs } = await api.grant(token);
  const res = await api.upload(token, { storeAs }, { name: 'ref.png', content: png });
  if (res.body.code !== 0) throw new Error(res.body.message);
  return storeAs;
}
