// Purchase requests over HTTP on SQLite and PostgreSQL: every rule of the form with its message, who may
// post, who may read the details by id (each role) and in the lists, the state table of
// isomorphic/domain/purchase.ts row by row, another buyer's ids, and the deadline (with an injected clock).
import t from 'tap';
import { Codes } from '../../../isomorphic/domain/codes';
import { tradeCodeMessages as codeMessages } from '../../../isomorphic/domain/trade-messages';
import { PurchaseStatus, purchaseActions, purchaseNext, purchaseStates, type PurchaseAction } from '../../../isomorphic/domain/purchase';
import type { Page } from '../../../isomorphic/contracts/common';
import type { PurchaseDetail, PurchaseListItem, PurchaseView } from '../../../isomorphic/contracts/purchase';
import { checkAction, closeExpiredPurchases, listOpenPurchases, purchaseView } from '../../../api/modules/purchase/purchase.service';
import type { StorageDriver } from '../../../api/modules/file/storage';
import { dialects } from '../../helpers/db';
import { createMarket } from '../../helpers/market';
import { image, person, requestForm, supplier } from '../../helpers/trade';
import { TradeCodes } from '../../../isomorphic/domain/trade-codes';

const HOUR = 3_600_000;
const buyerActions = ['close', 'cancel', 'finish', 'republish', 'success'] as const;

