// Progressive hydration (issue 20, isomorphic/components/hydrate-later.tsx): the page's parts (the layout's
// main, the header's bar, the catalogue bar, each product card, each filter row, the pager, the footer,
// the product page's sections) hydrate in tasks of their own after the first pass. What a buyer must get:
// the server's nodes kept as they are (nothing re-created, nothing flickers), the page working once it
// says it has hydrated (a card, a filter, the menu, the search box, a product's colour card), field ids
// the same as the server's, no console error, in Chinese and in English.
import t from 'tap';
import type { Page as PwPage } from 'playwright-core';
import type { Page, ProductSummary } from '../../isomorphic/contracts/common';
import { hydrated, startSite } from '../helpers/e2e';

const site = await startSite({ products: 30 });
t.teardown(() => site.close());

const list = (await (await fetch(`${site.apiUrl}/product/listLSKHomeProduct?pageNum=1&pageSize=30`)).json()) as { data: Page<ProductSummary> };
const products = list.data.list;
const keyword = products[0].title.slice(0, 2);

/** Before any script runs: marks every element of #root as the server's and records what is added or removed. */
async function watch(page: PwPage): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __added: string[]; __removed: string[] };
    w.__added = [];
    w.__removed = [];
    document.addEventListener('DOMContentLoaded', () => {
      const root = document.getElementById('root');
      if (!root) return;
      for (const el of root.querySelectorAll('*')) (el as unknown as { __server: boolean }).__server = true;
      new MutationObserver((records) => {
        for (const r of records) {
          for (const n of r.addedNodes) if (n.nodeType === 1) w.__added.push((n as Element).outerHTML.slice(0, 80));
          for (const n of r.removedNodes) if (n.nodeType === 1) w.__removed.push((n as Element).outerHTML.slice(0, 80));
        }
      }).observe(root, { childList: true, subtree: true });
    });
  });
}

/** What hydration did to the server's DOM: elements added or removed, and elements now in #root that the server did not send. */
async function domChanges(page: PwPage): Promise<{ added: string[]; removed: string[]; foreign: number; total: number }> {
  return page.evaluate(() => {
    const w = window as unknown as { __added: string[]; __removed: string[] };
    const all = [...document.querySelectorAll('#root *')];
    return { added: w.__added, removed: w.__removed, foreign: all.filter((el) => !(el as unknown as { __server?: boolean }).__server).length, total: all.length };
  });
}

/** Every label points at a field that exists, and no id is used twice. */
async function idsHold(page: PwPage): Promise<{ dangling: string[]; duplicate: string[] }> {
  return page.evaluate(() => {
    const ids = [...document.querySelectorAll('[id]')].map((el) => el.id);
    const dangling = [...document.querySelectorAll('label[for]')].map((l) => l.getAttribute('for') ?? '').filter((id) => !document.getElementById(id));
    return { dangling, duplicate: ids.filter((id, i) => ids.indexOf(id) !== i) };
  });
}

for (const [lang, locale] of [['zh', 'zh-CN'], ['en', 'en-US']] as const) {
  const q = lang === 'en' ? '&lang=en' : '';
  const first = lang === 'en' ? '?lang=en' : '';

  t.test(`${lang}: search results hydrate part by part on the server's nodes, and a card then opens its product in the page`, async (t) => {
    const { page, errors } = await site.newPage({ locale, width: 412 });
    await watch(page);
    await page.goto(`${site.url}/homeSearch?keyword=${encodeURIComponent(keyword)}${q}`);
    await hydrated(page);
    const changes = await domChanges(page);
    t.ok(changes.total > 100, `the page has its elements (${changes.total})`);
    t.same({ added: changes.added, removed: changes.removed, foreign: changes.foreign }, { added: [], removed: [], foreign: 0 }, 'no element added, removed or re-created');
    t.same(await idsHold(page), { dangling: [], duplicate: [] }, 'labels point at their fields, ids unique');
    // The page's own marker survives a client navigation; a full load would lose it.
    await page.evaluate(() => { (window as unknown as { __stay: number }).__stay = 1; });
    const last = page.locator('.search-results .card__link').last();
    const href = (await last.getAttribute('href'))!;
    await last.click();
    await page.waitForURL((u) => u.pathname === href.split('?')[0]);
    await page.locator('.product__title').waitFor();
    t.equal(await page.evaluate(() => (window as unknown as { __stay?: number }).__stay), 1, 'the last card navigated in the page (its link had hydrated)');
    t.same(errors, [], 'no console errors');
    await page.context().close();
  });

  t.test(`${lang}: the gallery's filter rows, menu and search box work once it has hydrated`, async (t) => {
    const { page, errors } = await site.newPage({ locale, width: 412 });
    await watch(page);
    await page.goto(`${site.url}/flower${first}`);
    await hydrated(page);
    const changes = await domChanges(page);
    t.same({ added: changes.added, removed: changes.removed, foreign: changes.foreign }, { added: [], removed: [], foreign: 0 }, 'no element added, removed or re-created');
    await page.evaluate(() => { (window as unknown as { __stay: number }).__stay = 1; });
    // The phone menu (the catalogue bar) opens.
    await page.locator('.site-nav__toggle').click();
    await page.locator('.site-nav.is-open').waitFor();
    t.pass('the menu opens');
    await page.locator('.site-nav__toggle').click();
    // A filter row's option (the last row, sort) navigates in the page.
    const sort = page.locator('.filters__row').last().locator('.filters__option').last();
    await sort.click();
    await page.waitForURL(/sort=/);
    t.equal(await page.evaluate(() => (window as unknown as { __stay?: number }).__stay), 1, 'the filter navigated in the page');
    // The header's search box submits through the router.
    await page.locator('#site-search').fill(keyword);
    await page.locator('#site-search').press('Enter');
    await page.waitForURL(/\/homeSearch\?keyword=/);
    await page.locator('.search-results').waitFor();
    t.equal(await page.evaluate(() => (window as unknown as { __stay?: number }).__stay), 1, 'the search box searched in the page');
    t.same(errors, [], 'no console errors');
    await page.context().close();
  });

  t.test(`${lang}: a product's sections hydrate on the server's nodes and answer at once`, async (t) => {
    const { page, errors } = await site.newPage({ locale, width: 412 });
    await watch(page);
    await page.goto(`${site.url}/flower/${products[1].id}${first}`);
    await hydrated(page);
    const changes = await domChanges(page);
    t.same({ added: changes.added, removed: changes.removed, foreign: changes.foreign }, { added: [], removed: [], foreign: 0 }, 'no element added, removed or re-created');
    t.same(await idsHold(page), { dangling: [], duplicate: [] }, 'labels point at their fields, ids unique');
    const card = page.locator('.colours__card').first();
    if (await card.count()) {
      await card.click();
      await page.locator('.colours__card[aria-pressed="true"]').first().waitFor();
      t.pass('a colour card is chosen');
    }
    // The supplier's contact dialog opens (the supplier section hydrated later than the picture).
    await page.locator('.supplier .button--primary').first().click();
    await page.locator('[role="dialog"]').waitFor();
    t.pass('the contact dialog opens');
    t.same(errors, [], 'no console errors');
    await page.context().close();
  });
}
