// Responses to purchase requests and the selection, over HTTP on SQLite and PostgreSQL: the response's
// rules, one per company, at most 10, edits and withdrawals until the selection, another company's and
// another buyer's ids, the side-by-side comparison in the request's unit, and the selection: one bulk
// order awaiting the seller's confirmation even when selected twice or concurrently, and the messages.
import t from 'tap';
import { Codes } from '../../../isomorphic/domain/codes';
import { Unit } from '../../../isomorphic/domain/catalogue';
import { OrderStatus } from '../../../isomorphic/domain/order';
import { PurchaseStatus, ResponseStatus, purchaseNext, purchaseStates } from '../../../isomorphic/domain/purchase';
import type { Page } from '../../../isomorphic/contracts/common';
import type { PurchaseDetail, PurchaseResponse, PurchaseView } from '../../../isomorphic/contracts/purchase';
import type { NoticePage } from '../../../isomorphic/contracts/notification';
import { dialects } from '../../helpers/db';
import { createMarket } from '../../helpers/market';
import { image, person, requestForm, supplier } from '../../helpers/trade';
import { TradeCodes } from '../../../isomorphic/domain/trade-codes';

const answer = (requestId: number, over: Record<string, unknown> = {}) => ({
  requestId, ladder: [{ from: 100, price: 1500 }, { from: 1000, price: 1200 }], unit: Unit.YARD, perUnit: 1, leadDays: 15, cutSample: true, pictures: [], note: '可先寄剪样', ...over,
});

