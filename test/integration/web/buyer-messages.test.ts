// Messages a buyer reads through the web service (issue 23): a guest calling a signed-in action is asked
// to sign in, in the page's language; a visitor whose session ended is told it expired.
import t from 'tap';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Codes, signInFirstMessage } from '../../../isomorphic/domain/codes';
import { messageFor } from '../../../isomorphic/domain/code-messages';
import { createAccountsApi, type AccountsApi } from '../../helpers/accounts';
import { buildTestWeb } from '../../helpers/web';

let api: AccountsApi;
let web: FastifyInstance;

t.before(async () => {
  api = await createAccountsApi('sqlite');
  await api.app.listen({ host: '127.0.0.1', port: 0 });
  web = await buildTestWeb(`http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`);
});
t.teardown(async () => {
  await web?.close();
  await api?.close();
});

const json = { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' };
const addToCart = { buyType: 1, productId: 1, colorId: 1, buyNum: 1 };

t.test('a guest adding to the cart is asked to sign in, in either language', async (t) => {
  for (const lang of ['zh', 'en'] as const) {
    const res = await web.inject({ method: 'POST', url: '/api/shoppingCart/addShoppingCart', headers: { ...json, cookie: `lang=${lang}` }, payload: addToCart });
    t.equal(res.statusCode, 401, `${lang}: 401`);
    t.equal(res.json().code, Codes.SESSION_EXPIRED, `${lang}: still 210018, so every page sends the guest to /login`);
    t.equal(res.json().message, signInFirstMessage[lang], `${lang}: "${signInFirstMessage[lang]}"`);
  }
});

t.test('a visitor whose token ended is told the session expired', async (t) => {
  const res = await web.inject({ method: 'POST', url: '/api/shoppingCart/addShoppingCart', headers: { ...json, cookie: 'lang=en; x-token=no-such-session' }, payload: addToCart });
  t.equal(res.json().code, Codes.SESSION_EXPIRED);
  t.equal(res.json().message, messageFor(Codes.SESSION_EXPIRED, 'en'));
  t.not(res.json().message, signInFirstMessage.en);
});
