// Per-IP rate limits: SMS sends, sign-in and password checks answer 429 with the envelope and Retry-After
// past their budget, per client address; with REDIS_URL two api replicas share one count.
import t from 'tap';
import net from 'node:net';
import { Codes } from '../../../isomorphic/domain/codes';
import { loadConfig } from '../../../config/index';
import { buildApiApp } from '../../../api/app';
import { createStorageDriver } from '../../../api/modules/file/create-storage';
import { encryptPassword } from '../../../api/modules/account/password';
import { RateLimitRules } from '../../../api/http/rate-limits';
import { seedReferenceData } from '../../../api/db/seed/index';
import { createApiTestContext } from '../../helpers/api';
import { createTestDb } from '../../helpers/db';

const REDIS_URL = 'redis://127.0.0.1:6379';

function redisReachable(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(6379, '127.0.0.1');
    socket.setTimeout(3000);
    socket.once('connect', () => { socket.end(); resolve(true); });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => { socket.destroy(); resolve(false); });
  });
}

/** A fresh address for each run, so counters a previous run left in Redis never meet this one. */
const randomIp = () => `10.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 250)}`;
let mobiles = 0;
const freshMobile = () => `139${String(Date.now() % 1_000_000).padStart(6, '0')}${String(mobiles++ % 100).padStart(2, '0')}`;

// Asked before any test starts, so no other work holds the event loop while it waits.
const redisSkip = (await redisReachable()) ? false : `Redis not reachable at ${REDIS_URL}; start it to run this test`;

t.test('in memory: SMS sends, sign-ins and password checks are limited per client address', async (t) => {
  const ctx = await createApiTestContext('sqlite', { seed: 'reference' });
  t.teardown(() => ctx.cleanup());
  const post = (url: string, payload: object, remoteAddress: string) => ctx.app.inject({ method: 'POST', url, payload, remoteAddress, headers: { 'x-lang': 'en' } });

  const a = '10.20.30.40';
  const sends = [];
  for (let i = 0; i < RateLimitRules.smsSend.max; i++) {
    // registration and reset codes share one budget
    sends.push(i % 2 ? await post('/front/user/getRegSMSCode', { mobile: `1380000100${i}` }, a) : await post('/front/user/getVerifyCode', { mobile: `1380000100${i}`, purpose: 'findPassword' }, a));
  }
  t.notOk(sends.some((r) => r.statusCode === 429), `${RateLimitRules.smsSend.max} sends are answered`);
  const over = await post('/front/user/getRegSMSCode', { mobile: '13800001099' }, a);
  t.equal(over.statusCode, 429, 'the next send is refused');
  t.same(over.json(), { code: Codes.TOO_MANY_REQUESTS, message: 'Too many requests, please try again later', data: null }, 'with the envelope');
  t.ok(Number(over.headers['retry-after']) > 0 && Number(over.headers['retry-after']) <= RateLimitRules.smsSend.timeWindow / 1000, `and Retry-After: ${over.headers['retry-after']}`);
  t.equal((await post('/front/user/getRegSMSCode', { mobile: '13800001098' }, '10.20.30.41')).json().code, 0, 'another address still may');

  const enc = encryptPassword('wrong123', ctx.deps.config.passwordAesKey);
  const b = '10.20.31.1';
  const logins = [];
  for (let i = 0; i < RateLimitRules.login.max; i++) logins.push((await post('/front/user/login', { mobile: `1380000200${i % 10}`, password: enc }, b)).statusCode);
  t.notOk(logins.includes(429), `${RateLimitRules.login.max} sign-in attempts are answered`);
  const lockedOut = await post('/front/user/login', { mobile: '13800003000', password: enc }, b);
  t.equal(lockedOut.statusCode, 429, 'the next sign-in from that address is refused, whatever the phone');
  t.equal(lockedOut.json().code, Codes.TOO_MANY_REQUESTS);

  const c = '10.20.32.1';
  const checks = [];
  for (let i = 0; i < RateLimitRules.passwordCheck.max; i++) checks.push((await post('/user/checkPasswd', { password: enc }, c)).statusCode);
  t.notOk(checks.includes(429), 'password checks are answered up to their budget');
  t.equal((await post('/user/restPasswd', { oldPassword: enc, password: enc, confirmPassword: enc }, c)).statusCode, 429, 'password checks share one budget across routes');
});

t.test('with REDIS_URL, two api replicas share one count', { skip: redisSkip }, async (t) => {
  const testDb = await createTestDb('sqlite');
  const config = loadConfig({ DATA_DIR: testDb.dir, LOG_LEVEL: 'silent', SEED_ON_EMPTY: 'false', IMAGE_INDEX_ON_START: 'false', IMAGE_EXTRACT_THREADS: '1', REDIS_URL }, []);
  const deps = { config, db: testDb.db, storage: createStorageDriver(config) };
  await seedReferenceData(deps);
  const one = await buildApiApp({ deps });
  const two = await buildApiApp({ deps });
  t.teardown(async () => { await one.close(); await two.close(); await testDb.cleanup(); });
  await Promise.all([one.ready(), two.ready()]);
  const ip = randomIp();
  const send = (app: typeof one) => app.inject({ method: 'POST', url: '/front/user/getRegSMSCode', payload: { mobile: freshMobile() }, remoteAddress: ip, headers: { 'x-lang': 'en' } });
  const codes: number[] = [];
  for (let i = 0; i < RateLimitRules.smsSend.max; i++) codes.push((await send(i % 2 ? one : two)).statusCode);
  t.same(codes, Array(RateLimitRules.smsSend.max).fill(200), 'the budget is spent across both replicas');
  const refusedByOne = await send(one);
  const refusedByTwo = await send(two);
  t.equal(refusedByOne.statusCode, 429, 'the first replica refuses the next send');
  t.equal(refusedByTwo.statusCode, 429, 'so does the second');
  t.equal(refusedByTwo.json().code, Codes.TOO_MANY_REQUESTS);
  t.equal((await send(one)).headers['retry-after'] !== undefined, true, 'with Retry-After');
});
