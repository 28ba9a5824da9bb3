// The header's catalogue bar (issue 23), in Debian's Chromium: at 390 px every gallery is reached from
// the menu, by pointer and by keyboard; the bar is in the server's HTML and leads to no missing page.
import t from 'tap';
import type { Page } from 'playwright-core';
import { startSite } from '../helpers/e2e';

const site = await startSite({ products: 4 });
t.teardown(() => site.close());

async function hydrated(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

t.test('at 390 px every gallery is reached from the header menu, by keyboard too', async (t) => {
  const { page, errors } = await site.newPage({ locale: 'en-GB', width: 390 });
  await page.goto(`${site.url}/?lang=en`);
  await hydrated(page);
  const toggle = page.locator('.site-nav__toggle');
  t.ok(await toggle.isVisible(), 'a menu button on phones');
  t.notOk(await page.locator('.site-nav__list').isVisible(), 'the list is folded away');
  const targets: Array<[string, RegExp]> = [
    ['Patterns', /\/flower$/], ['Fabric', /\/flower\?patternType=100010$/], ['Garments', /\/clothesGallery$/], ['New arrivals', /\/goodAndNew$/],
    ['Mills', /\/home\/qualityFirm$/], ['Custom pattern', /\/flower\/custom$/], ['Custom garment', /\/home\/clothes\/custom$/],
  ];
  for (const [label, url] of targets) {
    await toggle.click();
    t.equal(await toggle.getAttribute('aria-expanded'), 'true', `${label}: the menu opens`);
    await page.locator('.site-nav__list a', { hasText: label }).first().click();
    await page.waitForURL(url);
    await page.locator('main h1').first().waitFor();
    await page.waitForFunction(() => !document.querySelector('.site-nav')?.classList.contains('is-open'), undefined, { timeout: 2000 });
    t.notOk(await page.locator('.site-nav__list').isVisible(), `${label}: reached, and the menu closed again`);
  }
  // Keyboard: focus the menu button, Enter opens it, Tab reaches the first link, Enter follows it.
  await toggle.focus();
  await page.keyboard.press('Enter');
  t.equal(await toggle.getAttribute('aria-expanded'), 'true', 'Enter opens the menu');
  await page.keyboard.press('Tab');
  t.equal(await page.evaluate(() => document.activeElement?.textContent), 'Patterns', 'Tab moves into it');
  await page.keyboard.press('Escape');
  t.equal(await toggle.getAttribute('aria-expanded'), 'false', 'Escape closes it');
  t.same(errors, [], 'no console errors');
  await page.context().close();
});

t.test('the catalogue bar is in the server\'s HTML of every layout, with no link to a missing page', async (t) => {
  for (const path of ['/', '/flower', '/login', '/no-such-page']) {
    const html = await (await fetch(`${site.url}${path}`)).text();
    t.match(html, /<nav class="site-nav"/, `${path}: rendered on the server`);
  }
  const html = await (await fetch(`${site.url}/`)).text();
  const links = [...html.matchAll(/<nav class="site-nav"[\s\S]*?<\/nav>/g)][0][0].matchAll(/href="([^"]+)"/g);
  for (const [, href] of links) {
    const res = await fetch(`${site.url}${href.replace(/&amp;/g, '&')}`);
    t.equal(res.status, 200, `${href}: 200`);
  }
});
