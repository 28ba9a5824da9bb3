// Custom pattern and garment requests on each dialect: every rule of SPEC §5 with its message in both
// languages, reference images that must be the buyer's own uploads, and the buyer's list.
import t from 'tap';
import { dialects } from '../../helpers/db';
import { createCatalogueApi, uploadPicture } from '../../helpers/catalogue';
import { Codes } from '../../../isomorphic/domain/codes';
import { codeMessages } from '../../../isomorphic/domain/code-messages';
import type { Page } from '../../../isomorphic/contracts/common';
import type { CustomRequest } from '../../../isomorphic/contracts/catalogue';

for (const { dialect, skip } of await dialects()) {
  t.test(dialect, { skip }, async (t) => {
    const api = await createCatalogueApi(dialect);
    t.teardown(() => api.cleanup());
    const db = api.deps.db.db;
    const alice = await api.signIn();
    const bob = await api.signIn();
    const uploadAs = (token: string) => uploadPicture(api, token);
    const mine = [await uploadAs(alice.token), await uploadAs(alice.token), await uploadAs(alice.token), await uploadAs(alice.token)];
    const bobs = await uploadAs(bob.token);
    const pattern = (body: Record<string, unknown>, token = alice.token, lang: 'zh' | 'en' = 'en') =>
      api.post<CustomRequest>('/flower/customPattern', { images: [mine[0]], widthCm: 20, heightCm: 15.5, quantity: 300, remark: '要白色', ...body }, token, lang);
    const garment = (body: Record<string, unknown>, token = alice.token, lang: 'zh' | 'en' = 'en') =>
      api.post<CustomRequest>('/clothes/customProduct', { fabricCoding: 'LK-20391', colour: '象牙白', occasion: '婚礼', style: '法式', ageMin: 20, ageMax: 35, ...body }, token, lang);
    const count = async () => Number((await db.selectFrom('custom_request').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

    t.test('guests are sent to sign in', async (t) => {
      for (const url of ['/flower/customPattern', '/clothes/customProduct']) {
        const res = await api.post(url, {});
        t.equal(res.body.code, Codes.SESSION_EXPIRED, url);
      }
      t.equal((await api.get('/custom/myRequests')).body.code, Codes.SESSION_EXPIRED);
    });

    t.test('a custom pattern', async (t) => {
      const res = await pattern({ images: mine.slice(0, 3) });
      t.equal(res.status, 200);
      t.match(res.body.data, { kind: 'pattern', status: 0, fields: { widthCm: 20, heightCm: 15.5, quantity: 300, remark: '要白色' } });
      t.same(res.body.data.imageUrls.map((u) => u.replace(/\?v=[0-9a-z.]+$/, '')), mine.slice(0, 3).map((p) => `/api/files/${p}`));
      t.ok(res.body.data.imageUrls.every((u) => /\?v=[0-9a-z]+\.[0-9a-z]+$/.test(u)), 'with each file\'s version');
      const row = await db.selectFrom('custom_request').selectAll().where('id', '=', res.body.data.id).executeTakeFirstOrThrow();
      t.match(row, { user_id: alice.userId, kind: 'pattern', status: 0 });
      t.same(JSON.parse(row.images), mine.slice(0, 3), 'stored');
      t.equal((await pattern({ remark: undefined })).body.code, Codes.OK, 'the remark is optional');
    });

    t.test('the rules of a custom pattern', async (t) => {
      const before = await count();
      const cases: Array<[string, Record<string, unknown>, number]> = [
        ['no image', { images: [] }, Codes.CUSTOM_IMAGES_REQUIRED],
        ['four images', { images: mine }, Codes.CUSTOM_TOO_MANY_IMAGES],
        ['someone else\'s image', { images: [bobs] }, Codes.CUSTOM_IMAGE_NOT_OWNED],
        ['an image never uploaded', { images: ['upload/20260101/0123456789abcdef/web-00000000000000000000000000000000.png'] }, Codes.CUSTOM_IMAGE_NOT_OWNED],
        ['a catalogue picture', { images: ['product/1/1.jpg'] }, Codes.CUSTOM_IMAGE_NOT_OWNED],
        ['the same image twice', { images: [mine[0], mine[0]] }, Codes.CUSTOM_IMAGE_NOT_OWNED],
        ['width 0', { widthCm: 0 }, Codes.CUSTOM_SIZE_INVALID],
        ['negative height', { heightCm: -3 }, Codes.CUSTOM_SIZE_INVALID],
        ['quantity 0', { quantity: 0 }, Codes.CUSTOM_QUANTITY_INVALID],
        ['a fractional quantity', { quantity: 2.5 }, Codes.CUSTOM_QUANTITY_INVALID],
        ['a long remark', { remark: '长'.repeat(501) }, Codes.CUSTOM_TEXT_TOO_LONG],
      ];
      for (const [name, body, code] of cases) {
        const en = await pattern(body);
        t.equal(en.status, 400, `${name}: 400`);
        t.equal(en.body.code, code, `${name}: code ${code}`);
        t.equal(en.body.message, codeMessages[code].en, `${name}: the English message`);
        const zh = await pattern(body, alice.token, 'zh');
        t.equal(zh.body.message, codeMessages[code].zh, `${name}: the Chinese message`);
      }
      t.equal((await pattern({ widthCm: 'wide' })).body.code, Codes.BAD_REQUEST, 'not a number');
      t.equal(await count(), before, 'nothing stored');
    });

    t.test('a custom garment and its rules', async (t) => {
      const res = await garment({ quantity: 50, remark: '加急', images: [mine[3]] });
      t.equal(res.status, 200);
      t.match(res.body.data, { kind: 'garment', status: 0, fields: { fabricCoding: 'LK-20391', colour: '象牙白', occasion: '婚礼', style: '法式', ageMin: 20, ageMax: 35, quantity: 50, remark: '加急' } });
      t.equal(res.body.data.imageUrls.length, 1);
      for (const [min, max] of [[1, 100], [30, 30], [1, 1], [100, 100]]) {
        t.equal((await garment({ ageMin: min, ageMax: max })).body.code, Codes.OK, `ages ${min}-${max} are fine`);
      }
      const noQuantity = await garment({});
      t.notOk('quantity' in noQuantity.body.data.fields, 'quantity is optional');
      const before = await count();
      const cases: Array<[string, Record<string, unknown>, number]> = [
        ['age 0', { ageMin: 0 }, Codes.CUSTOM_AGE_RANGE],
        ['age 101', { ageMax: 101 }, Codes.CUSTOM_AGE_RANGE],
        ['a fractional age', { ageMin: 20.5 }, Codes.CUSTOM_AGE_RANGE],
        ['maximum below minimum', { ageMin: 40, ageMax: 39 }, Codes.CUSTOM_AGE_ORDER],
        ['no colour', { colour: '  ' }, Codes.CUSTOM_FIELD_REQUIRED],
        ['no fabric coding', { fabricCoding: '' }, Codes.CUSTOM_FIELD_REQUIRED],
        ['a long style', { style: 's'.repeat(51) }, Codes.CUSTOM_TEXT_TOO_LONG],
        ['quantity 0', { quantity: 0 }, Codes.CUSTOM_QUANTITY_INVALID],
        ['four images', { images: mine }, Codes.CUSTOM_TOO_MANY_IMAGES],
        ['someone else\'s image', { images: [bobs] }, Codes.CUSTOM_IMAGE_NOT_OWNED],
      ];
      for (const [name, body, code] of cases) {
        const en = await garment(body);
        t.equal(en.status, 400, `${name}: 400`);
        t.equal(en.body.code, code, `${name}: code ${code}`);
        t.equal(en.body.message, codeMessages[code].en, `${name}: the English message`);
        t.equal((await garment(body, alice.token, 'zh')).body.message, codeMessages[code].zh, `${name}: the Chinese message`);
      }
      t.equal((await api.post('/clothes/customProduct', { colour: 'x' }, alice.token)).body.code, Codes.BAD_REQUEST, 'missing fields');
      t.equal(await count(), before, 'nothing stored');
    });

    t.test('the buyer\'s list', async (t) => {
      const all = await api.get<Page<CustomRequest>>('/custom/myRequests?pageSize=100', alice.token);
      t.equal(all.status, 200);
      const rows = await db.selectFrom('custom_request').select(['id', 'kind']).where('user_id', '=', alice.userId).execute();
      t.equal(all.body.data.total, rows.length);
      const ids = all.body.data.list.map((r) => r.id);
      t.same(ids, [...ids].sort((a, b) => b - a), 'newest first');
      const patterns = await api.get<Page<CustomRequest>>('/custom/myRequests?kind=pattern&pageSize=100', alice.token);
      t.ok(patterns.body.data.list.length > 0 && patterns.body.data.list.every((r) => r.kind === 'pattern'));
      t.equal(patterns.body.data.total, rows.filter((r) => r.kind === 'pattern').length);
      const page = await api.get<Page<CustomRequest>>('/custom/myRequests?pageSize=2&pageNum=2', alice.token);
      t.same(page.body.data.list.map((r) => r.id), ids.slice(2, 4));
      const theirs = await api.get<Page<CustomRequest>>('/custom/myRequests', bob.token);
      t.same(theirs.body.data, { list: [], total: 0, pageNum: 1, pageSize: 20 }, 'each buyer sees their own');
      t.equal((await api.get('/custom/myRequests?kind=shoes', alice.token)).status, 400);
    });
  });
}
