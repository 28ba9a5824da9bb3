// End-to-end set-up: the real api (seeded SQLite, log SMS driver) and the real web service on loopback
// ports, and Debian's Chromium driven by playwright-core.
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { loadConfig, testEnv } from '../../config/index';
import { encryptPassword } from '../../api/modules/account/password';
import { buildApiApp } from '../../api/app';
import { createStorageDriver } from '../../api/modules/file/create-storage';
import { LogSmsDriver } from '../../api/modules/sms/sms.driver';
import { seedDemoData } from '../../api/db/seed/index';
import { buildWebApp } from '../../server/app';
import { createTestDb, FAST_PASSWORD_HASH } from './db';
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
  /** more settings of both services (e.g. AMAP_KEY) */
  apiEnv?: Record<string, string>;
}

export async function startSite(opts: SiteOptions = {}): Promise<Site> {
  const testDb = await createTestDb('sqlite');
  // Suites that do not search by photo leave the catalogue unindexed, so the CPU goes to what they test.
  const apiConfig = loadConfig({ ...FAST_PASSWORD_HASH, DATA_DIR: testDb.dir, LOG_LEVEL: 'silent', API_PORT: '3001', IMAGE_INDEX_ON_START: opts.imageSearch ? 'true' : 'false', ...opts.apiEnv }, []);
  const sms: SmsLine[] = [];
  const deps = { config: apiConfig, db: testDb.db, storage: createStorageDriver(apiConfig), sms: new LogSmsDriver({ warn: (obj) => { sms.push((obj as { sms: SmsLine }).sms); } }), ...(opts.imageSearch ? { imageSearch: opts.imageSearch } : {}) };
  await seedDemoData(deps, { products: opts.products ?? 24 });
  const api = await buildApiApp({ deps });
  await api.listen({ host: '127.0.0.1', port: 0 });
  const apiUrl = `http://127.0.0.1:${(api.server.address() as AddressInfo).port}`;
  if (opts.waitForImageIndexMs) await waitForImageIndex(apiUrl, opts.waitForImageIndexMs);
  const webConfig = loadConfig({ DATA_DIR: testDb.dir, LOG_LEVEL: 'silent', API_URL: apiUrl, PORT: '0', HOST: '127.0.0.1', ...opts.apiEnv }, []);
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

/** Resolves when the page has hydrated (the client sets data-hydrated on <html>). */
export const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');

/** Signs in through the login page with its `redirect`, and waits until `back` has hydrated. */
export async function signIn(page: Page, siteUrl: string, mobile: string, password: string, back: string): Promise<void> {
  await page.goto(`${siteUrl}/login?redirect=${encodeURIComponent(back)}`, { waitUntil: 'networkidle' });
  await hydrated(page);
  await page.fill('input[name="mobile"]', mobile);
  await page.fill('input[name="password"]', password);
  await page.click('main form button[type="submit"]');
  await page.waitForURL((u) => u.pathname === back.split('?')[0]);
  await hydrated(page);
}

/** Full-page screenshots at 1280 px and `narrow` px of what the page shows now, into `dir` as name-1280.png and name-<narrow>.png. */
export async function shoot(page: Page, dir: string, name: string, narrow: number): Promise<void> {
  // from the top, with no control focused (a focused skip link or a scrolled sticky header is not the page)
  await page.evaluate(() => { (document.activeElement as HTMLElement | null)?.blur(); window.scrollTo(0, 0); });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: path.join(dir, `${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: narrow, height: narrow === 360 ? 780 : 800 });
  await page.waitForTimeout(150);
  await page.screenshot({ path: path.join(dir, `${name}-${narrow}.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The SMS code the site's log driver last sent to `mobile` (waits up to 5 s for it). */
export async function smsCodeFor(site: Site, mobile: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const line = [...site.sms].reverse().find((l) => l.mobile === mobile);
    if (line) return line.code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no SMS logged for ${mobile}`);
}

/** A POST straight to the site's api, in English. */
export async function apiPost<T>(site: Site, url: string, body: unknown): Promise<{ code: number; message: string; data: T }> {
  const res = await fetch(`${site.apiUrl}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-lang': 'en' }, body: JSON.stringify(body) });
  return (await res.json()) as { code: number; message: string; data: T };
}

/** Registers a user through the api (the SMS code read from the log driver) and answers their id. */
export async function registerByApi(site: Site, mobile: string, password: string, userType: 1 | 2 | 3): Promise<number> {
  const sent = await apiPost(site, '/front/user/getRegSMSCode', { mobile });
  if (sent.code !== 0) throw new Error(sent.message);
  const enc = encryptPassword(password, loadConfig({}, []).passwordAesKey);
  const reg = await apiPost(site, '/front/user/reg', { mobile, password: enc, confirmPassword: enc, smsCode: await smsCodeFor(site, mobile), userType });
  if (reg.code !== 0) throw new Error(reg.message);
  const login = await apiPost<{ user: { id: number } }>(site, '/front/user/login', { mobile, password: enc });
  return login.data.user.id;
}
