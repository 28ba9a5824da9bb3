// Purchase requests end to end in Debian's Chromium: the demo buyer posts a request with a photo at
// /buy/release; the demo manufacturer (naming its photographed product in its response) and a second
// seller respond on /buy/{id}; the buyer compares the two side by side and chooses the cheaper; the bulk
// order appears for the buyer and the chosen seller, its line opens the named product, and the other
// seller is told it was not chosen. The buyer closes a second request and republishes it with a new
// picture, whose matching patterns then show. The demo trader cannot read a supply offer's details and a
// guest cannot read a request by id (the server's HTML holds neither). Screenshots at 1280 and 390 px, in
// both languages, go to tmp/e2e-purchase/.
import t from 'tap';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Page as PwPage } from 'playwright-core';
import { DEMO_PASSWORD } from '../../api/db/seed/demo-accounts';
import { hydrated, registerByApi, shoot, signIn, startSite } from '../helpers/e2e';
import { TradeCodes } from '../../isomorphic/domain/trade-codes';

const SHOTS = path.resolve('tmp/e2e-purchase');
fs.mkdirSync(SHOTS, { recursive: true });
// Photo search runs (few views a picture, so the seeded catalogue indexes quickly): a request's photo is
// matched against it.
const site = await startSite({ products: 12, imageSearch: { catalogueViews: ['full', 'centre50'], maxImagesPerProduct: 1, refreshMs: 0 }, waitForImageIndexMs: 150_000 });
t.teardown(() => site.close());
const DESCRIPTION = '白色法式睫毛蕾丝大边 12cm';

async function imageFile(name: string, colour: string): Promise<string> {
  const file = path.join(SHOTS, name);
  await sharp({ create: { width: 320, height: 320, channels: 3, background: colour } }).png().toFile(file);
  return file;
}

async function respond(page: PwPage, from: string, price: string, productId?: number) {
  await page.locator('form[data-respond]').waitFor();
  if (productId !== undefined) await page.selectOption('form[data-respond] select[name="productId"]', String(productId));
  await page.fill('input[name="from0"]', from);
  await page.fill('input[name="price0"]', price);
  await page.fill('input[name="leadDays"]', '12');
  await page.click('form[data-respond] button[type="submit"]');
  await page.locator('[data-own-response]').waitFor();
}

