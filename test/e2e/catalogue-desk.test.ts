// The operator's product desk and pattern-copy list end to end in Debian's Chromium (issue 17): the demo
// operator reaches both from the console menu, finds a seeded product by its code, takes it down with a
// reason (the seller's list says why) and restores it; a flagged pair (as photo search leaves one: the api
// and its rules are tested in test/integration/api/catalogue-copies.test.ts) shows both pictures and
// links and is taken down with a reason, and the copying seller's product list told them before.
// Screenshots at 1280 and 390 px, zh and en, go to tmp/e2e-catalogue-desk/.
import t from 'tap';
import fs from 'node:fs';
import path from 'node:path';
import { DEMO_PASSWORD } from '../../api/db/seed/demo-accounts';
import { platformWords as pw } from '../../isomorphic/pages/platform/platform.words';
import { catalogueDeskWords as dw } from '../../isomorphic/pages/platform/catalogue-desk.words';
import { productsWords } from '../../isomorphic/pages/shop-manage/products.words';
import { shoot, signIn, startSite } from '../helpers/e2e';

const SHOTS = path.resolve('tmp/e2e-catalogue-desk');
fs.mkdirSync(SHOTS, { recursive: true });
const site = await startSite({ products: 12 });
t.teardown(() => site.close());

t.test('the operator takes a product down and restores it, and decides a flagged pair', async (t) => {
  const db = site.db.db;
  const maker = await db.selectFrom('app_user').select('company_id').where('mobile', '=', '13800000001').executeTakeFirstOrThrow();
  // Three of the seeded products are the demo manufacturer's (the seed spreads them over companies).
  const seeded = await db.selectFrom('product').select(['id', 'company_id']).where('status', '=', 1).orderBy('id').execute();
  const lent = seeded.filter((p) => p.company_id !== maker.company_id).slice(0, 3).map((p) => p.id);
  await db.updateTable('product').set({ company_id: Number(maker.company_id) }).where('id', 'in', lent).execute();
  const products = await db.selectFrom('product').select(['id', 'code', 'company_id']).where('status', '=', 1).orderBy('id').execute();
  const mine = products.filter((p) => p.company_id === maker.company_id);
  const others = products.filter((p) => p.company_id !== maker.company_id);
  t.ok(mine.length >= 3 && others.length >= 1, 'seeded products of the demo manufacturer and of others');
  const target = mine[0];

  const op = await site.newPage({ locale: 'zh-CN' });
  const page = op.page;
  await signIn(page, site.url, '13800000009', DEMO_PASSWORD, '/platform');
  await page.getByRole('link', { name: pw.products.zh }).click();
  await page.waitForURL(/\/platform\/products$/);
  await page.locator('[data-product]').first().waitFor();
  await page.getByLabel(dw.keyword.zh).fill(target.code);
  await page.getByRole('button', { name: pw.search.zh }).click();
  await page.waitForURL(/keyword=/);
  const row = page.locator(`[data-product="${target.id}"]`);
  await row.waitFor();
  t.equal(await page.locator('[data-product]').count(), 1, 'found by its code alone');
  await row.getByRole('button', { name: dw.takeDown.zh }).click();
  await row.locator('[role="alert"]').waitFor();
  t.pass('a take-down needs a reason');
  await row.getByLabel(pw.reason.zh).fill('图片侵权，请更换');
  await row.getByRole('button', { name: dw.takeDown.zh }).click();
  await row.getByText('下架原因：图片侵权，请更换').waitFor();
  t.pass('taken down, with its reason');
  await shoot(page, SHOTS, 'products-zh', 390);

  const seller = await site.newPage({ locale: 'zh-CN' });
  await signIn(seller.page, site.url, '13800000001', DEMO_PASSWORD, '/home/shopManage/products?status=takenDown');
  await seller.page.locator(`[data-product-id="${target.id}"]`, { hasText: '图片侵权，请更换' }).waitFor();
  t.pass("the seller's list says why");

  await row.getByRole('button', { name: dw.restore.zh }).click();
  await row.getByRole('button', { name: dw.takeDown.zh }).waitFor();
  t.equal(await db.selectFrom('product').select('status').where('id', '=', target.id).executeTakeFirstOrThrow().then((r) => r.status), 0, 'restored: off sale, the seller may sell it again');

  // A pair photo search flagged: the demo manufacturer's second product resembles another company's.
  const copy = mine[1], original = others[0];
  await db.insertInto('product_copy_flag').values({ product_id: copy.id, other_product_id: original.id, similarity: 0.962, created_at: new Date().toISOString() }).execute();
  await seller.page.goto(`${site.url}/home/shopManage/products`, { waitUntil: 'networkidle' });
  const notice = seller.page.locator(`[data-product-id="${copy.id}"] [data-similar-to="${original.id}"]`);
  await notice.waitFor();
  t.match(await notice.innerText(), productsWords.similarTo.zh.replace('：', ''), 'the seller is told, with a link to the other public page');
  t.equal(await notice.locator(`a[href="/flower/${original.id}"]`).count(), 1);
  await shoot(seller.page, SHOTS, 'seller-notice-zh', 390);
  await seller.page.goto(`${site.url}/home/shopManage/products/edit?id=${copy.id}`, { waitUntil: 'networkidle' });
  await seller.page.locator(`[data-similar-to="${original.id}"]`).waitFor();
  t.pass('the form says it too');

  await page.getByRole('link', { name: pw.copies.zh }).click();
  await page.waitForURL(/\/platform\/copies$/);
  const pair = page.locator('[data-copy-flag]').first();
  await pair.waitFor();
  t.equal(await pair.locator('img').count(), 2, 'both pictures');
  t.equal(await pair.locator(`a[href="/flower/${copy.id}"]`).count() + await pair.locator(`a[href="/flower/${original.id}"]`).count(), 2, 'both public pages');
  t.match(await pair.innerText(), /0\.962/);
  await shoot(page, SHOTS, 'copies-zh', 390);
  await pair.getByLabel(pw.reason.zh).fill('与他人花型相同');
  await pair.getByRole('button', { name: dw.takeDownCopy.zh }).click();
  await page.locator('[data-copy-flag]').first().waitFor({ state: 'detached' });
  t.equal(await db.selectFrom('product').select('status').where('id', '=', copy.id).executeTakeFirstOrThrow().then((r) => r.status), 2, 'the later product is taken down');
  await page.getByRole('link', { name: dw.takenDown.zh }).click();
  await page.waitForURL(/status=takenDown/);
  await page.getByText('处理：与他人花型相同').waitFor();
  t.pass('the decided pair keeps its reason');

  const en = await site.newPage({ locale: 'en-US' });
  await signIn(en.page, site.url, '13800000009', DEMO_PASSWORD, '/platform/products');
  await en.page.locator('[data-product]').first().waitFor();
  await shoot(en.page, SHOTS, 'products-en', 390);
  await en.page.goto(`${site.url}/platform/copies?status=takenDown`, { waitUntil: 'networkidle' });
  await en.page.locator('[data-copy-flag]').first().waitFor();
  await shoot(en.page, SHOTS, 'copies-en', 390);
  const enSeller = await site.newPage({ locale: 'en-US' });
  await db.insertInto('product_copy_flag').values({ product_id: mine[2].id, other_product_id: original.id, similarity: 0.951, created_at: new Date().toISOString() }).execute();
  await db.updateTable('product').set({ status: 1 }).where('id', '=', mine[2].id).execute();
  await signIn(enSeller.page, site.url, '13800000001', DEMO_PASSWORD, '/home/shopManage/products');
  await enSeller.page.locator('[data-similar-to]').first().waitFor();
  await shoot(enSeller.page, SHOTS, 'seller-notice-en', 390);

  t.same([...op.errors, ...seller.errors, ...en.errors, ...enSeller.errors], [], 'no console errors');
});

