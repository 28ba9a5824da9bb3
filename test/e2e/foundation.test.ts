// The foundation as a person sees it, in Debian's Chromium: server-rendered home, hydration, language
// switch, product colour cards, and the 404 page.
import t from 'tap';
import type { ProductSummary, Page } from '../../isomorphic/contracts/common';
import { startSite } from '../helpers/e2e';

const site = await startSite({ products: 24 });
t.teardown(() => site.close());

const list = (await (await fetch(`${site.apiUrl}/product/listLSKHomeProduct?pageNum=1&pageSize=20`)).json()) as { data: Page<ProductSummary> };
const products = list.data.list;

t.test('home HTML holds product titles before any script runs', async (t) => {
  const { page } = await site.newPage({ javaScriptEnabled: false, locale: 'zh-CN' });
  const res = await page.goto(site.url + '/');
  t.equal(res?.status(), 200);
  const titles = await page.locator('.card__title').allTextContents();
  t.ok(titles.length >= 10, `${titles.length} product cards rendered on the server`);
  t.ok(titles.includes(products[0].title), 'the newest product title is in the HTML');
  t.equal(await page.getAttribute('html', 'lang'), 'zh-CN');
  t.equal(await page.locator('img.lazy-image__img, .card__media img').count() > 0, true, 'product images present');
  const alts = await page.locator('.card__media img').evaluateAll((els) => els.map((e) => e.getAttribute('alt') ?? ''));
  t.ok(alts.every((a) => a.trim().length > 0), 'every product image has alt text');
  await page.context().close();
});

t.test('the page hydrates with no console error and navigates on the client', async (t) => {
  const { page, errors } = await site.newPage();
  await page.goto(site.url + '/', { waitUntil: 'networkidle' });
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  const first = page.locator('.card__link').first();
  await first.click();
  await page.waitForURL(/\/flower\/\d+/);
  await page.locator('h1').first().waitFor();
  t.same(errors, [], 'no console errors');
  await page.context().close();
});

t.test('the language switch changes the text and survives a reload', async (t) => {
  const { page, errors } = await site.newPage({ locale: 'zh-CN' });
  await page.goto(site.url + '/', { waitUntil: 'networkidle' });
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  t.equal(await page.getAttribute('html', 'lang'), 'zh-CN');
  const zhTitle = await page.title();
  await page.locator('a.lang-switch').click();
  await page.waitForFunction(() => document.documentElement.lang === 'en');
  await page.waitForFunction((zh) => document.title !== zh, zhTitle);
  t.match(await page.locator('a.lang-switch').textContent(), '中文', 'the switch now offers Chinese');
  const enTitle = await page.title();
  t.not(enTitle, zhTitle, 'the title changed language');
  await page.reload({ waitUntil: 'networkidle' });
  t.equal(await page.getAttribute('html', 'lang'), 'en', 'still English after a reload');
  t.equal(await page.title(), enTitle);
  t.same(errors, []);
  await page.context().close();
});

t.test('a product page shows its colour cards and switches the image', async (t) => {
  const detail = (await (await fetch(`${site.apiUrl}/product/getProduct/${products[1].id}`)).json()) as { data: { colourCards: Array<{ name: string }>; title: string } };
  const { page, errors } = await site.newPage({ locale: 'zh-CN' });
  const res = await page.goto(`${site.url}/flower/${products[1].id}`, { waitUntil: 'networkidle' });
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  t.equal(res?.status(), 200);
  t.equal(await page.locator('h1').first().textContent(), detail.data.title);
  const cards = page.locator('.colours__card');
  t.equal(await cards.count(), detail.data.colourCards.length, 'one button per colour card');
  if (detail.data.colourCards.length > 1) {
    await cards.nth(1).click();
    t.match(await cards.nth(1).getAttribute('class'), /is-active/, 'the chosen card is marked');
  }
  t.ok((await page.locator('script[type="application/ld+json"]').count()) > 0, 'JSON-LD present');
  t.same(errors, []);
  await page.context().close();
});

t.test('an unknown path answers 404 with the message and a link home', async (t) => {
  const { page } = await site.newPage({ locale: 'en-US' });
  const res = await page.goto(`${site.url}/no/such/page`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  t.equal(res?.status(), 404);
  t.match(await page.locator('.error-page__title').textContent(), 'This page could not be found');
  await page.locator('.error-page a[href="/"]').click();
  await page.waitForURL(site.url + '/');
  await page.locator('.card__title').first().waitFor();
  t.ok((await page.locator('.card__title').count()) > 0, 'back on the home page');
  const unknownProduct = await page.goto(`${site.url}/flower/99999999`);
  t.equal(unknownProduct?.status(), 404, 'an unknown product is a real 404');
  await page.context().close();
});
