// Accounts through the web service, against the real api (log SMS driver): the proxy sets and clears the
// session cookies and keeps the token from the page; 210018 signs the person out; the guards redirect on
// the server render both ways; the personal pages render, with exactly the SPEC §2 menu for each type.
import t from 'tap';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Codes } from '../../../isomorphic/domain/codes';
import { menuFor } from '../../../isomorphic/domain/account';
import { createAccountsApi, type AccountsApi } from '../../helpers/accounts';
import { buildTestWeb } from '../../helpers/web';

const PASSWORD = 'lace2026';
let api: AccountsApi;
let apiUrl: string;
let web: FastifyInstance;
let phone = 13800138100;
const nextPhone = () => String(phone++);

t.before(async () => {
  api = await createAccountsApi('sqlite');
  await api.app.listen({ host: '127.0.0.1', port: 0 });
  apiUrl = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;
  web = await buildTestWeb(apiUrl);
});
t.teardown(async () => {
  await web?.close();
  await api?.close();
});

interface SetCookie { name: string; value: string; attrs: Record<string, string | true> }

function cookiesOf(res: { headers: Record<string, unknown> }): Map<string, SetCookie> {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  const out = new Map<string, SetCookie>();
  for (const line of list as string[]) {
    const [pair, ...rest] = line.split(';').map((s) => s.trim());
    const eq = pair.indexOf('=');
    const attrs: Record<string, string | true> = {};
    for (const a of rest) {
      const i = a.indexOf('=');
      attrs[(i < 0 ? a : a.slice(0, i)).toLowerCase()] = i < 0 ? true : a.slice(i + 1);
    }
    out.set(pair.slice(0, eq), { name: pair.slice(0, eq), value: pair.slice(eq + 1), attrs });
  }
  return out;
}

const sameOrigin = { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' };

/** Registers at the api (code read from the log driver), without signing in. */
async function register(userType: 1 | 2 | 3, nickname?: string): Promise<string> {
  const mobile = nextPhone();
  const sent = await api.post('/front/user/getRegSMSCode', { mobile });
  if (sent.body.code !== 0) throw new Error(sent.body.message);
  const reg = await api.post('/front/user/reg', { mobile, password: api.enc(PASSWORD), confirmPassword: api.enc(PASSWORD), smsCode: api.lastCode(mobile), userType, nickname });
  if (reg.body.code !== 0) throw new Error(reg.body.message);
  return mobile;
}

/** Signs in through the web proxy; returns the response and a Cookie header made of what it set. */
async function webLogin(target: FastifyInstance, mobile: string) {
  const res = await target.inject({ method: 'POST', url: '/api/front/user/login', headers: sameOrigin, payload: JSON.stringify({ mobile, password: api.enc(PASSWORD) }) });
  const jar = cookiesOf(res);
  const cookie = [...jar.values()].map((c) => `${c.name}=${c.value}`).join('; ');
  return { res, jar, cookie };
}

t.test('sign-in through the proxy sets the three cookies and keeps the token from the page', async (t) => {
  const mobile = await register(3, '林设计');
  const { res, jar } = await webLogin(web, mobile);
  t.equal(res.statusCode, 200);
  const body = res.json() as { code: number; data: Record<string, unknown> };
  t.equal(body.code, 0);
  t.notOk('token' in body.data, 'no token in the JSON');
  t.equal((body.data.user as { mobile: string }).mobile, mobile, 'the user comes back');

  const token = jar.get('x-token');
  t.ok(token && token.value.length > 20, 'x-token set');
  t.equal(token?.attrs.httponly, true, 'HttpOnly');
  t.equal(String(token?.attrs.samesite).toLowerCase(), 'lax', 'SameSite=Lax');
  t.equal(token?.attrs.path, '/');
  t.equal(token?.attrs['max-age'], String(7 * 24 * 3600), '7 days');
  t.notOk(token?.attrs.secure, 'not Secure unless configured');
  t.notOk(res.body.includes(token!.value), 'the token value is nowhere in the body');

  for (const name of ['user', 'company']) {
    const c = jar.get(name);
    t.ok(c, `${name} cookie set`);
    t.equal(c?.attrs.path, '/');
    t.equal(c?.attrs['max-age'], String(7 * 24 * 3600));
    t.notOk(c?.attrs.httponly, `${name} is for display, readable`);
  }
  const user = JSON.parse(decodeURIComponent(jar.get('user')!.value)) as Record<string, unknown>;
  t.equal(user.nickname, '林设计');
  t.equal(user.userType, 3);
  t.equal(user.mobile, `${mobile.slice(0, 3)}****${mobile.slice(7)}`, 'the display cookie holds a masked phone');

  const secureWeb = await buildTestWeb(apiUrl, { env: { COOKIE_SECURE: 'true' } });
  t.teardown(() => secureWeb.close());
  const secure = await webLogin(secureWeb, mobile);
  for (const name of ['x-token', 'user', 'company']) t.equal(secure.jar.get(name)?.attrs.secure, true, `${name} Secure behind TLS`);
});

t.test('a failed sign-in sets no cookie and passes the message on', async (t) => {
  const mobile = await register(3);
  const res = await web.inject({ method: 'POST', url: '/api/front/user/login', headers: { ...sameOrigin, 'x-lang': 'en' }, payload: JSON.stringify({ mobile, password: api.enc('wrong123') }) });
  t.same(res.json(), { code: Codes.LOGIN_FAILED, message: 'The phone number or password is incorrect, please input again', data: null });
  t.notOk(res.headers['set-cookie']);
});

t.test('another site cannot sign a visitor in (login CSRF)', async (t) => {
  const mobile = await register(3);
  for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { origin: 'https://evil.example' }]) {
    const res = await web.inject({ method: 'POST', url: '/api/front/user/login', headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify({ mobile, password: api.enc(PASSWORD) }) });
    t.equal(res.statusCode, 403);
    t.equal(res.json().code, Codes.FORBIDDEN);
    t.notOk(res.headers['set-cookie'], 'no session cookie');
  }
});

