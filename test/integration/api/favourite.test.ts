// Favourites on each dialect: follow and unfollow companies, products and supplies, one row per
// (user, type, target), lists newest followed first, guests refused with 210018, and each user's own.
import t from 'tap';
import { dialects } from '../../helpers/db';
import { createCatalogueApi } from '../../helpers/catalogue';
import { Codes } from '../../../isomorphic/domain/codes';
import type { Page } from '../../../isomorphic/contracts/common';
import type { FavouriteState, FollowedCompany, FollowedProduct } from '../../../isomorphic/contracts/catalogue';

for (const { dialect, skip } of await dialects()) {
  t.test(dialect, { skip }, async (t) => {
    const api = await createCatalogueApi(dialect);
    t.teardown(() => api.cleanup());
    const db = api.deps.db.db;
    const c1 = await api.company('金丝雀蕾丝', 'Golden Canary');
    const c2 = await api.company('锦绣花边', 'Jinxiu');
    const p1 = await api.product(c1, { title: '玫瑰蕾丝' });
    const p2 = await api.product(c1, { title: '牡丹蕾丝' });
    const p3 = await api.product(c2, { title: '百合蕾丝' });
    const alice = await api.signIn();
    const bob = await api.signIn();
    const bus = (token: string | undefined, type: number, targetId: number, follow: boolean) => api.post<FavouriteState>('/favorite/favoriteBus', { type, targetId, follow }, token);
    const status = (token: string | undefined, type: number, targetId: number) => api.get<FavouriteState>(`/favorite/status?type=${type}&targetId=${targetId}`, token);
    const rowsOf = (userId: number) => db.selectFrom('favourite').selectAll().where('user_id', '=', userId).execute();

    t.test('guests: writes and lists answer 210018, the status says false', async (t) => {
      for (const [url, body] of [['/favorite/favoriteBus', { type: 2, targetId: p1, follow: true }], ['/favorite/listCompany', { pageNum: 1, pageSize: 10 }], ['/favorite/listProduct', { pageNum: 1, pageSize: 10 }]] as const) {
        const res = await api.post(url, body);
        t.equal(res.status, 401, `${url}: 401`);
        t.equal(res.body.code, Codes.SESSION_EXPIRED, `${url}: 210018`);
        const bad = await api.post(url, body, 'not-a-token');
        t.equal(bad.body.code, Codes.SESSION_EXPIRED, `${url}: an unknown token is a guest`);
      }
      const s = await status(undefined, 2, p1);
      t.equal(s.status, 200);
      t.same(s.body.data, { followed: false });
      t.same(await db.selectFrom('favourite').selectAll().execute(), [], 'nothing written');
    });

    t.test('follow is idempotent, unfollow removes', async (t) => {
      t.same((await bus(alice.token, 2, p1, true)).body.data, { followed: true });
      t.same((await bus(alice.token, 2, p1, true)).body.data, { followed: true }, 'following twice is fine');
      t.equal((await rowsOf(alice.userId)).length, 1, 'one row');
      t.same((await status(alice.token, 2, p1)).body.data, { followed: true });
      t.same((await status(alice.token, 1, p1)).body.data, { followed: false }, 'the type is part of the key');
      t.same((await bus(alice.token, 2, p1, false)).body.data, { followed: false });
      t.same(await rowsOf(alice.userId), []);
      t.same((await bus(alice.token, 2, p1, false)).body.data, { followed: false }, 'unfollowing twice is fine');
      t.same((await status(alice.token, 2, p1)).body.data, { followed: false });
    });

    t.test('targets must exist (supplies: test/integration/api/supply.test.ts)', async (t) => {
      for (const [type, id] of [[2, 999999], [1, 999999]]) {
        const res = await bus(alice.token, type, id, true);
        t.equal(res.status, 404);
        t.equal(res.body.code, Codes.FAVOURITE_TARGET_NOT_FOUND);
      }
      const removed = await api.product(c2, { title: '已下架', status: 0 });
      t.equal((await bus(alice.token, 2, removed, true)).body.code, Codes.FAVOURITE_TARGET_NOT_FOUND, 'a removed product cannot be followed');
      const zh = await api.post('/favorite/favoriteBus', { type: 2, targetId: removed, follow: true }, alice.token, 'zh');
      t.match(zh.body.message, /不存在|下架/, 'the message in Chinese');
      t.equal((await bus(alice.token, 3, 42, true)).body.code, Codes.FAVOURITE_TARGET_NOT_FOUND, 'a supply that does not exist');
      t.same((await bus(alice.token, 3, 42, false)).body.data, { followed: false }, 'unfollowing is always possible');
      for (const body of [{ type: 4, targetId: p1, follow: true }, { type: 2, targetId: 0, follow: true }, { type: 2, targetId: p1 }, { type: 2, targetId: 'x', follow: true }]) {
        const res = await api.post('/favorite/favoriteBus', body, alice.token);
        t.equal(res.status, 400, `${JSON.stringify(body)} is refused`);
        t.equal(res.body.code, Codes.BAD_REQUEST);
      }
      t.same(await rowsOf(alice.userId), [], 'nothing left behind');
    });

    t.test('lists, newest followed first, each user their own', async (t) => {
      for (const p of [p1, p3, p2]) {
        await bus(alice.token, 2, p, true);
        await new Promise((r) => setTimeout(r, 5));
      }
      await bus(alice.token, 1, c2, true);
      await new Promise((r) => setTimeout(r, 5));
      await bus(alice.token, 1, c1, true);
      await bus(bob.token, 2, p3, true);

      const products = await api.post<Page<FollowedProduct>>('/favorite/listProduct', { pageNum: 1, pageSize: 10 }, alice.token);
      t.equal(products.status, 200);
      t.same(products.body.data.list.map((p) => p.id), [p2, p3, p1], 'newest followed first');
      t.equal(products.body.data.total, 3);
      t.ok(products.body.data.list.every((p) => !Number.isNaN(Date.parse(p.followedAt)) && p.title && p.companyName));
      const times = products.body.data.list.map((p) => Date.parse(p.followedAt));
      t.same(times, [...times].sort((a, b) => b - a));
      const page2 = await api.post<Page<FollowedProduct>>('/favorite/listProduct', { pageNum: 2, pageSize: 2 }, alice.token);
      t.same(page2.body.data.list.map((p) => p.id), [p1]);
      t.match(page2.body.data, { total: 3, pageNum: 2, pageSize: 2 });

      const companies = await api.post<Page<FollowedCompany>>('/favorite/listCompany', { pageNum: 1, pageSize: 10 }, alice.token);
      t.same(companies.body.data.list.map((c) => c.id), [c1, c2]);
      t.match(companies.body.data.list[0], { name: '金丝雀蕾丝', productCount: 2 });

      const bobs = await api.post<Page<FollowedProduct>>('/favorite/listProduct', { pageNum: 1, pageSize: 10 }, bob.token);
      t.same(bobs.body.data.list.map((p) => p.id), [p3], 'Bob sees only his own');
      t.same((await api.post<Page<FollowedCompany>>('/favorite/listCompany', {}, bob.token)).body.data.list, []);
      await bus(bob.token, 2, p2, false);
      t.same((await status(alice.token, 2, p2)).body.data, { followed: true }, 'Bob unfollowing does not touch Alice\'s row');
      t.same((await status(bob.token, 2, p1)).body.data, { followed: false });

      await db.updateTable('product').set({ status: 0 }).where('id', '=', p3).execute();
      const after = await api.post<Page<FollowedProduct>>('/favorite/listProduct', { pageNum: 1, pageSize: 10 }, alice.token);
      t.same(after.body.data.list.map((p) => p.id), [p2, p1], 'a removed product leaves the list');
      await db.updateTable('product').set({ status: 1 }).where('id', '=', p3).execute();
      const [{ n }] = await db.selectFrom('favourite').select((eb) => eb.fn.countAll<number>().as('n')).execute();
      t.equal(Number(n), 6, 'one row per (user, type, target)');
    });
  });
}
