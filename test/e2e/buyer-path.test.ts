// The buyer's path (issue 23), in Debian's Chromium: a new buyer registers from a product page and is
// signed in and back on it, its toasts clear of the search box and gone on the next page; then checks
// out adding and editing an address in a dialog on the order confirmation. No console error on the way.
// Then bulk buying on a product with a quantity ladder, and region names in English mode.
import fs from 'node:fs';
import t from 'tap';
import type { Page } from 'playwright-core';
import { hydrated, shoot, signIn, smsCodeFor, startSite } from '../helpers/e2e';

const site = await startSite({ products: 6 });
t.teardown(() => site.close());

const PASSWORD = 'lace2026';
const shots = 'tmp/e2e-buyer';
fs.mkdirSync(shots, { recursive: true });
let phone = 13912340001;
/** The buyer the first test registers; later tests sign in as them. */
let buyer = '';

/** Registers from the header's link on the current page; returns the phone used. */
async function registerFromHeader(page: Page, words: { register: string; designer: string; mobile: string; getCode: string; code: string; password: string; confirm: string }): Promise<string> {
  const mobile = String(phone++);
  await page.locator('a.user-nav__link', { hasText: words.register }).click();
  await page.waitForURL(/\/register\?redirect=/);
  await hydrated(page);
  await page.getByLabel(words.designer).check();
  await page.getByLabel(words.mobile).fill(mobile);
  await page.getByRole('button', { name: words.getCode }).click();
  await page.getByLabel(words.code).fill(await smsCodeFor(site, mobile));
  await page.getByLabel(words.password, { exact: true }).fill(PASSWORD);
  await page.getByLabel(words.confirm).fill(PASSWORD);
  await page.locator('main form button[type=submit]').click();
  return mobile;
}

/** The header search box's placeholder fits its box (measured in the box's own font), with the box's text. */
async function placeholderFits(page: Page): Promise<{ fits: boolean; text: string; need: number; room: number }> {
  return page.locator('#site-search').evaluate((el) => {
    const input = el as HTMLInputElement;
    const style = getComputedStyle(input);
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const need = Math.ceil(ctx.measureText(input.placeholder).width);
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { fits: need <= room, text: input.placeholder, need, room };
  });
}

const zhWords = { register: '注册', designer: '服装设计师', mobile: '手机号', getCode: '获取验证码', code: '短信验证码', password: '密码', confirm: '确认密码' };

t.test('a new buyer registers from a product page and is signed in, back on it', async (t) => {
  const { page, errors } = await site.newPage({ locale: 'zh-CN' });
  // The page's timers on Playwright's clock: paused below, so that a toast's own 3.5 s cannot run out
  // while a loaded machine is slow, and what removes a toast is the page change, never the clock.
  await page.clock.install();
  await page.goto(`${site.url}/flower`);
  const productPath = await page.locator('main a[href^="/flower/"]:not([href="/flower/custom"])').first().getAttribute('href');
  await page.goto(`${site.url}${productPath}`);
  await hydrated(page);
  const mobile = await registerFromHeader(page, zhWords);
  buyer = mobile;
  await page.clock.pauseAt(Date.now() + 500);
  await page.waitForURL(`${site.url}${productPath}`);
  t.pass('back on the product page');
  await page.locator('a.user-nav__greeting').waitFor();
  t.match(await page.locator('a.user-nav__greeting').textContent(), mobile.slice(-4), 'greeted: signed in without typing the password again');
  t.ok((await page.context().cookies()).find((c) => c.name === 'x-token')?.httpOnly, 'the session cookie was set');
  t.match(await page.locator('.toast').first().textContent(), '注册成功，已为您登录', 'the toast says so, over the page change');
  const fit = await placeholderFits(page);
  t.ok(fit.fits, `signed in, the search placeholder "${fit.text}" fits (${fit.need} ≤ ${fit.room} px)`);
  t.equal(await page.locator('.site-footer a', { hasText: '注册' }).count(), 0, 'the footer no longer offers to register');
  t.equal(await page.locator('.site-footer a', { hasText: /^登录$/ }).count(), 0, 'nor to sign in');
  t.equal(await page.locator('.site-footer a[href="/home/person/orderSample"]').count(), 1, 'it leads to my orders instead');

  // An error toast (no colour chosen yet) sits clear of the search box and goes with the next page.
  await page.locator('.add-to-cart__button').click();
  const toast = page.locator('.toast--error');
  await toast.waitFor();
  t.equal(await toast.textContent(), '请先选择色卡×', 'the error toast');
  const box = await toast.boundingBox();
  const search = await page.locator('#site-search').boundingBox();
  t.ok(box && search && (box.y > search.y + search.height || box.y + box.height < search.y), 'it does not cover the search box');
  await page.locator('.site-nav a', { hasText: '服装图库' }).click();
  await page.waitForURL(/\/clothesGallery$/);
  // The page's clock is paused: the toast's own timer cannot have removed it; the new page did.
  await page.locator('.toast').first().waitFor({ state: 'detached' });
  t.pass('a new page clears the old message');
  await page.clock.resume();
  t.same(errors, [], 'no console errors');
  await page.context().close();
});

