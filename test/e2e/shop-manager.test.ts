// The shop manager end to end in Debian's Chromium, as the demo manufacturer: edit the shop's settings
// and its logo (upload control and cropper at 1:1), add a certificate that the demo operator verifies in
// the console (pictures large, audit log, the seller's message), choose a template with its preview, and
// see the public shop page render it with the verified badge, the QR code and the location card; the
// galleries' cards of the shop carry the badge too. Screenshots at 1280 and 390, zh and en, of the
// shop-manager pages, the console desk and the public page go to tmp/e2e-shop/.
import t from 'tap';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Page as BrowserPage } from 'playwright-core';
import { DEMO_PASSWORD } from '../../api/db/seed/demo-accounts';
import { shopManageWords as sw } from '../../isomorphic/pages/shop-manage/shop-manage.words';
import { platformWords as pw } from '../../isomorphic/pages/platform/platform.words';
import { hydrated, shoot, signIn, startSite } from '../helpers/e2e';

const SHOTS = path.resolve('tmp/e2e-shop');
fs.mkdirSync(SHOTS, { recursive: true });
const site = await startSite({ products: 12 });
t.teardown(() => site.close());

async function imageFile(name: string, colour: string, width = 480, height = 360): Promise<string> {
  const file = path.join(SHOTS, name);
  await sharp({ create: { width, height, channels: 3, background: colour } }).png().toFile(file);
  return file;
}

const field = (page: BrowserPage, label: string) => page.locator('.field', { has: page.locator('.field__label', { hasText: label }) });

