// Settlement, the operator console and the message centre over HTTP, on SQLite and PostgreSQL: every
// rule with its message, one open application, ownership, every operator call refused to others,
// approval in one transaction, suspension taking products off sale, and messages written by the events.
import t from 'tap';
import { BuyType } from '../../../isomorphic/domain/catalogue';
import { Codes } from '../../../isomorphic/domain/codes';
import { codeMessages } from '../../../isomorphic/domain/code-messages';
import { OrderStatus } from '../../../isomorphic/domain/order';
import { CompanyStatus, UserRole } from '../../../isomorphic/domain/platform';
import { SettlementStatus } from '../../../isomorphic/domain/settlement';
import type { QueuedApplication, SettlementApplication, SettlementOverview, SettledLand, AuditEntry } from '../../../isomorphic/contracts/settlement';
import type { NoticePage } from '../../../isomorphic/contracts/notification';
import { createSession } from '../../../api/modules/account/session';
import { seedSettledLands } from '../../../api/modules/settlement/settlement.service';
import { deliverPending } from '../../../api/modules/notification/notification.service';
import { dialects } from '../../helpers/db';
import { createMarket, type Market } from '../../helpers/market';
import { newDeal, orderIn, placeOne } from '../../helpers/order-driver';

let seq = 0;
async function member(m: Market, userType: number, role: string = UserRole.MEMBER) {
  const now = new Date().toISOString();
  const mobile = `137${String(process.pid % 10000).padStart(4, '0')}${String(++seq).padStart(4, '0')}`;
  const row = await m.db.insertInto('app_user').values({
    mobile, password_hash: 'scrypt$test', user_type: userType, nickname: `member ${seq}`, real_name: '', email: '', avatar_path: '',
    company_id: null, settled: 0, role, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  const paths = [`upload/${row.id}/licence.jpg`, `upload/${row.id}/company.jpg`];
  await m.db.insertInto('stored_file').values(paths.map((path) => ({ path, content_type: 'image/jpeg', size: 100, width: 10, height: 10, owner_user_id: row.id, created_at: now }))).execute();
  return { id: row.id, token: await createSession(m.db, row.id), licence: paths[0], image: paths[1] };
}

const form = (who: { licence: string; image: string }, landId: number | null, over: Record<string, unknown> = {}) => ({
  companyName: '汕头谷饶花边厂', abbreviation: '谷饶花边', mainBusiness: '经编花边', intro: '专业经编花边二十年', landId,
  provinceCode: '44', cityCode: '4405', address: '潮阳区谷饶镇工业区 8 号', licencePath: who.licence, companyImagePath: who.image,
  remark: '请审核', agreed: true, ...over,
});

for (const { dialect, skip } of await dialects()) {
  t.test(`settlement, console and messages on ${dialect}`, { skip }, async (t) => {
    const m = await createMarket(dialect);
    t.teardown(() => m.close());
    await seedSettledLands(m.db);
    const operator = await member(m, 3, UserRole.OPERATOR);
    const lands = await m.get<SettledLand[]>('/common/getSettledLands');
    const land = lands.body.data[0].id;

    t.test('getSettledLands: the seeded lace-industry areas, open to guests', async (t) => {
      t.equal(lands.status, 200);
      t.ok(lands.body.data.length >= 5);
      t.ok(lands.body.data.every((l) => l.open && l.name && l.nameEn));
    });

    t.test('every rule of the form is refused with its own message in both languages', async (t) => {
      const maker = await member(m, 1);
      const cases: Array<[Record<string, unknown>, number]> = [
        [{ companyName: '花边' }, Codes.SETTLE_COMPANY_NAME],
        [{ companyName: '花'.repeat(31) }, Codes.SETTLE_COMPANY_NAME],
        [{ abbreviation: '花' }, Codes.SETTLE_ABBREVIATION],
        [{ abbreviation: '花'.repeat(9) }, Codes.SETTLE_ABBREVIATION],
        [{ mainBusiness: '花' }, Codes.SETTLE_MAIN_BUSINESS],
        [{ mainBusiness: '花'.repeat(16) }, Codes.SETTLE_MAIN_BUSINESS],
        [{ intro: '花'.repeat(501) }, Codes.SETTLE_INTRO],
        [{ landId: null }, Codes.SETTLE_LAND],
        [{ landId: 999999 }, Codes.SETTLE_LAND],
        [{ provinceCode: '' }, Codes.SETTLE_REGION],
        [{ address: '' }, Codes.SETTLE_ADDRESS],
        [{ licencePath: '' }, Codes.SETTLE_LICENCE],
        [{ companyImagePath: '' }, Codes.SETTLE_COMPANY_IMAGE],
        [{ remark: ' ' }, Codes.SETTLE_REMARK],
        [{ agreed: false }, Codes.SETTLE_AGREEMENT],
        [{ licencePath: 'upload/someone-else.jpg' }, Codes.SETTLE_IMAGE_NOT_OWNED],
      ];
      for (const [change, code] of cases) {
        const r = await m.post('/settle/apply', form(maker, land, change), maker.token);
        t.equal(r.body.code, code, `${JSON.stringify(change).slice(0, 40)} → ${code}`);
        t.equal(r.body.message, codeMessages[code].en);
      }
      const zh = await m.app.inject({ method: 'POST', url: '/settle/apply', payload: form(maker, land, { agreed: false }), headers: { 'x-lang': 'zh', 'x-token': maker.token } });
      t.equal(zh.json().message, codeMessages[Codes.SETTLE_AGREEMENT].zh);
      const count = await m.db.selectFrom('settlement_application').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', maker.id).executeTakeFirstOrThrow();
      t.equal(Number(count.n), 0, 'nothing was written');
      const guest = await m.post('/settle/apply', form(maker, land));
      t.equal(guest.body.code, Codes.SESSION_EXPIRED);
    });

    t.test('apply → one open application → another user cannot read or withdraw it → approve settles the seller', async (t) => {
      const maker = await member(m, 1);
      const other = await member(m, 2);
      const applied = await m.post<SettlementApplication>('/settle/apply', form(maker, land), maker.token);
      t.equal(applied.body.code, 0);
      t.match(applied.body.data, { status: SettlementStatus.SUBMITTED, kind: 'seller', companyName: '汕头谷饶花边厂' });
      const twice = await m.post('/settle/apply', form(maker, land), maker.token);
      t.equal(twice.body.code, Codes.SETTLE_OPEN_EXISTS, 'one open application per user');
      const id = applied.body.data.id;
      t.equal((await m.get(`/settle/getApplication?id=${id}`, other.token)).body.code, Codes.SETTLE_NOT_FOUND, 'another user cannot read it');
      t.equal((await m.post('/settle/withdraw', { id }, other.token)).body.code, Codes.SETTLE_NOT_FOUND, 'another user cannot withdraw it');
      t.equal((await m.get<SettlementApplication>(`/settle/getApplication?id=${id}`, maker.token)).body.data.status, SettlementStatus.SUBMITTED, 'still open');

      const opNotices = await m.post<NoticePage>('/notification/list', { pageNum: 1, pageSize: 50 }, operator.token);
      t.ok(opNotices.body.data.list.some((n) => n.kind === 'settlementSubmitted' && n.link === `/platform/settlement/${id}`), 'operators are told');

      const queue = await m.post<{ list: QueuedApplication[]; total: number }>('/platform/settlement/list', { status: 0, pageNum: 1, pageSize: 50 }, operator.token);
      t.ok(queue.body.data.list.some((a) => a.id === id && a.applicant?.id === maker.id && a.licenceUrl.includes('licence.jpg')));
      const approved = await m.post<SettlementApplication>('/platform/settlement/approve', { id }, operator.token);
      t.equal(approved.body.code, 0);
      t.equal(approved.body.data.status, SettlementStatus.APPROVED);
      const user = await m.db.selectFrom('app_user').selectAll().where('id', '=', maker.id).executeTakeFirstOrThrow();
      t.equal(user.settled, 1);
      t.equal(user.company_id, approved.body.data.companyId);
      const company = await m.db.selectFrom('company').selectAll().where('id', '=', user.company_id!).executeTakeFirstOrThrow();
      t.match(company, { name: '汕头谷饶花边厂', abbreviation: '谷饶花边', kind: 1, status: CompanyStatus.ACTIVE });
      const again = await m.post('/platform/settlement/approve', { id }, operator.token);
      t.equal(again.body.code, Codes.SETTLE_NOT_OPEN, 'decided once');
      const notices = await m.post<NoticePage>('/notification/list', { pageNum: 1, pageSize: 10 }, maker.token);
      t.match(notices.body.data.list[0], { kind: 'settlementApproved', title: 'Your application was approved', read: false, link: '/home/shopManage' });
      t.equal((await m.post('/settle/apply', form(maker, land), maker.token)).body.code, Codes.SETTLE_ALREADY_SETTLED);
      const orders = await m.post('/shopOrder/listOrders', { pageNum: 1, pageSize: 10 }, maker.token);
      t.equal(orders.body.code, 0, 'the new seller reaches the shop calls');
      const audit = await m.post<{ list: AuditEntry[] }>('/platform/audit/list', { action: 'settlement.approve', targetId: id, pageNum: 1, pageSize: 10 }, operator.token);
      t.equal(audit.body.data.list.length, 1);
      t.match(audit.body.data.list[0], { operatorId: operator.id, targetType: 'settlement', actionLabel: 'Approved an application' });
      t.match(JSON.parse(audit.body.data.list[0].before), { status: 0 });
      t.match(JSON.parse(audit.body.data.list[0].after), { status: 1, companyCreated: true });
    });

    t.test('reject with a reason → correct and resubmit; withdraw; attach to an existing company; a designer studio', async (t) => {
      const trader = await member(m, 2);
      const applied = await m.post<SettlementApplication>('/settle/apply', form(trader, land), trader.token);
      const id = applied.body.data.id;
      t.equal((await m.post('/platform/settlement/reject', { id, reason: ' ' }, operator.token)).body.code, Codes.SETTLE_REASON_REQUIRED);
      t.equal((await m.post('/settle/resubmit', { id, ...form(trader, land) }, trader.token)).body.code, Codes.SETTLE_NOT_REJECTED);
      const rejected = await m.post<SettlementApplication>('/platform/settlement/reject', { id, reason: '营业执照模糊' }, operator.token);
      t.match(rejected.body.data, { status: SettlementStatus.REJECTED, rejectReason: '营业执照模糊' });
      const overview = await m.get<SettlementOverview>('/settle/overview', trader.token);
      t.match(overview.body.data, { settled: false, kind: 'seller', current: { id, status: SettlementStatus.REJECTED } });
      const notice = await m.post<NoticePage>('/notification/list', { pageNum: 1, pageSize: 10 }, trader.token);
      t.match(notice.body.data.list[0], { kind: 'settlementRejected', body: 'Reason: 营业执照模糊. You may correct it and resubmit.' });
      const resubmitted = await m.post<SettlementApplication>('/settle/resubmit', { id, ...form(trader, land, { companyName: '广州中大花边档口' }) }, trader.token);
      t.match(resubmitted.body.data, { id, status: SettlementStatus.SUBMITTED, companyName: '广州中大花边档口', rejectReason: '' });
      const withdrawn = await m.post<SettlementApplication>('/settle/withdraw', { id }, trader.token);
      t.equal(withdrawn.body.data.status, SettlementStatus.WITHDRAWN);
      t.equal((await m.post('/settle/withdraw', { id }, trader.token)).body.code, Codes.SETTLE_NOT_OPEN);

      const existing = await m.company('已有花边公司');
      const second = await m.post<SettlementApplication>('/settle/apply', form(trader, land), trader.token);
      t.equal(second.body.code, 0, 'a new application after a withdrawn one');
      const attached = await m.post<SettlementApplication>('/platform/settlement/approve', { id: second.body.data.id, companyId: existing }, operator.token);
      t.equal(attached.body.data.companyId, existing, 'attached to the company the operator picked');

      const designer = await member(m, 3);
      const studio = await m.post<SettlementApplication>('/settle/apply', form(designer, null, { companyName: '林氏服装设计工作室' }), designer.token);
      t.equal(studio.body.data.kind, 'buyer', 'a designer studio settles as a buyer company (no area needed)');
      const ok = await m.post<SettlementApplication>('/platform/settlement/approve', { id: studio.body.data.id }, operator.token);
      const studioCompany = await m.db.selectFrom('company').select('kind').where('id', '=', ok.body.data.companyId!).executeTakeFirstOrThrow();
      t.equal(studioCompany.kind, 3);
      t.equal((await m.post('/shopOrder/listOrders', { pageNum: 1, pageSize: 10 }, designer.token)).body.code, Codes.NOT_A_SELLER, 'a buyer company has no shop manager');
    });

    t.test('every operator call is refused to a buyer (210403) and a guest (210018)', async (t) => {
      const buyer = await m.buyer();
      const calls: Array<[string, 'GET' | 'POST', Record<string, unknown>]> = [
        ['/platform/settlement/list', 'POST', { pageNum: 1, pageSize: 10 }],
        ['/platform/settlement/get?id=1', 'GET', {}],
        ['/platform/settlement/approve', 'POST', { id: 1 }],
        ['/platform/settlement/reject', 'POST', { id: 1, reason: 'no reason' }],
        ['/platform/land/list', 'GET', {}],
        ['/platform/land/save', 'POST', { name: '新产业带', nameEn: 'x', provinceCode: '44', cityCode: '4401', speciality: '', specialityEn: '', open: true, sort: 1 }],
        ['/platform/company/list', 'POST', { pageNum: 1, pageSize: 10 }],
        ['/platform/company/suspend', 'POST', { companyId: 1, reason: 'copies' }],
        ['/platform/company/restore', 'POST', { companyId: 1, reason: 'fixed' }],
        ['/platform/audit/list', 'POST', { pageNum: 1, pageSize: 10 }],
        ['/platform/afterSale/list', 'POST', { pageNum: 1, pageSize: 10 }],
        ['/platform/afterSale/decide', 'POST', { afterSaleId: 1, decision: 1 }],
        ['/platform/afterSale/order?id=1', 'GET', {}],
      ];
      for (const [url, method, body] of calls) {
        const asBuyer = method === 'GET' ? await m.get(url, buyer.token) : await m.post(url, body, buyer.token);
        t.equal(asBuyer.body.code, Codes.FORBIDDEN, `${url}: a buyer is refused`);
        const asGuest = method === 'GET' ? await m.get(url) : await m.post(url, body);
        t.equal(asGuest.body.code, Codes.SESSION_EXPIRED, `${url}: a guest is refused`);
      }
      const audit = await m.post<{ total: number }>('/platform/audit/list', { action: 'land.save', pageNum: 1, pageSize: 10 }, operator.token);
      t.equal(audit.body.data.total, 0, 'nothing an outsider tried was done');
    });

    t.test('operators add, edit and close an area: the settlement form lists open ones only, every save audited', async (t) => {
      const base = { nameEn: 'Puning, Jieyang (Guangdong)', provinceCode: '44', cityCode: '4452', speciality: '绣花花边', specialityEn: 'Embroidered lace', open: true, sort: 90 };
      for (const [change, code] of [[{ name: '普' }, Codes.PLATFORM_LAND_NAME], [{ name: ' '.repeat(3) }, Codes.PLATFORM_LAND_NAME], [{ name: '揭阳普宁', cityCode: '' }, Codes.PLATFORM_LAND_REGION], [{ name: '揭阳普宁', cityCode: '3205' }, Codes.PLATFORM_LAND_REGION]] as const) {
        const r = await m.post('/platform/land/save', { ...base, ...change }, operator.token);
        t.equal(r.body.code, code, `refused: ${JSON.stringify(change)}`);
        t.equal(r.body.message, codeMessages[code].en);
      }
      const added = await m.post<SettledLand>('/platform/land/save', { ...base, name: ' 揭阳普宁 ' }, operator.token);
      t.equal(added.body.code, 0);
      t.equal(added.body.data.name, '揭阳普宁', 'saved trimmed');
      const listed = await m.get<SettledLand[]>('/common/getSettledLands');
      t.ok(listed.body.data.some((l) => l.id === added.body.data.id), 'an open area is on the settlement form');
      const closed = await m.post<SettledLand>('/platform/land/save', { ...base, id: added.body.data.id, name: '揭阳普宁', open: false }, operator.token);
      t.equal(closed.body.data.open, false);
      t.notOk((await m.get<SettledLand[]>('/common/getSettledLands')).body.data.some((l) => l.id === added.body.data.id), 'a closed area leaves the settlement form');
      const all = await m.get<SettledLand[]>('/platform/land/list', operator.token);
      t.ok(all.body.data.some((l) => l.id === added.body.data.id && !l.open), 'and stays on the console list');
      t.equal((await m.post('/platform/land/save', { ...base, id: 999999, name: '揭阳普宁' }, operator.token)).body.code, Codes.PLATFORM_LAND_NOT_FOUND);
      const audit = await m.post<{ total: number; list: AuditEntry[] }>('/platform/audit/list', { action: 'land.save', pageNum: 1, pageSize: 10 }, operator.token);
      t.equal(audit.body.data.total, 2, 'both saves are audited, nothing for the refused ones');
    });

    t.test('suspend: products off sale, the seller cannot act; restore brings them back; both audited', async (t) => {
      const deal = await newDeal(m);
      const productId = deal.product.id;
      const orderId = await orderIn(deal, BuyType.PLATE_CUT, OrderStatus.PLATE_AWAITING_SHIPMENT);
      t.equal((await m.get(`/product/getProduct/${productId}`)).status, 200);
      t.equal((await m.post('/platform/company/suspend', { companyId: deal.seller.companyId, reason: ' ' }, operator.token)).body.code, Codes.PLATFORM_REASON_REQUIRED);
      const suspended = await m.post<{ status: number }>('/platform/company/suspend', { companyId: deal.seller.companyId, reason: '抄袭花型' }, operator.token);
      t.equal(suspended.body.data.status, CompanyStatus.SUSPENDED);
      t.not((await m.get(`/product/getProduct/${productId}`)).status, 200, 'its products are off sale');
      const ship = await m.post('/shopOrder/shipOrder', { id: orderId, carrier: 'x', trackingNo: 'y' }, deal.seller.token);
      t.equal(ship.body.code, Codes.COMPANY_SUSPENDED, 'a seller of a suspended company cannot act');
      t.equal(ship.body.message, codeMessages[Codes.COMPANY_SUSPENDED].en);
      t.equal((await m.post('/platform/company/suspend', { companyId: deal.seller.companyId, reason: '再次' }, operator.token)).body.code, Codes.PLATFORM_COMPANY_STATE);
      const told = await m.post<NoticePage>('/notification/list', { pageNum: 1, pageSize: 5 }, deal.seller.token);
      t.equal(told.body.data.list[0].kind, 'companySuspended');
      const restored = await m.post<{ status: number }>('/platform/company/restore', { companyId: deal.seller.companyId, reason: '已整改' }, operator.token);
      t.equal(restored.body.data.status, CompanyStatus.ACTIVE);
      t.equal((await m.get(`/product/getProduct/${productId}`)).status, 200, 'back on sale');
      t.equal((await m.post('/shopOrder/shipOrder', { id: orderId, carrier: 'x', trackingNo: 'y' }, deal.seller.token)).body.code, 0);
      const list = await m.post<{ list: Array<{ id: number; status: number }> }>('/platform/company/list', { status: CompanyStatus.ACTIVE, pageNum: 1, pageSize: 100 }, operator.token);
      t.ok(list.body.data.list.some((c) => c.id === deal.seller.companyId));
      const audit = await m.post<{ list: AuditEntry[] }>('/platform/audit/list', { targetType: 'company', targetId: deal.seller.companyId, pageNum: 1, pageSize: 10 }, operator.token);
      t.same(audit.body.data.list.map((a) => a.action), ['company.restore', 'company.suspend']);
    });

    t.test('order events write messages to the other side; each user marks only their own', async (t) => {
      const deal = await newDeal(m);
      const orderId = await placeOne(deal, BuyType.PLATE_CUT);
      const sellerMessages = await m.post<NoticePage>('/notification/list', { pageNum: 1, pageSize: 10 }, deal.seller.token);
      t.match(sellerMessages.body.data.list[0], { kind: 'order', link: `/home/person/orderDetail/${orderId}?as=seller` });
      t.match(sellerMessages.body.data.list[0].title, /^Order \d+: Order placed$/);
      const buyerBefore = await m.get<{ unread: number }>('/notification/unreadCount', deal.buyer.token);
      t.equal(buyerBefore.body.data.unread, 0, 'the one who acted is not told');
      await orderIn(deal, BuyType.PLATE_CUT, OrderStatus.PLATE_AWAITING_RECEIPT);
      const buyerMessages = await m.post<NoticePage>('/notification/list', { pageNum: 1, pageSize: 10 }, deal.buyer.token);
      t.ok(buyerMessages.body.data.list.some((n) => /Seller shipped$/.test(n.title)), 'shipped');
      t.ok(buyerMessages.body.data.list.some((n) => /Payment confirmed$/.test(n.title)), 'paid');
      const zh = await m.app.inject({ method: 'POST', url: '/notification/list', payload: { pageNum: 1, pageSize: 10 }, headers: { 'x-lang': 'zh', 'x-token': deal.buyer.token } });
      t.ok(zh.json().data.list.some((n: { title: string }) => n.title.endsWith('卖家发货')), 'worded in Chinese too');

      const mine = sellerMessages.body.data.list[0].id;
      const stranger = await m.post<{ changed: number }>('/notification/markRead', { ids: [mine] }, deal.buyer.token);
      t.equal(stranger.body.data.changed, 0, "another user's message is not marked");
      const marked = await m.post<{ changed: number; unread: number }>('/notification/markRead', { ids: [mine] }, deal.seller.token);
      t.equal(marked.body.data.changed, 1);
      const all = await m.post<{ changed: number; unread: number }>('/notification/markAllRead', {}, deal.buyer.token);
      t.ok(all.body.data.changed >= 2);
      t.equal((await m.get<{ unread: number }>('/notification/unreadCount', deal.buyer.token)).body.data.unread, 0);
      t.equal((await m.get('/notification/unreadCount')).body.code, Codes.SESSION_EXPIRED);

      const delivered: string[] = [];
      const sent = await deliverPending(m.db, { name: 'log', deliver: async (n) => { delivered.push(n.title); } });
      t.ok(sent > 0 && delivered.length === sent, 'the delivery driver gets each message once');
      t.equal(await deliverPending(m.db, { name: 'log', deliver: async (n) => { delivered.push(n.title); } }), 0, 'and never twice');
    });
  });
}
