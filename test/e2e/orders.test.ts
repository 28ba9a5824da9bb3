// Orders end to end in Debian's Chromium: a buyer signs in through /login, adds two colours from two
// companies to the cart as sample cuts, places the orders (one per company) with the default address; the
// seller of one company ships from /home/shopManage/orderSample; the buyer confirms receipt and sees trade
// success with the trace on the order detail page. Screenshots at 1280 and 360 go to tmp/e2e-orders/.
import t from 'tap';
import fs from 'node:fs';
import path from 'node:path';
import type { Page, ProductDetail, ProductSummary } from '../../isomorphic/contracts/common';
import { hydrated, registerByApi, shoot, signIn, startSite } from '../helpers/e2e';

const SHOTS = path.resolve('tmp/e2e-orders');
fs.mkdirSync(SHOTS, { recursive: true });
const PASSWORD = 'lace2026';

const site = await startSite({ products: 12 });
t.teardown(() => site.close());

t.test('from the cart to trade success, as the buyer and the seller', async (t) => {
  const list = (await (await fetch(`${site.apiUrl}/product/listLSKHomeProduct?pageNum=1&pageSize=20`)).json()) as { data: Page<ProductSummary> };
  const first = list.data.list[0];
  const second = list.data.list.find((p) => p.companyId !== first.companyId);
  if (!second) throw new Error('the seed has one company only');
  const [a, b] = await Promise.all([first, second].map(async (p) => ((await (await fetch(`${site.apiUrl}/product/getProduct/${p.id}`)).json()) as { data: ProductDetail }).data));

  const buyerMobile = '13800138601';
  const sellerMobile = '13800138602';
  await registerByApi(site, buyerMobile, PASSWORD, 3);
  const sellerId = await registerByApi(site, sellerMobile, PASSWORD, 1);
  await site.db.db.updateTable('app_user').set({ company_id: a.companyId, settled: 1 }).where('id', '=', sellerId).execute();

  // The buyer signs in through the page and saves an address (it becomes the default).
  const { page, errors } = await site.newPage({ locale: 'zh-CN' });
  page.on('response', (r) => { if (r.status() === 404) errors.push(`404 ${r.url()}`); });
  await signIn(page, site.url, buyerMobile, PASSWORD, `/flower/${a.id}`);
  const address = await page.evaluate(async () => {
    const res = await fetch('/api/consignee/addConsignee', {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ consignee: '林小姐', phone: '13800138601', provinceCode: '44', cityCode: '4451', districtCode: '445102', detail: '枫春路 18 号' }),
    });
    return (await res.json()) as { code: number };
  });
  t.equal(address.code, 0, 'address saved');

  // Two colours from two companies, as sample cuts.
  await page.locator('.colours__card').nth(0).click();
  await page.click('.add-to-cart__button');
  await page.locator('.cart-link__count', { hasText: '1' }).waitFor();
  await page.goto(`${site.url}/flower/${b.id}`, { waitUntil: 'networkidle' });
  await hydrated(page);
  await page.locator('.colours__card').nth(Math.min(1, b.colourCards.length - 1)).click();
  await page.click('.add-to-cart__button');
  await page.locator('.cart-link__count', { hasText: '2' }).waitFor();
  t.pass('the header counts both lines');

  await page.click('a.cart-link');
  await page.waitForURL(/\/shoppingCart/);
  await page.locator('.cart-group').nth(1).waitFor();
  t.equal(await page.locator('.cart-group').count(), 2, 'two company groups');
  t.match(await page.locator('.cart-bar').textContent(), '不含运费');
  await shoot(page, SHOTS, 'cart', 360);

  await page.click('.cart-bar__checkout');
  await page.waitForURL(/\/confirmOrder/);
  await page.locator('.confirm-company').nth(1).waitFor();
  t.ok(await page.locator('input[name="consignee"]').first().isChecked(), 'the default address is preselected');
  t.ok(await page.locator('input[name="delivery"][value="1"]').isChecked(), 'freight collect by default');
  await shoot(page, SHOTS, 'confirm-order', 360);

  // A double click places the orders once.
  await page.locator('.cart-bar__checkout').dblclick();
  await page.waitForURL(/\/successSubmit/);
  const placed = page.locator('.success__order');
  await placed.nth(1).waitFor();
  t.equal(await placed.count(), 2, 'one order per company');
  await page.locator('.cart-link__count', { hasText: '0' }).waitFor();
  await shoot(page, SHOTS, 'success', 360);

  await page.click('.success__links a.button--primary');
  await page.waitForURL(/\/home\/person\/orderSample/);
  await page.locator('.order-card').nth(1).waitFor();
  t.equal(await page.locator('.order-card').count(), 2, 'both orders in the buyer list');
  await shoot(page, SHOTS, 'buyer-orders', 360);

  // The seller of the first company ships its order.
  const seller = await site.newPage({ locale: 'zh-CN' });
  await signIn(seller.page, site.url, sellerMobile, PASSWORD, '/home/shopManage/orderSample');
  const cards = seller.page.locator('.order-card');
  await cards.first().waitFor();
  t.equal(await cards.count(), 1, "the seller sees only their company's order");
  const orderNo = (await cards.first().locator('.order-card__no').textContent())?.trim() ?? '';
  await cards.first().locator('[data-action="ship"]').click();
  await seller.page.fill('.modal input[name="carrier"]', '顺丰速运');
  await seller.page.fill('.modal input[name="trackingNo"]', 'SF1234567890');
  await seller.page.click('.modal [data-submit="order-action"]');
  await seller.page.locator('.order-card__state', { hasText: '待收货' }).waitFor();
  await seller.page.locator('.toast--success').first().waitFor();
  await shoot(seller.page, SHOTS, 'seller-orders', 360);
  t.same(seller.errors, [], 'no console errors for the seller');
  await seller.page.context().close();

  // The buyer confirms receipt: trade success, and the trace on the detail page.
  await page.goto(`${site.url}/home/person/orderSample?group=awaitingReceipt`, { waitUntil: 'networkidle' });
  await hydrated(page);
  const shipped = page.locator('.order-card', { hasText: orderNo });
  await shipped.locator('[data-action="receive"]').click();
  await page.click('.modal [data-submit="order-action"]');
  await page.locator('.order-card').first().waitFor({ state: 'detached' });
  await shipped.waitFor({ state: 'detached' });
  await page.goto(`${site.url}/home/person/orderSample?group=succeeded`, { waitUntil: 'networkidle' });
  await hydrated(page);
  await page.locator('.order-card', { hasText: orderNo }).locator('a.text-link').click();
  await page.waitForURL(/\/home\/person\/orderDetail\/\d+/);
  await page.locator('.order-detail__state', { hasText: '交易成功' }).waitFor();
  const trace = await page.locator('.trace__label').allTextContents();
  t.same(trace, ['创建时间', '样品寄出时间', '买家收货时间', '交易成功时间'], 'the trace times of a sample order');
  t.match(await page.locator('.order-detail').textContent(), 'SF1234567890', 'the tracking number');
  await shoot(page, SHOTS, 'order-detail', 360);
  t.same(errors, [], 'no console errors for the buyer');
  await page.context().close();
});

t.test('a guest who adds to the cart is sent to sign in and comes back', async (t) => {
  const list = (await (await fetch(`${site.apiUrl}/product/listLSKHomeProduct?pageNum=1&pageSize=1`)).json()) as { data: Page<ProductSummary> };
  const id = list.data.list[0].id;
  const { page } = await site.newPage({ locale: 'en-US' });
  await page.goto(`${site.url}/flower/${id}`, { waitUntil: 'networkidle' });
  await hydrated(page);
  await page.click('.add-to-cart__button');
  await page.waitForURL(/\/login\?redirect=/);
  t.equal(new URL(page.url()).searchParams.get('redirect'), `/flower/${id}`);
  await page.context().close();
});