t.test('sign-out ends the token and clears the three cookies', async (t) => {
  const mobile = await register(2);
  const { cookie } = await webLogin(web, mobile);
  const info = await web.inject({ method: 'POST', url: '/api/user/getUserInfo', headers: { ...sameOrigin, cookie }, payload: '{}' });
  t.equal(info.json().code, 0, 'signed in');
  const out = await web.inject({ method: 'POST', url: '/api/front/user/loginOut', headers: { ...sameOrigin, cookie }, payload: '{}' });
  t.equal(out.json().code, 0);
  const jar = cookiesOf(out);
  for (const name of ['x-token', 'user', 'company']) {
    const c = jar.get(name);
    t.ok(c, `${name} cleared`);
    t.equal(c?.value, '');
    t.match(String(c?.attrs.expires), /1970/, `${name} expired`);
    t.equal(c?.attrs.path, '/');
  }
  const after = await web.inject({ method: 'POST', url: '/api/user/getUserInfo', headers: { ...sameOrigin, cookie }, payload: '{}' });
  t.equal(after.json().code, Codes.SESSION_EXPIRED, 'the old token no longer works');
});

t.test('210018 from a call of the page clears the cookies', async (t) => {
  const cookie = `x-token=ended-or-forged; user=${encodeURIComponent(JSON.stringify({ id: 1, nickname: 'x' }))}; company=null`;
  for (const [method, url] of [['POST', '/api/user/getUserInfo'], ['GET', '/api/consignee/listConsignee'], ['POST', '/api/user/updateUser']] as const) {
    const res = await web.inject({ method, url, headers: { ...sameOrigin, cookie }, ...(method === 'POST' ? { payload: '{}' } : {}) });
    t.equal(res.json().code, Codes.SESSION_EXPIRED, url);
    const jar = cookiesOf(res);
    t.same([...jar.keys()].sort(), ['company', 'user', 'x-token'], `${url}: all three cleared`);
    t.ok([...jar.values()].every((c) => c.value === '' && /1970/.test(String(c.attrs.expires))), `${url}: expired`);
  }
});

t.test('a call from another site keeps the cookies: no 210018 sign-out, no cross-site sign-out', async (t) => {
  const mobile = await register(3);
  const { cookie } = await webLogin(web, mobile);
  for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { origin: 'https://evil.example' }]) {
    const res = await web.inject({ method: 'GET', url: '/api/consignee/listConsignee', headers: { ...headers, cookie } });
    t.equal(res.json().code, Codes.SESSION_EXPIRED, 'the api sees no token (none is injected cross-site)');
    t.notOk(res.headers['set-cookie'], 'and the proxy clears no cookie');
    const out = await web.inject({ method: 'POST', url: '/api/front/user/loginOut', headers: { ...headers, cookie }, payload: '{}' });
    t.notOk(out.headers['set-cookie'], 'a cross-site sign-out clears nothing either');
  }
  const info = await web.inject({ method: 'POST', url: '/api/user/getUserInfo', headers: { ...sameOrigin, cookie }, payload: '{}' });
  t.equal(info.json().code, 0, 'still signed in');
});