for (const { dialect, skip } of await dialects()) {
  t.test(`responses and selection on ${dialect}`, { skip }, async (t) => {
    const m = await createMarket(dialect);
    t.teardown(() => m.close());
    const buyer = await person(m, 3);
    const otherBuyer = await person(m, 3);
    const trader = await person(m, 2);
    const posted = async (over: Record<string, unknown> = {}, who = buyer) => {
      const r = await m.post<PurchaseDetail>('/productBuy/release', requestForm(await image(m, who.id), over), who.token);
      if (r.body.code !== 0) throw new Error(r.body.message);
      return r.body.data;
    };
    const respond = async (who: { token: string }, requestId: number, over: Record<string, unknown> = {}) =>
      m.post<PurchaseResponse>('/buyTask/respond', answer(requestId, over), who.token);
    const notices = async (who: { token: string }) => (await m.post<NoticePage>('/notification/list', { pageNum: 1, pageSize: 50 }, who.token)).body.data.list;

    t.test('the rules of a response, and who may respond', async (t) => {
      const req = await posted();
      const maker = await supplier(m);
      const cases: Array<[Record<string, unknown>, number]> = [
        [{ ladder: [] }, TradeCodes.RESPONSE_LADDER],
        [{ ladder: [{ from: 100, price: 1000 }, { from: 50, price: 900 }] }, TradeCodes.RESPONSE_LADDER],
        [{ ladder: [{ from: 100, price: 1000 }, { from: 200, price: 1100 }] }, TradeCodes.RESPONSE_LADDER],
        [{ leadDays: 400 }, TradeCodes.RESPONSE_FIELDS],
        [{ note: '字'.repeat(201) }, TradeCodes.RESPONSE_FIELDS],
        [{ pictures: ['upload/not-mine.jpg'] }, TradeCodes.RESPONSE_FIELDS],
        [{ unit: 5 }, TradeCodes.RESPONSE_FIELDS],
        [{ unit: Unit.KILO, perUnit: 0 }, TradeCodes.RESPONSE_UNIT_FACTOR],
      ];
      for (const [change, code] of cases) t.equal((await respond(maker, req.id, change)).body.code, code, `${JSON.stringify(change).slice(0, 50)} → ${code}`);
      t.equal((await respond(buyer, req.id)).body.code, Codes.NOT_A_SELLER, 'the buyer is no seller');
      t.equal((await respond(trader, req.id)).body.code, Codes.NOT_A_SELLER, 'a trader without a settled shop cannot respond');
      t.equal((await respond(maker, 999999)).body.code, TradeCodes.PURCHASE_NOT_FOUND);
      const ok = await respond(maker, req.id, { pictures: [await image(m, maker.id)] });
      t.equal(ok.body.code, 0);
      t.equal(ok.body.data.minimum, 100);
      t.equal(ok.body.data.priceForRequest, 1500, '500 yards at the first step');
      t.equal(ok.body.data.pictureUrls.length, 1);
      t.equal((await respond(maker, req.id)).body.code, TradeCodes.RESPONSE_ONE_PER_COMPANY, 'once per company');
      const colleague = await person(m, 1, maker.companyId);
      t.equal((await respond(colleague, req.id)).body.code, TradeCodes.RESPONSE_ONE_PER_COMPANY, 'a colleague of the same company neither');
      const n = await m.db.selectFrom('purchase_response').select((eb) => eb.fn.countAll<number>().as('n')).where('request_id', '=', req.id).executeTakeFirstOrThrow();
      t.equal(Number(n.n), 1);
      const view = await m.get<PurchaseView>(`/productBuy/get?id=${req.id}`);
      t.equal(view.body.data.teaser.responseCount, 1, 'the teaser counts responses');
    });

    t.test('at most 10 responses per request', async (t) => {
      const req = await posted();
      for (let i = 0; i < 10; i++) t.equal((await respond(await supplier(m), req.id)).body.code, 0, `response ${i + 1}`);
      const eleventh = await respond(await supplier(m), req.id);
      t.equal(eleventh.body.code, TradeCodes.RESPONSE_LIMIT);
    });

    t.test("edits and withdrawals: only the company's own, only until the selection", async (t) => {
      const req = await posted();
      const a = await supplier(m);
      const b = await supplier(m);
      const ra = (await respond(a, req.id)).body.data;
      const edit = (who: { token: string }, id: number, over: Record<string, unknown> = {}) => {
        const { requestId: _r, ...fields } = answer(req.id, over);
        void _r;
        return m.post<PurchaseResponse>('/buyTask/editResponse', { id, ...fields }, who.token);
      };
      t.equal((await edit(b, ra.id, { leadDays: 1 })).body.code, TradeCodes.RESPONSE_NOT_FOUND, "another company's response");
      t.equal((await m.post('/buyTask/withdrawResponse', { id: ra.id }, b.token)).body.code, TradeCodes.RESPONSE_NOT_FOUND);
      const changed = await edit(a, ra.id, { leadDays: 7, ladder: [{ from: 50, price: 1400 }] });
      t.equal(changed.body.data.leadDays, 7);
      t.equal(changed.body.data.minimum, 50);
      const withdrawn = await m.post<PurchaseResponse>('/buyTask/withdrawResponse', { id: ra.id }, a.token);
      t.equal(withdrawn.body.data.status, ResponseStatus.WITHDRAWN);
      t.equal((await edit(a, ra.id)).body.code, TradeCodes.RESPONSE_NOT_FOUND, 'a withdrawn response is gone');
      const again = await respond(a, req.id, { leadDays: 9 });
      t.equal(again.body.data.id, ra.id, 'responding again revives the same row');
      t.equal(again.body.data.status, ResponseStatus.ACTIVE);
      const rb = (await respond(b, req.id)).body.data;
      t.equal((await m.post('/productBuy/select', { requestId: req.id, responseId: rb.id }, buyer.token)).body.code, 0);
      t.equal((await edit(a, ra.id)).body.code, TradeCodes.RESPONSE_LOCKED, 'not chosen: locked');
      t.equal((await edit(b, rb.id)).body.code, TradeCodes.RESPONSE_LOCKED, 'selected: locked');
      t.equal((await respond(await supplier(m), req.id)).body.code, TradeCodes.PURCHASE_ACTION_NOT_ALLOWED, 'no new response while purchasing');
    });

    t.test('supplier rows of the state table over HTTP: respond only in purchase', async (t) => {
      const maker = await supplier(m);
      for (const state of purchaseStates) {
        const req = await posted();
        await m.db.updateTable('purchase_request').set({ status: state }).where('id', '=', req.id).execute();
        const r = await respond(maker, req.id);
        if (purchaseNext(state, 'respond', 'supplier') === null) t.equal(r.body.code, TradeCodes.PURCHASE_ACTION_NOT_ALLOWED, `${state}: refused`);
        else t.equal(r.body.code, 0, `${state}: allowed`);
      }
    });

    t.test('comparison in the request unit; selection makes one bulk order; the others are told', async (t) => {
      const me = await person(m, 3);
      const req = await posted({ quantity: 500, unit: Unit.YARD }, me);
      const cheap = await supplier(m, '便宜花边厂');
      const dear = await supplier(m, '贵花边厂');
      const byKilo = await supplier(m, '按公斤花边厂');
      const rDear = (await respond(dear, req.id, { ladder: [{ from: 100, price: 1800 }] })).body.data;
      const rCheap = (await respond(cheap, req.id, { ladder: [{ from: 100, price: 1600 }, { from: 400, price: 1300 }] })).body.data;
      // 1 kilo is 4 yards: 5,000 cents a kilo is 1,250 a yard; the 50-kilo minimum is 200 yards.
      const rKilo = (await respond(byKilo, req.id, { unit: Unit.KILO, perUnit: 4, ladder: [{ from: 50, price: 5000 }] })).body.data;
      t.same(rKilo.normalisedLadder, [{ from: 200, price: 1250 }], 'normalised to yards');
      const list = await m.get<PurchaseResponse[]>(`/productBuy/responses?id=${req.id}`, me.token);
      t.same(list.body.data.map((r) => [r.id, r.priceForRequest]), [[rKilo.id, 1250], [rCheap.id, 1300], [rDear.id, 1800]], 'side by side, cheapest for 500 yards first');
      const own = await m.get<PurchaseResponse[]>(`/productBuy/responses?id=${req.id}`, cheap.token);
      t.same(own.body.data.map((r) => r.id), [rCheap.id], 'a supplier sees only its own');
      t.equal((await m.get(`/productBuy/responses?id=${req.id}`, otherBuyer.token)).body.code, TradeCodes.PURCHASE_NOT_FOUND, 'another buyer sees none');
      t.equal((await m.post('/productBuy/select', { requestId: req.id, responseId: rCheap.id }, otherBuyer.token)).body.code, TradeCodes.PURCHASE_NOT_FOUND, 'another buyer cannot select');
      const otherReq = await posted({}, me);
      t.equal((await m.post('/productBuy/select', { requestId: otherReq.id, responseId: rCheap.id }, me.token)).body.code, TradeCodes.RESPONSE_NOT_FOUND, "a response of another request");

      const [first, second] = await Promise.all([
        m.post<{ orderId: number; orderNo: string }>('/productBuy/select', { requestId: req.id, responseId: rCheap.id }, me.token),
        m.post<{ orderId: number; orderNo: string }>('/productBuy/select', { requestId: req.id, responseId: rCheap.id }, me.token),
      ]);
      t.equal(first.body.code, 0, 'first selection');
      t.equal(second.body.code, 0, 'the concurrent second answers too');
      t.equal(second.body.data.orderId, first.body.data.orderId, 'the same order');
      const third = await m.post<{ orderId: number }>('/productBuy/select', { requestId: req.id, responseId: rCheap.id }, me.token);
      t.equal(third.body.data.orderId, first.body.data.orderId, 'selecting again: still the same order');
      const other = await m.post('/productBuy/select', { requestId: req.id, responseId: rDear.id }, me.token);
      t.equal(other.body.code, TradeCodes.PURCHASE_ACTION_NOT_ALLOWED, 'another response after the selection is refused');
      const orders = await m.db.selectFrom('trade_order').selectAll().where('buyer_id', '=', me.id).execute();
      t.equal(orders.length, 1, 'one order in all');
      const order = orders[0];
      t.equal(order.company_id, cheap.companyId);
      t.equal(order.status, OrderStatus.BULK_AWAITING_CONFIRMATION, "awaiting the seller's confirmation");
      t.equal(order.goods_amount, 1300 * 500, 'priced by the ladder for 500 yards');
      t.equal(order.stock_period, 15, 'the lead time');

      const detail = (await m.get<PurchaseView>(`/productBuy/get?id=${req.id}`, me.token)).body.data.detail;
      t.equal(detail?.status, PurchaseStatus.PURCHASING);
      t.equal(detail?.orderId, order.id);
      t.same(detail?.actions, ['success']);
      const statuses = (await m.get<PurchaseResponse[]>(`/productBuy/responses?id=${req.id}`, me.token)).body.data.map((r) => [r.id, r.status]);
      t.same(statuses, [[rKilo.id, ResponseStatus.NOT_CHOSEN], [rCheap.id, ResponseStatus.SELECTED], [rDear.id, ResponseStatus.NOT_CHOSEN]]);

      const buyerOrders = await m.post<Page<{ id: number }>>('/order/getUserOrders', { pageNum: 1, pageSize: 10 }, me.token);
      t.same(buyerOrders.body.data.list.map((o) => o.id), [order.id], 'the buyer sees the order');
      const sellerOrders = await m.post<Page<{ id: number }>>('/shopOrder/listOrders', { pageNum: 1, pageSize: 10 }, cheap.token);
      t.same(sellerOrders.body.data.list.map((o) => o.id), [order.id], 'the chosen seller sees it');
      const dearOrders = await m.post<Page<{ id: number }>>('/shopOrder/listOrders', { pageNum: 1, pageSize: 10 }, dear.token);
      t.same(dearOrders.body.data.list, [], 'the others do not');

      t.ok((await notices(me)).some((n) => n.kind === 'purchaseResponse' && n.link === `/buy/${req.id}`), 'the buyer was told of responses');
      const chosen = await notices(cheap);
      t.equal(chosen.filter((n) => n.kind === 'purchaseSelected').length, 1, 'the chosen seller is told once');
      t.ok(chosen.some((n) => n.kind === 'order'), 'and of the new order');
      for (const who of [dear, byKilo]) {
        const told = await notices(who);
        t.equal(told.filter((n) => n.kind === 'purchaseNotChosen').length, 1, 'another responder is told once it was not chosen');
      }
      const success = await m.post<PurchaseDetail>('/productBuy/act', { id: req.id, action: 'success' }, me.token);
      t.equal(success.body.data.status, PurchaseStatus.FINISHED, 'the buyer confirms the deal');
    });

    t.test("myReceiving (/buyTask/myResponded): the requests my company responded to, for its people only", async (t) => {
      const a = await supplier(m);
      const colleague = await person(m, 1, a.companyId);
      const b = await supplier(m);
      const first = await posted();
      const second = await posted();
      await posted();
      t.equal((await respond(a, first.id)).body.code, 0);
      t.equal((await respond(a, second.id)).body.code, 0);
      t.equal((await respond(b, second.id)).body.code, 0);
      const mine = (who: { token: string }, over: Record<string, unknown> = {}) =>
        m.post<Page<{ id: number; description: string | null }>>('/buyTask/myResponded', { pageNum: 1, pageSize: 50, ...over }, who.token);
      const listA = (await mine(a)).body.data;
      t.same(listA.list.map((r) => r.id), [second.id, first.id], 'both, newest first');
      t.equal(listA.total, 2);
      t.ok(listA.list.every((r) => r.description !== null), 'with their details (merchants read requests)');
      t.same((await mine(colleague)).body.data.list.map((r) => r.id), [second.id, first.id], "a colleague sees the company's");
      t.same((await mine(b)).body.data.list.map((r) => r.id), [second.id], 'another company sees only its own');
      t.same((await mine(a, { pageSize: 1, pageNum: 2 })).body.data.list.map((r) => r.id), [first.id], 'paged');
      t.equal((await mine(buyer)).body.code, Codes.NOT_A_SELLER, 'a buyer has no such list');
      t.equal((await mine(trader)).body.code, Codes.NOT_A_SELLER, 'nor a trader without a shop');
    });

    t.test('two different selections at once: one wins, one order', async (t) => {
      const me = await person(m, 3);
      const req = await posted({}, me);
      const a = (await respond(await supplier(m), req.id)).body.data;
      const b = (await respond(await supplier(m), req.id)).body.data;
      const results = await Promise.all([a, b].map((r) => m.post('/productBuy/select', { requestId: req.id, responseId: r.id }, me.token)));
      t.equal(results.filter((r) => r.body.code === 0).length, 1, 'one selection succeeds');
      const n = await m.db.selectFrom('trade_order').select((eb) => eb.fn.countAll<number>().as('n')).where('buyer_id', '=', me.id).executeTakeFirstOrThrow();
      t.equal(Number(n.n), 1, 'one order');
    });
  });
}
