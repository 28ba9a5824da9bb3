// The catalogue as a person uses it, in Debian's Chromium: filter a gallery and land on its URL, search
// in Chinese and in English with highlighted results, collect a pattern and find it in the personal
// centre, upload two images with the control. Screenshots go to tmp/screens/ for a person to look at.
import fs from 'node:fs';
import path from 'node:path';
import t from 'tap';
import sharp from 'sharp';
import type { Page as PwPage } from 'playwright-core';
import type { Page, ProductSummary } from '../../isomorphic/contracts/common';
import { loadConfig } from '../../config/index';
import { encryptPassword } from '../../api/modules/account/password';
import { startSite } from '../helpers/e2e';

const site = await startSite({ products: 30 });
t.teardown(() => site.close());

const SCREENS = path.resolve('tmp/screens');
fs.mkdirSync(SCREENS, { recursive: true });
const aesKey = loadConfig({}, []).passwordAesKey;

const hydrated = (page: PwPage) => page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');

async function apiPost<T>(url: string, body: unknown): Promise<{ code: number; message: string; data: T }> {
  const res = await fetch(`${site.apiUrl}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return (await res.json()) as { code: number; message: string; data: T };
}

/** A new buyer registered through the api; the code comes from the SMS log. */
async function registerBuyer(mobile: string, password: string): Promise<void> {
  const sent = await apiPost('/front/user/getRegSMSCode', { mobile });
  if (sent.code !== 0) throw new Error(`getRegSMSCode: ${sent.message}`);
  const code = [...site.sms].reverse().find((l) => l.mobile === mobile)?.code;
  const enc = encryptPassword(password, aesKey);
  const reg = await apiPost('/front/user/reg', { mobile, password: enc, confirmPassword: enc, smsCode: code, userType: 3 });
  if (reg.code !== 0) throw new Error(`reg: ${reg.message}`);
}

/** Signs in through the web's /api proxy from inside the page, so the browser holds the session cookie. */
async function signIn(page: PwPage, mobile: string, password: string): Promise<void> {
  await page.goto(`${site.url}/`, { waitUntil: 'networkidle' });
  const code = await page.evaluate(async ({ mobile, password }) => {
    const res = await fetch('/api/front/user/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mobile, password }) });
    return ((await res.json()) as { code: number }).code;
  }, { mobile, password: encryptPassword(password, aesKey) });
  if (code !== 0) throw new Error(`login through the proxy answered ${code}`);
}

const list = (await (await fetch(`${site.apiUrl}/product/listLSKHomeProduct?pageNum=1&pageSize=30`)).json()) as { data: Page<ProductSummary> };
const products = list.data.list;

t.test('filtering a gallery lands on the filtered URL and shows only matching patterns', async (t) => {
  const { page, errors } = await site.newPage({ locale: 'zh-CN' });
  await page.goto(`${site.url}/flower`, { waitUntil: 'networkidle' });
  await hydrated(page);
  const option = page.locator('.filters__row').first().locator('.filters__option').nth(1);
  const label = (await option.textContent())?.trim();
  await option.click();
  await page.waitForURL(/\/flower\?patternType=\d+$/);
  const type = Number(new URL(page.url()).searchParams.get('patternType'));
  // The address changes as the navigation commits; wait for the filter row to re-render before reading it.
  await page.locator('.filters__row').first().locator('.filters__option.is-active', { hasText: label ?? '' }).waitFor({ timeout: 10_000 }).catch(() => undefined);
  t.equal(await page.locator('.filters__row').first().locator('.filters__option.is-active').textContent(), label, 'the chosen type is marked');
  const ids = await page.locator('.card__link').evaluateAll((els) => els.map((e) => Number(e.getAttribute('href')?.split('/').pop())));
  t.ok(ids.length > 0, 'patterns shown');
  for (const id of ids) {
    const p = products.find((x) => x.id === id);
    if (p) t.equal(p.patternType, type, `pattern ${id} has the chosen type`);
  }
  await page.fill('#price-min', '1');
  await page.fill('#price-max', '500');
  await page.click('.filters__apply');
  await page.waitForURL(new RegExp(`/flower\\?patternType=${type}&priceMin=1&priceMax=500$`));
  t.pass('the price form lands on the normalised URL');
  await page.screenshot({ path: path.join(SCREENS, 'gallery-filtered-1280.png'), fullPage: true });
  t.same(errors, []);
  await page.context().close();
});

t.test('searching in Chinese and in English shows highlighted matches', async (t) => {
  for (const [locale, word] of [['zh-CN', '蕾丝'], ['en-US', 'lace']] as const) {
    const { page, errors } = await site.newPage({ locale });
    await page.goto(`${site.url}/`, { waitUntil: 'networkidle' });
    await hydrated(page);
    await page.fill('#site-search', word);
    await page.press('#site-search', 'Enter');
    await page.waitForURL((u) => u.pathname === '/homeSearch' && u.searchParams.get('keyword') === word);
    await page.locator('.search-results mark').first().waitFor();
    const marks = await page.locator('.search-results mark').allTextContents();
    t.ok(marks.length > 0, `${locale}: matches are marked`);
    t.ok(marks.every((m) => m.toLowerCase() === word), `${locale}: the marked words are the query (${marks.slice(0, 3).join(', ')})`);
    if (locale === 'zh-CN') await page.screenshot({ path: path.join(SCREENS, 'search-zh-1280.png'), fullPage: true });
    else await page.screenshot({ path: path.join(SCREENS, 'search-en-1280.png') });
    t.same(errors, []);
    await page.context().close();
  }
});

t.test('a guest who clicks collect is sent to sign in', async (t) => {
  const { page } = await site.newPage();
  await page.goto(`${site.url}/flower/${products[0].id}`, { waitUntil: 'networkidle' });
  await hydrated(page);
  await page.click('[data-collect="guest"]');
  await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('redirect') === `/flower/${products[0].id}`);
  t.pass('on /login with the way back');
  await page.context().close();
});

t.test('a signed-in buyer collects a pattern and finds it in the personal centre', async (t) => {
  await registerBuyer('13800001111', 'lace2026');
  const { page, errors } = await site.newPage();
  await signIn(page, '13800001111', 'lace2026');
  const target = products[2];
  await page.goto(`${site.url}/flower/${target.id}`, { waitUntil: 'networkidle' });
  await hydrated(page);
  await page.click('[data-collect="off"]');
  await page.locator('[data-collect="on"]').waitFor();
  await page.reload({ waitUntil: 'networkidle' });
  t.equal(await page.locator('[data-collect="on"]').count(), 1, 'the collected state comes back from the server');
  await page.goto(`${site.url}/home/person/collectionProduct`, { waitUntil: 'networkidle' });
  await hydrated(page);
  t.equal(await page.locator(`.card__link[href="/flower/${target.id}"]`).count(), 1, 'the pattern is in the list');
  await page.click(`[data-unfollow="${target.id}"]`);
  await page.locator(`.card__link[href="/flower/${target.id}"]`).waitFor({ state: 'detached' });
  t.pass('removed from the list');
  t.same(errors, []);
  await page.context().close();
});

t.test('two images uploaded with the control are listed; the custom pattern page at 1280 and 360', async (t) => {
  await registerBuyer('13800002222', 'lace2026');
  const { page, errors } = await site.newPage();
  await signIn(page, '13800002222', 'lace2026');
  await page.goto(`${site.url}/flower/custom`, { waitUntil: 'networkidle' });
  await hydrated(page);
  const png = (colour: string) => sharp({ create: { width: 120, height: 90, channels: 3, background: colour } }).png().toBuffer();
  await page.setInputFiles('.upload__input', [
    { name: 'lace-a.png', mimeType: 'image/png', buffer: await png('#c89aa0') },
    { name: 'lace-b.png', mimeType: 'image/png', buffer: await png('#9ab0c8') },
  ]);
  await page.locator('.uploaded__item').nth(1).waitFor({ timeout: 15_000 });
  const names = await page.locator('.uploaded__name').allTextContents();
  t.same(names, ['lace-a.png', 'lace-b.png'], 'both images listed');
  const storeAs = await page.locator('.uploaded__item').evaluateAll((els) => els.map((e) => e.getAttribute('data-store-as') ?? ''));
  t.ok(storeAs.every((s) => /web-[0-9a-f]{32}\.png$/.test(s)), 'storeAs formed as SPEC §3 says');

  // Too many at once: the message, and nothing added.
  await page.setInputFiles('.upload__input', [
    { name: 'a.png', mimeType: 'image/png', buffer: await png('#111111') },
    { name: 'b.png', mimeType: 'image/png', buffer: await png('#222222') },
  ]);
  await page.locator('.upload__error').waitFor();
  t.match(await page.locator('.upload__error').textContent(), '最多只能上传 1 张图片');
  t.equal(await page.locator('.uploaded__item').count(), 2);

  // The page's own rules, then a request that goes through.
  await page.click('.custom__form button[type="submit"]');
  await page.locator('.field__error').first().waitFor();
  t.ok((await page.locator('.field__error').count()) >= 3, 'width, height and quantity are required');
  await page.screenshot({ path: path.join(SCREENS, 'custom-pattern-errors-1280.png'), fullPage: true });
  await page.fill('input[name="widthCm"]', '12.5');
  await page.fill('input[name="heightCm"]', '30');
  await page.fill('input[name="quantity"]', '200');
  await page.fill('#custom-remark', '白色，棉线');
  await page.click('.custom__form button[type="submit"]');
  await page.locator('.my-requests__item').first().waitFor({ timeout: 10_000 });
  t.match(await page.locator('.my-requests__item').first().textContent(), '12.5 × 30', 'the request is shown to the buyer');
  await page.screenshot({ path: path.join(SCREENS, 'custom-pattern-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: path.join(SCREENS, 'custom-pattern-360.png'), fullPage: true });
  t.same(errors, []);
  await page.context().close();
});

t.test('a filtered gallery and search results at 360 px', async (t) => {
  const { page, errors } = await site.newPage({ width: 360 });
  await page.goto(`${site.url}/flower?shape=200012&sort=popular`, { waitUntil: 'networkidle' });
  await hydrated(page);
  await page.screenshot({ path: path.join(SCREENS, 'gallery-filtered-360.png'), fullPage: true });
  await page.goto(`${site.url}/homeSearch?keyword=${encodeURIComponent('蕾丝')}`, { waitUntil: 'networkidle' });
  await page.screenshot({ path: path.join(SCREENS, 'search-zh-360.png'), fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  t.ok(overflow <= 0, `no sideways scrolling at 360 px (${overflow})`);
  t.same(errors, []);
  await page.context().close();
});
