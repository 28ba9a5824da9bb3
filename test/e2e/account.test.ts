// A new person, in Debian's Chromium: registers with the code from the log driver (which signs in), adds two
// addresses with the region picker, makes the second the default, signs out, and is sent to /login from
// the address page, then comes back to it after signing in again. No console error on the way.
import t from 'tap';
import type { Page } from 'playwright-core';
import { hydrated, smsCodeFor, startSite } from '../helpers/e2e';

const site = await startSite({ products: 4 });
t.teardown(() => site.close());

const MOBILE = '13912345678';
const PASSWORD = 'lace2026';

/** Picks the first option of each region level that loads (cities and districts come from the api). */
async function pickRegion(page: Page, prefix: string, index: number) {
  await page.selectOption(`#${prefix}-province`, { index });
  await page.waitForFunction((id) => (document.getElementById(id) as HTMLSelectElement).options.length > 1, `${prefix}-city`);
  await page.selectOption(`#${prefix}-city`, { index: 1 });
  // The first cities of the first provinces all have districts.
  await page.waitForFunction((id) => (document.getElementById(id) as HTMLSelectElement).options.length > 1, `${prefix}-district`);
  await page.selectOption(`#${prefix}-district`, { index: 1 });
}

t.test('register (signed in), two addresses, a default, sign out, guarded', async (t) => {
  const { page, errors } = await site.newPage({ locale: 'zh-CN' });

  // Register: the page checks the rules before sending anything.
  await page.goto(`${site.url}/register`);
  await hydrated(page);
  await page.getByRole('button', { name: '注册' }).click();
  t.equal(await page.locator('.field__error').first().textContent(), '请选择我的身份', 'the type must be chosen');
  await page.getByLabel('服装设计师').check();
  await page.getByLabel('手机号').fill('1231');
  await page.getByRole('button', { name: '获取验证码' }).click();
  t.match(await page.locator('#' + (await page.getByLabel('手机号').getAttribute('aria-describedby'))).textContent(), '请输入正确的手机号', 'the mobile rule, in the form');
  await page.getByLabel('手机号').fill(MOBILE);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.getByRole('button', { name: /秒后重发/ }).waitFor();
  t.pass('the code button counts down');
  t.match(await page.locator('.toast').first().textContent(), '验证码已发送', 'the api message is a toast');
  await page.getByLabel('短信验证码').fill(await smsCodeFor(site, MOBILE));
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByLabel('确认密码').fill('lace2027');
  await page.getByRole('button', { name: '注册' }).click();
  t.match(await page.locator('.field--invalid .field__error').textContent(), '两次输入的密码不一致', 'passwords must match');
  await page.getByLabel('确认密码').fill(PASSWORD);
  await page.getByLabel('昵称').fill('小林');
  await page.getByRole('button', { name: '注册' }).click();
  // Registering signs in (issue 23): straight back to the home page, greeted, no password typed again.
  await page.waitForURL(`${site.url}/`);
  const greeting = page.locator('a.user-nav__greeting');
  await greeting.waitFor();
  t.match(await greeting.textContent(), '小林', 'the header greets by nickname');
  const cookies = await page.context().cookies();
  t.ok(cookies.find((c) => c.name === 'x-token')?.httpOnly, 'the token cookie is HttpOnly');
  t.notOk(await page.evaluate(() => document.cookie.includes('x-token')), 'page scripts cannot read the token');

  // To the address book by client navigation.
  await greeting.click();
  await page.waitForURL(/\/home\/person$/);
  await page.locator('.person__menu a[data-menu-key="address"]').click();
  await page.waitForURL(/\/home\/person\/address$/);
  await page.getByText('还没有收货地址').waitFor();

  for (const [i, who] of [[1, '林小姐'], [2, '王先生']] as const) {
    await page.getByRole('button', { name: '新增收货地址' }).click();
    await page.getByLabel('收货人').fill(who);
    await page.getByLabel('手机号').fill(`1380013800${i}`);
    await pickRegion(page, 'address-new', i);
    await page.getByLabel('详细地址').fill(`花边路 ${i} 号`);
    await page.getByRole('button', { name: '保存' }).click();
    await page.locator('li.address').nth(i - 1).waitFor();
  }
  t.equal(await page.locator('li.address').count(), 2, 'two addresses listed');
  t.match(await page.locator('li.address--default').textContent(), '林小姐', 'the first address became the default');

  await page.locator('li.address', { hasText: '王先生' }).getByRole('button', { name: '设为默认' }).click();
  await page.locator('li.address--default', { hasText: '王先生' }).waitFor();
  t.equal(await page.locator('li.address--default').count(), 1, 'one default address');
  t.match(await page.locator('li.address').first().textContent(), '王先生', 'the default is listed first');

  // Delete asks first; cancelling keeps the address.
  await page.locator('li.address', { hasText: '林小姐' }).getByRole('button', { name: '删除' }).click();
  await page.getByRole('dialog').waitFor();
  await page.getByRole('dialog').getByRole('button', { name: '取消' }).click();
  t.equal(await page.locator('li.address').count(), 2, 'cancel keeps both');

  // Sign out; the personal page sends the guest to /login and back after signing in.
  await page.getByRole('button', { name: '退出登录' }).click();
  await page.waitForURL(`${site.url}/`);
  await page.locator('a.user-nav__link', { hasText: '登录' }).waitFor();
  t.notOk((await page.context().cookies()).some((c) => c.name === 'x-token'), 'the token cookie is gone');
  await page.goto(`${site.url}/home/person/address`);
  await page.waitForURL(/\/login\?redirect=%2Fhome%2Fperson%2Faddress$/);
  t.pass('a guest on the address page is sent to /login');
  await hydrated(page);
  await page.getByLabel('手机号').fill(MOBILE);
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: '登录' }).click();
  await page.waitForURL(/\/home\/person\/address$/);
  await page.locator('li.address').nth(1).waitFor();
  t.pass('signed in again, back on the address page');

  t.same(errors, [], 'no console errors');
  await page.context().close();
});

t.test('an ended session on client navigation signs out and returns after signing in', async (t) => {
  const { page, errors } = await site.newPage({ locale: 'en-US' });
  await page.goto(`${site.url}/login?lang=en`);
  await hydrated(page);
  await page.getByLabel('Mobile number').fill(MOBILE);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${site.url}/`);
  // The session ends at the api (as after 7 days): the next page's call answers 210018.
  const token = (await page.context().cookies()).find((c) => c.name === 'x-token')!;
  await fetch(`${site.apiUrl}/front/user/loginOut`, { method: 'POST', headers: { 'x-token': token.value, 'content-type': 'application/json' }, body: '{}' });
  await page.locator('a.user-nav__greeting').click();
  await page.waitForURL(/\/login\?redirect=%2Fhome%2Fperson$/);
  await page.locator('a.user-nav__link', { hasText: 'Sign in' }).waitFor();
  t.notOk((await page.context().cookies()).some((c) => c.name === 'x-token'), 'the cookies were cleared');
  t.same(errors.filter((e) => !/401/.test(e)), [], 'no console errors (the 401 of the expired call aside)');
  await page.context().close();
});
