// Settlement end to end in Debian's Chromium: a new manufacturer registers, applies at /settle/apply with
// two images, the demo operator approves in the console, the applicant gets the message, opens the shop
// manager from it and sees the orders page. A buyer and a guest are refused /platform on the server
// render and on client navigation. Screenshots at 1280 and 390 go to tmp/e2e-settlement/.
import t from 'tap';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { DEMO_PASSWORD } from '../../api/db/seed/demo-accounts';
import { Codes } from '../../isomorphic/domain/codes';
import { codeMessages } from '../../isomorphic/domain/code-messages';
import { hydrated, registerByApi, shoot, signIn, startSite } from '../helpers/e2e';

const SHOTS = path.resolve('tmp/e2e-settlement');
fs.mkdirSync(SHOTS, { recursive: true });
const site = await startSite({ products: 12 });
t.teardown(() => site.close());

async function imageFile(name: string, colour: string): Promise<string> {
  const file = path.join(SHOTS, name);
  await sharp({ create: { width: 320, height: 240, channels: 3, background: colour } }).png().toFile(file);
  return file;
}

t.test('a new manufacturer applies, the operator approves, the seller opens the shop manager', async (t) => {
  const mobile = '13800138701';
  await registerByApi(site, mobile, DEMO_PASSWORD, 1);
  const { page, errors } = await site.newPage({ locale: 'zh-CN' });
  await signIn(page, site.url, mobile, DEMO_PASSWORD, '/settle/apply');
  await page.fill('input[name="companyName"]', '潮阳谷饶新花边厂');
  await page.fill('input[name="abbreviation"]', '谷饶新厂');
  await page.fill('input[name="mainBusiness"]', '经编花边');
  await page.fill('textarea[name="intro"]', '专注经编蕾丝十年');
  // Submitting empty documents and no agreement shows the rules' own messages.
  await page.click('main form button[type="submit"]');
  t.ok(await page.getByText(codeMessages[Codes.SETTLE_LICENCE].zh).isVisible(), 'the licence is required');
  t.ok(await page.getByText(codeMessages[Codes.SETTLE_AGREEMENT].zh).isVisible(), 'the agreement is required');
  await page.selectOption('select[name="landId"]', { index: 1 });
  await page.selectOption('#settle-region-province', '44');
  await page.waitForFunction(() => ((document.querySelector('#settle-region-city') as HTMLSelectElement | null)?.options.length ?? 0) > 1);
  await page.selectOption('#settle-region-city', '4405');
  await page.fill('input[name="address"]', '谷饶镇工业区 18 号');
  const inputs = page.locator('input[type="file"]');
  await inputs.nth(0).setInputFiles(await imageFile('licence.png', '#d8c3a5'));
  await page.locator('[data-field="licence"] img').waitFor();
  await inputs.nth(1).setInputFiles(await imageFile('company.png', '#8c5a62'));
  await page.locator('[data-field="company-image"] img').waitFor();
  await page.fill('input[name="remark"]', '请尽快审核');
  await page.check('input[name="agreed"]');
  await shoot(page, SHOTS, 'apply-form', 390);
  await page.click('main form button[type="submit"]');
  await page.locator('[data-settle-status="submitted"]').waitFor();
  await shoot(page, SHOTS, 'apply-submitted', 390);

  // The demo operator approves in the console.
  const op = await site.newPage({ locale: 'en-US' });
  await signIn(op.page, site.url, '13800000009', DEMO_PASSWORD, '/platform');
  await op.page.locator('[data-application] a').first().click();
  await op.page.waitForURL(/\/platform\/settlement\/\d+$/);
  await op.page.locator('.console-docs img').nth(1).waitFor();
  t.equal(await op.page.locator('.console-docs img').count(), 2, 'both documents are shown');
  t.equal(await op.page.locator('.console__tab.is-active').textContent(), 'Settlement queue', 'an application keeps the queue\'s tab lit');
  await shoot(op.page, SHOTS, 'console-application', 390);
  await op.page.click('[data-decide="approve"]');
  await op.page.getByText('Decided: Approved').waitFor();
  await op.page.goto(`${site.url}/platform/audit`, { waitUntil: 'networkidle' });
  t.ok(await op.page.locator('[data-audit="settlement.approve"]').count() >= 1, 'the approval is in the audit log');
  await shoot(op.page, SHOTS, 'console-audit', 390);

  // The operator opens a new lace-industry area; a too-short name is refused with the rule's message first.
  await op.page.click('.console__tabs a[href="/platform/lands"]');
  await op.page.waitForURL((u) => u.pathname === '/platform/lands');
  await op.page.locator('tr[data-land]').first().waitFor();
  const areasBefore = await op.page.locator('tr[data-land]').count();
  await op.page.click('[data-land-add]');
  await op.page.fill('[data-land-form="new"] input[name="name"]', '澄');
  await op.page.click('[data-land-form="new"] button[type="submit"]');
  t.ok(await op.page.getByText(codeMessages[Codes.PLATFORM_LAND_NAME].en).isVisible(), 'the area name rule is shown');
  await op.page.fill('[data-land-form="new"] input[name="name"]', '汕头澄海');
  await op.page.fill('[data-land-form="new"] input[name="nameEn"]', 'Chenghai, Shantou (Guangdong)');
  await op.page.selectOption('#land-new-province', '44');
  await op.page.waitForFunction(() => ((document.querySelector('#land-new-city') as HTMLSelectElement | null)?.options.length ?? 0) > 1);
  await op.page.selectOption('#land-new-city', '4405');
  await op.page.fill('[data-land-form="new"] input[name="speciality"]', '绣花花边');
  await op.page.fill('[data-land-form="new"] input[name="specialityEn"]', 'Embroidered lace');
  await shoot(op.page, SHOTS, 'console-lands-form', 390);
  await op.page.click('[data-land-form="new"] button[type="submit"]');
  await op.page.getByRole('cell', { name: 'Chenghai, Shantou (Guangdong)' }).waitFor();
  t.equal(await op.page.locator('tr[data-land]').count(), areasBefore + 1, 'the new area is listed');
  await shoot(op.page, SHOTS, 'console-lands', 390);

  // The applicant sees the message (the bell is in the first HTML), opens it and reaches the shop manager.
  await page.goto(`${site.url}/`, { waitUntil: 'networkidle' });
  const unread = await page.locator('.user-nav__bell').getAttribute('data-unread');
  t.ok(Number(unread) >= 1, 'the bell shows the unread message');
  await page.click('.user-nav__bell');
  await page.waitForURL(/\/home\/person\/messages/);
  await page.locator('[data-notice-kind="settlementApproved"]').waitFor();
  await shoot(page, SHOTS, 'messages', 390);
  await page.locator('[data-notice-kind="settlementApproved"] a').click();
  await page.waitForURL((u) => u.pathname === '/home/shopManage');
  await page.locator('[data-nav="my-shop"]').waitFor();
  await page.click('[data-menu-key="orderBulk"]');
  await page.waitForURL((u) => u.pathname === '/home/shopManage/orderBulk');
  await shoot(page, SHOTS, 'shop-orders', 390);
  t.same(errors, [], 'no console errors');
});

