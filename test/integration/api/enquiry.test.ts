// Enquiries over HTTP on SQLite and PostgreSQL: asking about a product, a supply offer and a purchase
// request (who is asked, who may ask, each refusal with its message), the inbox and the sent box with
// their filters and paging, threads and replies (only the two parties: another seller or buyer is told
// the enquiry does not exist and writes nothing), askUser (only for a user who asked you), the per-account
// limit, and the messages each side is sent.
import t, { type Test } from 'tap';
import { Codes } from '../../../isomorphic/domain/codes';
import { EnquiryCodes } from '../../../isomorphic/domain/enquiry-codes';
import { enquiryCodeMessages } from '../../../isomorphic/domain/enquiry-messages';
import { EnquiryLimits, EnquiryTarget } from '../../../isomorphic/domain/enquiry';
import { PatternType, Unit } from '../../../isomorphic/domain/catalogue';
import type { Page } from '../../../isomorphic/contracts/common';
import type { EnquiryAsker, EnquiryItem, EnquiryThread, EnquiryUnread } from '../../../isomorphic/contracts/enquiry';
import type { NoticePage } from '../../../isomorphic/contracts/notification';
import type { PurchaseDetail } from '../../../isomorphic/contracts/purchase';
import type { SupplyDetail } from '../../../isomorphic/contracts/supply';
import { RateLimitRules } from '../../../api/http/rate-limits';
import { dialects } from '../../helpers/db';
import { createMarket, type Market } from '../../helpers/market';
import { image, person, requestForm, supplier, type Person } from '../../helpers/trade';

const P = EnquiryTarget.PRODUCT;
const S = EnquiryTarget.SUPPLY;
const B = EnquiryTarget.PURCHASE;

async function notices(m: Market, who: Person): Promise<NoticePage> {
  return (await m.post<NoticePage>('/notification/list', { pageNum: 1, pageSize: 50 }, who.token)).body.data;
}