t.test('checks out adding and editing an address in a dialog, without leaving the order', async (t) => {
  // A browser in New York: the times still show in China Standard Time, the same as the server rendered.
  const context = await site.browser.newContext({ locale: 'zh-CN', timezoneId: 'America/New_York', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error' || (m.type() === 'warning' && /hydrat/i.test(m.text()))) errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('response', (r) => { if (r.status() === 404) errors.push(`404 ${r.url()}`); });
  await page.goto(`${site.url}/flower`);
  const productPath = (await page.locator('main a[href^="/flower/"]:not([href="/flower/custom"])').nth(1).getAttribute('href'))!;
  await signIn(page, site.url, buyer, PASSWORD, productPath);

  // Bulk buying explains itself: minimum and unit, the price at the quantity typed, what happens next.
  const facts = page.locator('.add-to-cart__facts');
  t.match(await facts.locator('[data-fact="minimum"]').textContent(), /^1 份起，每个颜色最多 10 份$/, 'sample cut: minimum and unit');
  await page.locator('.add-to-cart__kinds label', { hasText: '大货' }).click();
  const quantity = page.locator('.add-to-cart input[type="text"], .add-to-cart input[type="number"]').first();
  t.equal(await quantity.inputValue(), '1', 'the quantity starts at the bulk minimum');
  t.match(await facts.locator('[data-fact="minimum"]').textContent(), /^1 (码|公斤|条)起，每个颜色最多 1,000,000 (码|公斤|条)$/, 'bulk: minimum in the product\'s unit');
  t.match(await facts.locator('[data-fact="next"]').textContent(), '卖家确认最终价格和定金', 'bulk: the seller confirms price and deposit first');
  await quantity.fill('120');
  await quantity.press('Enter');
  await page.locator('.add-to-cart__facts dt', { hasText: '按 120 ' }).waitFor();
  const listed = page.locator('.product__price .price__amount');
  // The same seed always gives this product the same price (or none): one of the two branches, every run.
  const expected = (await listed.count()) > 0 ? `¥${(Number((await listed.textContent())!.trim()) * 120).toFixed(2)}` : '价格面议';
  t.match(await facts.locator('[data-fact="price"]').textContent(), expected, 'the price at the quantity typed');
  await page.locator('.add-to-cart__kinds label', { hasText: '剪样' }).click();
  // The field shows the kind's minimum once the page has re-rendered after the click: wait for it (bounded),
  // then assert, so the check does not depend on how soon the machine gets there.
  await page.waitForFunction(() => (document.querySelector('.add-to-cart .stepper__input') as HTMLInputElement | null)?.value === '1', undefined, { timeout: 10_000 }).catch(() => undefined);
  t.equal(await quantity.inputValue(), '1', 'back to sample cuts: the quantity starts at its minimum again');

  await page.locator('.colours__card').first().click();
  await page.click('.add-to-cart__button');
  await page.locator('.cart-link__count', { hasText: '1' }).waitFor();
  await page.click('a.cart-link');
  await page.waitForURL(/\/shoppingCart/);
  await page.click('.cart-bar__checkout');
  await page.waitForURL(/\/confirmOrder/);
  await page.locator('#confirm-consignee').waitFor();
  const confirmUrl = page.url();
  t.match(await page.locator('#main').textContent(), '您还没有收货地址', 'no address yet');

  await page.locator('section[aria-labelledby="confirm-consignee"] button', { hasText: '新增收货地址' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await dialog.getByRole('button', { name: '保存' }).click();
  t.ok(await dialog.locator('.field__error').count() > 0, 'the same rules as the address book: empty fields are refused in place');
  await dialog.getByLabel('收货人').fill('林小姐');
  await dialog.getByLabel('手机号').fill('13800138777');
  await dialog.locator('#confirm-address-province').selectOption({ index: 1 });
  await page.waitForFunction(() => (document.getElementById('confirm-address-city') as HTMLSelectElement).options.length > 1);
  await dialog.locator('#confirm-address-city').selectOption({ index: 1 });
  await page.waitForFunction(() => (document.getElementById('confirm-address-district') as HTMLSelectElement).options.length > 1);
  await dialog.locator('#confirm-address-district').selectOption({ index: 1 });
  await dialog.getByLabel('详细地址').fill('花边路 1 号');
  await dialog.getByRole('button', { name: '保存' }).click();
  await dialog.waitFor({ state: 'detached' });
  t.equal(page.url(), confirmUrl, 'still on the order confirmation');
  const choice = page.locator('.address-choice');
  await choice.first().waitFor();
  t.match(await choice.first().textContent(), '林小姐', 'the new address is listed');
  t.ok(await page.locator('input[name="consignee"]').first().isChecked(), 'and chosen');

  // Editing works the same way, in place.
  await page.locator('.address-choices__edit').first().click();
  await dialog.waitFor();
  t.equal(await dialog.getByLabel('详细地址').inputValue(), '花边路 1 号', 'the form holds the address');
  await dialog.getByLabel('详细地址').fill('花边路 2 号');
  await dialog.getByRole('button', { name: '保存' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.locator('.address-choice', { hasText: '花边路 2 号' }).waitFor();
  t.equal(page.url(), confirmUrl, 'still on the order confirmation after editing');

  await page.click('.cart-bar__checkout');
  await page.waitForURL(/\/successSubmit/);
  await page.locator('.success__order').first().waitFor();
  t.pass('the order is placed');

  // The order, loaded afresh. The browser told the server its zone on its first page (the tz cookie), so
  // the server render and the hydrated page both show the buyer's New York time, labelled as theirs.
  t.equal((await context.cookies()).find((c) => c.name === 'tz')?.value, encodeURIComponent('America/New_York'), 'the browser told its zone');
  const detail = (await page.locator('.success__order a', { hasText: '查看订单' }).first().getAttribute('href'))!;
  const html = await (await context.request.get(`${site.url}${detail}`)).text();
  t.match(html, /（当地时间 UTC-[45]）/, 'the server renders the viewer\'s zone');
  await page.goto(`${site.url}${detail}`);
  await hydrated(page);
  const shown = (await page.locator('.trace__time').first().textContent())!;
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})（当地时间 UTC-([45])）$/.exec(shown);
  t.ok(m, `the time says its zone: ${shown}`);
  const asUtc = m ? Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5]) + Number(m[6]) * 3600_000 : 0;
  t.ok(Math.abs(Date.now() - asUtc) < 10 * 60_000, 'and it is New York time');
  t.match(await page.locator('.trace__time').first().getAttribute('title'), /^您的时区 America\/New_York（UTC-[45]）$/, 'its tooltip names the zone in full');

  // Without the cookie (a first visit, or a browser that runs no script) times are China Standard Time.
  await context.clearCookies({ name: 'tz' });
  const first = await (await context.request.get(`${site.url}${detail}`)).text();
  t.match(first, /\d{4}-\d{2}-\d{2} \d{2}:\d{2}（北京时间）/, 'China Standard Time by default, labelled');
  t.same(errors, [], 'no console errors (no hydration mismatch), no 404');
  await context.close();
});

t.test('bulk on a product with a quantity ladder: the quantity starts at its minimum, the price follows the ladder', async (t) => {
  // A product's seller gives it a ladder in metres: from 500 m ¥15.00, from 1,000 m ¥12.80, from 3,000 m ¥11.00.
  const product = await site.db.db.selectFrom('product').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
  const ladder = [{ from: 500, price: 1500 }, { from: 1000, price: 1280 }, { from: 3000, price: 1100 }];
  await site.db.db.updateTable('product').set({ bulk_ladder: JSON.stringify(ladder), unit: 400013 }).where('id', '=', product.id).execute();
  for (const [lang, width] of [['zh', 1280], ['en', 390]] as const) {
    const { page, errors } = await site.newPage({ locale: lang === 'zh' ? 'zh-CN' : 'en-GB', width });
    await page.goto(`${site.url}/flower/${product.id}?lang=${lang}`);
    await hydrated(page);
    t.equal(await page.locator('[data-testid="price-ladder"] tbody tr').count(), 3, `${lang}: the ladder table shows the three steps`);
    await page.locator('.add-to-cart__kinds label', { hasText: lang === 'zh' ? '大货' : 'Bulk' }).click();
    const quantity = page.locator('.add-to-cart .stepper__input');
    const facts = page.locator('.add-to-cart__facts');
    t.equal(await quantity.inputValue(), '500', `${lang}: the quantity starts at the ladder's minimum, not 1`);
    t.equal(await facts.locator('[data-fact="minimum"]').textContent(), lang === 'zh' ? '500 米起，每个颜色最多 1,000,000 米' : '500 metres and up, at most 1,000,000 metres per colour', `${lang}: minimum and unit`);
    t.equal(await facts.locator('[data-fact="price"]').textContent(), lang === 'zh' ? '¥7500.00（¥15.00/米）' : '¥7500.00 (¥15.00 per metre)', `${lang}: the first step's price at the minimum`);
    // Typed, not yet committed: the price follows what is in the field.
    await quantity.fill('1200');
    await facts.locator('[data-fact="price"]', { hasText: '12.80' }).waitFor();
    t.equal(await facts.locator('[data-fact="price"]').textContent(), lang === 'zh' ? '¥15360.00（¥12.80/米）' : '¥15360.00 (¥12.80 per metre)', `${lang}: at 1,200 m the step from 1,000 m applies`);
    t.equal(await facts.locator('dt').nth(1).textContent(), lang === 'zh' ? '按 1,200 米 计' : 'For 1,200 metres', `${lang}: it says for which quantity`);
    await quantity.fill('999');
    await facts.locator('[data-fact="price"]', { hasText: '15.00' }).waitFor();
    t.pass(`${lang}: 999 m is still priced at the first step`);
    await quantity.fill('200');
    await quantity.press('Enter');
    t.equal(await quantity.inputValue(), '500', `${lang}: below the minimum is raised to it`);
    t.match(await facts.locator('[data-fact="next"]').textContent(), lang === 'zh' ? '卖家确认最终价格和定金' : 'the seller confirms the final price and the deposit', `${lang}: what happens next for bulk`);
    await quantity.fill('1200');
    await facts.locator('[data-fact="price"]', { hasText: '12.80' }).waitFor();
    await shoot(page, shots, `product-ladder-${lang}`, 390);
    t.same(errors, [], `${lang}: no console errors`);
    await page.context().close();
  }
});

t.test('sees English region names in English mode: the picker, the address book, checkout and the order', async (t) => {
  const { page, errors } = await site.newPage({ locale: 'en-GB', width: 390 });
  await page.goto(`${site.url}/?lang=en`);
  await signIn(page, site.url, buyer, PASSWORD, '/home/person/address');
  t.equal(await page.locator('a.user-nav__greeting').textContent(), `Hello, User ${buyer.slice(-4)}`, 'the default nickname in English too');
  // Signed in, the header's search box still shows its whole placeholder, on a phone and on a desktop.
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    const fit = await placeholderFits(page);
    t.ok(fit.fits, `${width} px: "${fit.text}" fits (${fit.need} ≤ ${fit.room} px)`);
  }
  await page.setViewportSize({ width: 390, height: 800 });
  // The address the first test saved in Chinese (北京市 北京市 东城区) is listed in English.
  const where = page.locator('.address__where');
  await where.first().waitFor();
  t.equal(await where.first().textContent(), 'Beijing, Dongcheng District 花边路 2 号', 'the address book in English');

  await page.getByRole('button', { name: 'Add an address' }).click();
  const form = page.locator('form.address-form');
  await form.getByLabel('Recipient').fill('Ms Lin');
  await form.getByLabel('Mobile number').fill('13800138778');
  const province = form.locator('select[name="provinceCode"]');
  t.match(await province.locator('option').allTextContents(), ['Choose a province', 'Beijing', 'Tianjin', 'Hebei', 'Shanxi', 'Inner Mongolia'], 'the picker lists provinces in English');
  await province.selectOption({ label: 'Guangdong' });
  const city = form.locator('select[name="cityCode"]');
  await city.locator('option', { hasText: 'Chaozhou' }).waitFor({ state: 'attached' });
  await city.selectOption({ label: 'Chaozhou' });
  const district = form.locator('select[name="districtCode"]');
  await district.locator('option', { hasText: 'Xiangqiao District' }).waitFor({ state: 'attached' });
  t.same(await district.locator('option').allTextContents(), ['Choose a district', 'Xiangqiao District', "Chao'an District", 'Raoping County'], 'cities and districts too');
  await district.selectOption({ label: 'Xiangqiao District' });
  await form.getByLabel('Street address').fill('1 Lace Road');
  await form.getByRole('button', { name: 'Save' }).click();
  await page.locator('.address__where', { hasText: 'Guangdong, Chaozhou, Xiangqiao District 1 Lace Road' }).waitFor();
  t.pass('the new address is listed in English');
  await shoot(page, shots, 'address-en', 390);

  // Checkout lists the addresses in English.
  await page.goto(`${site.url}/flower`);
  const productPath = (await page.locator('main a[href^="/flower/"]:not([href="/flower/custom"])').first().getAttribute('href'))!;
  await page.goto(`${site.url}${productPath}`);
  await hydrated(page);
  await page.locator('.colours__card').first().click();
  await page.click('.add-to-cart__button');
  await page.locator('.add-to-cart__go').waitFor();
  await page.goto(`${site.url}/shoppingCart`);
  await hydrated(page);
  await page.click('.cart-bar__checkout');
  await page.waitForURL(/\/confirmOrder/);
  await page.locator('.address-choice').first().waitFor();
  const choices = await page.locator('.address-choice__where').allTextContents();
  t.ok(choices.includes('Beijing, Dongcheng District 花边路 2 号') && choices.includes('Guangdong, Chaozhou, Xiangqiao District 1 Lace Road'), `checkout's addresses in English: ${choices.join(' | ')}`);
  t.equal(await page.locator('.cart-bar__total').textContent(), 'Total: Free', 'English punctuation: no space before the colon');
  t.notMatch(await page.locator('main').textContent(), /[：，]| :/, 'no Chinese colon or comma, no space before a colon, on the English page');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    const edit = (await page.locator('.address-choices__edit').first().boundingBox())!;
    const badge = (await page.locator('.address-choice__who .badge').first().boundingBox())!;
    t.ok(badge.x + badge.width <= edit.x || badge.y + badge.height <= edit.y || edit.y + edit.height <= badge.y, `${width} px: "Edit address" clear of the default badge`);
  }
  await shoot(page, shots, 'confirm-order-en', 390);

  // The order placed in the second test keeps its address in Chinese; its page reads it in English.
  await page.goto(`${site.url}/home/person/orderSample`);
  await hydrated(page);
  t.equal(await page.locator('h1.orders__title').textContent(), 'Sample cut orders', 'the page says what its menu entry says');
  t.equal(await page.locator('.person__menu a[href="/home/person/orderSample"]').textContent(), 'Sample cut orders', 'the menu entry');
  const detail = (await page.locator('a[href^="/home/person/orderDetail"], a[href*="orderDetail"]').first().getAttribute('href'))!;
  await page.goto(`${site.url}${detail}`);
  await hydrated(page);
  t.match(await page.locator('main').textContent(), 'Beijing, Dongcheng District 花边路 2 号', 'the order\'s address in English');
  await shoot(page, shots, 'order-detail-en', 390);
  t.same(errors, [], 'no console errors');
  await page.context().close();
});
