// Photo search as a person uses it, in Debian's Chromium against the real api and engine: open the overlay
// from the header's camera, drop or choose a catalogue pattern's own picture, watch the progress, land on
// the linkable results page with that pattern first; the overlay closes by button, Escape and backdrop;
// the upload rules; crop the same photo on /picSearchAgain and search again; cancel; the daily quota.
// Screenshots of the overlay and the results at 1280 and 360 go to tmp/screens/.
import fs from 'node:fs';
import path from 'node:path';
import t from 'tap';
import type { Page as PwPage } from 'playwright-core';
import type { Page, ProductSummary } from '../../isomorphic/contracts/common';
import { Limits } from '../../isomorphic/domain/limits';
import { startSite } from '../helpers/e2e';

const started = Date.now();
// Two views of one picture per product keep indexing the seeded catalogue to seconds.
const site = await startSite({ products: 8, imageSearch: { catalogueViews: ['full', 'centre50'], maxImagesPerProduct: 1, refreshMs: 0 }, waitForImageIndexMs: 150_000 });
t.teardown(() => site.close());
t.comment(`site up and catalogue indexed in ${Date.now() - started} ms`);

const SCREENS = path.resolve('tmp/screens');
fs.mkdirSync(SCREENS, { recursive: true });

const hydrated = (page: PwPage) => page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');

const list = (await (await fetch(`${site.apiUrl}/product/listLSKHomeProduct?pageNum=1&pageSize=8`)).json()) as { data: Page<ProductSummary> };
const target = list.data.list[0];
// The pattern's own picture, as a buyer's browser would get it.
const photo = Buffer.from(await (await fetch(new URL(target.coverUrl, site.url))).arrayBuffer());
const photoFile = path.resolve('tmp/e2e-photo-search.jpg');
fs.writeFileSync(photoFile, photo);

/** Waits until the result pictures have loaded and faded in (for screenshots). */
async function picturesShown(page: PwPage): Promise<void> {
  await page.waitForFunction(() => Array.from(document.querySelectorAll('.pic-hit img')).every((img) => img.classList.contains('is-loaded')));
  await page.waitForTimeout(500);
}

async function openOverlay(page: PwPage): Promise<void> {
  await page.click('.search__photo');
  await page.waitForSelector('.modal .pic-search');
}

/** The results page's cards: product id and similarity text, in rank order. */
async function hits(page: PwPage): Promise<Array<{ id: number; rank: number; similarity: string }>> {
  return page.locator('.pic-hit').evaluateAll((els) => els.map((e) => ({
    id: Number(e.getAttribute('data-product-id')),
    rank: Number(e.getAttribute('data-rank')),
    similarity: e.querySelector('.pic-hit__similarity')?.textContent ?? '',
  })));
}

t.test('a pattern\'s own picture dropped into the overlay finds that pattern first (1280, Chinese)', async (t) => {
  const { page, errors } = await site.newPage({ locale: 'zh-CN', width: 1280 });
  await page.goto(`${site.url}/flower`, { waitUntil: 'networkidle' });
  await hydrated(page);
  t.equal(await page.locator('.modal').count(), 0, 'no overlay at first');
  await openOverlay(page);
  t.equal(await page.locator('.modal__title').textContent(), '以图搜花');
  await page.screenshot({ path: path.join(SCREENS, 'image-search-overlay-1280.png') });

  // Drop the file on the drop zone, as a person dragging it from the desktop.
  const transfer = await page.evaluateHandle((b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const dt = new DataTransfer();
    dt.items.add(new File([bytes], 'lace.jpg', { type: 'image/jpeg' }));
    return dt;
  }, photo.toString('base64'));
  await page.dispatchEvent('.pic-search__drop', 'dragover', { dataTransfer: transfer });
  await page.dispatchEvent('.pic-search__drop', 'drop', { dataTransfer: transfer });
  await page.waitForSelector('.pic-search[data-state="chosen"] .pic-search__preview');
  await page.screenshot({ path: path.join(SCREENS, 'image-search-chosen-1280.png') });

  const startedAt = Date.now();
  await page.click('.pic-search__start');
  await page.waitForSelector('.pic-search[data-state="searching"] [role="progressbar"]');
  t.match(await page.locator('.pic-search__percent').textContent(), /正在搜索相似花型… \d+%/, 'a progress indicator while polling');
  await page.screenshot({ path: path.join(SCREENS, 'image-search-progress-1280.png') });
  await page.waitForURL(/\/homePicSearch\?searchId=\d+$/, { timeout: 60_000 });
  t.ok(Date.now() - startedAt >= Limits.searchPollMs - 100, 'the first poll comes after 2 s');
  await page.waitForSelector('.pic-hit');
  t.equal(await page.locator('.modal').count(), 0, 'the overlay closed');
  const found = await hits(page);
  t.equal(found[0]?.id, target.id, 'the pattern itself is first');
  t.match(found[0]?.similarity, /^相似度 \d{1,3}%$/, 'similarity as a percentage');
  t.ok(await page.locator('.pic-hit').first().locator('.pic-hit__swatch').count() > 0, 'colour cards shown');
  t.ok(((await page.locator('.pic-hit').first().locator('.card__company').textContent()) ?? '').length > 0, 'the mill shown');
  await page.waitForSelector('.pic-query__photo img');
  t.pass('the photo of the search is shown beside the results');
  await picturesShown(page);
  await page.screenshot({ path: path.join(SCREENS, 'image-search-results-1280.png'), fullPage: true });

  // The results page is a link: loaded afresh it is server-rendered with the same ranking.
  const url = page.url();
  const fresh = await (await fetch(url)).text();
  t.match(fresh, new RegExp(`data-product-id="${target.id}" data-rank="1"`), 'the linked page renders the ranking on the server');
  t.same(errors, []);
  await page.context().close();
});