t.test('a buyer and a guest are refused /platform, on the server render and on client navigation', async (t) => {
  const guest = await site.newPage({ locale: 'zh-CN' });
  await guest.page.goto(`${site.url}/platform`, { waitUntil: 'networkidle' });
  t.equal(new URL(guest.page.url()).pathname, '/login', 'a guest is sent to sign in');
  await hydrated(guest.page);
  await guest.page.evaluate(() => { history.pushState({}, '', '/platform'); dispatchEvent(new PopStateEvent('popstate')); });
  await guest.page.waitForURL((u) => u.pathname === '/login');
  t.pass('and again on client navigation');

  const buyer = await site.newPage({ locale: 'zh-CN' });
  await signIn(buyer.page, site.url, '13800000003', DEMO_PASSWORD, '/home/person/info');
  const res = await buyer.page.goto(`${site.url}/platform`, { waitUntil: 'networkidle' });
  t.equal(res?.status(), 403, 'the server render refuses a buyer');
  t.ok(await buyer.page.getByText(codeMessages[Codes.FORBIDDEN].zh).isVisible());
  await buyer.page.goto(`${site.url}/`, { waitUntil: 'networkidle' });
  await hydrated(buyer.page);
  await buyer.page.evaluate(() => { history.pushState({}, '', '/platform/companies'); dispatchEvent(new PopStateEvent('popstate')); });
  await buyer.page.getByText(codeMessages[Codes.FORBIDDEN].zh).waitFor();
  t.equal(await buyer.page.locator('[data-console="platform"]').count(), 0, 'no console on client navigation either');
  await shoot(buyer.page, SHOTS, 'console-refused', 390);
});