t.test('the demo manufacturer dresses the shop, the operator verifies its certificate, buyers see the badge', async (t) => {
  const seller = await site.newPage({ locale: 'zh-CN' });
  const page = seller.page;
  await signIn(page, site.url, '13800000001', DEMO_PASSWORD, '/home/shopManage/setting');

  // Settings: abbreviation, coordinates, and a logo through the cropper (square).
  const logoBefore = await field(page, sw.logo.zh).locator('img').getAttribute('src');
  await page.getByLabel(sw.abbreviation.zh, { exact: true }).fill('金丝雀花边');
  await page.getByLabel(sw.lat.zh, { exact: true }).fill('23.6567');
  await page.getByLabel(sw.lng.zh, { exact: true }).fill('116.6226');
  await field(page, sw.logo.zh).locator('input[type="file"]').setInputFiles(await imageFile('logo.png', '#8c5a62', 600, 400));
  const crop = page.locator('.cropper__foot .button--primary');
  await crop.and(page.locator(':enabled')).waitFor();
  await crop.click();
  await page.waitForFunction((before) => {
    const img = [...document.querySelectorAll('.image-slot__preview')][0] as HTMLImageElement | undefined;
    return img !== undefined && img.getAttribute('src') !== before && img.complete && img.naturalWidth > 0;
  }, logoBefore);
  const logo = await page.locator('.image-slot__preview').first().evaluate((img: HTMLImageElement) => ({ w: img.naturalWidth, h: img.naturalHeight }));
  t.equal(logo.w, logo.h, 'the cropper keeps the logo square');
  await page.locator('form[aria-labelledby="face-title"] button[type="submit"]').click();
  await page.locator('.toast--success', { hasText: '保存成功' }).waitFor();
  await page.reload({ waitUntil: 'networkidle' });
  t.equal(await page.getByLabel(sw.abbreviation.zh, { exact: true }).inputValue(), '金丝雀花边', 'the abbreviation is saved');
  t.not(await field(page, sw.logo.zh).locator('img').getAttribute('src'), logoBefore, 'and the new logo');
  await shoot(page, SHOTS, 'setting-zh', 390);

  // A certificate, awaiting verification.
  await page.goto(`${site.url}/home/shopManage/aptitude`, { waitUntil: 'networkidle' });
  await hydrated(page);
  await page.getByRole('button', { name: sw.addCert.zh }).click();
  await page.getByLabel(sw.certType.zh).selectOption({ label: 'OEKO-TEX Standard 100' });
  await page.getByLabel(sw.certNumber.zh, { exact: true }).fill('OT-2026-E2E01');
  await page.getByLabel(sw.issuer.zh, { exact: true }).fill('TESTEX 上海');
  await page.getByLabel(sw.validFrom.zh, { exact: true }).fill('2026-01-01');
  await page.getByLabel(sw.longTerm.zh).check();
  await page.locator('main form input[type="file"]').setInputFiles(await imageFile('certificate.png', '#d8c3a5', 600, 800));
  await page.locator('main form .thumbs img').waitFor();
  await page.locator('main form button[type="submit"]').click();
  const mine = page.locator('[data-certificate-id]', { hasText: 'OT-2026-E2E01' });
  await mine.waitFor();
  t.match(await mine.innerText(), '待审核', 'awaiting verification');
  await shoot(page, SHOTS, 'aptitude-zh', 390);

  // The demo operator verifies it in the console, with the picture shown large.
  const op = await site.newPage({ locale: 'en-US' });
  await signIn(op.page, site.url, '13800000009', DEMO_PASSWORD, '/platform/certificates');
  const card = op.page.locator('[data-certificate]', { hasText: 'OT-2026-E2E01' });
  await card.waitFor();
  // Read once the picture has finished loading (or failed): the card can be shown before its picture arrives.
  const shown = await card.locator('.console-docs img').first().evaluate(async (img: HTMLImageElement) => {
    if (!img.complete) await new Promise((done) => { img.addEventListener('load', done, { once: true }); img.addEventListener('error', done, { once: true }); });
    return { ok: img.naturalWidth > 0, width: img.getBoundingClientRect().width };
  });
  t.ok(shown.ok, 'the picture loads');
  t.ok(shown.width >= 400, `and is shown large (${Math.round(shown.width)} px)`);
  await shoot(op.page, SHOTS, 'console-certificates-en', 390);
  await card.locator('[data-decide="reject"]').click();
  t.ok(await card.getByRole('alert').isVisible(), 'refusing without a reason is stopped with a message');
  await card.locator('[data-decide="verify"]').click();
  await card.waitFor({ state: 'detached' });
  t.pass('verified: it leaves the queue');
  await op.page.goto(`${site.url}/platform/audit?targetType=certificate`, { waitUntil: 'networkidle' });
  t.equal(await op.page.locator('[data-audit="certificate.verify"]').count(), 1, 'the decision is in the audit log');
  t.match(await op.page.locator('[data-audit="certificate.verify"]').innerText(), 'Verified a certificate');

  // The seller is told, and sees the certificate verified.
  await page.goto(`${site.url}/home/person/messages`, { waitUntil: 'networkidle' });
  t.match(await page.locator('[data-notice-kind="certificateVerified"]').innerText(), '资质证书已认证', 'the seller gets the message');
  await page.goto(`${site.url}/home/shopManage/aptitude`, { waitUntil: 'networkidle' });
  t.match(await page.locator('[data-certificate-id]', { hasText: 'OT-2026-E2E01' }).innerText(), '已认证');

  // A template, previewed before saving.
  await page.goto(`${site.url}/home/shopManage/mircoSetting`, { waitUntil: 'networkidle' });
  await hydrated(page);
  await page.locator('input[name="template"][value="template_3"]').check();
  await page.locator('.preview-frame [data-template="template_3"]').waitFor();
  t.pass('the preview follows the choice before saving');
  await page.locator('main button.button--primary', { hasText: sw.save.zh }).click();
  await page.locator('.toast--success').waitFor();
  await shoot(page, SHOTS, 'micro-setting-zh', 390);
  const companyId = Number((await page.locator('a.button', { hasText: sw.viewShop.zh }).first().getAttribute('href'))?.split('/').pop());
  for (const [entry, name] of [['cooperation', 'cooperation'], ['equipment', 'equipment']] as const) {
    await page.goto(`${site.url}/home/shopManage/${entry}`, { waitUntil: 'networkidle' });
    await shoot(page, SHOTS, `${name}-zh`, 390);
  }

  // The public page, as a guest: the template, the badge, the certificate, the QR code, the location card.
  const guest = await site.newPage({ locale: 'zh-CN' });
  const res = await guest.page.goto(`${site.url}/company/${companyId}`, { waitUntil: 'networkidle' });
  t.equal(res?.status(), 200);
  t.equal(await guest.page.locator('[data-template="template_3"]').count(), 1, 'rendered in the chosen template');
  t.ok(await guest.page.locator('.site__head .verified-badge').isVisible(), 'with the verified badge');
  t.ok(await guest.page.getByText('OT-2026-E2E01').isVisible(), 'the verified certificate');
  t.ok(await guest.page.locator('.site-card__qr-code svg').isVisible(), 'the QR code');
  t.match(await guest.page.locator('.site-card__qr a[download]').getAttribute('href'), /^data:image\/png;base64,/, 'downloadable');
  t.ok(await guest.page.locator('.location__card').isVisible(), 'the location card');
  t.match(await guest.page.locator('.location a[href*="uri.amap.com"]').getAttribute('href'), 'position=116.6226,23.6567', 'pointing at the saved coordinates');
  t.equal(await guest.page.locator('.site__logo img').evaluate((img: HTMLImageElement) => img.naturalWidth > 0), true, 'the new logo shows');
  await shoot(guest.page, SHOTS, 'company-zh', 390);
  const cards = guest.page.locator(`.product-grid li.card[data-company="${companyId}"]`);
  t.ok(await cards.count() > 0 && await cards.locator('.verified-badge').count() === await cards.count(), "the shop's product cards carry the badge");
  const whole = (card: Element) => {
    const badge = card.querySelector('.verified-badge')?.getBoundingClientRect();
    const box = card.querySelector('.card__company')?.getBoundingClientRect();
    return badge !== undefined && box !== undefined && badge.width > 0 && badge.right <= box.right + 0.5;
  };
  t.ok(await cards.first().evaluate(whole), 'the badge shows whole beside a long mill name');

  const en = await site.newPage({ locale: 'en-US' });
  await en.page.goto(`${site.url}/company/${companyId}?lang=en`, { waitUntil: 'networkidle' });
  t.match(await en.page.locator('.site__head .verified-badge').innerText(), 'Verified', 'in English too');
  await shoot(en.page, SHOTS, 'company-en', 390);
  await en.page.goto(`${site.url}/goodAndNew?lang=en`, { waitUntil: 'networkidle' });
  const galleryCards = en.page.locator(`li.card[data-company="${companyId}"]`);
  t.ok(await galleryCards.count() > 0, "the shop's patterns are in the gallery");
  t.equal(await galleryCards.locator('.verified-badge').count(), await galleryCards.count(), 'each with the badge');
  t.equal(await en.page.locator(`li.card:not([data-company="${companyId}"]) .verified-badge`).count(), 0, 'and no other mill has it');

  t.same(seller.errors, [], 'no console errors for the seller');
  t.same(op.errors, [], 'nor the operator');
  t.same(guest.errors, [], 'nor the guest');
});

