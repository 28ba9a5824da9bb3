// The one guard: every route says who may call it (a route that does not cannot be registered), and each
// access level answers as the page expects, before the body is even validated.
import t from 'tap';
import { Codes } from '../../../isomorphic/domain/codes';
import { createMarket } from '../../helpers/market';

t.test('the guard of every route', async (t) => {
  const m = await createMarket('sqlite');
  t.teardown(() => m.close());

  t.test('a route that does not declare its access stops the boot', async (t) => {
    t.throws(() => m.app.get('/undeclared', async () => 'open to whom?'), /must declare who may call it/);
    t.throws(() => m.app.get('/misdeclared', { config: { auth: 'anyone' as 'public' } }, async () => 'open to whom?'), /must declare who may call it/);
  });

  t.test('a guest on a signed-in route gets 210018 whatever the body', async (t) => {
    const r = await m.post('/shoppingCart/addShoppingCart', { nonsense: true });
    t.equal(r.status, 401);
    t.equal(r.body.code, Codes.SESSION_EXPIRED);
    const bad = await m.post('/shoppingCart/addShoppingCart', { nonsense: true }, 'not-a-token');
    t.equal(bad.body.code, Codes.SESSION_EXPIRED, 'an unknown token is a guest');
  });

  t.test('a buyer on a seller route gets 300005, on an operator route 210403; a public route answers everyone', async (t) => {
    const buyer = await m.buyer();
    const seller = await m.post('/shopOrder/listOrders', { pageNum: 1, pageSize: 10 }, buyer.token);
    t.equal(seller.status, 403);
    t.equal(seller.body.code, Codes.NOT_A_SELLER);
    const operator = await m.post('/platform/afterSale/list', { pageNum: 1, pageSize: 10 }, buyer.token);
    t.equal(operator.status, 403);
    t.equal(operator.body.code, Codes.FORBIDDEN);
    const guest = await m.post('/platform/afterSale/list', { pageNum: 1, pageSize: 10 });
    t.equal(guest.body.code, Codes.SESSION_EXPIRED);
    const open = await m.get('/front/area/byLevel?level=1');
    t.equal(open.body.code, 0);
  });

  t.test("the caller's x-request-id is kept when it is a plain token and replaced otherwise (it goes into every log line)", async (t) => {
    const url = '/front/area/byLevel?level=1';
    const kept = await m.app.inject({ url, headers: { 'x-request-id': 'web-4f2a:17.3' } });
    t.equal(kept.headers['x-request-id'], 'web-4f2a:17.3');
    for (const bad of ['two words', 'x'.repeat(129), 'a/b?c=1', '{"msg":"forged"}', '']) {
      const made = await m.app.inject({ url, headers: { 'x-request-id': bad } });
      t.equal(made.statusCode, 200);
      t.match(String(made.headers['x-request-id']), /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, `${JSON.stringify(bad.slice(0, 20))} replaced by a new id`);
    }
  });
});