t.test('210018 on a page load signs out and sends to /login with the way back', async (t) => {
  const cookie = `x-token=ended; user=${encodeURIComponent(JSON.stringify({ id: 1, nickname: 'x', userType: 3 }))}`;
  const res = await web.inject({ url: '/home/person/address?x=1', headers: { cookie } });
  t.equal(res.statusCode, 302);
  t.equal(res.headers.location, '/login?redirect=%2Fhome%2Fperson%2Faddress%3Fx%3D1');
  const jar = cookiesOf(res);
  t.same([...jar.keys()].sort(), ['company', 'user', 'x-token'], 'the three cookies cleared');
  const login = await web.inject({ url: res.headers.location as string });
  t.equal(login.statusCode, 200, 'the sign-in page opens for the now guest');
});

t.test('guards on the server render, both ways', async (t) => {
  for (const path of ['/home/person', '/home/person/info', '/home/person/security', '/home/person/address']) {
    const res = await web.inject(path);
    t.equal(res.statusCode, 302, `${path}: a guest is sent away`);
    t.equal(res.headers.location, `/login?redirect=${encodeURIComponent(path)}`);
  }
  const { cookie } = await webLogin(web, await register(3));
  for (const path of ['/login', '/register', '/findPassword']) {
    t.equal((await web.inject(path)).statusCode, 200, `${path} open to a guest`);
    const res = await web.inject({ url: path, headers: { cookie } });
    t.equal(res.statusCode, 302, `${path}: a signed-in person goes home`);
    t.equal(res.headers.location, '/');
  }
});

t.test('the sign-in pages render every word in both languages, with the AES key but no token', async (t) => {
  const zh = await web.inject('/login?redirect=%2Fhome%2Fperson');
  t.match(zh.body, '<title>登录 - 花边网</title>');
  t.match(zh.body, /<label class="field__label" for="[^"]+">手机号<\/label>/);
  t.match(zh.body, 'href="/register?redirect=%2Fhome%2Fperson"', 'the way back survives the link to register');
  t.match(zh.body, 'passwordAesKey:"lace-market-2026"', 'the page knows the shared key');
  const en = await web.inject('/register?lang=en');
  t.match(en.body, '<title>Create an account - LaceHub</title>');
  for (const word of ['Lace manufacturer', 'Stall trader', 'Clothing designer', 'Get code', 'Confirm password', 'Nickname']) t.match(en.body, word);
  const find = await web.inject('/findPassword?lang=en');
  t.match(find.body, 'Reset your password');
});

t.test('personal pages render for a signed-in person; the menu is menuFor(type, settled)', async (t) => {
  for (const [type, settled] of [[1, false], [2, false], [3, false], [1, true], [2, true], [3, true]] as const) {
    const mobile = await register(type, `用户类型${type}`);
    if (settled) await api.testDb.db.db.updateTable('app_user').set({ settled: 1 }).where('mobile', '=', mobile).execute();
    const { cookie } = await webLogin(web, mobile);
    const res = await web.inject({ url: '/home/person', headers: { cookie } });
    t.equal(res.statusCode, 200, `type ${type} settled ${settled}`);
    const keys = [...res.body.matchAll(/data-menu-key="(\w+)"/g)].map((m) => m[1]);
    t.same(keys, menuFor(type, settled).map((e) => e.key), `type ${type}, settled ${settled}: exactly the SPEC §2 entries`);
    t.match(res.body, 'aria-current="page" data-menu-key="info"', 'my info is the current entry by default');
    t.match(res.body, `用户类型${type}`, 'the nickname shows');
    for (const key of keys) t.match(res.body, `href="/home/person/${key}"`, `${key} is a link`);
  }
  const { cookie } = await webLogin(web, await register(3, '小周'));
  const pages: Array<[string, string[]]> = [
    ['/home/person/info', ['我的信息', '小周', '服装设计师', '编辑资料']],
    ['/home/person/security', ['修改密码', '更换手机号', '验证密码']],
    ['/home/person/address', ['地址管理', '已保存 0 / 8 个地址', '新增收货地址', '还没有收货地址']],
    ['/home/person/address?lang=en', ['Address management', '0 of 8 addresses saved', 'Add an address']],
    ['/home/person/security?lang=en', ['Change password', 'Change mobile number']],
  ];
  for (const [url, words] of pages) {
    const res = await web.inject({ url, headers: { cookie } });
    t.equal(res.statusCode, 200, url);
    for (const w of words) t.match(res.body, w, `${url}: ${w}`);
    t.notOk(/x-token=|token:"/.test(res.body), `${url}: no token in the page`);
  }
  t.match((await web.inject({ url: '/', headers: { cookie } })).body, 'href="/home/person"', 'the header links the greeting to the personal centre');
});
