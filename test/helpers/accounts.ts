// An api with a real log SMS driver whose log lines the test reads, as a developer reads the log.
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../config/index';
import { buildApiApp } from '../../api/app';
import type { DialectName } from '../../api/db/database';
import { createStorageDriver } from '../../api/modules/file/create-storage';
import { LogSmsDriver } from '../../api/modules/sms/sms.driver';
import { encryptPassword } from '../../api/modules/account/password';
import { seedReferenceData } from '../../api/db/seed/index';
import { createTestDb, type TestDb, FAST_PASSWORD_HASH } from './db';
import { nextVisitorAddress } from './visitors';

export interface SmsLine { mobile: string; code: string; purpose: string }

export interface AccountsApi {
  app: FastifyInstance;
  testDb: TestDb;
  sms: SmsLine[];
  enc(clear: string): string;
  /** The code of the newest SMS sent to this phone. */
  lastCode(mobile: string): string;
  post<T = unknown>(url: string, body?: unknown, token?: string): Promise<{ status: number; body: { code: number; message: string; data: T } }>;
  get<T = unknown>(url: string, token?: string): Promise<{ status: number; body: { code: number; message: string; data: T } }>;
  /** Registers and signs in a user; returns the token. */
  signUp(mobile: string, password?: string, userType?: 1 | 2 | 3): Promise<string>;
  close(): Promise<void>;
}

/** `env`: settings beyond the test defaults (SWEEP_EXPIRED_MS, say). */
export async function createAccountsApi(dialect: DialectName, env: Record<string, string> = {}): Promise<AccountsApi> {
  const testDb = await createTestDb(dialect);
  const config = loadConfig({ ...FAST_PASSWORD_HASH, DATA_DIR: testDb.dir, LOG_LEVEL: 'silent', ...env }, []);
  const sms: SmsLine[] = [];
  const driver = new LogSmsDriver({ warn: (obj) => { sms.push((obj as { sms: SmsLine }).sms); } });
  const deps = { config, db: testDb.db, storage: createStorageDriver(config), sms: driver };
  await seedReferenceData(deps);
  const app = await buildApiApp({ deps });
  const enc = (clear: string) => encryptPassword(clear, config.passwordAesKey);
  const headers = (token?: string) => ({ 'x-lang': 'en', ...(token ? { 'x-token': token } : {}) });
  const api: AccountsApi = {
    app, testDb, sms, enc,
    lastCode(mobile) {
      const line = [...sms].reverse().find((l) => l.mobile === mobile);
      if (!line) throw new Error(`no SMS was logged for ${mobile}`);
      return line.code;
    },
    async post(url, body, token) {
      const res = await app.inject({ method: 'POST', url, payload: body ?? {}, headers: headers(token), remoteAddress: nextVisitorAddress() });
      return { status: res.statusCode, body: res.json() };
    },
    async get(url, token) {
      const res = await app.inject({ method: 'GET', url, headers: headers(token), remoteAddress: nextVisitorAddress() });
      return { status: res.statusCode, body: res.json() };
    },
    async signUp(mobile, password = 'lace2026', userType = 3) {
      const sent = await api.post('/front/user/getRegSMSCode', { mobile });
      if (sent.body.code !== 0) throw new Error(`getRegSMSCode: ${sent.body.message}`);
      const reg = await api.post('/front/user/reg', { mobile, password: enc(password), confirmPassword: enc(password), smsCode: api.lastCode(mobile), userType });
      if (reg.body.code !== 0) throw new Error(`reg: ${reg.body.message}`);
      const login = await api.post<{ token: string }>('/front/user/login', { mobile, password: enc(password) });
      if (login.body.code !== 0) throw new Error(`login: ${login.body.message}`);
      return login.body.data.token;
    },
    async close() {
      await app.close();
      await testDb.cleanup();
    },
  };
  return api;
}
