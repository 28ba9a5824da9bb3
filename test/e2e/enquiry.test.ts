// Enquiries (issue 19 item 7), in Debian's Chromium: the demo buyer asks the demo manufacturer about one of
// its products from the product page ("Ask the seller": the empty question refused by the page, a progress
// state, then sent); the manufacturer finds it in the shop manager's inbox (reached from its menu), marked
// new, reads who asked and replies; the buyer finds the reply under "My enquiries" in the personal centre
// and the message in the message centre. Screenshots at 1280 and 390 px, both languages, in tmp/screens/.
import fs from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { hydrated, shoot, signIn, startSite } from '../helpers/e2e';
import { ProductKind, ProductStatus } from '../../isomorphic/domain/catalogue';

const site = await startSite({ products: 24 });
t.teardown(() => site.close());
const SCREENS = path.resolve('tmp/screens');
fs.mkdirSync(SCREENS, { recursive: true });

const MAKER = '13800000001';
const BUYER = '13800000003';
const PASSWORD = 'lace2026';
const QUESTION = '请问这款花边白色有现货吗？300 码起订可以吗？';
const ANSWER = '白色现货 2000 码，300 码可以发货。';

t.test('the demo buyer asks the demo manufacturer; the manufacturer replies; the buyer reads the reply and the message', async (t) => {
  const db = site.db.db;
  const maker = await db.selectFrom('app_user').select(['company_id']).where('mobile', '=', MAKER).executeTakeFirstOrThrow();
  const product = await db.selectFrom('product').select(['id']).where('company_id', '=', maker.company_id!)
    .where('kind', '=', ProductKind.PATTERN).where('status', '=', ProductStatus.ON_SALE).orderBy('id').executeTakeFirstOrThrow();

  // The buyer asks from the product page.
  const { page: buyer, errors: buyerErrors } = await site.newPage({ locale: 'zh-CN' });
  await signIn(buyer, site.url, BUYER, PASSWORD, `/flower/${product.id}`);
  await buyer.click('.ask-seller__open');
  const form = buyer.locator('form.ask-seller');
  await form.waitFor({ timeout: 15_000 });
  await form.locator('button[type="submit"]').click();
  await form.locator('.field__error').waitFor();
  t.match(await form.locator('.field__error').textContent(), '内容须为1-500个字符', 'an empty question is refused by the page');
  await form.locator('textarea').fill(QUESTION);
  t.equal(await form.locator('.field__error').count(), 0, 'the message goes once the question is typed');
  await shoot(buyer, SCREENS, 'enquiry-ask-form-zh', 390);
  await form.locator('button[type="submit"]').click();
  const sent = buyer.locator('.ask-seller--sent');
  await sent.waitFor({ timeout: 15_000 });
  const id = await sent.getAttribute('data-enquiry');
  t.ok(id, 'sent');
  t.match(await sent.textContent(), '询盘已发送');

  // The manufacturer finds it in the shop manager's inbox, new, and replies.
  const { page: seller, errors: sellerErrors } = await site.newPage({ locale: 'zh-CN' });
  await signIn(seller, site.url, MAKER, PASSWORD, '/home/shopManage');
  await seller.click('[data-menu-key="enquiry"]');
  const row = seller.locator(`.enquiry-row[data-enquiry="${id}"]`);
  await row.waitFor({ timeout: 15_000 });
  t.match(await row.textContent(), QUESTION, 'the question is in the inbox');
  t.equal(await row.locator('[data-unread]').count(), 1, 'marked new');
  await row.locator('.record__actions a').click();
  const thread = seller.locator(`.enquiry-thread[data-thread="${id}"]`);
  await thread.waitFor({ timeout: 15_000 });
  t.match(await thread.locator('.enquiry-asker').textContent(), '设计师', 'who asked: the buyer\'s type');
  t.match(await thread.locator('.enquiry-asker').textContent(), /138\*{4}0003/, 'and the mobile, its middle hidden');
  await thread.locator('textarea[name="reply"]').fill(ANSWER);
  await thread.locator('button[type="submit"]').click();
  await thread.locator('.enquiry-bubble--mine', { hasText: ANSWER }).waitFor({ timeout: 15_000 });
  t.equal(await seller.locator(`.enquiry-row[data-enquiry="${id}"] [data-unread]`).count(), 0, 'no longer new once read');
  await shoot(seller, SCREENS, 'enquiry-shop-zh', 390);

  // The buyer finds the reply under "My enquiries", and the message.
  await buyer.goto(`${site.url}/home/person`, { waitUntil: 'networkidle' });
  await hydrated(buyer);
  await buyer.click('[data-menu-key="enquiry"]');
  const mine = buyer.locator(`.enquiry-row[data-enquiry="${id}"]`);
  await mine.waitFor({ timeout: 15_000 });
  t.equal(await mine.locator('[data-unread]').count(), 1, 'the reply is new for the buyer');
  await mine.locator('.record__actions a').click();
  const reply = buyer.locator('.enquiry-bubble', { hasText: ANSWER });
  await reply.waitFor({ timeout: 15_000 });
  t.notOk(await reply.evaluate((el) => el.classList.contains('enquiry-bubble--mine')), 'the reply is the seller\'s');
  await shoot(buyer, SCREENS, 'enquiry-person-zh', 390);
  await buyer.goto(`${site.url}/home/person/messages`, { waitUntil: 'networkidle' });
  const notice = buyer.locator('[data-notice-kind="enquiryReply"]').first();
  await notice.waitFor({ timeout: 15_000 });
  t.match(await notice.textContent(), '您的询盘有新回复', 'the message, in Chinese');
  t.match(await notice.textContent(), ANSWER);
  t.same(buyerErrors, [], 'no console error for the buyer');
  t.same(sellerErrors, [], 'no console error for the seller');
  await buyer.context().close();
  await seller.context().close();

  t.test('the same pages in English', async (t) => {
    const s = await site.newPage({ locale: 'en-US' });
    await signIn(s.page, site.url, MAKER, PASSWORD, `/home/shopManage/enquiry?id=${id}&lang=en`);
    await s.page.locator('.enquiry-thread').waitFor({ timeout: 15_000 });
    t.match(await s.page.locator('#shop-manage-title').textContent(), 'Enquiries');
    t.match(await s.page.locator('.enquiry-asker').textContent(), 'Who asked');
    await shoot(s.page, SCREENS, 'enquiry-shop-en', 390);
    await s.page.context().close();
    const b = await site.newPage({ locale: 'en-US' });
    await signIn(b.page, site.url, BUYER, PASSWORD, `/home/person/enquiry?id=${id}&lang=en`);
    await b.page.locator('.enquiry-thread').waitFor({ timeout: 15_000 });
    t.match(await b.page.locator('.person__title').textContent(), 'My enquiries');
    await shoot(b.page, SCREENS, 'enquiry-person-en', 390);
    await b.page.goto(`${site.url}/flower/${product.id}?lang=en`, { waitUntil: 'networkidle' });
    await hydrated(b.page);
    await b.page.click('.ask-seller__open');
    await b.page.locator('form.ask-seller textarea').waitFor();
    t.match(await b.page.locator('form.ask-seller').textContent(), 'Send enquiry');
    await shoot(b.page, SCREENS, 'enquiry-ask-form-en', 390);
    await b.page.context().close();
    t.same([...s.errors, ...b.errors], [], 'no console error');
  });
});