for (const { dialect, skip } of await dialects()) {
  t.test(`enquiries on ${dialect}`, { skip }, async (t) => {
    const m = await createMarket(dialect);
    t.teardown(() => m.close());
    const maker = await supplier(m, '潮阳花边厂');
    const makerColleague = await person(m, 1, maker.companyId);
    const otherMaker = await supplier(m, '汕头织造');
    const trader = await person(m, 2);
    const buyer = await person(m, 3);
    const otherBuyer = await person(m, 3);
    const product = await m.product(maker.companyId!);
    const offSale = await m.product(maker.companyId!, { status: 0 });

    const ask = (who: Person | undefined, kind: number, targetId: number, text = '请问这款花边有现货吗？起订量多少？') =>
      m.post<EnquiryThread>('/enquiry/askPurchase', { kind, targetId, text }, who?.token);
    const asked = async (who: Person, kind: number, targetId: number, text?: string) => {
      const r = await ask(who, kind, targetId, text);
      if (r.body.code !== 0) throw new Error(`${r.body.code} ${r.body.message}`);
      return r.body.data;
    };
    const list = async (who: Person, body: Record<string, unknown>) => {
      const r = await m.post<Page<EnquiryItem>>('/enquiry/list', { pageNum: 1, pageSize: 50, ...body }, who.token);
      if (r.body.code !== 0) throw new Error(`${r.body.code} ${r.body.message}`);
      return r.body.data;
    };
    const offer = async (who: Person) => {
      const r = await m.post<SupplyDetail>('/companySupply/release', {
        imagePath: await image(m, who.id), catalogue: PatternType.FABRIC, sample: true, quantity: 3000, unit: Unit.YARD, description: '库存经编蕾丝面料',
      }, who.token);
      if (r.body.code !== 0) throw new Error(r.body.message);
      return r.body.data;
    };
    const request = async (who: Person) => {
      const r = await m.post<PurchaseDetail>('/productBuy/release', requestForm(await image(m, who.id)), who.token);
      if (r.body.code !== 0) throw new Error(r.body.message);
      return r.body.data;
    };
    const refused = (t: Test, r: { status: number; body: { code: number; message: string } }, code: number, status: number, name: string) => {
      t.equal(r.body.code, code, `${name}: code ${code}`);
      t.equal(r.status, status, `${name}: HTTP ${status}`);
      if (enquiryCodeMessages[code]) t.equal(r.body.message, enquiryCodeMessages[code].en, `${name}: the message`);
    };

    t.test('a buyer asks about a product: the company is asked, both its people are told, the row is written', async (t) => {
      const before = (await notices(m, maker)).unread;
      const th = await asked(buyer, P, product.id, '  请问白色有多少码现货？  ');
      t.equal(th.enquiry.text, '请问白色有多少码现货？', 'trimmed');
      t.equal(th.enquiry.side, 'asker');
      t.match(th.enquiry.sellerName, /^Lace works \d+$/, 'the company asked, by its English name');
      t.equal(th.enquiry.targetPath, `/flower/${product.id}`);
      t.equal(th.enquiry.answered, false);
      t.same(th.replies, []);
      const row = await m.db.selectFrom('enquiry').selectAll().where('id', '=', th.enquiry.id).executeTakeFirstOrThrow();
      t.equal(row.seller_company_id, maker.companyId, 'asked: the product\'s company');
      t.equal(row.seller_user_id, null);
      t.equal(row.asker_id, buyer.id);
      for (const who of [maker, makerColleague]) {
        const n = await notices(m, who);
        const notice = n.list.find((x) => x.kind === 'enquiryNew' && x.link === `/home/shopManage/enquiry?id=${th.enquiry.id}`);
        t.ok(notice, 'each of the company\'s people is told');
        t.match(notice?.title, /new enquiry/);
        t.match(notice?.body, /请问白色有多少码现货/);
      }
      t.equal((await notices(m, maker)).unread, before + 1);
      const zh = await m.app.inject({ method: 'POST', url: '/notification/list', payload: { pageNum: 1, pageSize: 5 }, headers: { 'x-token': maker.token, 'x-lang': 'zh' } });
      t.equal(zh.json().data.list[0].title, '您收到一条新询盘', 'in Chinese too');
      t.equal((await notices(m, otherMaker)).list.filter((x) => x.kind === 'enquiryNew').length, 0, 'another company is not told');
    });

    t.test('asking: each refusal, with its code and message, and nothing written', async (t) => {
      const count = async () => Number((await m.db.selectFrom('enquiry').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
      const n0 = await count();
      refused(t, await ask(buyer, P, product.id, '   '), EnquiryCodes.ENQUIRY_TEXT, 400, 'blank');
      refused(t, await ask(buyer, P, product.id, '问'.repeat(EnquiryLimits.textMax + 1)), EnquiryCodes.ENQUIRY_TEXT, 400, 'too long');
      t.equal((await ask(buyer, P, product.id, '问'.repeat(EnquiryLimits.textMax * 2 + 1))).status, 400, 'far too long: the schema refuses it');
      refused(t, await ask(buyer, P, 999_999), EnquiryCodes.ENQUIRY_TARGET, 404, 'an unknown product');
      refused(t, await ask(buyer, P, offSale.id), EnquiryCodes.ENQUIRY_TARGET, 404, 'a product off sale');
      refused(t, await ask(maker, P, product.id), EnquiryCodes.ENQUIRY_OWN_TARGET, 400, 'the company\'s own product');
      refused(t, await ask(makerColleague, P, product.id), EnquiryCodes.ENQUIRY_OWN_TARGET, 400, 'a colleague asking their own company');
      t.equal((await ask(undefined, P, product.id)).body.code, Codes.SESSION_EXPIRED, 'a guest is asked to sign in');
      const bad = await m.post('/enquiry/askPurchase', { kind: 4, targetId: product.id, text: 'x' }, buyer.token);
      t.equal(bad.status, 400, 'an unknown kind');
      const extra = await m.post('/enquiry/askPurchase', { kind: P, targetId: product.id, text: 'x', sellerCompanyId: otherMaker.companyId }, buyer.token);
      t.equal(extra.status, 400, 'a field the call does not define');
      t.equal(await count(), n0, 'nothing written');
    });

    t.test('supply offers: buyers ask (the company, or the poster without a shop); others and the poster are refused', async (t) => {
      const makers = await offer(maker);
      const traders = await offer(trader);
      const th = await asked(buyer, S, makers.id, '这批面料还有多少？');
      t.equal(th.enquiry.targetPath, `/supply/${makers.id}`);
      const row = await m.db.selectFrom('enquiry').selectAll().where('id', '=', th.enquiry.id).executeTakeFirstOrThrow();
      t.equal(row.seller_company_id, maker.companyId);
      const toTrader = await asked(buyer, S, traders.id, '能寄样吗？');
      const row2 = await m.db.selectFrom('enquiry').selectAll().where('id', '=', toTrader.enquiry.id).executeTakeFirstOrThrow();
      t.equal(row2.seller_user_id, trader.id, 'a trader without a shop is asked in person');
      t.equal(row2.seller_company_id, null);
      const inbox = await list(trader, { box: 'received' });
      t.same(inbox.list.map((x) => x.id), [toTrader.enquiry.id], 'the trader\'s received box');
      t.ok((await notices(m, trader)).list.some((x) => x.kind === 'enquiryNew' && x.link === `/home/person/enquiry?box=received&id=${toTrader.enquiry.id}`), 'the trader is told, with a link to the personal centre');
      refused(t, await ask(otherMaker, S, makers.id), EnquiryCodes.ENQUIRY_SUPPLY_BUYERS_ONLY, 403, 'another maker (not a buyer)');
      refused(t, await ask(trader, S, makers.id), EnquiryCodes.ENQUIRY_SUPPLY_BUYERS_ONLY, 403, 'a trader');
      refused(t, await ask(trader, S, traders.id), EnquiryCodes.ENQUIRY_OWN_TARGET, 400, 'the poster');
      await m.post('/companySupply/setStatus', { id: makers.id, action: 'close' }, maker.token);
      refused(t, await ask(buyer, S, makers.id), EnquiryCodes.ENQUIRY_TARGET, 404, 'a closed offer');
      refused(t, await ask(buyer, S, 999_999), EnquiryCodes.ENQUIRY_TARGET, 404, 'an unknown offer');
    });

    t.test('purchase requests: merchants ask the buyer; other buyers and the buyer are refused', async (t) => {
      const req = await request(buyer);
      const th = await asked(otherMaker, B, req.id, '宽度可以做到 15 cm 吗？');
      t.equal(th.enquiry.sellerName, '', 'the buyer is not named');
      t.match(th.enquiry.askerCompany, /^Lace works \d+$/, 'the asker\'s company is shown');
      const row = await m.db.selectFrom('enquiry').selectAll().where('id', '=', th.enquiry.id).executeTakeFirstOrThrow();
      t.equal(row.seller_user_id, buyer.id, 'asked: the buyer');
      const received = await list(buyer, { box: 'received' });
      t.ok(received.list.some((x) => x.id === th.enquiry.id && x.side === 'seller'), 'in the buyer\'s received box');
      t.ok((await notices(m, buyer)).list.some((x) => x.kind === 'enquiryNew' && x.link === `/home/person/enquiry?box=received&id=${th.enquiry.id}`), 'the buyer is told');
      await asked(trader, B, req.id, '需要什么颜色？');
      refused(t, await ask(otherBuyer, B, req.id), EnquiryCodes.ENQUIRY_PURCHASE_MERCHANTS_ONLY, 403, 'another buyer');
      refused(t, await ask(buyer, B, req.id), EnquiryCodes.ENQUIRY_OWN_TARGET, 400, 'the buyer');
      refused(t, await ask(maker, B, 999_999), EnquiryCodes.ENQUIRY_TARGET, 404, 'an unknown request');
      const act = await m.post('/productBuy/act', { id: req.id, action: 'close' }, buyer.token);
      t.equal(act.body.code, 0, 'the buyer closes it');
      refused(t, await ask(maker, B, req.id), EnquiryCodes.ENQUIRY_TARGET, 404, 'a closed request');
    });

    t.test('threads: the two parties read and reply, each side is told; nobody else reads or writes', async (t) => {
      const th = await asked(buyer, P, product.id, '最少起订多少码？');
      const id = th.enquiry.id;
      const unread = (await list(maker, { box: 'received', state: 'unread' })).list.map((x) => x.id);
      t.ok(unread.includes(id), 'unread for the seller');
      const seen = await m.post<EnquiryThread>('/enquiry/thread', { id }, makerColleague.token);
      t.equal(seen.body.code, 0);
      t.equal(seen.body.data.enquiry.side, 'seller', 'a colleague reads it as the seller');
      t.notOk((await list(maker, { box: 'received', state: 'unread' })).list.some((x) => x.id === id), 'read once a colleague opened it');

      const r1 = await m.post<EnquiryThread>('/enquiry/reply', { id, text: '300 码起订，白色有现货。' }, maker.token);
      t.equal(r1.body.code, 0);
      t.equal(r1.body.message, 'Reply sent');
      t.equal(r1.body.data.replies.length, 1);
      t.same([r1.body.data.replies[0].side, r1.body.data.replies[0].mine], ['seller', true]);
      t.equal(r1.body.data.enquiry.answered, true);
      const told = (await notices(m, buyer)).list.find((x) => x.kind === 'enquiryReply' && x.link === `/home/person/enquiry?box=sent&id=${id}`);
      t.ok(told, 'the asker is told of the reply');
      t.match(told?.body, /300 码起订/);
      t.equal(told?.title, 'A new reply to your enquiry');
      const zh = await m.app.inject({ method: 'POST', url: '/notification/list', payload: { pageNum: 1, pageSize: 5 }, headers: { 'x-token': buyer.token, 'x-lang': 'zh' } });
      t.equal(zh.json().data.list[0].title, '您的询盘有新回复', 'in Chinese too');
      const sent = await list(buyer, { box: 'sent', state: 'unread' });
      t.ok(sent.list.some((x) => x.id === id && x.unread), 'unread for the asker');
      const asker = await m.post<EnquiryThread>('/enquiry/thread', { id }, buyer.token);
      t.same(asker.body.data.replies.map((r) => [r.side, r.mine, r.text]), [['seller', false, '300 码起订，白色有现货。']], 'the asker reads the reply');
      t.notOk((await list(buyer, { box: 'sent', state: 'unread' })).list.some((x) => x.id === id), 'then it is read');

      const colleagueBefore = (await notices(m, makerColleague)).list.filter((x) => x.kind === 'enquiryReply').length;
      const r2 = await m.post<EnquiryThread>('/enquiry/reply', { id, text: '好的，请报 500 码的价格。' }, buyer.token);
      t.equal(r2.body.data.replies.length, 2);
      t.equal((await notices(m, makerColleague)).list.filter((x) => x.kind === 'enquiryReply').length, colleagueBefore + 1, 'the seller\'s people are told of the asker\'s reply');

      const replies = async () => Number((await m.db.selectFrom('enquiry_reply').select((eb) => eb.fn.countAll<number>().as('n')).where('enquiry_id', '=', id).executeTakeFirstOrThrow()).n);
      for (const [who, name] of [[otherMaker, 'another seller'], [otherBuyer, 'another buyer'], [trader, 'a trader']] as const) {
        refused(t, await m.post('/enquiry/thread', { id }, who.token), EnquiryCodes.ENQUIRY_NOT_FOUND, 404, `${name} reads`);
        refused(t, await m.post('/enquiry/reply', { id, text: '我也有货' }, who.token), EnquiryCodes.ENQUIRY_NOT_FOUND, 404, `${name} replies`);
        t.notOk((await list(who, { box: 'received' })).list.some((x) => x.id === id), `${name}: not in their inbox`);
      }
      t.equal(await replies(), 2, 'nothing written by them');
      refused(t, await m.post('/enquiry/thread', { id: 999_999 }, buyer.token), EnquiryCodes.ENQUIRY_NOT_FOUND, 404, 'an unknown id');
      refused(t, await m.post('/enquiry/reply', { id, text: '' }, buyer.token), EnquiryCodes.ENQUIRY_TEXT, 400, 'an empty reply');
      t.equal((await m.post('/enquiry/thread', { id })).body.code, Codes.SESSION_EXPIRED, 'a guest');
    });

    t.test('the inbox: filters by kind, state, keyword and asker; paging; the sent box', async (t) => {
      const seller = await supplier(m, '广州蕾丝');
      const p1 = await m.product(seller.companyId!);
      const p2 = await m.product(seller.companyId!);
      const a = await asked(buyer, P, p1.id, '100% 涤纶吗？');
      const b = await asked(otherBuyer, P, p2.id, '有黑色吗？');
      const offerOf = await offer(seller);
      const c = await asked(buyer, S, offerOf.id, '库存在哪里？');
      await m.post('/enquiry/reply', { id: b.enquiry.id, text: '有的' }, seller.token);
      const ids = (p: Page<EnquiryItem>) => p.list.map((x) => x.id);
      const all = await list(seller, { box: 'received' });
      t.same(ids(all), [b.enquiry.id, c.enquiry.id, a.enquiry.id], 'latest activity first');
      t.equal(all.total, 3);
      t.same(ids(await list(seller, { box: 'received', kind: S })), [c.enquiry.id], 'by kind');
      t.same(ids(await list(seller, { box: 'received', state: 'answered' })), [b.enquiry.id], 'answered');
      t.same(ids(await list(seller, { box: 'received', state: 'unanswered' })), [c.enquiry.id, a.enquiry.id], 'not answered');
      t.same(ids(await list(seller, { box: 'received', keyword: '100%' })), [a.enquiry.id], 'keyword, with a literal %');
      t.same(ids(await list(seller, { box: 'received', keyword: '%' })), [a.enquiry.id], 'a lone % is no wildcard');
      t.same(ids(await list(seller, { box: 'received', askerId: buyer.id })), [c.enquiry.id, a.enquiry.id], 'by asker');
      const page2 = await list(seller, { box: 'received', pageNum: 2, pageSize: 2 });
      t.same([ids(page2), page2.total, page2.pageNum], [[a.enquiry.id], 3, 2], 'paging');
      const item = all.list.find((x) => x.id === a.enquiry.id);
      t.match(item, { askerName: /^person \d+$/, kind: P, kindLabel: 'Product', subject: /^Lace \d+$/, side: 'seller', askerCompany: '' }, 'what a row shows');
      t.notOk((await list(buyer, { box: 'sent' })).list.some((x) => x.id === b.enquiry.id), 'a buyer\'s sent box holds only theirs');
      t.ok((await list(buyer, { box: 'sent' })).list.some((x) => x.id === a.enquiry.id));
      t.same(ids(await list(buyer, { box: 'received' })).filter((x) => [a.enquiry.id, b.enquiry.id, c.enquiry.id].includes(x)), [], 'what a buyer asked is not in their received box');
      t.equal((await m.post('/enquiry/list', { box: 'all', pageNum: 1, pageSize: 10 }, seller.token)).status, 400, 'an unknown box');
      t.equal((await m.post('/enquiry/list', { box: 'received', keyword: 'x'.repeat(EnquiryLimits.keywordMax + 1) }, seller.token)).status, 400, 'a keyword too long');
    });

    t.test('askUser: the asked party sees who asked; nobody else, and not for a user who never asked them', async (t) => {
      const th = await asked(trader, P, product.id, '档口拿货价多少？');
      const r = await m.get<EnquiryAsker>(`/enquiry/askUser?userId=${trader.id}`, maker.token);
      t.equal(r.body.code, 0);
      t.equal(r.body.data.id, trader.id);
      t.equal(r.body.data.userType, 2);
      t.equal(r.body.data.userTypeLabel, 'Stall trader');
      t.match(r.body.data.mobile, /^\d{3}\*{4}\d{4}$/, 'the mobile, its middle hidden');
      t.ok(r.body.data.enquiries >= 1);
      t.equal((await m.get<EnquiryAsker>(`/enquiry/askUser?userId=${trader.id}`, makerColleague.token)).body.code, 0, 'a colleague too');
      refused(t, await m.get(`/enquiry/askUser?userId=${trader.id}`, otherMaker.token), EnquiryCodes.ENQUIRY_ASKER_NOT_FOUND, 404, 'another seller');
      refused(t, await m.get(`/enquiry/askUser?userId=${otherBuyer.id}`, maker.token), EnquiryCodes.ENQUIRY_ASKER_NOT_FOUND, 404, 'a user who never asked this seller');
      refused(t, await m.get(`/enquiry/askUser?userId=${maker.id}`, trader.token), EnquiryCodes.ENQUIRY_ASKER_NOT_FOUND, 404, 'the asker about the seller');
      refused(t, await m.get('/enquiry/askUser?userId=999999', maker.token), EnquiryCodes.ENQUIRY_ASKER_NOT_FOUND, 404, 'an unknown user');
      t.equal((await m.get(`/enquiry/askUser?userId=${trader.id}`)).body.code, Codes.SESSION_EXPIRED, 'a guest');
      const withCompany = await asked(otherMaker, P, product.id, '可以做定制吗？');
      const info = await m.get<EnquiryAsker>(`/enquiry/askUser?userId=${otherMaker.id}`, maker.token);
      t.same([info.body.data.companyName, info.body.data.companyId], ['汕头织造', otherMaker.companyId], 'the asker\'s company');
      t.ok(th.enquiry.id < withCompany.enquiry.id);
    });

    t.test("unreadCount: the menus' badge counts received enquiries with unread news, and clears when read", async (t) => {
      const seller = await supplier(m, '角标花边厂');
      const colleague = await person(m, 1, seller.companyId);
      const p1 = await m.product(seller.companyId!);
      const asker = await person(m, 3);
      const unread = async (who: Person) => {
        const r = await m.get<EnquiryUnread>('/enquiry/unreadCount', who.token);
        t.equal(r.body.code, 0);
        return r.body.data.received;
      };
      t.equal(await unread(seller), 0, 'nothing yet');
      const first = await asked(asker, P, p1.id, '有白色吗？');
      await asked(asker, P, p1.id, '有黑色吗？');
      t.equal(await unread(seller), 2, 'two new enquiries to the company');
      t.equal(await unread(colleague), 2, 'a colleague of the company counts them too');
      t.equal(await unread(asker), 0, 'what I sent is not counted as received');
      t.equal(await unread(otherMaker), 0, 'another company counts none of them');
      t.equal(await unread(seller), (await list(seller, { box: 'received', state: 'unread' })).total, "the same count as the received box's unread filter");
      t.equal((await m.post('/enquiry/thread', { id: first.enquiry.id }, seller.token)).body.code, 0);
      t.equal(await unread(seller), 1, 'reading a thread clears it from the count');
      await m.post('/enquiry/reply', { id: first.enquiry.id, text: '有的' }, seller.token);
      t.equal(await unread(seller), 1, "the seller's own reply adds nothing");
      await m.post('/enquiry/reply', { id: first.enquiry.id, text: '那寄个样吧' }, asker.token);
      t.equal(await unread(seller), 2, "the asker's reply is news again");
      t.equal((await m.get('/enquiry/unreadCount')).body.code, Codes.SESSION_EXPIRED, 'a guest is asked to sign in');
    });

    t.test('an account asks at most asksPerHour times an hour', async (t) => {
      const spammer = await person(m, 3);
      const before = (await notices(m, maker)).total;
      for (let i = 0; i < EnquiryLimits.asksPerHour; i++) await asked(spammer, P, product.id, `第 ${i + 1} 个问题`);
      refused(t, await ask(spammer, P, product.id), EnquiryCodes.ENQUIRY_TOO_MANY, 429, 'over the limit');
      t.equal((await notices(m, maker)).total, before + EnquiryLimits.asksPerHour, 'the seller hears of the allowed ones only');
      t.equal((await ask(otherBuyer, P, product.id)).body.code, 0, 'another account still asks');
    });

    t.test('one address asks and replies at most RateLimitRules.enquiry.max times, whatever the accounts', async (t) => {
      const seller = await supplier(m);
      const p1 = await m.product(seller.companyId!);
      const from = (who: Person, url: string, payload: object, remoteAddress: string) =>
        m.app.inject({ method: 'POST', url, payload, remoteAddress, headers: { 'x-token': who.token, 'x-lang': 'en' } });
      const address = '10.70.0.1';
      const codes: number[] = [];
      let asker = await person(m, 3);
      for (let i = 0; i < RateLimitRules.enquiry.max; i++) {
        if (i % EnquiryLimits.asksPerHour === 0) asker = await person(m, 3);
        codes.push((await from(asker, '/enquiry/askPurchase', { kind: P, targetId: p1.id, text: `问题 ${i}` }, address)).json().code);
      }
      t.same([...new Set(codes)], [0], `${RateLimitRules.enquiry.max} enquiries from one address are answered`);
      const fresh = await person(m, 3);
      const over = await from(fresh, '/enquiry/askPurchase', { kind: P, targetId: p1.id, text: '再问一次' }, address);
      t.equal(over.statusCode, 429, 'the next one is refused, from a fresh account too');
      t.equal(over.json().code, Codes.TOO_MANY_REQUESTS);
      const id = (await list(seller, { box: 'received', pageSize: 1 })).list[0].id;
      t.equal((await from(seller, '/enquiry/reply', { id, text: '好的' }, address)).statusCode, 429, 'replies share the budget');
      t.equal((await from(fresh, '/enquiry/askPurchase', { kind: P, targetId: p1.id, text: '再问一次' }, '10.70.0.2')).json().code, 0, 'another address still may');
    });
  });
}
