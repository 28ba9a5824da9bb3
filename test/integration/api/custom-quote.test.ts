// Custom requests reach sellers (issue 17, item 3), on each dialect: which sellers see which request (the
// kinds their company has on sale), quotes and declines with their rules and messages in both languages,
// one answer per company that stays editable while the request is open, the buyer's view of the quotes
// and the message they get, and another company's or an unmatched request's ids (IDOR).
import t from 'tap';
import { dialects } from '../../helpers/db';
import { createCatalogueApi, uploadPicture } from '../../helpers/catalogue';
import { createSession } from '../../../api/modules/account/session';
import { Codes } from '../../../isomorphic/domain/codes';
import { customQuoteCodeMessages as codeMessages } from '../../../isomorphic/domain/custom-quote';
import { CustomQuoteLimits, QuoteStatus } from '../../../isomorphic/domain/custom-quote';
import type { Page } from '../../../isomorphic/contracts/common';
import type { CustomRequest } from '../../../isomorphic/contracts/catalogue';
import type { SellerCustomRequest } from '../../../isomorphic/contracts/custom-quote';
import type { NoticePage } from '../../../isomorphic/contracts/notification';
import { CustomQuoteCodes } from '../../../isomorphic/domain/custom-quote-codes';

let seq = 0;

for (const { dialect, skip } of await dialects()) {
  t.test(dialect, { skip }, async (t) => {
    const api = await createCatalogueApi(dialect);
    t.teardown(() => api.cleanup());
    const db = api.deps.db.db;
    const at = () => new Date().toISOString();

    const sellerOf = async (companyId: number) => {
      const mobile = `139${String(process.pid % 10000).padStart(4, '0')}${String(++seq).padStart(4, '0')}`;
      const { id } = await db.insertInto('app_user').values({
        mobile, password_hash: 'x', user_type: 1, nickname: `seller ${seq}`, real_name: '', email: '', avatar_path: '', company_id: companyId, settled: 1, created_at: at(), updated_at: at(),
      }).returning('id').executeTakeFirstOrThrow();
      return { userId: id, token: await createSession(db, id), companyId };
    };
    // Companies by what they have on sale.
    const laceCo = await api.company('蕾丝厂', 'Lace Works');
    await api.product(laceCo, { title: '花型', kind: 1 });
    const garmentCo = await api.company('服装厂', 'Garment Works');
    await api.product(garmentCo, { title: '连衣裙', kind: 2 });
    const bothCo = await api.company('综合厂', 'Both Works');
    await api.product(bothCo, { title: '花型二', kind: 1 });
    await api.product(bothCo, { title: '礼服', kind: 2 });
    const offCo = await api.company('下架厂', 'Off Works');
    await api.product(offCo, { title: '下架花型', kind: 1, status: 0 });
    const suspendedCo = await api.company('暂停厂', 'Suspended Works');
    await api.product(suspendedCo, { title: '暂停花型', kind: 1 });
    const lace = await sellerOf(laceCo);
    const laceColleague = await sellerOf(laceCo);
    const garment = await sellerOf(garmentCo);
    const both = await sellerOf(bothCo);
    const off = await sellerOf(offCo);
    const suspended = await sellerOf(suspendedCo);
    await db.updateTable('company').set({ status: 2 }).where('id', '=', suspendedCo).execute();

    const alice = await api.signIn();
    const bob = await api.signIn();
    const uploadAs = (token: string) => uploadPicture(api, token);
    const sendPattern = async (token: string) => {
      const res = await api.post<CustomRequest>('/flower/customPattern', { images: [await uploadAs(token)], widthCm: 20, heightCm: 15, quantity: 300 }, token);
      if (res.body.code !== 0) throw new Error(res.body.message);
      return res.body.data;
    };
    const sendGarment = async (token: string) => {
      const res = await api.post<CustomRequest>('/clothes/customProduct', { fabricCoding: 'LK-1', colour: '白', occasion: '婚礼', style: '法式', ageMin: 20, ageMax: 30 }, token);
      if (res.body.code !== 0) throw new Error(res.body.message);
      return res.body.data;
    };
    const pattern = await sendPattern(alice.token);
    const garmentRequest = await sendGarment(alice.token);

    const list = (token: string) => api.get<Page<SellerCustomRequest>>('/custom/sellerRequests?pageSize=100', token);
    const shownIds = async (token: string) => (await list(token)).body.data.list.map((r) => r.id);
    const quote = (token: string, body: Record<string, unknown>, lang: 'zh' | 'en' = 'en') =>
      api.post<SellerCustomRequest>('/custom/quote', { requestId: pattern.id, decline: false, price: 12_500, leadDays: 15, note: '含打样', ...body }, token, lang);
    const quoteRows = (requestId: number) => db.selectFrom('custom_quote').selectAll().where('request_id', '=', requestId).orderBy('id').execute();
    const notices = async (token: string, lang: 'zh' | 'en' = 'en') => (await api.post<NoticePage>('/notification/list', { pageNum: 1, pageSize: 50 }, token, lang)).body.data;
    const mine = async () => (await api.get<Page<CustomRequest>>('/custom/myRequests?pageSize=100', alice.token)).body.data.list;

    t.test('a new request carries its quoting window and no quotes', async (t) => {
      t.same(pattern.quotes, []);
      t.equal(new Date(pattern.openUntil).getTime() - new Date(pattern.createdAt).getTime(), CustomQuoteLimits.openDays * 24 * 3600 * 1000);
    });

    t.test('only settled sellers of an active company may call', async (t) => {
      for (const [url, method] of [['/custom/sellerRequests', 'get'], [`/custom/sellerRequest?id=${pattern.id}`, 'get'], ['/custom/quote', 'post']] as const) {
        const call = (token?: string) => (method === 'get' ? api.get(url, token) : api.post(url, { requestId: pattern.id, decline: true }, token));
        t.equal((await call()).body.code, Codes.SESSION_EXPIRED, `${url}: a guest`);
        t.equal((await call(bob.token)).body.code, Codes.NOT_A_SELLER, `${url}: a buyer`);
        t.equal((await call(suspended.token)).body.code, Codes.COMPANY_SUSPENDED, `${url}: a suspended company`);
      }
      t.same(await quoteRows(pattern.id), [], 'nothing stored');
    });

    t.test('each seller sees the open requests of the kinds their company has on sale', async (t) => {
      const seen = async (token: string) => (await shownIds(token)).filter((id) => id === pattern.id || id === garmentRequest.id);
      t.same(await seen(lace.token), [pattern.id], 'a lace maker: the pattern');
      t.same(await seen(garment.token), [garmentRequest.id], 'a garment maker: the garment');
      t.same(await seen(both.token), [garmentRequest.id, pattern.id], 'both kinds, newest first');
      t.same(await seen(off.token), [], 'nothing on sale: nothing');
      const one = (await list(lace.token)).body.data;
      t.equal(one.total, one.list.length);
      t.match(one.list.find((r) => r.id === pattern.id), { kind: 'pattern', open: true, myQuote: null, fields: { widthCm: 20, heightCm: 15, quantity: 300 } });
      t.notOk('user_id' in one.list[0] || 'userId' in one.list[0], 'the buyer is not named');
      const detail = await api.get<SellerCustomRequest>(`/custom/sellerRequest?id=${pattern.id}`, lace.token);
      t.equal(detail.body.code, Codes.OK);
      t.equal(detail.body.data.imageUrls.length, 1);
    });

    t.test('a seller never sees their own request', async (t) => {
      const own = await sendPattern(lace.token);
      t.notOk((await shownIds(lace.token)).includes(own.id), 'not to its sender');
      t.ok((await shownIds(both.token)).includes(own.id), 'to another matching company');
      t.equal((await api.get(`/custom/sellerRequest?id=${own.id}`, lace.token)).body.code, CustomQuoteCodes.CUSTOM_REQUEST_NOT_SHOWN);
    });

    t.test('a request not shown to a seller can be neither read nor quoted (IDOR)', async (t) => {
      for (const [who, token, id] of [['garment maker', garment.token, pattern.id], ['lace maker', lace.token, garmentRequest.id], ['nothing on sale', off.token, pattern.id], ['no such request', lace.token, 2_000_000]] as const) {
        const read = await api.get(`/custom/sellerRequest?id=${id}`, token);
        t.equal(read.status, 404, `${who}: read 404`);
        t.equal(read.body.code, CustomQuoteCodes.CUSTOM_REQUEST_NOT_SHOWN, `${who}: read 400150`);
        const en = await quote(token, { requestId: id });
        t.equal(en.body.code, CustomQuoteCodes.CUSTOM_REQUEST_NOT_SHOWN, `${who}: quote 400150`);
        t.equal(en.body.message, codeMessages[CustomQuoteCodes.CUSTOM_REQUEST_NOT_SHOWN].en);
        t.equal((await quote(token, { requestId: id, decline: true }, 'zh')).body.message, codeMessages[CustomQuoteCodes.CUSTOM_REQUEST_NOT_SHOWN].zh);
      }
      t.same(await quoteRows(pattern.id), [], 'nothing stored');
      t.same(await quoteRows(garmentRequest.id), [], 'nothing stored');
    });

    t.test('the rules of a quote', async (t) => {
      const cases: Array<[string, Record<string, unknown>, number]> = [
        ['no price', { price: undefined }, CustomQuoteCodes.CUSTOM_QUOTE_PRICE_INVALID],
        ['price 0', { price: 0 }, CustomQuoteCodes.CUSTOM_QUOTE_PRICE_INVALID],
        ['a fraction of a cent', { price: 12.5 }, CustomQuoteCodes.CUSTOM_QUOTE_PRICE_INVALID],
        ['over ten million yuan', { price: CustomQuoteLimits.maxPrice + 1 }, CustomQuoteCodes.CUSTOM_QUOTE_PRICE_INVALID],
        ['no lead time', { leadDays: null }, CustomQuoteCodes.CUSTOM_QUOTE_LEAD_INVALID],
        ['lead time 0', { leadDays: 0 }, CustomQuoteCodes.CUSTOM_QUOTE_LEAD_INVALID],
        ['lead time 366', { leadDays: 366 }, CustomQuoteCodes.CUSTOM_QUOTE_LEAD_INVALID],
        ['half a day', { leadDays: 1.5 }, CustomQuoteCodes.CUSTOM_QUOTE_LEAD_INVALID],
        ['a long note', { note: '长'.repeat(CustomQuoteLimits.noteMax + 1) }, CustomQuoteCodes.CUSTOM_QUOTE_NOTE_TOO_LONG],
        ['a long note on a decline', { decline: true, note: '长'.repeat(CustomQuoteLimits.noteMax + 1) }, CustomQuoteCodes.CUSTOM_QUOTE_NOTE_TOO_LONG],
      ];
      for (const [name, body, code] of cases) {
        const en = await quote(lace.token, body);
        t.equal(en.status, 400, `${name}: 400`);
        t.equal(en.body.code, code, `${name}: code ${code}`);
        t.equal(en.body.message, codeMessages[code].en, `${name}: the English message`);
        t.equal((await quote(lace.token, body, 'zh')).body.message, codeMessages[code].zh, `${name}: the Chinese message`);
      }
      t.equal((await quote(lace.token, { price: 'cheap' })).body.code, Codes.BAD_REQUEST, 'not a number');
      t.same(await quoteRows(pattern.id), [], 'nothing stored');
      t.same(await notices(alice.token).then((n) => n.list.length), 0, 'no message');
    });

    t.test('a quote reaches the buyer; one answer per company, editable', async (t) => {
      const first = await quote(lace.token, {});
      t.equal(first.body.code, Codes.OK);
      t.equal(first.body.message, 'Quote sent');
      t.match(first.body.data.myQuote, { requestId: pattern.id, companyId: laceCo, companyName: '蕾丝厂', companyNameEn: 'Lace Works', status: QuoteStatus.QUOTED, price: 12_500, leadDays: 15, note: '含打样' });
      let req = (await mine()).find((r) => r.id === pattern.id)!;
      t.equal(req.status, 1, 'the request is quoted');
      t.match(req.quotes, [{ companyId: laceCo, companyNameEn: 'Lace Works', status: QuoteStatus.QUOTED, price: 12_500, leadDays: 15, note: '含打样' }]);
      t.equal((await mine()).find((r) => r.id === garmentRequest.id)!.quotes.length, 0, 'the other request has none');
      let box = await notices(alice.token);
      t.equal(box.list.length, 1, 'one message');
      t.match(box.list[0], { kind: 'customQuote', title: 'A new quote on your custom pattern request', body: 'Lace Works quotes ¥125.00, lead time 15 days.', link: '/home/person/customRequests', read: false });
      t.match((await notices(alice.token, 'zh')).list[0], { title: '您的定制花型需求收到新报价', body: '蕾丝厂 报价 ¥125.00，交期 15 天。' });
      t.equal((await notices(bob.token)).list.length, 0, 'no one else is told');

      t.equal((await quote(lace.token, {})).body.code, Codes.OK, 'the same answer again');
      t.equal((await notices(alice.token)).list.length, 1, 'changes nothing: no new message');

      const edited = await quote(laceColleague.token, { price: 11_000, leadDays: 20, note: '' });
      t.match(edited.body.data.myQuote, { id: first.body.data.myQuote!.id, price: 11_000, leadDays: 20, note: '' }, 'a colleague edits the company\'s answer');
      t.equal((await quoteRows(pattern.id)).length, 1, 'one row per company');
      box = await notices(alice.token);
      t.equal(box.list.length, 2);
      t.match(box.list[0], { title: 'A quote on your custom pattern request was updated', body: 'Lace Works quotes ¥110.00, lead time 20 days.' });

      const theirs = await quote(both.token, { price: 9_900, leadDays: 30, note: '可加急' });
      t.equal(theirs.body.code, Codes.OK, 'another company answers on its own');
      t.not(theirs.body.data.myQuote!.id, first.body.data.myQuote!.id);
      const rows = await quoteRows(pattern.id);
      t.equal(rows.length, 2);
      t.match(rows.find((r) => r.company_id === laceCo), { price: 11_000, lead_days: 20, user_id: laceColleague.userId }, 'and cannot touch the lace maker\'s quote');
      t.equal((await api.get<SellerCustomRequest>(`/custom/sellerRequest?id=${pattern.id}`, lace.token)).body.data.myQuote!.price, 11_000, 'each company sees its own answer');
      req = (await mine()).find((r) => r.id === pattern.id)!;
      t.same(req.quotes.map((q) => q.companyId), [bothCo, laceCo], 'the buyer sees both, newest first');
    });

    t.test('a decline', async (t) => {
      const before = (await notices(alice.token)).list.length;
      const declined = await quote(both.token, { decline: true, price: 1, leadDays: 1, note: '产能已满' });
      t.equal(declined.body.message, 'Declined');
      t.match(declined.body.data.myQuote, { status: QuoteStatus.DECLINED, price: null, leadDays: null, note: '产能已满' });
      t.equal((await notices(alice.token)).list.length, before, 'a decline sends no message');
      let req = (await mine()).find((r) => r.id === pattern.id)!;
      t.match(req.quotes.find((q) => q.companyId === bothCo), { status: QuoteStatus.DECLINED });
      t.equal(req.status, 1, 'still quoted: the lace maker\'s quote stands');
      t.equal((await quote(lace.token, { decline: true })).body.code, Codes.OK);
      req = (await mine()).find((r) => r.id === pattern.id)!;
      t.equal(req.status, 0, 'no quote stands: submitted again');
      t.equal((await quote(lace.token, { price: 10_000 })).body.code, Codes.OK, 'a decline can turn back into a quote');
      t.equal((await mine()).find((r) => r.id === pattern.id)!.status, 1);
      t.equal((await notices(alice.token)).list.length, before + 1, 'and the buyer hears of it');
    });

    t.test('after the window only the companies that answered see the request, read only', async (t) => {
      const old = await sendPattern(alice.token);
      t.equal((await quote(lace.token, { requestId: old.id })).body.code, Codes.OK);
      const sent = new Date(Date.now() - (CustomQuoteLimits.openDays * 24 + 1) * 3600 * 1000).toISOString();
      await db.updateTable('custom_request').set({ created_at: sent }).where('id', '=', old.id).execute();
      const closed = await quote(lace.token, { requestId: old.id, price: 1_000 });
      t.equal(closed.body.code, CustomQuoteCodes.CUSTOM_QUOTE_CLOSED);
      t.equal(closed.body.message, codeMessages[CustomQuoteCodes.CUSTOM_QUOTE_CLOSED].en);
      t.equal((await quote(lace.token, { requestId: old.id, decline: true }, 'zh')).body.message, codeMessages[CustomQuoteCodes.CUSTOM_QUOTE_CLOSED].zh);
      const shown = (await list(lace.token)).body.data.list.find((r) => r.id === old.id);
      t.match(shown, { open: false, myQuote: { price: 12_500 } }, 'the answer stays visible to its company');
      t.notOk((await shownIds(both.token)).includes(old.id), 'gone from a company that did not answer');
      t.equal((await quote(both.token, { requestId: old.id })).body.code, CustomQuoteCodes.CUSTOM_REQUEST_NOT_SHOWN);
      t.equal((await quoteRows(old.id)).length, 1);
    });

    t.test('pages of the seller\'s list, newest first with the id as tie-break', async (t) => {
      const all = (await list(both.token)).body.data;
      const ids = all.list.map((r) => r.id);
      t.ok(ids.length >= 3);
      const page = await api.get<Page<SellerCustomRequest>>('/custom/sellerRequests?pageSize=2&pageNum=2', both.token);
      t.same(page.body.data.list.map((r) => r.id), ids.slice(2, 4));
      t.equal(page.body.data.total, all.total);
    });
  });
}
