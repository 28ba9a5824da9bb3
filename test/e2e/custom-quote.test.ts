// Custom requests reach sellers (issue 17, item 3), in Debian's Chromium: a new buyer sends a custom
// pattern request through /flower/custom; the demo manufacturer (whose shop sells lace patterns) finds it
// in the shop manager's menu and quotes; the buyer sees the quote in the personal centre and the message
// in the message centre. Screenshots of both new pages, in both languages, go to tmp/screens/.
import fs from 'node:fs';
import path from 'node:path';
import t from 'tap';
import sharp from 'sharp';
import { hydrated, registerByApi, shoot, signIn, startSite } from '../helpers/e2e';
import { ProductKind, ProductStatus } from '../../isomorphic/domain/catalogue';

const site = await startSite({ products: 24 });
t.teardown(() => site.close());
const SCREENS = path.resolve('tmp/screens');
fs.mkdirSync(SCREENS, { recursive: true });

const MAKER = '13800000001';
const BUYER = '13911110017';
const PASSWORD = 'lace2026';

t.test('a buyer\'s custom request is quoted by the demo manufacturer, and the buyer sees the quote and the message', async (t) => {
  // The demo manufacturer's shop must sell lace patterns for a pattern request to reach it.
  const db = site.db.db;
  const maker = await db.selectFrom('app_user').select(['company_id']).where('mobile', '=', MAKER).executeTakeFirstOrThrow();
  const sells = await db.selectFrom('product').select('id').where('company_id', '=', maker.company_id!).where('kind', '=', ProductKind.PATTERN).where('status', '=', ProductStatus.ON_SALE).execute();
  t.ok(sells.length > 0, 'the demo manufacturer has a lace pattern on sale');
  const company = await db.selectFrom('company').select(['name']).where('id', '=', maker.company_id!).executeTakeFirstOrThrow();
  await registerByApi(site, BUYER, PASSWORD, 3);

  // The buyer sends the request.
  const { page: buyer, errors: buyerErrors } = await site.newPage({ locale: 'zh-CN' });
  await signIn(buyer, site.url, BUYER, PASSWORD, '/flower/custom');
  const png = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#c89aa0' } }).png().toBuffer();
  await buyer.setInputFiles('.upload__input', [{ name: 'lace.png', mimeType: 'image/png', buffer: png }]);
  await buyer.locator('.uploaded__item').first().waitFor({ timeout: 15_000 });
  await buyer.fill('input[name="widthCm"]', '12.5');
  await buyer.fill('input[name="heightCm"]', '30');
  await buyer.fill('input[name="quantity"]', '200');
  await buyer.click('.custom__form button[type="submit"]');
  const sent = buyer.locator('.my-requests__item').first();
  await sent.waitFor({ timeout: 15_000 });
  const requestId = await sent.getAttribute('data-request-id');
  t.ok(requestId, 'the request is listed under the form');

  // The demo manufacturer finds it through the shop manager's menu and quotes.
  const { page: seller, errors: sellerErrors } = await site.newPage({ locale: 'zh-CN' });
  await signIn(seller, site.url, MAKER, PASSWORD, '/home/shopManage');
  await seller.click('[data-menu-key="customRequests"]');
  const item = seller.locator(`.seller-request[data-request-id="${requestId}"]`);
  await item.waitFor({ timeout: 15_000 });
  t.match(await item.textContent(), '12.5 × 30', 'the seller reads what was asked');
  t.equal(await item.locator('.seller-request__answer').getAttribute('data-answer'), '0', 'not answered yet');
  await item.locator('.record__actions button.button--primary').click();
  await item.locator('input[name="price"]').waitFor();
  await item.locator('input[name="price"]').fill('0');
  await item.locator('button[type="submit"]').click();
  await item.locator('.field__error').first().waitFor();
  t.match(await item.locator('.field__error').first().textContent(), '请填写正确的报价', 'the page checks the price first');
  await shoot(seller, SCREENS, 'shop-custom-quote-form-zh', 390);
  await item.locator('input[name="price"]').fill('125.5');
  await item.locator('input[name="leadDays"]').fill('15');
  await item.locator('input[name="note"]').fill('含打样一次');
  await item.locator('button[type="submit"]').click();
  await item.locator('.seller-request__answer[data-answer="1"]').waitFor({ timeout: 15_000 });
  t.match(await item.locator('.seller-request__answer').textContent(), '¥125.50', 'the quote is saved and shown');
  await shoot(seller, SCREENS, 'shop-custom-requests-zh', 390);

  // The buyer sees the quote in the personal centre, reached from its menu, and the message.
  await buyer.goto(`${site.url}/home/person`, { waitUntil: 'networkidle' });
  await hydrated(buyer);
  await buyer.click('[data-menu-key="customRequests"]');
  const mine = buyer.locator(`.my-requests__item[data-request-id="${requestId}"]`);
  await mine.locator('.quote').first().waitFor({ timeout: 15_000 });
  const quoteText = await mine.locator('.quote').first().textContent();
  t.match(quoteText, company.name, 'from the manufacturer');
  t.match(quoteText, '¥125.50，交期 15 天', 'with its price and lead time');
  t.match(await mine.locator('.my-requests__status').textContent(), '已报价');
  await shoot(buyer, SCREENS, 'person-custom-requests-zh', 390);
  await buyer.goto(`${site.url}/home/person/messages`, { waitUntil: 'networkidle' });
  const notice = buyer.locator('[data-notice-kind="customQuote"]').first();
  await notice.waitFor({ timeout: 15_000 });
  t.match(await notice.textContent(), '您的定制花型需求收到新报价', 'the message, in Chinese');
  t.match(await notice.textContent(), '¥125.50');
  t.same(buyerErrors, [], 'no console error for the buyer');
  t.same(sellerErrors, [], 'no console error for the seller');
  await buyer.context().close();
  await seller.context().close();
});

t.test('both pages in English', async (t) => {
  const { page, errors } = await site.newPage({ locale: 'en-US' });
  await signIn(page, site.url, MAKER, PASSWORD, '/home/shopManage/customRequests?lang=en');
  await page.locator('.seller-request').first().waitFor({ timeout: 15_000 });
  t.match(await page.locator('#shop-manage-title').textContent(), 'Custom requests');
  await shoot(page, SCREENS, 'shop-custom-requests-en', 390);
  await page.context().close();
  const buyer = await site.newPage({ locale: 'en-US' });
  await signIn(buyer.page, site.url, BUYER, PASSWORD, '/home/person/customRequests?lang=en');
  await buyer.page.locator('.quote').first().waitFor({ timeout: 15_000 });
  t.match(await buyer.page.locator('.quote').first().textContent(), 'lead time 15 days');
  await shoot(buyer.page, SCREENS, 'person-custom-requests-en', 390);
  await buyer.page.context().close();
  t.same([...errors, ...buyer.errors], []);
});
