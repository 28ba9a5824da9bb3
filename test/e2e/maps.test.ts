// The maps driver in Debian's Chromium with an AMap key configured but AMap's servers out of reach: the
// shop page keeps its server-rendered location card and says, in the page's language, that the map
// cannot load (never a broken map); the settings page's place search says the same instead of "nothing
// found", and the coordinate fields still take the shop's position.
import t from 'tap';
import type { Page as BrowserPage } from 'playwright-core';
import { DEMO_PASSWORD } from '../../api/db/seed/demo-accounts';
import { mapsWords } from '../../isomorphic/components/maps/maps.words';
import { startSite } from '../helpers/e2e';

const site = await startSite({ products: 4, apiEnv: { AMAP_KEY: 'e2e-amap-key' } });
t.teardown(() => site.close());
await site.db.db.updateTable('company').set({ lat: 23.6567, lng: 116.6226 }).where('id', '=', 1).execute();

const hydrated = (page: BrowserPage) => page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
const unreachable = async (page: BrowserPage) => {
  const asked: string[] = [];
  await page.context().route(/amap\.com/, async (route) => { asked.push(route.request().url()); await route.abort('internetdisconnected'); });
  return asked;
};

t.test('the shop page: a failed AMap script leaves the location card and a clear message', async (t) => {
  for (const lang of ['zh', 'en'] as const) {
    const { page } = await site.newPage({ locale: lang === 'zh' ? 'zh-CN' : 'en-US' });
    const asked = await unreachable(page);
    await page.goto(`${site.url}/company/1?lang=${lang}`, { waitUntil: 'networkidle' });
    await hydrated(page);
    const notice = page.locator('.location .notice[role="alert"]');
    await notice.waitFor();
    t.equal(await notice.innerText(), mapsWords.loadFailed[lang], `${lang}: the page says the map cannot load`);
    t.match(await notice.getAttribute('data-detail'), /the AMap script could not be loaded/, 'the detail is kept for whoever looks');
    t.ok(asked.some((u) => u.includes('key=e2e-amap-key')), 'AMap was asked for with the configured key (the page lets its script load)');
    t.ok(await page.locator('.location__card').isVisible(), 'the location card stays');
    t.equal(await page.locator('.shop-map').count(), 0, 'no broken map is left');
  }
});

t.test('the settings page: the place search says the map cannot load, the coordinates still save', async (t) => {
  const { page } = await site.newPage({ locale: 'zh-CN' });
  await unreachable(page);
  await page.goto(`${site.url}/login?redirect=${encodeURIComponent('/home/shopManage/setting')}`, { waitUntil: 'networkidle' });
  await hydrated(page);
  await page.fill('input[name="mobile"]', '13800000001');
  await page.fill('input[name="password"]', DEMO_PASSWORD);
  await page.click('main form button[type="submit"]');
  await page.waitForURL((u) => u.pathname === '/home/shopManage/setting');
  await hydrated(page);
  const box = page.getByLabel(mapsWords.keyword.zh);
  await box.fill('潮州站');
  await box.press('Enter');
  const error = page.locator('.field__error[role="alert"]', { hasText: mapsWords.loadFailed.zh });
  await error.waitFor();
  t.pass('Enter: the map cannot load, said in Chinese');
  t.equal(await page.getByText('没有找到', { exact: false }).count(), 0, 'not "nothing found"');
  await page.getByLabel('纬度', { exact: true }).fill('23.65');
  await page.locator('form[aria-labelledby="face-title"] button[type="submit"]').click();
  await page.locator('.toast--success', { hasText: '保存成功' }).waitFor();
  t.pass('the coordinates save without the map');
});
