// End-to-end set-up: the real api (seeded SQLite, log SMS driver) and the real web service on loopback
// ports, and Debian's Chromium driven by playwright-core.
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { loadConfig, testEnv } from '../../config/index';
import { buildApiApp } from '../../api/app';
import { createStorageDriver } from '../../api/modules/file/create-storage';
import { LogSmsDriver } from '../../api/modules/sms/sms.driver';
import { seedDemoData } from '../../api/db/seed/index';
import { buildWebApp } from '../../server/app';
import { createTestDb } from './db';
import type { Db } from '../../api/db/database';
import type { SmsLine } from './accounts';
import type { ImageSearchSettings } from '../../api/modules/search/image-search.settings';

export interface Site {
  url: string;
  apiUrl: string;
  sms: SmsLine[];
  /** The api's database, for set-up a page cannot do (e.g. making a user a company's seller). */
  db: Db;
  browser: Browser;
  /** A fresh browser context and page; console errors and page errors are collected in `errors`. */
  newPage(opts?: { locale?: string; javaScriptEnabled?: boolean; width?: number }): Promise<{ page: Page; errors: string[] }>;
  close(): Promise<void>;
}

export interface SiteOptions {
  products?: number;
  /** photo-search settings of the api (e.g. fewer views per picture so a test catalogue indexes quickly) */
  imageSearch?: Partial<ImageSearchSettings>;
  /** wait until GET /search/status says ready (the seeded catalogue is indexed); ms, 0 = do not wait */
  waitForImageIndexMs?: number;
}

export async function startSite(opts: SiteOptions = {}): Promise<Site> {
  const testDb = await createTestDb('sqlite');
  // Suites that do not search by photo leave the catalogue unindexed, so the CPU goes to what they test.
  const apiConfig = loadConfig({ DATA_DIR: testDb.dir, LOG_LEVEL: 'silent', API_PORT: '3001', IMAGE_INDEX_ON_START: opts.imageSearch ? 'true' : 'false' }, []);
  const sms: SmsLine[] = [];
  const deps = { config: apiConfig, db: testDb.db, storage: createStorageDriver(apiConfig), sms: new LogSmsDriver({ info: (obj) => { sms.push((obj as { sms: SmsLine }).sms); } }), ...(opts.imageSearch ? { imageSearch: opts.imageSearch } : {}) };
  await seedDemoData(deps, { products: opts.products ?? 24 });
  const api = await buildApiApp({ deps });
  await api.listen({ host: '127.0.0.1', port: 0 });
  const apiUrl = `http://127.0.0.1:${(api.server.address() as AddressInfo).port}`;
  if (opts.waitForImageIndexMs) await waitForImageIndex(apiUrl, opts.waitForImageIndexMs);
  const webConfig = loadConfig({ DATA_DIR: testDb.dir, LOG_LEVEL: 'silent', API_URL: apiUrl, PORT: '0', HOST: '127.0.0.1' }, []);
  const web = await buildWebApp({ config: webConfig, logger: false });
  await web.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(web.server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({
    executablePath: testEnv.chromiumPath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync'],
  });
  return {
    url,
    apiUrl,
    sms,
    db: testDb.db,
    browser,
    async newPage({ locale = 'zh-CN', javaScriptEnabled = true, width = 1280 } = {}) {
      const context = await browser.newContext({ locale, javaScriptEnabled, viewport: { width, height: 900 } });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
      page.on('pageerror', (e) => errors.push(String(e)));
      return { page, errors };
    },
    async close() {
      await browser.close();
      await web.close();
      await api.close();
      await testDb.cleanup();
    },
  };
}

/** Polls GET /search/status until the api says photo search is ready. */
export async function waitForImageIndex(apiUrl: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < until) {
    const body = (await (await fetch(`${apiUrl}/search/status`)).json()) as { data?: { ready?: boolean } };
    last = JSON.stringify(body.data);
    if (body.data?.ready) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`photo search not ready after ${timeoutMs} ms: ${last}`);
}