t.test('the shop-manager pages in English', async (t) => {
  const { page, errors } = await site.newPage({ locale: 'en-US' });
  await signIn(page, site.url, '13800000001', DEMO_PASSWORD, '/home/shopManage/setting');
  for (const entry of ['setting', 'aptitude', 'cooperation', 'equipment', 'mircoSetting']) {
    const res = await page.goto(`${site.url}/home/shopManage/${entry}?lang=en`, { waitUntil: 'networkidle' });
    t.equal(res?.status(), 200, entry);
    t.equal(await page.locator('html').getAttribute('lang'), 'en', `${entry} in English`);
    await shoot(page, SHOTS, `${entry}-en`, 390);
  }
  t.same(errors, [], 'no console errors');
});

t.test('the console desk in Chinese, and refused to the seller', async (t) => {
  const op = await site.newPage({ locale: 'zh-CN' });
  await signIn(op.page, site.url, '13800000009', DEMO_PASSWORD, '/platform/certificates');
  await op.page.goto(`${site.url}/platform/certificates?status=1`, { waitUntil: 'networkidle' });
  t.ok(await op.page.locator('[data-certificate]', { hasText: 'OT-2026-E2E01' }).isVisible(), 'the verified certificate is under its status');
  t.ok(await op.page.getByRole('button', { name: pw.revoke.zh }).isVisible(), 'with a way to withdraw it');
  await shoot(op.page, SHOTS, 'console-certificates-zh', 390);
  const seller = await site.newPage({ locale: 'zh-CN' });
  await signIn(seller.page, site.url, '13800000001', DEMO_PASSWORD, '/home/shopManage/setting');
  const res = await seller.page.goto(`${site.url}/platform/certificates`, { waitUntil: 'networkidle' });
  t.equal(res?.status(), 403, 'a seller is refused the desk');
});