t.test('the overlay closes by its button, Escape and the backdrop, and keeps the upload rules', async (t) => {
  const { page, errors } = await site.newPage({ locale: 'zh-CN' });
  await page.goto(`${site.url}/`, { waitUntil: 'networkidle' });
  await hydrated(page);
  await openOverlay(page);
  await page.click('.modal__close');
  await page.waitForSelector('.modal', { state: 'detached' });
  await openOverlay(page);
  await page.keyboard.press('Escape');
  await page.waitForSelector('.modal', { state: 'detached' });
  await openOverlay(page);
  await page.mouse.click(5, 890);
  await page.waitForSelector('.modal', { state: 'detached' });
  t.pass('button, Escape and backdrop each close it');

  await openOverlay(page);
  const input = page.locator('.pic-search input[type="file"]');
  await input.setInputFiles({ name: 'big.jpg', mimeType: 'image/jpeg', buffer: Buffer.concat([photo, Buffer.alloc(11 * 1024 * 1024)]) });
  t.equal(await page.locator('.pic-search__error').textContent(), '图片大小需在 10MB 以内', 'over 10 MB is refused with its message');
  await input.setInputFiles({ name: 'lace.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  t.match(await page.locator('.pic-search__error').textContent(), /png、jpg、jpeg、bmp/, 'another type is refused');
  t.equal(await page.locator('.pic-search[data-state="empty"]').count(), 1, 'nothing chosen');
  t.same(errors, []);
  await page.context().close();
});

t.test('at 360 in English: search, then crop the same photo on /picSearchAgain and search again', async (t) => {
  const { page, errors } = await site.newPage({ locale: 'en-US', width: 360 });
  await page.goto(`${site.url}/?lang=en`, { waitUntil: 'networkidle' });
  await hydrated(page);
  await openOverlay(page);
  t.equal(await page.locator('.modal__title').textContent(), 'Search by photo');
  await page.screenshot({ path: path.join(SCREENS, 'image-search-overlay-360.png') });
  await page.locator('.pic-search input[type="file"]').setInputFiles(photoFile);
  await page.waitForSelector('.pic-search__preview');
  await page.screenshot({ path: path.join(SCREENS, 'image-search-chosen-360.png') });
  await page.click('.pic-search__start');
  await page.waitForURL(/\/homePicSearch\?searchId=\d+$/, { timeout: 60_000 });
  await page.waitForSelector('.pic-hit');
  const first = await hits(page);
  t.equal(first[0]?.id, target.id, 'the pattern itself is first');
  t.match(first[0]?.similarity, /^\d{1,3}% similar$/);
  await picturesShown(page);
  await page.screenshot({ path: path.join(SCREENS, 'image-search-results-360.png'), fullPage: true });

  await page.click('a[href^="/picSearchAgain"]');
  await page.waitForURL(/\/picSearchAgain\?searchId=\d+$/);
  await page.waitForSelector('.pic-search cropper-canvas');
  t.pass('the kept photo opens in the cropper');
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(SCREENS, 'image-search-again-360.png'), fullPage: true });
  await page.click('.cropper__foot .button--primary');
  await page.waitForSelector('.pic-search__badge');
  t.equal(await page.locator('.pic-search__badge').textContent(), 'Cropped');
  const firstId = new URL(page.url()).searchParams.get('searchId');
  await page.click('.pic-search__start');
  await page.waitForURL((u) => u.pathname === '/homePicSearch' && u.searchParams.get('searchId') !== firstId, { timeout: 60_000 });
  await page.waitForSelector('.pic-hit');
  const again = await hits(page);
  t.ok(again.slice(0, 3).some((h) => h.id === target.id), 'a crop of the photo finds the pattern in the top 3');
  t.same(errors, []);
  await page.context().close();
});

