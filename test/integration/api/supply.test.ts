// Supply offers over HTTP on SQLite and PostgreSQL: the form's rules, who may offer, every owner call
// refused on another user's ids, the status moves, counts by status, who reads the details by id (each
// role) and in the hall, and following offers (only existing ones in supply; the list of followed offers).
import t from 'tap';
import { Codes } from '../../../isomorphic/domain/codes';
import { tradeCodeMessages as codeMessages } from '../../../isomorphic/domain/trade-messages';
import { PatternType, SupplyStatus, Unit } from '../../../isomorphic/domain/catalogue';
import { supplyNext, supplyTransitions } from '../../../isomorphic/domain/supply';
import type { Page } from '../../../isomorphic/contracts/common';
import type { FollowedSupply, SupplyCounts, SupplyDetail, SupplyListItem, SupplyView } from '../../../isomorphic/contracts/supply';
import { dialects } from '../../helpers/db';
import { createMarket } from '../../helpers/market';
import { image, person, supplier } from '../../helpers/trade';
import { TradeCodes } from '../../../isomorphic/domain/trade-codes';

const form = (imagePath: string, over: Record<string, unknown> = {}) => ({
  imagePath, catalogue: PatternType.FABRIC, sample: true, quantity: 3000, unit: Unit.YARD, description: '库存经编蕾丝面料，黑白两色', ...over,
});