t.test("the gallery's edge, craft and stretch rows are links a buyer follows", async (t) => {
  const db = site.db.db;
  // The seed gives patterns their craft: the Leavers link shows the seeded Leavers patterns on sale.
  const leavers = (await db.selectFrom('product').select('id').where('status', '=', 1).where('kind', '=', 1).where('craft', '=', 420012).orderBy('id').execute()).map((r) => r.id);
  t.ok(leavers.length > 0, `${leavers.length} seeded Leavers patterns`);
  for (const [locale, lang] of [['zh-CN', 'zh'], ['en-US', 'en']] as const) {
    const buyer = await site.newPage({ locale });
    await buyer.page.goto(`${site.url}/flower`, { waitUntil: 'networkidle' });
    await buyer.page.locator('.filters__option', { hasText: lang === 'zh' ? '列维斯' : 'Leavers' }).click();
    await buyer.page.waitForURL(/craft=420012/);
    await buyer.page.locator(`a.card__link[href="/flower/${leavers[0]}"]`).waitFor();
    const shown = await buyer.page.locator('a.card__link').evaluateAll((as) => as.map((a) => Number(a.getAttribute('href')?.split('/').pop())));
    t.same(shown.sort((a, b) => a - b), leavers.slice(0, 20), `${lang}: the Leavers patterns only`);
    await shoot(buyer.page, SHOTS, `gallery-craft-${lang}`, 390);
    t.same(buyer.errors, [], 'no console errors');
  }
});

t.test('kilograms on the product page only where the seller gives the weight per metre', async (t) => {
  const db = site.db.db;
  const [withWeight, without] = await db.selectFrom('product').select('id').where('status', '=', 1).where('kind', '=', 1).orderBy('id', 'desc').limit(2).execute();
  const ladder = JSON.stringify([{ from: 100, price: 1200 }, { from: 1000, price: 1050 }]);
  const at = new Date(Date.now() + 1000).toISOString();
  await db.updateTable('product').set({ unit: 400013, bulk_ladder: ladder, weight_g_per_m: 150, updated_at: at }).where('id', '=', withWeight.id).execute();
  await db.updateTable('product').set({ unit: 400013, bulk_ladder: ladder, weight_g_per_m: null, updated_at: at }).where('id', '=', without.id).execute();
  for (const [locale, lang] of [['zh-CN', 'zh'], ['en-US', 'en']] as const) {
    const buyer = await site.newPage({ locale });
    await buyer.page.goto(`${site.url}/flower/${withWeight.id}`, { waitUntil: 'networkidle' });
    const table = buyer.page.locator('[data-testid="price-ladder"]');
    await table.waitFor();
    // 1,000 m at 150 g/m is 150 kg; ¥10.50 a metre is ¥70.00 a kilogram
    t.match(await table.locator('[data-from="1000"] [data-kg]').innerText(), /150 (公斤|kilo)/, `${lang}: the step in kilograms`);
    t.match(await table.locator('[data-from="1000"] [data-kg-price]').innerText(), /70\.00/, `${lang}: and the price per kilogram`);
    await table.locator('[data-testid="weight-per-metre"]').waitFor();
    await table.scrollIntoViewIfNeeded();
    await shoot(buyer.page, SHOTS, `product-kg-${lang}`, 390);
    await buyer.page.goto(`${site.url}/flower/${without.id}`, { waitUntil: 'networkidle' });
    await buyer.page.locator('[data-testid="price-ladder"]').waitFor();
    t.equal(await buyer.page.locator('[data-kg]').count(), 0, `${lang}: no weight given, no kilograms`);
    t.same(buyer.errors, [], 'no console errors');
  }
});