t.test('a request, two responses, one choice, one order', async (t) => {
  const db = site.db.db;
  const maker = await db.selectFrom('app_user').select(['id', 'company_id']).where('mobile', '=', '13800000001').executeTakeFirstOrThrow();
  const otherCompany = await db.selectFrom('company').select('id').where('id', '!=', maker.company_id ?? 0).orderBy('id').executeTakeFirstOrThrow();
  const secondMobile = '13800138901';
  const secondId = await registerByApi(site, secondMobile, DEMO_PASSWORD, 1);
  await db.updateTable('app_user').set({ company_id: otherCompany.id, settled: 1 }).where('id', '=', secondId).execute();

  // The demo buyer posts a request with a photo of one of the demo manufacturer's patterns (its picture,
  // resized and re-compressed as a phone would send it).
  const pattern = await db.selectFrom('product').select(['id', 'cover_path']).where('company_id', '=', maker.company_id ?? 0).where('status', '=', 1).orderBy('id').executeTakeFirstOrThrow();
  const cover = Buffer.from(await (await fetch(`${site.apiUrl}/files/${pattern.cover_path}`)).arrayBuffer());
  const photo = path.join(SHOTS, 'lace.jpg');
  await sharp(cover).resize(520).jpeg({ quality: 72 }).toFile(photo);
  const buyer = await site.newPage({ locale: 'zh-CN' });
  await signIn(buyer.page, site.url, '13800000003', DEMO_PASSWORD, '/buy/release');
  await buyer.page.locator('form[data-release="buy"] input[type="file"]').setInputFiles(photo);
  await buyer.page.locator('form[data-release="buy"] img').first().waitFor();
  await buyer.page.fill('input[name="quantity"]', '500');
  await buyer.page.fill('input[name="description"]', DESCRIPTION);
  await shoot(buyer.page, SHOTS, 'release-zh', 390);
  await buyer.page.click('form[data-release="buy"] button[type="submit"]');
  await buyer.page.waitForURL(/\/buy\/\d+$/);
  const id = Number(new URL(buyer.page.url()).pathname.split('/').pop());
  await buyer.page.locator(`[data-request="${id}"] h1`, { hasText: DESCRIPTION }).waitFor();
  t.pass(`request ${id} posted`);

  // Before any response, the buyer sees the matching patterns on sale (a progress state while the photo
  // search runs), the photographed pattern among them.
  await buyer.page.locator(`[data-matches="done"] [data-match="${pattern.id}"]`).waitFor({ timeout: 60_000 });
  t.pass('the photographed pattern is among the matches');
  t.ok(await buyer.page.locator('[data-match]').count() >= 1, 'matching patterns shown');
  t.equal(await buyer.page.locator(`[data-match] a[href="/flower/${pattern.id}"]`).count(), 2, 'linked to the product page');
  await shoot(buyer.page, SHOTS, 'request-matches-zh', 390);
  const buyerEn = await site.newPage({ locale: 'en-US' });
  await signIn(buyerEn.page, site.url, '13800000003', DEMO_PASSWORD, `/buy/${id}`);
  await buyerEn.page.locator('[data-matches="done"] [data-match]').first().waitFor();
  await shoot(buyerEn.page, SHOTS, 'request-matches-en', 390);

  // The manufacturer whose pattern it is gets the request first, marked, and a message.
  const a = await site.newPage({ locale: 'zh-CN' });
  await signIn(a.page, site.url, '13800000001', DEMO_PASSWORD, '/supplyAndBuy');
  await a.page.locator(`.trade-list > li:first-child[data-request-id="${id}"] [data-matches-mine]`).waitFor();
  t.pass('the matching manufacturer sees the request first, marked');
  await shoot(a.page, SHOTS, 'hall-matching-zh', 390);
  await a.page.goto(`${site.url}/home/person/messages`, { waitUntil: 'networkidle' });
  await a.page.locator('[data-notice-kind="purchaseMatch"]').waitFor();
  t.pass('and is told');

  // Two sellers respond; the manufacturer names its photographed pattern (one of its products on sale).
  await a.page.goto(`${site.url}/buy/${id}`, { waitUntil: 'networkidle' });
  await hydrated(a.page);
  await a.page.locator(`form[data-respond] select[name="productId"] option[value="${pattern.id}"]`).waitFor({ state: 'attached' });
  await shoot(a.page, SHOTS, 'respond-product-zh', 390);
  await respond(a.page, '100', '10.50', pattern.id);
  await a.page.locator(`[data-own-product="${pattern.id}"]`).waitFor();
  t.pass('the response names the product');
  const b = await site.newPage({ locale: 'en-US' });
  await signIn(b.page, site.url, secondMobile, DEMO_PASSWORD, `/buy/${id}`);
  // The second seller uses a fourth price step (beyond the three rows shown) and sends a picture.
  await b.page.locator('form[data-respond]').waitFor();
  await b.page.click('form[data-respond] [data-add-step]');
  await b.page.fill('input[name="from3"]', '1000');
  await b.page.fill('input[name="price3"]', '10.00');
  await b.page.locator('form[data-respond] input[type="file"]').setInputFiles(await imageFile('sample.png', '#e8dccb'));
  await b.page.locator('form[data-respond] .uploaded img').first().waitFor();
  await shoot(b.page, SHOTS, 'respond-en', 390);
  await respond(b.page, '100', '11.00');
  t.match(await b.page.locator('[data-own-response]').textContent(), /1000/, 'the fourth step is saved');

  // The buyer compares and chooses the cheaper (listed first): the manufacturer's, with its product.
  await buyer.page.reload({ waitUntil: 'networkidle' });
  await hydrated(buyer.page);
  await buyer.page.locator('[data-response]').nth(1).waitFor();
  t.equal(await buyer.page.locator('[data-response]').count(), 2, 'two responses side by side');
  const first = buyer.page.locator('[data-response]').first();
  t.match(await first.locator('.trade-compare__price').textContent(), '10.50', 'cheapest first');
  t.equal(await first.locator(`a[data-response-product="${pattern.id}"][href="/flower/${pattern.id}"]`).count(), 1, 'with the product it offers, linked');
  t.equal(await buyer.page.locator('[data-response]').nth(1).locator('.trade-compare__pictures img').count(), 1, 'the other with its picture');
  await shoot(buyer.page, SHOTS, 'compare-zh', 390);
  await first.locator('[data-select]').click();
  const orderLink = buyer.page.locator('a[href^="/home/person/orderDetail/"]');
  await orderLink.waitFor();
  const orderId = Number((await orderLink.getAttribute('href'))?.split('/').pop());
  t.ok(orderId > 0, 'the bulk order is linked');
  // The order's line links the product the chosen response named; the buyer opens it from the order.
  await orderLink.click();
  await buyer.page.waitForURL(new RegExp(`/orderDetail/${orderId}`));
  const lineLink = buyer.page.locator(`a.detail-line__title[href="/flower/${pattern.id}"]`);
  await lineLink.waitFor();
  await shoot(buyer.page, SHOTS, 'order-product-zh', 390);
  await lineLink.click();
  await buyer.page.waitForURL(new RegExp(`/flower/${pattern.id}$`));
  t.pass("the order's line opens the product");
  await buyer.page.goto(`${site.url}/home/person/orderBulk`, { waitUntil: 'networkidle' });
  await buyer.page.locator(`.order-card a[href="/home/person/orderDetail/${orderId}"]`).first().waitFor();
  t.pass('the buyer sees the bulk order');

  // The chosen seller sees it; the other is told.
  await a.page.goto(`${site.url}/home/shopManage/orderBulk`, { waitUntil: 'networkidle' });
  await a.page.locator(`.order-card a[href*="/orderDetail/${orderId}"]`).first().waitFor();
  t.pass('the chosen seller sees the order');
  await b.page.goto(`${site.url}/home/person/messages`, { waitUntil: 'networkidle' });
  await b.page.locator('[data-notice-kind="purchaseNotChosen"]').waitFor();
  t.pass('the other seller is told it was not chosen');
  await b.page.goto(`${site.url}/home/shopManage/orderBulk`, { waitUntil: 'networkidle' });
  await b.page.locator('main').waitFor();
  t.equal(await b.page.locator(`.order-card a[href*="/orderDetail/${orderId}"]`).count(), 0, 'and does not have the order');

  // The buyer posts a second request with a plain photo (no lace: no matching pattern), closes it and
  // republishes it with a photo of another pattern: the matching runs again and finds that pattern.
  const plain = await imageFile('plain.png', '#d9c7b0');
  await buyer.page.goto(`${site.url}/buy/release`, { waitUntil: 'networkidle' });
  await hydrated(buyer.page);
  await buyer.page.locator('form[data-release="buy"] input[type="file"]').setInputFiles(plain);
  await buyer.page.locator('form[data-release="buy"] img').first().waitFor();
  await buyer.page.fill('input[name="quantity"]', '300');
  await buyer.page.fill('input[name="description"]', '米色花边，换图重发');
  await buyer.page.click('form[data-release="buy"] button[type="submit"]');
  await buyer.page.waitForURL(/\/buy\/\d+$/);
  const second = Number(new URL(buyer.page.url()).pathname.split('/').pop());
  t.not(second, id, 'a second request');
  await buyer.page.locator('[data-matches="done"], [data-matches="failed"]').waitFor({ timeout: 60_000 });
  t.equal(await buyer.page.locator('[data-match]').count(), 0, 'a plain photo matches no pattern');
  await hydrated(buyer.page);
  await buyer.page.click('[data-act="close"]');
  await buyer.page.locator('[data-status="50"]').waitFor();
  const other = await db.selectFrom('product').select(['id', 'cover_path']).where('id', '!=', pattern.id).where('status', '=', 1).orderBy('id', 'desc').executeTakeFirstOrThrow();
  const otherPhoto = path.join(SHOTS, 'lace-2.jpg');
  await sharp(Buffer.from(await (await fetch(`${site.apiUrl}/files/${other.cover_path}`)).arrayBuffer())).resize(480).jpeg({ quality: 75 }).toFile(otherPhoto);
  const oldSrc = await buyer.page.locator('.trade-detail__image').getAttribute('src');
  await buyer.page.locator('[data-republish-picture] input[type="file"]').setInputFiles(otherPhoto);
  await buyer.page.locator('[data-republish-picture] .uploaded img').first().waitFor();
  await shoot(buyer.page, SHOTS, 'republish-picture-zh', 390);
  await buyer.page.click('[data-act="republish"]');
  await buyer.page.locator('[data-status="10"]').waitFor();
  t.not(await buyer.page.locator('.trade-detail__image').getAttribute('src'), oldSrc, 'the request shows the new picture');
  await buyer.page.locator(`[data-matches="done"] [data-match="${other.id}"]`).waitFor({ timeout: 60_000 });
  t.pass("the new picture's pattern is among the matches");
  await shoot(buyer.page, SHOTS, 'republished-matches-zh', 390);
  await buyerEn.page.goto(`${site.url}/buy/${second}`, { waitUntil: 'networkidle' });
  await buyerEn.page.locator(`[data-matches="done"] [data-match="${other.id}"]`).waitFor();
  await shoot(buyerEn.page, SHOTS, 'republished-matches-en', 390);

  // A guest cannot read the request by id: the server's HTML has the teaser and the reason only.
  const guest = await site.newPage({ locale: 'zh-CN', javaScriptEnabled: false });
  const res = await guest.page.goto(`${site.url}/buy/${id}`);
  t.equal(res?.status(), 200);
  const html = await guest.page.content();
  t.ok(html.includes(`data-hidden="${TradeCodes.PURCHASE_SIGN_IN}"`), 'the reason');
  t.notOk(html.includes(DESCRIPTION), 'no description');
  await shoot(guest.page, SHOTS, 'request-guest-zh', 390);

  // The manufacturer offers a supply; the demo trader cannot read its details.
  await a.page.goto(`${site.url}/supply/release`, { waitUntil: 'networkidle' });
  await hydrated(a.page);
  await a.page.locator('form[data-release="supply"] input[type="file"]').setInputFiles(await imageFile('stock.png', '#2b2b2b'));
  await a.page.locator('form[data-release="supply"] img').first().waitFor();
  await a.page.fill('input[name="quantity"]', '3000');
  await a.page.fill('input[name="description"]', '库存黑色经编蕾丝面料');
  await a.page.click('form[data-release="supply"] button[type="submit"]');
  await a.page.waitForURL(/\/supply\/\d+$/);
  const supplyId = Number(new URL(a.page.url()).pathname.split('/').pop());
  // The owner edits the offer from the personal centre's list.
  await a.page.goto(`${site.url}/home/person/mySupplies`, { waitUntil: 'networkidle' });
  await hydrated(a.page);
  await a.page.click(`[data-supply-id="${supplyId}"] [data-edit-supply]`);
  await a.page.waitForURL(new RegExp(`/supply/${supplyId}/edit$`));
  await a.page.locator(`form[data-editing="${supplyId}"] .uploaded img`).first().waitFor();
  t.equal(await a.page.inputValue('input[name="quantity"]'), '3000', 'the form holds the offer');
  await a.page.fill('input[name="quantity"]', '2500');
  await shoot(a.page, SHOTS, 'supply-edit-zh', 390);
  await a.page.click(`form[data-editing="${supplyId}"] button[type="submit"]`);
  await a.page.waitForURL(new RegExp(`/supply/${supplyId}$`));
  await a.page.locator('.trade-facts', { hasText: '2500' }).waitFor();
  t.pass('the offer is saved');
  const trader = await site.newPage({ locale: 'en-US' });
  await signIn(trader.page, site.url, '13800000002', DEMO_PASSWORD, `/supply/${supplyId}`);
  await trader.page.locator(`[data-hidden="${TradeCodes.SUPPLY_BUYERS_ONLY}"]`).waitFor();
  t.notOk((await trader.page.content()).includes('库存黑色经编蕾丝面料'), 'the trader sees no description');
  await shoot(trader.page, SHOTS, 'supply-trader-en', 390);
  await trader.page.goto(`${site.url}/supply/${supplyId}/edit`, { waitUntil: 'networkidle' });
  await trader.page.locator('[data-not-owner]').waitFor();
  t.equal(await trader.page.locator('form[data-editing]').count(), 0, 'someone else gets no edit form');
  await shoot(trader.page, SHOTS, 'supply-edit-other-en', 390);

  // The hall and the personal pages, in both languages.
  await buyer.page.goto(`${site.url}/supplyAndBuy`, { waitUntil: 'networkidle' });
  await buyer.page.locator('main .tabs').waitFor();
  t.equal(await buyer.page.locator(`[data-request-id="${id}"]`).count(), 0, 'a request being purchased has left the hall');
  await shoot(buyer.page, SHOTS, 'hall-zh', 390);
  await trader.page.goto(`${site.url}/supplyAndBuy?tab=supply`, { waitUntil: 'networkidle' });
  await trader.page.locator(`[data-supply-id="${supplyId}"]`).waitFor();
  await shoot(trader.page, SHOTS, 'hall-supply-en', 390);
  await buyer.page.goto(`${site.url}/home/person/myPurchase`, { waitUntil: 'networkidle' });
  await buyer.page.locator(`[data-request-id="${id}"]`).waitFor();
  await shoot(buyer.page, SHOTS, 'my-purchase-zh', 390);
  await a.page.goto(`${site.url}/home/person/mySupplies`, { waitUntil: 'networkidle' });
  await a.page.locator(`[data-supply-id="${supplyId}"]`).waitFor();
  await shoot(a.page, SHOTS, 'my-supplies-zh', 390);
  await b.page.goto(`${site.url}/home/person/myReceiving`, { waitUntil: 'networkidle' });
  await b.page.locator(`[data-request-id="${id}"]`).waitFor();
  await shoot(b.page, SHOTS, 'my-receiving-en', 390);

  for (const p of [buyer, buyerEn, a, b, trader]) t.same(p.errors.filter((e) => !/Failed to load resource/.test(e)), [], 'no script errors');
});