for (const { dialect, skip } of await dialects()) {
  t.test(`supply offers on ${dialect}`, { skip }, async (t) => {
    const m = await createMarket(dialect);
    t.teardown(() => m.close());
    const maker = await supplier(m, '潮阳花边厂');
    const otherMaker = await supplier(m);
    const trader = await person(m, 2);
    const buyer = await person(m, 3);
    const offer = async (who = maker, over: Record<string, unknown> = {}) => {
      const r = await m.post<SupplyDetail>('/companySupply/release', form(await image(m, who.id), over), who.token);
      if (r.body.code !== 0) throw new Error(r.body.message);
      return r.body.data;
    };

    t.test('the form: each rule with its message; only manufacturers and traders offer', async (t) => {
      const mine = await image(m, maker.id);
      const cases: Array<[Record<string, unknown>, number]> = [
        [{ description: '' }, TradeCodes.SUPPLY_DESCRIPTION],
        [{ description: '花'.repeat(51) }, TradeCodes.SUPPLY_DESCRIPTION],
        [{ quantity: 0 }, TradeCodes.SUPPLY_QUANTITY],
        [{ imagePath: '' }, TradeCodes.SUPPLY_IMAGE],
        [{ imagePath: await image(m, buyer.id) }, TradeCodes.SUPPLY_IMAGE],
        [{ catalogue: 5 }, TradeCodes.SUPPLY_CATALOGUE],
        [{ unit: 5 }, TradeCodes.SUPPLY_CATALOGUE],
      ];
      for (const [change, code] of cases) {
        const r = await m.post('/companySupply/release', form(mine, change), maker.token);
        t.equal(r.body.code, code, `${JSON.stringify(change).slice(0, 40)} → ${code}`);
        t.equal(r.body.message, codeMessages[code].en);
      }
      const byBuyer = await m.post('/companySupply/release', form(await image(m, buyer.id)), buyer.token);
      t.equal(byBuyer.body.code, TradeCodes.SUPPLY_SELLERS_ONLY);
      t.equal(byBuyer.status, 403);
      const guest = await m.post('/companySupply/release', form(mine));
      t.equal(guest.body.code, Codes.SESSION_EXPIRED);
      const byTrader = await offer(trader);
      t.equal(byTrader.status, SupplyStatus.IN_SUPPLY, 'a trader without a shop offers too');
      t.equal(byTrader.companyId, null);
      const byMaker = await offer(maker);
      t.equal(byMaker.companyName, '潮阳花边厂', 'shown with the company name');
    });

    t.test('details by id: buyers and the owner; the trader, another maker and a guest get the teaser and the reason', async (t) => {
      const s = await offer();
      const view = (token?: string) => m.get<SupplyView>(`/companySupply/get?id=${s.id}`, token);
      for (const [who, name] of [[buyer, 'a buyer'], [maker, 'its owner']] as const) {
        const r = await view(who.token);
        t.equal(r.body.data.hidden, null, `${name}: nothing hidden`);
        t.equal(r.body.data.detail?.description, s.description, `${name}: the description`);
      }
      for (const [token, code, name] of [[undefined, TradeCodes.SUPPLY_SIGN_IN, 'a guest'], [trader.token, TradeCodes.SUPPLY_BUYERS_ONLY, 'the trader'], [otherMaker.token, TradeCodes.SUPPLY_BUYERS_ONLY, 'another maker']] as const) {
        const r = await view(token);
        t.equal(r.status, 200);
        t.equal(r.body.data.detail, null, `${name}: no details`);
        t.same(r.body.data.hidden, { code, message: codeMessages[code].en }, `${name}: the reason`);
        const text = JSON.stringify(r.body.data);
        t.notOk(text.includes(s.description) || text.includes(s.imagePath), `${name}: neither description nor picture anywhere`);
      }
      const hall = async (token?: string) => (await m.post<Page<SupplyListItem>>('/companySupply/listSupplys', { pageNum: 1, pageSize: 100 }, token)).body.data.list.find((x) => x.id === s.id);
      t.equal((await hall(buyer.token))?.description, s.description, 'the hall: a buyer reads the description');
      t.equal((await hall(trader.token))?.description, null, 'the hall: the trader does not');
      t.equal((await hall())?.quantity, null, 'the hall: nor does a guest');
      t.equal((await m.get('/companySupply/get?id=999999')).body.code, TradeCodes.SUPPLY_NOT_FOUND);
    });

    t.test("owner calls: another user's ids answer 'does not exist' and change nothing", async (t) => {
      const s = await offer();
      const attempts = [
        ['/companySupply/edit', { id: s.id, ...form(await image(m, otherMaker.id)) }],
        ['/companySupply/setStatus', { id: s.id, action: 'close' }],
        ['/companySupply/setStatus', { id: s.id, action: 'delete' }],
      ] as const;
      for (const who of [otherMaker, trader, buyer]) {
        for (const [url, body] of attempts) {
          const r = await m.post(url, body, who.token);
          t.equal(r.body.code, TradeCodes.SUPPLY_NOT_FOUND, `${url} ${JSON.stringify(body).slice(0, 30)} by someone else`);
          t.equal(r.status, 404);
        }
      }
      const row = await m.db.selectFrom('supply_offer').selectAll().where('id', '=', s.id).executeTakeFirstOrThrow();
      t.equal(row.status, SupplyStatus.IN_SUPPLY);
      t.equal(row.description, s.description);
      const mine = await m.get<Page<SupplyListItem>>('/companySupply/listMyCompanySupplys?pageNum=1&pageSize=50', otherMaker.token);
      t.notOk(mine.body.data.list.some((x) => x.id === s.id), "another maker's list leaves it out");
    });

    t.test('status moves row by row, edits, and counts by status', async (t) => {
      const who = await supplier(m);
      for (const state of [SupplyStatus.IN_SUPPLY, SupplyStatus.CLOSED]) {
        for (const action of ['close', 'reopen', 'delete'] as const) {
          const s = await offer(who);
          if (state !== SupplyStatus.IN_SUPPLY) await m.post('/companySupply/setStatus', { id: s.id, action: 'close' }, who.token);
          const r = await m.post<SupplyDetail>('/companySupply/setStatus', { id: s.id, action }, who.token);
          const to = supplyNext(state, action);
          if (to === null) t.equal(r.body.code, TradeCodes.SUPPLY_ACTION_NOT_ALLOWED, `${state} ${action}: refused`);
          else t.equal(r.body.data.status, to, `${state} ${action} → ${to}`);
        }
      }
      t.same(supplyTransitions[SupplyStatus.DELETED], {}, 'a deleted offer has no moves');
      const counts = await m.get<SupplyCounts>('/companySupply/countByStatus', who.token);
      t.same(counts.body.data, { inSupply: 2, closed: 2, total: 4 }, 'counts by status, deleted left out');
      const s = await offer(who);
      const edited = await m.post<SupplyDetail>('/companySupply/edit', { id: s.id, ...form(await image(m, who.id), { description: '改为白色', quantity: 10 }) }, who.token);
      t.equal(edited.body.data.description, '改为白色');
      t.equal(edited.body.data.quantity, 10);
      await m.post('/companySupply/setStatus', { id: s.id, action: 'delete' }, who.token);
      const gone = await m.post('/companySupply/edit', { id: s.id, ...form(await image(m, who.id)) }, who.token);
      t.equal(gone.body.code, TradeCodes.SUPPLY_NOT_FOUND, 'a deleted offer is gone');
      const closed = await m.get<Page<SupplyListItem>>(`/companySupply/listMyCompanySupplys?pageNum=1&pageSize=50&status=${SupplyStatus.CLOSED}`, who.token);
      t.equal(closed.body.data.total, 2);
      t.ok(closed.body.data.list.every((x) => x.status === SupplyStatus.CLOSED));
      t.equal((await m.get('/companySupply/countByStatus', buyer.token)).body.code, TradeCodes.SUPPLY_SELLERS_ONLY, 'a buyer has no supplies to count');
    });

    t.test('favourites: only an existing offer in supply can be followed; followed offers are listed', async (t) => {
      const s = await offer();
      const closed = await offer();
      await m.post('/companySupply/setStatus', { id: closed.id, action: 'close' }, maker.token);
      const bus = (token: string, targetId: number, follow = true) => m.post<{ followed: boolean }>('/favorite/favoriteBus', { type: 3, targetId, follow }, token);
      t.equal((await bus(buyer.token, 999999)).body.code, Codes.FAVOURITE_TARGET_NOT_FOUND, 'no such offer');
      t.equal((await bus(buyer.token, closed.id)).body.code, Codes.FAVOURITE_TARGET_NOT_FOUND, 'a closed offer');
      t.same((await bus(buyer.token, s.id)).body.data, { followed: true });
      t.same((await bus(trader.token, s.id)).body.data, { followed: true });
      const view = await m.get<SupplyView>(`/companySupply/get?id=${s.id}`, buyer.token);
      t.equal(view.body.data.teaser.favouriteCount, 2, 'the favourite count');
      const list = await m.post<Page<FollowedSupply>>('/favorite/listSupply', { pageNum: 1, pageSize: 10 }, buyer.token);
      t.equal(list.body.data.total, 1);
      t.equal(list.body.data.list[0].id, s.id);
      t.equal(list.body.data.list[0].description, s.description, 'a buyer reads the followed offer');
      const traders = await m.post<Page<FollowedSupply>>('/favorite/listSupply', { pageNum: 1, pageSize: 10 }, trader.token);
      t.equal(traders.body.data.list[0].description, null, 'the trader sees only the teaser');
      await m.post('/companySupply/setStatus', { id: s.id, action: 'delete' }, maker.token);
      const after = await m.post<Page<FollowedSupply>>('/favorite/listSupply', { pageNum: 1, pageSize: 10 }, buyer.token);
      t.same(after.body.data.list, [], 'a deleted offer leaves the list');
      t.equal((await m.post('/favorite/listSupply', { pageNum: 1, pageSize: 10 })).body.code, Codes.SESSION_EXPIRED);
    });
  });
}
