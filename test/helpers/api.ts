// An api app over a fresh test database (either dialect) and a temporary storage directory, seeded with
// reference data and, unless asked otherwise, a small demo catalogue. Tests inject; nothing listens.
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../config/index';
import { buildApiApp } from '../../api/app';
import type { ApiDeps } from '../../api/deps';
import type { DialectName } from '../../api/db/database';
import { createStorageDriver } from '../../api/modules/file/create-storage';
import { seedDemoData, seedReferenceData } from '../../api/db/seed/index';
import { createTestDb, FAST_PASSWORD_HASH } from './db';

export interface Json<T = unknown> { status: number; headers: Record<string, string | string[] | number | undefined>; body: { code: number; message: string; data: T } }

export interface ApiTestContext {
  app: FastifyInstance;
  deps: ApiDeps;
  /** the temporary directory of the database file and the stored files */
  dir: string;
  get<T = unknown>(url: string, headers?: Record<string, string>): Promise<Json<T>>;
  cleanup(): Promise<void>;
}

export interface ApiTestOptions {
  /** 'reference': dictionary and areas only; 'demo' (default): also companies and `products` products */
  seed?: 'reference' | 'demo';
  products?: number;
}

export async function createApiTestContext(dialect: DialectName, opts: ApiTestOptions = {}): Promise<ApiTestContext> {
  const testDb = await createTestDb(dialect);
  try {
    // These apis never search by photo: one extraction thread (one copy of the network) is enough for them.
    const config = loadConfig({ ...FAST_PASSWORD_HASH, DATA_DIR: testDb.dir, LOG_LEVEL: 'silent', SEED_ON_EMPTY: 'false', IMAGE_INDEX_ON_START: 'false', IMAGE_EXTRACT_THREADS: '1' }, []);
    const deps: ApiDeps = { config, db: testDb.db, storage: createStorageDriver(config) };
    if (opts.seed === 'reference') await seedReferenceData(deps);
    else await seedDemoData(deps, { products: opts.products ?? 16 });
    const app = await buildApiApp({ deps });
    return {
      app,
      deps,
      dir: testDb.dir,
      async get<T>(url: string, headers: Record<string, string> = {}) {
        const res = await app.inject({ method: 'GET', url, headers: { 'x-lang': 'en', ...headers } });
        return { status: res.statusCode, headers: res.headers, body: res.json() as Json<T>['body'] };
      },
      async cleanup() {
        await app.close();
        await testDb.cleanup();
      },
    };
  } catch (err) {
    await testDb.cleanup();
    throw err;
  }
}
