import t from 'tap';
import { Codes } from '../../../isomorphic/domain/codes';
import type { Consignee } from '../../../isomorphic/contracts/account';
import { dialects } from '../../helpers/db';
import { createAccountsApi } from '../../helpers/accounts';

const chaozhou = { provinceCode: '44', cityCode: '4451', districtCode: '445102' };
const address = (n: number, extra: Record<string, unknown> = {}) => ({ consignee: `林小姐${n}`, phone: '13912345678', ...chaozhou, detail: `枫春路${n}号 花边城`, ...extra });

for (const { dialect, skip } of await dialects()) {
  t.test(`consignees on ${dialect}`, { skip }, async (t) => {
    const api = await createAccountsApi(dialect);
    t.teardown(() => api.close());
    const db = api.testDb.db.db;
    const alice = await api.signUp('13700000001');
    const bob = await api.signUp('13700000002');

    t.test('guests cannot list or add', async (t) => {
      const r = await api.get('/consignee/listConsignee');
      t.equal(r.status, 401);
      t.equal(r.body.code, Codes.SESSION_EXPIRED);
      t.equal((await api.post('/consignee/addConsignee', address(0))).body.code, Codes.SESSION_EXPIRED);
    });

    let first: Consignee;
    let second: Consignee;
    t.test('add two; the first is the default; region text comes from the area table', async (t) => {
      const a = await api.post<Consignee>('/consignee/addConsignee', address(1), alice);
      t.equal(a.body.code, 0);
      first = a.body.data;
      t.equal(first.isDefault, true, 'the first address is the default');
      t.equal(first.region, 'Guangdong, Chaozhou, Xiangqiao District', 'the region in the caller\'s language (English here)');
      const stored = await db.selectFrom('consignee').select('region').where('id', '=', first.id).executeTakeFirstOrThrow();
      t.equal(stored.region, '广东省 潮州市 湘桥区', 'kept in Chinese');
      const zh = await api.app.inject({ method: 'GET', url: '/consignee/listConsignee', headers: { 'x-lang': 'zh', 'x-token': alice } });
      t.equal((zh.json() as { data: Consignee[] }).data[0].region, '广东省 潮州市 湘桥区', 'and answered in Chinese to a Chinese page');
      const b = await api.post<Consignee>('/consignee/addConsignee', address(2), alice);
      second = b.body.data;
      t.equal(second.isDefault, false);
      const list = await api.get<Consignee[]>('/consignee/listConsignee', alice);
      t.same(list.body.data.map((c) => c.id), [first.id, second.id]);
    });

    t.test('bad input is refused with a message and writes nothing', async (t) => {
      const before = (await db.selectFrom('consignee').selectAll().execute()).length;
      const phone = await api.post('/consignee/addConsignee', address(3, { phone: '12345' }), alice);
      t.equal(phone.body.code, Codes.INVALID_MOBILE);
      const region = await api.post('/consignee/addConsignee', address(3, { cityCode: '3301' }), alice);
      t.equal(region.body.code, Codes.BAD_REQUEST);
      t.equal(region.body.message, 'Please choose a valid region');
      const empty = await api.post('/consignee/addConsignee', address(3, { detail: '' }), alice);
      t.equal(empty.status, 400);
      t.equal((await db.selectFrom('consignee').selectAll().execute()).length, before);
    });

    t.test('set default keeps exactly one default', async (t) => {
      const byLink = await api.get(`/consignee/setDefault/${second.id}`, alice);
      t.equal(byLink.body.code, Codes.NOT_FOUND, 'a GET (a link, an image) changes nothing');
      t.equal((await db.selectFrom('consignee').select('is_default').where('id', '=', second.id).executeTakeFirstOrThrow()).is_default, 0);
      const r = await api.post(`/consignee/setDefault/${second.id}`, {}, alice);
      t.equal(r.body.code, 0);
      const rows = await db.selectFrom('consignee').selectAll().where('user_id', '=', (await db.selectFrom('app_user').select('id').where('mobile', '=', '13700000001').executeTakeFirstOrThrow()).id).execute();
      t.same(rows.filter((x) => x.is_default === 1).map((x) => x.id), [second.id]);
      const list = await api.get<Consignee[]>('/consignee/listConsignee', alice);
      t.equal(list.body.data[0].id, second.id, 'default listed first');
    });

    t.test('edit changes the fields', async (t) => {
      const r = await api.post<Consignee>('/consignee/editorConsignee', { id: first.id, ...address(9, { provinceCode: '33', cityCode: '3306', districtCode: '330602' }) }, alice);
      t.equal(r.body.code, 0);
      t.equal(r.body.data.region, 'Zhejiang, Shaoxing, Yuecheng District');
      t.equal(r.body.data.consignee, '林小姐9');
    });

    t.test('nobody touches another person\'s address', async (t) => {
      const snapshot = await db.selectFrom('consignee').selectAll().orderBy('id').execute();
      const edit = await api.post('/consignee/editorConsignee', { id: first.id, ...address(66) }, bob);
      t.equal(edit.status, 404);
      t.equal(edit.body.code, Codes.ADDRESS_NOT_FOUND);
      const del = await api.post('/consignee/deleteConsignee', { id: first.id }, bob);
      t.equal(del.body.code, Codes.ADDRESS_NOT_FOUND);
      const def = await api.post(`/consignee/setDefault/${first.id}`, {}, bob);
      t.equal(def.body.code, Codes.ADDRESS_NOT_FOUND);
      t.same((await api.get<Consignee[]>('/consignee/listConsignee', bob)).body.data, [], 'bob sees none of alice\'s');
      t.same(await db.selectFrom('consignee').selectAll().orderBy('id').execute(), snapshot, 'nothing changed');
    });

    t.test('deleting the default hands it to another address', async (t) => {
      const del = await api.post('/consignee/deleteConsignee', { id: second.id }, alice);
      t.equal(del.body.code, 0);
      const list = await api.get<Consignee[]>('/consignee/listConsignee', alice);
      t.equal(list.body.data.length, 1);
      t.equal(list.body.data[0].isDefault, true);
    });

    t.test('at most 8 addresses', async (t) => {
      for (let i = 0; i < 7; i++) t.equal((await api.post('/consignee/addConsignee', address(10 + i), alice)).body.code, 0);
      const ninth = await api.post('/consignee/addConsignee', address(20), alice);
      t.equal(ninth.body.code, Codes.ADDRESS_LIMIT);
      t.equal(ninth.body.message, 'You can save at most 8 addresses');
      t.equal((await api.get<Consignee[]>('/consignee/listConsignee', alice)).body.data.length, 8);
      const withDefault = await api.post('/consignee/addConsignee', address(21, { isDefault: true }), bob);
      t.equal((withDefault.body.data as Consignee).isDefault, true);
    });

    t.test('parallel calls: 20 adds at once keep the cap of 8; an edit racing a delete answers 404, never 500', async (t) => {
      const carol = await api.signUp('13700000003');
      const adds = await Promise.all(Array.from({ length: 20 }, (_, i) => api.post('/consignee/addConsignee', address(100 + i), carol)));
      t.equal(adds.filter((r) => r.body.code === 0).length, 8, 'eight are added');
      t.equal(adds.filter((r) => r.body.code === Codes.ADDRESS_LIMIT).length, 12, 'twelve refused with 210020');
      const list = (await api.get<Consignee[]>('/consignee/listConsignee', carol)).body.data;
      t.equal(list.length, 8, 'eight stored');
      t.equal(list.filter((c) => c.isDefault).length, 1, 'one default');
      const target = list[3].id;
      const race = await Promise.all([
        api.post('/consignee/deleteConsignee', { id: target }, carol),
        api.post('/consignee/editorConsignee', { id: target, ...address(200) }, carol),
        api.post(`/consignee/setDefault/${target}`, {}, carol),
        api.post('/consignee/deleteConsignee', { id: target }, carol),
      ]);
      t.ok(race.every((r) => r.status < 500), `no 5xx (${race.map((r) => r.status).join(', ')})`);
      t.ok(race.every((r) => r.body.code === 0 || r.body.code === Codes.ADDRESS_NOT_FOUND), 'each succeeded or found the address gone (210021)');
      const after = (await api.get<Consignee[]>('/consignee/listConsignee', carol)).body.data;
      t.equal(after.length, 7, 'the address is gone');
      t.equal(after.filter((c) => c.isDefault).length, 1, 'still one default');
    });
  });
}