t.test('a guest is asked to sign in; the seller sees no entry on its own product', async (t) => {
  const db = site.db.db;
  const maker = await db.selectFrom('app_user').select(['company_id']).where('mobile', '=', MAKER).executeTakeFirstOrThrow();
  const product = await db.selectFrom('product').select(['id']).where('company_id', '=', maker.company_id!).where('status', '=', ProductStatus.ON_SALE).orderBy('id').executeTakeFirstOrThrow();
  const guest = await site.newPage({ locale: 'zh-CN' });
  await guest.page.goto(`${site.url}/flower/${product.id}`, { waitUntil: 'networkidle' });
  const link = guest.page.locator('a.ask-seller__open');
  t.equal(await link.textContent(), '登录后询问');
  t.match(await link.getAttribute('href'), /^\/login\?/, 'to the sign-in page, coming back');
  await guest.page.context().close();
  const seller = await site.newPage({ locale: 'zh-CN' });
  await signIn(seller.page, site.url, MAKER, PASSWORD, `/flower/${product.id}`);
  await hydrated(seller.page);
  t.equal(await seller.page.locator('.ask-seller__open').count(), 0, 'no "ask the seller" on one\'s own product');
  await seller.page.context().close();
  t.same([...guest.errors, ...seller.errors], []);
});