t.test('while the catalogue is being indexed, the overlay says how far and counts up (390 Chinese, 1280 English)', async (t) => {
  const cases = [
    { locale: 'zh-CN', width: 390, query: '', first: (n: number) => `正在为花型图片建立索引：已可搜到 3 / ${n} 个产品，结果可能不完整`, rest: (n: number) => `全部 ${n} 个产品均可以图搜到；正在补充其余图片和角度：已完成 5 / ${n}` },
    { locale: 'en-US', width: 1280, query: '?lang=en', first: (n: number) => `Indexing catalogue pictures: 3 of ${n} products; results may be incomplete`, rest: (n: number) => `All ${n} products can be found by photo; adding their other pictures and angles: 5 of ${n} done` },
  ];
  for (const c of cases) {
    const { page, errors } = await site.newPage({ locale: c.locale, width: c.width });
    // The api's own answer, with the counts of an api still indexing (this site's catalogue is indexed
    // before the tests start): first some products findable, then all findable and some complete, then done.
    let state: { ready: boolean; indexed?: number; complete: number } = { ready: false, indexed: 3, complete: 0 };
    let total = 0;
    await page.route('**/api/search/status', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { code: number; data: { total: number } };
      total = body.data.total;
      await route.fulfill({ response, json: { ...body, data: { ...body.data, indexed: state.indexed ?? total, complete: state.complete, ready: state.ready } } });
    });
    await page.goto(`${site.url}/flower${c.query}`, { waitUntil: 'networkidle' });
    await hydrated(page);
    await openOverlay(page);
    const notice = page.locator('.modal .pic-search__notice');
    await notice.waitFor();
    t.equal(await notice.locator('p').textContent(), c.first(total), `${c.locale}: how many products can be found yet`);
    t.equal(await notice.locator('progress').getAttribute('value'), '3', 'the bar shows it');
    await page.screenshot({ path: path.join(SCREENS, `image-search-indexing-${c.width}-${c.locale}.png`) });
    // The overlay asks again every few seconds.
    state = { ready: false, complete: 5 };
    await page.waitForFunction((text) => document.querySelector('.modal .pic-search__notice p')?.textContent === text, c.rest(total), { timeout: 30_000 });
    t.pass(`${c.locale}: then how many products are complete`);
    state = { ready: true, complete: total };
    await notice.waitFor({ state: 'detached', timeout: 30_000 });
    t.pass('and the notice goes when indexing has finished');
    t.same(errors, [], 'no errors in the page');
    await page.context().close();
  }
});

t.test('cancel stops the search and tells the api; the 8th search of a day gets the quota alert', async (t) => {
  const { page, errors } = await site.newPage({ locale: 'zh-CN' });
  await page.goto(`${site.url}/homePicSearch`, { waitUntil: 'networkidle' });
  await hydrated(page);
  await page.locator('.pic-search input[type="file"]').setInputFiles(photoFile);
  await page.click('.pic-search__start');
  await page.waitForSelector('.pic-search[data-state="searching"]');
  const cancelCall = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/api/search/cancel/'));
  await page.click('.pic-search__actions .button');
  await cancelCall;
  await page.waitForSelector('.pic-search__info[data-state="cancelled"]');
  t.equal(await page.locator('.pic-search__info').textContent(), '已取消搜索');
  const polls: string[] = [];
  page.on('request', (r) => { if (r.url().includes('/api/search/polling/')) polls.push(r.url()); });
  await page.waitForTimeout(Limits.searchPollMs + 500);
  t.same(polls, [], 'no polling after cancel');
  t.equal(new URL(page.url()).pathname, '/homePicSearch', 'still on the page, no results opened');

  // Use up the rest of this browser's 7 free searches through the same proxy, then search once more.
  const codes = await page.evaluate(async ({ n, cover }) => {
    const visitor = localStorage.getItem('lace-visitor') ?? '';
    const img = await (await fetch(cover)).blob();
    const out: number[] = [];
    for (let i = 0; i < n; i++) {
      const res = await fetch('/api/search/encoded', { method: 'POST', headers: { 'content-type': 'image/jpeg', 'x-visitor-id': visitor }, body: img });
      const body = (await res.json()) as { code: number; data: { searchKey: string } };
      out.push(body.code);
      if (body.code === 0) await fetch(`/api/search/cancel/${body.data.searchKey}`, { method: 'POST', headers: { 'x-visitor-id': visitor } });
    }
    return out;
  }, { n: Limits.freeImageSearchesPerDay - 1, cover: new URL(target.coverUrl, site.url).pathname });
  t.same(codes, Array(Limits.freeImageSearchesPerDay - 1).fill(0), 'six more searches were allowed');
  await page.click('.pic-search__start');
  await page.waitForSelector('.pic-search__alert[data-state="quota"]');
  t.equal(await page.locator('.pic-search__alert').textContent(), '今日7次免费搜花次数已用完', 'the quota alert');
  t.equal(await page.locator('.pic-search').getAttribute('data-progress'), '1', 'progress set to 1');
  t.equal(await page.locator('.pic-search[data-state="searching"]').count(), 0, 'the search stopped');
  await page.screenshot({ path: path.join(SCREENS, 'image-search-quota-1280.png') });
  t.same(errors.filter((e) => !/status of 429/.test(e)), []);
  await page.context().close();
});
