// The seller's catalogue end to end in Debian's Chromium (issue 17): the demo manufacturer creates a
// product in the shop manager (a picture through the cropper, two colour cards, a cut-plate price and a
// bulk ladder), sees it in the gallery and, once the list says it is searchable, finds it by photo with
// its own picture (the only indexed product here: this suite indexes no seeded pictures); the demo buyer
// orders 1,200 m in bulk and is charged the ladder's price for that quantity; the seller takes the
// product off sale: it leaves the gallery and its page, and stays in the buyer's order. Screenshots of
// the pages at 1280 and 390 px, zh and en, go to tmp/e2e-seller-catalogue/.
import t from 'tap';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Page as BrowserPage } from 'playwright-core';
import { DEMO_PASSWORD } from '../../api/db/seed/demo-accounts';
import { productsWords as pw } from '../../isomorphic/pages/shop-manage/products.words';
import { hydrated, shoot, signIn, startSite } from '../helpers/e2e';

const SHOTS = path.resolve('tmp/e2e-seller-catalogue');
fs.mkdirSync(SHOTS, { recursive: true });
const site = await startSite({ products: 12 });
t.teardown(() => site.close());

const TITLE = '端到端睫毛蕾丝';
const CODE = `E2E-${process.pid}`;

async function imageFile(name: string, colour: string): Promise<string> {
  const file = path.join(SHOTS, name);
  // a textured picture (photo search needs more than a flat colour to tell it from others)
  await sharp({ create: { width: 600, height: 480, channels: 3, background: colour, noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .composite([{ input: await sharp({ create: { width: 200, height: 200, channels: 3, background: '#2b1d20' } }).png().toBuffer(), top: 120, left: 180 }])
    .png().toFile(file);
  return file;
}

const galleryHas = async (page: BrowserPage, id: number): Promise<boolean> => {
  await page.goto(`${site.url}/`, { waitUntil: 'networkidle' });
  await hydrated(page);
  await page.locator('a.card__link').first().waitFor();
  return (await page.locator(`a.card__link[href="/flower/${id}"]`).count()) > 0;
};

t.test('a seller lists a product with a ladder, a buyer orders by the ladder, off sale keeps the order', async (t) => {
  const seller = await site.newPage({ locale: 'zh-CN' });
  const page = seller.page;
  await signIn(page, site.url, '13800000001', DEMO_PASSWORD, '/home/shopManage/products');
  await page.locator('.person__link.is-active', { hasText: pw.title.zh }).waitFor();
  t.pass('the side menu lights 商品管理');

  await page.getByRole('link', { name: pw.newProduct.zh }).click();
  await page.waitForURL(/\/home\/shopManage\/products\/edit/);
  await hydrated(page);
  await page.getByLabel(pw.code.zh, { exact: true }).fill(CODE);
  await page.getByLabel(pw.productTitle.zh, { exact: true }).fill(TITLE);
  await page.getByLabel(pw.productTitleEn.zh, { exact: true }).fill('End-to-end eyelash lace');
  await page.getByLabel(pw.patternType.zh, { exact: true }).selectOption({ label: '面料' });
  await page.getByLabel(pw.shape.zh, { exact: true }).selectOption({ label: '现货' });
  await page.getByLabel(pw.unit.zh, { exact: true }).selectOption({ label: '米' });
  await page.getByLabel(pw.craft.zh, { exact: true }).selectOption({ label: '列维斯' });

  // a picture through the cropper
  // two pictures chosen at once: each is cropped in turn (1/2, 2/2), then both are uploaded
  await page.locator('[data-section="pictures"] input[type="file"]').last().setInputFiles([await imageFile('picture.png', '#c9a0a8'), await imageFile('picture-2.png', '#8fa0c9')]);
  const crop = page.locator('.cropper__foot .button--primary');
  await page.getByRole('dialog', { name: /1\/2/ }).waitFor();
  await crop.and(page.locator(':enabled')).waitFor();
  await shoot(page, SHOTS, 'cropper-1-of-2-zh', 390);
  await crop.click();
  await page.getByRole('dialog', { name: /2\/2/ }).waitFor();
  await crop.and(page.locator(':enabled')).waitFor();
  await crop.click();
  await page.locator('.picture-list__item img').nth(1).waitFor();
  t.equal(await page.locator('.picture-list__item').count(), 2, 'both pictures cropped and uploaded');

  // two colour cards
  const drafts = page.locator('.colour-draft');
  await drafts.nth(0).getByLabel(pw.colourName.zh, { exact: true }).fill('象牙白');
  await drafts.nth(0).locator('input[type="color"]').fill('#fffff0');
  await page.getByRole('button', { name: pw.addColour.zh }).click();
  await drafts.nth(1).waitFor();
  await drafts.nth(1).getByLabel(pw.colourName.zh, { exact: true }).fill('黑色');
  await drafts.nth(1).locator('input[type="color"]').fill('#000000');

  // prices: a cut plate price and a bulk ladder (from 100 m ¥12.00, from 1,000 m ¥10.50)
  await page.getByLabel(pw.platePriceLabel.zh, { exact: true }).fill('35');
  await page.getByRole('button', { name: pw.addStep.zh }).click();
  await page.getByRole('button', { name: pw.addStep.zh }).click();
  const steps = page.locator('.ladder-editor__step');
  await steps.nth(1).waitFor();
  await steps.nth(0).getByLabel(pw.ladderFrom.zh, { exact: true }).fill('100');
  await steps.nth(0).getByLabel(pw.ladderPrice.zh, { exact: true }).fill('12');
  await steps.nth(1).getByLabel(pw.ladderFrom.zh, { exact: true }).fill('1000');
  await steps.nth(1).getByLabel(pw.ladderPrice.zh, { exact: true }).fill('10.5');
  await shoot(page, SHOTS, 'product-form-zh', 390);
  await page.locator('main form.product-form button[type="submit"]').click();

  await page.waitForURL((u) => u.pathname === '/home/shopManage/products');
  const row = page.locator('[data-product-id]', { hasText: CODE });
  await row.waitFor();
  const id = Number(await row.getAttribute('data-product-id'));
  t.ok(id > 0, 'the new product is in the list');
  t.match(await row.innerText(), /在售/, 'on sale');
  t.match(await row.innerText(), /2个色卡/, 'with two colour cards');
  await shoot(page, SHOTS, 'products-zh', 390);

  t.ok(await galleryHas(page, id), 'the gallery shows it');

  // Saving re-indexed it for photo search off the request path; the list says when it is searchable.
  await page.goto(`${site.url}/home/shopManage/products`, { waitUntil: 'networkidle' });
  for (let i = 0; i < 120 && (await row.locator('[data-photo-search="searchable"]').count()) === 0; i++) {
    await page.waitForTimeout(1000);
    await page.reload({ waitUntil: 'networkidle' });
    await row.waitFor();
  }
  await row.locator('[data-photo-search="searchable"]').waitFor();
  t.pass('the seller sees it is searchable by photo');
  const finder = await site.newPage({ locale: 'zh-CN' });
  await finder.page.goto(`${site.url}/`, { waitUntil: 'networkidle' });
  await hydrated(finder.page);
  await finder.page.click('.search__photo');
  await finder.page.waitForSelector('.modal .pic-search');
  await finder.page.locator('.pic-search input[type="file"]').setInputFiles(path.join(SHOTS, 'picture.png'));
  await finder.page.waitForSelector('.pic-search__preview');
  await finder.page.click('.pic-search__start');
  await finder.page.waitForURL(/\/homePicSearch\?searchId=\d+$/, { timeout: 120_000 });
  await finder.page.waitForSelector('.pic-hit');
  t.equal(Number(await finder.page.locator('.pic-hit').first().getAttribute('data-product-id')), id, 'found by photo with its own picture');
  await finder.page.context().close();

  // The demo buyer: the product page shows the ladder; 1,200 m in bulk is priced at the second step.
  const buyer = await site.newPage({ locale: 'zh-CN' });
  const b = buyer.page;
  await signIn(b, site.url, '13800000003', DEMO_PASSWORD, `/flower/${id}`);
  const ladder = b.locator('[data-testid="price-ladder"]');
  await ladder.waitFor();
  t.match(await ladder.innerText(), /10\.50/, 'the ladder is on the product page');
  t.match(await ladder.innerText(), /码/, 'and converted to yards');
  await shoot(b, SHOTS, 'product-page-zh', 390);
  await b.locator('.colours__card').first().click();
  await b.locator('.add-to-cart__kinds label', { hasText: '大货' }).click();
  await b.locator('.add-to-cart__kinds label.is-active', { hasText: '大货' }).waitFor();
  await b.locator('[data-fact="minimum"]', { hasText: '100' }).waitFor();
  t.pass("bulk's minimum is the ladder's first step");
  const qty = b.locator('.add-to-cart .stepper__input');
  await qty.fill('1200');
  await qty.press('Enter');
  await b.locator('[data-fact="price"]', { hasText: '10.50' }).waitFor();
  t.pass('the add-to-cart panel prices 1,200 m at ¥10.50');
  await b.click('.add-to-cart__button');
  await b.locator('.add-to-cart__go').waitFor();

  // The second colour, 1,200 m too, read in yards: the buyer's unit goes with the line to the cart, the
  // checkout and the order; the api still prices it per metre (¥10.50 a metre is ¥9.60 a yard).
  await b.locator('.colours__card').nth(1).click();
  await b.locator('[data-testid="display-unit"] label', { hasText: '码' }).click();
  await b.locator('[data-testid="display-unit"] label.is-active', { hasText: '码' }).waitFor();
  await b.locator('[data-fact="shown"]', { hasText: '1,312.3' }).waitFor();
  t.match(await b.locator('[data-fact="shown"]').innerText(), /约 1,312\.3 码 · ¥9\.60\/码/, 'the panel shows the quantity and the price in yards');
  await b.click('.add-to-cart__button');
  await b.locator('.add-to-cart__go').waitFor();

  await b.goto(`${site.url}/shoppingCart?type=2`, { waitUntil: 'networkidle' });
  await hydrated(b);
  await b.locator('.cart-group').first().waitFor();
  const yardLine = b.locator('.cart-line', { hasText: '黑色' });
  t.equal(await yardLine.locator('[data-display-quantity]').innerText(), '1,312.3 码（按 1,200 米计价）', 'the cart: the quantity in yards, priced as metres');
  t.match(await yardLine.locator('[data-display-price]').innerText(), /9\.60\s*\/码[\s\S]*¥10\.50\/米/, 'the cart: the price per yard beside the price per metre');
  t.match(await b.locator('.cart-line', { hasText: '象牙白' }).locator('.cart-line__price').innerText(), /10\.50/, 'the metre line stays in metres');
  await shoot(b, SHOTS, 'cart-yards-zh', 390);
  await b.click('.cart-bar__checkout');
  await b.waitForURL(/\/confirmOrder/);
  await hydrated(b);
  const confirmYards = b.locator('.confirm-line', { hasText: '黑色' });
  t.equal(await confirmYards.locator('[data-line-quantity]').innerText(), '× 1,312.3 码（按 1,200 米计价）', 'the checkout: in yards');
  t.match(await confirmYards.locator('[data-display-price]').innerText(), /9\.60/, 'the checkout: the price per yard');
  t.match(await confirmYards.locator('.confirm-line__amount').innerText(), /12600\.00|12,600\.00/, 'the amount as the api priced it (1,200 m × ¥10.50)');
  await shoot(b, SHOTS, 'confirm-yards-zh', 390);
  await b.locator('label', { has: b.locator('input[name="delivery"][value="2"]') }).click();
  await b.locator('input[name="delivery"][value="2"]:checked').waitFor({ state: 'attached' });
  await b.locator('.cart-bar__checkout').click();
  await b.waitForURL(/\/successSubmit/);
  await b.locator('.success__order').first().waitFor();

  await b.goto(`${site.url}/home/person/orderBulk`, { waitUntil: 'networkidle' });
  await hydrated(b);
  const card = b.locator('.order-card', { hasText: TITLE });
  await card.waitFor();
  t.match(await card.locator('.order-card__amount').innerText(), /25200\.00/, '2 × 1,200 × ¥10.50 from the api');
  t.same((await card.locator('[data-line-quantity]').allInnerTexts()).sort(), ['× 1,200 米（约 1,312.3 码）', '× 1,312.3 码（按 1,200 米计价）'].sort(),
    "each line's quantity in the buyer's unit: the metre line with yards beside, the yard line priced as metres");
  await shoot(b, SHOTS, 'buyer-order-zh', 390);
  await card.locator('.order-card__no').click();
  await b.waitForURL(/\/home\/person\/order/);
  await hydrated(b);
  const detailYards = b.locator('.detail-line', { hasText: '黑色' });
  await detailYards.waitFor();
  t.equal(await detailYards.locator('[data-line-quantity]').innerText(), '1,312.3 码（按 1,200 米计价）', 'the order page: in yards');
  t.match(await detailYards.locator('[data-display-price]').innerText(), /9\.60[\s\S]*10\.50/, 'the order page: per yard, and per metre as priced');
  await shoot(b, SHOTS, 'order-detail-yards-zh', 390);
  await shoot(b, SHOTS, 'order-detail-yards-zh', 1280);
  const enBuyer = await site.newPage({ locale: 'en-US' });
  const enErrors: string[] = [];
  await signIn(enBuyer.page, site.url, '13800000003', DEMO_PASSWORD, b.url().replace(site.url, ''));
  const enYards = enBuyer.page.locator('.detail-line').filter({ has: enBuyer.page.locator('[data-display-price]') });
  await enYards.waitFor();
  t.equal(await enYards.locator('[data-line-quantity]').innerText(), '1,312.3 yards (priced as 1,200 metres)', 'the order page in English');
  await shoot(enBuyer.page, SHOTS, 'order-detail-yards-en', 390);
  await shoot(enBuyer.page, SHOTS, 'order-detail-yards-en', 1280);
  enErrors.push(...enBuyer.errors);
  await enBuyer.page.context().close();
  await b.goto(`${site.url}/home/person/orderBulk`, { waitUntil: 'networkidle' });
  await hydrated(b);

  // The pages in English too.
  const en = await site.newPage({ locale: 'en-US' });
  await signIn(en.page, site.url, '13800000001', DEMO_PASSWORD, '/home/shopManage/products');
  await en.page.locator('[data-product-id]').first().waitFor();
  await shoot(en.page, SHOTS, 'products-en', 390);
  await en.page.goto(`${site.url}/home/shopManage/products/edit?id=${id}`, { waitUntil: 'networkidle' });
  await hydrated(en.page);
  await en.page.locator('.ladder-editor__step').nth(1).waitFor();
  await shoot(en.page, SHOTS, 'product-form-en', 390);
  await en.page.goto(`${site.url}/flower/${id}`, { waitUntil: 'networkidle' });
  await en.page.locator('[data-testid="price-ladder"]').waitFor();
  await shoot(en.page, SHOTS, 'product-page-en', 390);

  // Off sale: it leaves the gallery and its page, and stays in the buyer's order.
  await page.goto(`${site.url}/home/shopManage/products`, { waitUntil: 'networkidle' });
  await hydrated(page);
  await row.getByRole('button', { name: pw.takeOffSale.zh }).click();
  await row.locator('[data-status="0"]').waitFor();
  t.pass('off sale in the list');
  await page.locator('[data-status="offSale"]').click();
  await page.waitForURL(/status=offSale/);
  await page.locator('[data-product-id]', { hasText: CODE }).waitFor();
  t.notOk(await galleryHas(page, id), 'the gallery no longer shows it');
  const gone = await fetch(`${site.apiUrl}/product/getProduct/${id}`);
  t.equal(gone.status, 410, 'its page answers gone');
  await b.reload({ waitUntil: 'networkidle' });
  await hydrated(b);
  await card.waitFor();
  t.match(await card.innerText(), TITLE, "still in the buyer's order");
  t.match(await card.locator('.order-card__amount').innerText(), /25200\.00/);

  t.same([...seller.errors, ...buyer.errors, ...en.errors, ...enErrors].filter((e) => !/status of 410/.test(e)), [], 'no console errors');
});