for (const { dialect, skip } of await dialects()) {
  t.test(`purchase requests on ${dialect}`, { skip }, async (t) => {
    const m = await createMarket(dialect);
    t.teardown(() => m.close());
    const buyer = await person(m, 3);
    const otherBuyer = await person(m, 3);
    const trader = await person(m, 2);
    const maker = await supplier(m);
    const deps = { db: m.db, storage: { url: (p: string) => `/files/${p}` } as unknown as StorageDriver };
    const findUser = (_db: unknown, id: number) => m.db.selectFrom('app_user').selectAll().where('id', '=', id).executeTakeFirst();
    const post = async (who: { id: number; token: string }, over: Record<string, unknown> = {}) => {
      const r = await m.post<PurchaseDetail>('/productBuy/release', requestForm(await image(m, who.id), over), who.token);
      return r;
    };
    const posted = async () => {
      const r = await post(buyer);
      if (r.body.code !== 0) throw new Error(r.body.message);
      return r.body.data;
    };

    t.test('every rule of the form is refused with its own message', async (t) => {
      const mine = await image(m, buyer.id);
      const cases: Array<[Record<string, unknown>, number]> = [
        [{ description: '' }, TradeCodes.PURCHASE_DESCRIPTION],
        [{ description: '   ' }, TradeCodes.PURCHASE_DESCRIPTION],
        [{ description: '花'.repeat(51) }, TradeCodes.PURCHASE_DESCRIPTION],
        [{ quantity: 0 }, TradeCodes.PURCHASE_QUANTITY],
        [{ quantity: 10_000_001 }, TradeCodes.PURCHASE_QUANTITY],
        [{ imagePath: '' }, TradeCodes.PURCHASE_IMAGE],
        [{ imagePath: await image(m, otherBuyer.id) }, TradeCodes.PURCHASE_IMAGE],
        [{ catalogue: 123 }, TradeCodes.PURCHASE_CATALOGUE],
        [{ unit: 1 }, TradeCodes.PURCHASE_UNIT],
        [{ sampleType: 9 }, TradeCodes.PURCHASE_SAMPLE_TYPE],
        [{ deadline: new Date(Date.now() - HOUR).toISOString() }, TradeCodes.PURCHASE_DEADLINE],
        [{ deadline: new Date(Date.now() + 91 * 24 * HOUR).toISOString() }, TradeCodes.PURCHASE_DEADLINE],
        [{ deadline: 'tomorrow' }, TradeCodes.PURCHASE_DEADLINE],
      ];
      for (const [change, code] of cases) {
        const r = await m.post('/productBuy/release', requestForm(mine, change), buyer.token);
        t.equal(r.body.code, code, `${JSON.stringify(change).slice(0, 50)} → ${code}`);
        t.equal(r.body.message, codeMessages[code].en);
      }
      const zh = await m.app.inject({ method: 'POST', url: '/productBuy/release', payload: requestForm(mine, { description: '' }), headers: { 'x-lang': 'zh', 'x-token': buyer.token } });
      t.equal(zh.json().message, codeMessages[TradeCodes.PURCHASE_DESCRIPTION].zh);
      const n = await m.db.selectFrom('purchase_request').select((eb) => eb.fn.countAll<number>().as('n')).where('buyer_id', '=', buyer.id).executeTakeFirstOrThrow();
      t.equal(Number(n.n), 0, 'nothing written');
    });

    t.test('only buyers (type 3) post; guests are asked to sign in', async (t) => {
      for (const who of [maker, trader]) {
        const r = await post(who);
        t.equal(r.body.code, TradeCodes.PURCHASE_BUYERS_ONLY);
        t.equal(r.status, 403);
      }
      const guest = await m.post('/productBuy/release', requestForm('upload/x.jpg'));
      t.equal(guest.body.code, Codes.SESSION_EXPIRED);
      const ok = await post(buyer, { description: '  白色睫毛花边  ' });
      t.equal(ok.body.code, 0);
      t.equal(ok.body.data.status, PurchaseStatus.IN_PURCHASE);
      t.equal(ok.body.data.description, '白色睫毛花边', 'trimmed');
      t.ok(ok.body.data.mine);
      t.same(ok.body.data.actions, ['select', 'close', 'cancel', 'finish'].filter((a) => purchaseActions.includes(a as PurchaseAction)).sort((a, b) => purchaseActions.indexOf(a as PurchaseAction) - purchaseActions.indexOf(b as PurchaseAction)));
    });

    t.test('details by id: the buyer and merchants read them; a guest and another buyer get the teaser and the reason', async (t) => {
      const req = await posted();
      const view = (token?: string) => m.get<PurchaseView>(`/productBuy/get?id=${req.id}`, token);
      for (const [who, name] of [[buyer, 'its buyer'], [maker, 'a manufacturer'], [trader, 'a trader']] as const) {
        const r = await view(who.token);
        t.equal(r.body.code, 0);
        t.equal(r.body.data.hidden, null, `${name}: nothing hidden`);
        t.equal(r.body.data.detail?.description, req.description, `${name}: reads the description`);
        t.equal(r.body.data.detail?.quantity, 500);
      }
      for (const [token, code, name] of [[undefined, TradeCodes.PURCHASE_SIGN_IN, 'a guest'], [otherBuyer.token, TradeCodes.PURCHASE_MERCHANTS_ONLY, 'another buyer']] as const) {
        const r = await view(token);
        t.equal(r.status, 200);
        t.equal(r.body.data.detail, null, `${name}: no details`);
        t.same(r.body.data.hidden, { code, message: codeMessages[code].en }, `${name}: the reason`);
        const text = JSON.stringify(r.body.data);
        t.notOk(text.includes(req.description) || text.includes(req.imagePath) || text.includes('"quantity"'), `${name}: neither description, picture nor quantity anywhere`);
        t.equal(r.body.data.teaser.catalogue, req.catalogue, `${name}: the teaser`);
      }
      const missing = await m.get('/productBuy/get?id=999999', maker.token);
      t.equal(missing.body.code, TradeCodes.PURCHASE_NOT_FOUND);
      t.equal(missing.status, 404);
    });

    t.test('the hall lists requests in purchase; descriptions only for merchants and the buyer', async (t) => {
      const req = await posted();
      const hall = (token?: string) => m.post<Page<PurchaseListItem>>('/buyTask/listBuyTask', { pageNum: 1, pageSize: 50 }, token);
      for (const [token, open, name] of [[undefined, false, 'guest'], [otherBuyer.token, false, 'another buyer'], [maker.token, true, 'manufacturer'], [trader.token, true, 'trader'], [buyer.token, true, 'its buyer']] as const) {
        const r = await hall(token);
        const row = r.body.data.list.find((x) => x.id === req.id);
        t.ok(row, `${name}: listed`);
        t.equal(row?.description ?? null, open ? req.description : null, `${name}: description ${open ? 'shown' : 'withheld'}`);
        t.equal(row?.imageUrl === null, !open, `${name}: picture ${open ? 'shown' : 'withheld'}`);
      }
      const ids = (await hall()).body.data.list.map((x) => x.id);
      t.same(ids, [...ids].sort((a, b) => b - a), 'newest first, by id among equal times');
      const filtered = await m.post<Page<PurchaseListItem>>('/buyTask/listBuyTask', { pageNum: 1, pageSize: 50, catalogue: 100010 });
      t.notOk(filtered.body.data.list.some((x) => x.id === req.id), 'filtered by pattern type');
      const mine = await m.post<Page<PurchaseListItem>>('/productBuy/myProductBuys', { pageNum: 1, pageSize: 50 }, otherBuyer.token);
      t.same(mine.body.data.list, [], 'another buyer lists none of them');
    });

    t.test('the state table, row by row: each buyer action in each state', async (t) => {
      for (const state of purchaseStates) {
        for (const action of buyerActions) {
          const req = await posted();
          await m.db.updateTable('purchase_request').set({ status: state }).where('id', '=', req.id).execute();
          const deadline = new Date(Date.now() + 3 * 24 * HOUR).toISOString();
          const r = await m.post<PurchaseDetail>('/productBuy/act', { id: req.id, action, ...(action === 'republish' ? { deadline } : {}) }, buyer.token);
          const to = purchaseNext(state, action, 'buyer');
          if (to === null) {
            t.equal(r.body.code, TradeCodes.PURCHASE_ACTION_NOT_ALLOWED, `${state} ${action}: refused`);
            t.equal(r.status, 409);
            const row = await m.db.selectFrom('purchase_request').select('status').where('id', '=', req.id).executeTakeFirstOrThrow();
            t.equal(row.status, state, `${state} ${action}: unchanged`);
          } else {
            t.equal(r.body.code, 0, `${state} ${action}: allowed`);
            t.equal(r.body.data.status, to, `${state} ${action} → ${to}`);
            if (action === 'republish') t.equal(r.body.data.deadline, deadline, 'republished with the new deadline');
          }
        }
      }
    });

    t.test('the state table, row by row: suppliers respond and withdraw only in purchase; the buyer never responds', async (t) => {
      const req = await posted();
      const row = await m.db.selectFrom('purchase_request').selectAll().where('id', '=', req.id).executeTakeFirstOrThrow();
      const viewers = { buyer: await findUser(m.db, buyer.id), supplier: await findUser(m.db, maker.id) };
      const now = new Date();
      for (const state of purchaseStates) {
        for (const action of purchaseActions) {
          for (const actor of ['buyer', 'supplier'] as const) {
            const at = { ...row, status: state };
            const to = purchaseNext(state, action, actor);
            let code = 0;
            try {
              checkAction(viewers[actor] ?? null, at, action, now);
            } catch (err) {
              code = (err as { code: number }).code;
            }
            if (to !== null) t.equal(code, 0, `${state} ${action} by ${actor}: allowed`);
            else t.not(code, 0, `${state} ${action} by ${actor}: refused (${code})`);
          }
        }
      }
      t.equal(purchaseNext(PurchaseStatus.IN_PURCHASE, 'close', 'system'), PurchaseStatus.CLOSED, 'the system closes at the deadline');
    });

    t.test("another buyer's ids answer 'does not exist'; a republish needs a correct deadline", async (t) => {
      const req = await posted();
      for (const action of buyerActions) {
        const r = await m.post('/productBuy/act', { id: req.id, action, deadline: new Date(Date.now() + 2 * 24 * HOUR).toISOString() }, otherBuyer.token);
        t.equal(r.body.code, TradeCodes.PURCHASE_NOT_FOUND, `${action} by another buyer`);
        t.equal(r.status, 404);
      }
      const bySeller = await m.post('/productBuy/act', { id: req.id, action: 'close' }, maker.token);
      t.equal(bySeller.body.code, TradeCodes.PURCHASE_NOT_FOUND, 'a merchant cannot close it either');
      await m.post('/productBuy/act', { id: req.id, action: 'close' }, buyer.token);
      const bad = await m.post('/productBuy/act', { id: req.id, action: 'republish' }, buyer.token);
      t.equal(bad.body.code, TradeCodes.PURCHASE_DEADLINE);
      const stale = await m.post('/productBuy/act', { id: req.id, action: 'republish', deadline: new Date(Date.now() + 2 * 24 * HOUR).toISOString(), expectedVersion: 0 }, buyer.token);
      t.equal(stale.body.code, TradeCodes.PURCHASE_STATUS_CHANGED, 'an old version is refused');
      const row = await m.db.selectFrom('purchase_request').select(['status', 'buyer_id']).where('id', '=', req.id).executeTakeFirstOrThrow();
      t.equal(row.status, PurchaseStatus.CLOSED);
    });

    t.test('past its deadline a request closes by itself (clock injected)', async (t) => {
      const req = await posted();
      const deadline = Date.parse(req.deadline);
      const before = new Date(deadline - 1000);
      const after = new Date(deadline + 1000);
      const viewer = await findUser(m.db, maker.id);
      t.equal((await purchaseView(deps, viewer ?? null, req.id, 'en', before)).teaser.status, PurchaseStatus.IN_PURCHASE, 'open just before');
      const late = await purchaseView(deps, viewer ?? null, req.id, 'en', after);
      t.equal(late.teaser.status, PurchaseStatus.CLOSED, 'closed just after, before any sweep');
      t.same(late.detail?.actions, [], 'a merchant can no longer respond');
      const hallBefore = await listOpenPurchases(deps, viewer ?? null, { pageNum: 1, pageSize: 100 }, 'en', before);
      const hallAfter = await listOpenPurchases(deps, viewer ?? null, { pageNum: 1, pageSize: 100 }, 'en', after);
      t.ok(hallBefore.list.some((x) => x.id === req.id), 'in the hall before');
      t.notOk(hallAfter.list.some((x) => x.id === req.id), 'out of the hall after');
      const owner = await findUser(m.db, buyer.id);
      t.same((await purchaseView(deps, owner ?? null, req.id, 'en', after)).detail?.actions, ['republish'], 'its buyer may republish it');
      t.notOk((await closeExpiredPurchases(m.db, before)).includes(req.id), 'the sweep leaves it before');
      t.ok((await closeExpiredPurchases(m.db, after)).includes(req.id), 'the sweep closes it after');
      const row = await m.db.selectFrom('purchase_request').select('status').where('id', '=', req.id).executeTakeFirstOrThrow();
      t.equal(row.status, PurchaseStatus.CLOSED, 'written closed');
      t.same(await closeExpiredPurchases(m.db, after), [], 'a second sweep changes nothing');
    });
  });
}
