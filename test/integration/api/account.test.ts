import t from 'tap';
import { Codes } from '../../../isomorphic/domain/codes';
import { dialects } from '../../helpers/db';
import { createAccountsApi } from '../../helpers/accounts';
import { hashPassword, verifyPassword } from '../../../api/modules/account/password';
import { sweepExpiredAccountRows } from '../../../api/modules/account/account.service';

for (const { dialect, skip } of await dialects()) {
  t.test(`accounts on ${dialect}`, { skip }, async (t) => {
    const api = await createAccountsApi(dialect);
    t.teardown(() => api.close());
    const { enc } = api;
    const db = api.testDb.db.db;

    t.test('registration code: phone pattern, duplicates and the 60 s rule', async (t) => {
      for (const bad of ['12345678901', '1234', '19912345678', '2381234567a', '']) {
        const r = await api.post('/front/user/getRegSMSCode', { mobile: bad });
        t.equal(r.status, 400, `${bad} refused`);
        t.equal(r.body.code, Codes.INVALID_MOBILE);
        t.equal(r.body.message, 'Please input correct phone');
      }
      const ok = await api.post('/front/user/getRegSMSCode', { mobile: '13800000001' });
      t.equal(ok.body.code, 0);
      const code = api.lastCode('13800000001');
      t.match(code, /^\d{6}$/, 'a 6-digit code is logged');
      const row = await db.selectFrom('sms_code').selectAll().where('mobile', '=', '13800000001').executeTakeFirstOrThrow();
      t.not(row.code_hash, code, 'stored hashed');
      t.notOk(row.code_hash.includes(code), 'the code is not in the stored hash');
      t.equal(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime(), 5 * 60_000, 'valid 5 minutes');
      const again = await api.post('/front/user/getRegSMSCode', { mobile: '13800000001' });
      t.equal(again.status, 429);
      t.equal(again.body.code, Codes.SMS_TOO_FREQUENT);
      t.equal(api.sms.filter((s) => s.mobile === '13800000001').length, 1, 'no second SMS');
    });

    t.test('ten codes per phone per day', async (t) => {
      const mobile = '13800000009';
      const now = Date.now();
      for (let i = 0; i < 10; i++) {
        await db.insertInto('sms_code').values({ mobile, purpose: 'register', code_hash: 'x', attempts: 0, expires_at: new Date(now - 3600_000).toISOString(), used_at: null, created_at: new Date(now - (i + 2) * 3600_000).toISOString() }).execute();
      }
      const r = await api.post('/front/user/getRegSMSCode', { mobile });
      t.equal(r.body.code, Codes.SMS_DAILY_LIMIT);
      t.equal(r.status, 429);
    });

    t.test('register: passwords must match, the code must be right and is single use', async (t) => {
      const mobile = '13800000001';
      const code = api.lastCode(mobile);
      const differ = await api.post('/front/user/reg', { mobile, password: enc('lace2026'), confirmPassword: enc('lace2027'), smsCode: code, userType: 3 });
      t.equal(differ.body.code, Codes.PASSWORDS_DIFFER);
      t.equal(differ.body.message, 'Twice times password is different');
      const weak = await api.post('/front/user/reg', { mobile, password: enc('123'), confirmPassword: enc('123'), smsCode: code, userType: 3 });
      t.equal(weak.body.code, Codes.PASSWORD_TOO_WEAK);
      const garbage = await api.post('/front/user/reg', { mobile, password: 'not-encrypted', confirmPassword: 'not-encrypted', smsCode: code, userType: 3 });
      t.equal(garbage.body.code, Codes.PASSWORD_UNREADABLE);
      const wrong = await api.post('/front/user/reg', { mobile, password: enc('lace2026'), confirmPassword: enc('lace2026'), smsCode: code === '000000' ? '111111' : '000000', userType: 3 });
      t.equal(wrong.body.code, Codes.SMS_CODE_INVALID);
      const badType = await api.post('/front/user/reg', { mobile, password: enc('lace2026'), confirmPassword: enc('lace2026'), smsCode: code, userType: 7 });
      t.equal(badType.status, 400);
      t.equal(await db.selectFrom('app_user').select('id').where('mobile', '=', mobile).executeTakeFirst(), undefined, 'nothing written by refused sign-ups');

      const ok = await api.post<{ mobile: string; userType: number }>('/front/user/reg', { mobile, password: enc('lace2026'), confirmPassword: enc('lace2026'), smsCode: code, userType: 3, nickname: '小林' });
      t.equal(ok.body.code, 0);
      t.equal(ok.body.data.mobile, mobile);
      t.equal(ok.body.data.userType, 3);
      const user = await db.selectFrom('app_user').selectAll().where('mobile', '=', mobile).executeTakeFirstOrThrow();
      t.match(user.password_hash, /^scrypt\$/, 'slow hash');
      t.notOk(user.password_hash.includes('lace2026'));
      t.equal(user.nickname, '小林');

      const dup = await api.post('/front/user/getRegSMSCode', { mobile });
      t.equal(dup.body.code, Codes.MOBILE_EXISTS);
      t.equal(dup.body.message, 'This phone is already exists');
      const reuse = await api.post('/front/user/reg', { mobile: '13800000002', password: enc('lace2026'), confirmPassword: enc('lace2026'), smsCode: code, userType: 1 });
      t.equal(reuse.body.code, Codes.SMS_CODE_INVALID, 'a code is only good for its phone');
    });

    t.test('an expired code is refused', async (t) => {
      const mobile = '13800000003';
      await api.post('/front/user/getRegSMSCode', { mobile });
      await db.updateTable('sms_code').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('mobile', '=', mobile).execute();
      const r = await api.post('/front/user/reg', { mobile, password: enc('lace2026'), confirmPassword: enc('lace2026'), smsCode: api.lastCode(mobile), userType: 2 });
      t.equal(r.body.code, Codes.SMS_CODE_INVALID);
    });

    t.test('login, session, user info and logout', async (t) => {
      const unknown = await api.post('/front/user/login', { mobile: '13899999999', password: enc('lace2026') });
      const wrong = await api.post('/front/user/login', { mobile: '13800000001', password: enc('wrong123') });
      t.equal(wrong.status, 400);
      t.equal(wrong.body.code, Codes.LOGIN_FAILED);
      t.equal(wrong.body.message, 'The phone number or password is incorrect, please input again');
      t.same({ status: unknown.status, body: unknown.body }, { status: wrong.status, body: wrong.body }, 'an unknown phone gets the same answer as a wrong password');
      const ok = await api.post<{ token: string; user: { mobile: string } }>('/front/user/login', { mobile: '13800000001', password: enc('lace2026') });
      t.equal(ok.body.code, 0);
      const token = ok.body.data.token;
      t.ok(token.length >= 32, 'a long random token');
      const sessions = await db.selectFrom('user_session').selectAll().execute();
      t.notOk(sessions.some((s) => s.token_hash === token), 'token stored hashed');
      const expires = new Date(sessions[0].expires_at).getTime() - new Date(sessions[0].created_at).getTime();
      t.equal(expires, 7 * 86400_000, 'valid 7 days');

      const info = await api.post<{ user: { mobile: string; settled: boolean } }>('/user/getUserInfo', {}, token);
      t.equal(info.body.code, 0);
      t.equal(info.body.data.user.mobile, '13800000001');
      const guest = await api.post('/user/getUserInfo', {});
      t.equal(guest.status, 401);
      t.equal(guest.body.code, Codes.SESSION_EXPIRED);
      const forged = await api.post('/user/getUserInfo', {}, 'forged-token');
      t.equal(forged.body.code, Codes.SESSION_EXPIRED);

      await db.updateTable('user_session').set({ expires_at: new Date(Date.now() - 1).toISOString() }).execute();
      t.equal((await api.post('/user/getUserInfo', {}, token)).body.code, Codes.SESSION_EXPIRED, 'an expired session ends');

      const again = await api.post<{ token: string }>('/front/user/login', { mobile: '13800000001', password: enc('lace2026') });
      const out = await api.post('/front/user/loginOut', {}, again.body.data.token);
      t.equal(out.body.code, 0);
      t.equal((await api.post('/user/getUserInfo', {}, again.body.data.token)).body.code, Codes.SESSION_EXPIRED, 'logout ends the token at the api');
    });

    t.test('the sweep deletes expired sessions, passed failure windows and day-old codes, nothing live', async (t) => {
      const now = new Date();
      const at = (ms: number) => new Date(now.getTime() + ms).toISOString();
      await api.signUp('13800000015');
      const user = await db.selectFrom('app_user').select('id').where('mobile', '=', '13800000015').executeTakeFirstOrThrow();
      await db.insertInto('user_session').values([
        { token_hash: 'sweep-expired', user_id: user.id, expires_at: at(-1000), created_at: at(-8 * 86400_000) },
        { token_hash: 'sweep-live', user_id: user.id, expires_at: at(3600_000), created_at: at(-1000) },
      ]).execute();
      await db.insertInto('login_failure').values([
        { mobile: '13855500001', failures: 3, window_start: at(-16 * 60_000) },
        { mobile: '13855500002', failures: 3, window_start: at(-60_000) },
      ]).execute();
      await db.insertInto('sms_code').values([
        { mobile: '13855500003', purpose: 'register', code_hash: 'x', attempts: 0, expires_at: at(-86400_000 - 60_000), used_at: null, created_at: at(-86400_000 - 5 * 60_000) },
        { mobile: '13855500004', purpose: 'register', code_hash: 'x', attempts: 0, expires_at: at(-3600_000), used_at: null, created_at: at(-3600_000 - 5 * 60_000) },
      ]).execute();
      const swept = await sweepExpiredAccountRows(db, now);
      t.ok(swept && swept.sessions >= 1 && swept.loginFailures >= 1 && swept.smsCodes >= 1, 'it says what it deleted');
      const sessions = (await db.selectFrom('user_session').select('token_hash').where('token_hash', 'like', 'sweep-%').execute()).map((r) => r.token_hash);
      t.same(sessions, ['sweep-live'], 'the live session stays');
      const failures = (await db.selectFrom('login_failure').select('mobile').where('mobile', 'like', '138555%').execute()).map((r) => r.mobile);
      t.same(failures, ['13855500002'], 'a failure count inside its window stays');
      const codes = (await db.selectFrom('sms_code').select('mobile').where('mobile', 'like', '138555%').execute()).map((r) => r.mobile);
      t.same(codes, ['13855500004'], 'a code sent within the day stays (the daily limit counts it)');
      t.equal(await sweepExpiredAccountRows(db, now), null, 'a second sweep finds nothing');
    });

    t.test('repeated wrong passwords are throttled', async (t) => {
      const token = await api.signUp('13800000004');
      t.ok(token);
      for (let i = 0; i < 5; i++) {
        const r = await api.post('/front/user/login', { mobile: '13800000004', password: enc('nope1234') });
        t.equal(r.body.code, Codes.LOGIN_FAILED);
      }
      const locked = await api.post('/front/user/login', { mobile: '13800000004', password: enc('lace2026') });
      t.equal(locked.status, 429);
      t.equal(locked.body.code, Codes.LOGIN_THROTTLED);
      t.match(locked.body.message, /15 minutes/);
      await db.updateTable('login_failure').set({ window_start: new Date(Date.now() - 16 * 60_000).toISOString() }).where('mobile', '=', '13800000004').execute();
      const after = await api.post('/front/user/login', { mobile: '13800000004', password: enc('lace2026') });
      t.equal(after.body.code, 0, 'the throttle lifts after the window');
    });

    t.test('change password, check password, update profile', async (t) => {
      const token = await api.signUp('13800000005', 'lace2026', 1);
      const differ = await api.post('/user/restPasswd', { oldPassword: enc('lace2026'), password: enc('newpass1'), confirmPassword: enc('newpass2') }, token);
      t.equal(differ.body.code, Codes.PASSWORDS_DIFFER);
      const wrongOld = await api.post('/user/restPasswd', { oldPassword: enc('bad12345'), password: enc('newpass1'), confirmPassword: enc('newpass1') }, token);
      t.equal(wrongOld.body.code, Codes.WRONG_PASSWORD);
      const ok = await api.post('/user/restPasswd', { oldPassword: enc('lace2026'), password: enc('newpass1'), confirmPassword: enc('newpass1') }, token);
      t.equal(ok.body.code, 0);
      t.equal((await api.post('/front/user/login', { mobile: '13800000005', password: enc('lace2026') })).body.code, Codes.LOGIN_FAILED, 'old password no longer works');
      t.equal((await api.post('/front/user/login', { mobile: '13800000005', password: enc('newpass1') })).body.code, 0, 'new password works');

      t.equal((await api.post('/user/checkPasswd', { password: enc('newpass1') }, token)).body.code, 0);
      t.equal((await api.post('/user/checkPasswd', { password: enc('lace2026') }, token)).body.code, Codes.WRONG_PASSWORD);

      const upd = await api.post<{ nickname: string; email: string }>('/user/updateUser', { nickname: '潮州花边厂', email: 'buyer@example.com' }, token);
      t.equal(upd.body.code, 0);
      t.equal(upd.body.data.nickname, '潮州花边厂');
      const badEmail = await api.post('/user/updateUser', { email: 'not an email' }, token);
      t.equal(badEmail.status, 400);
      const row = await db.selectFrom('app_user').selectAll().where('mobile', '=', '13800000005').executeTakeFirstOrThrow();
      t.equal(row.email, 'buyer@example.com');

      // The avatar must be a picture this user uploaded: never another person's file.
      const now = new Date().toISOString();
      const other = await db.selectFrom('app_user').select('id').where('mobile', '<>', '13800000005').executeTakeFirstOrThrow();
      await db.insertInto('stored_file').values([
        { path: `upload/${row.id}/me.jpg`, content_type: 'image/jpeg', size: 100, width: 10, height: 10, owner_user_id: row.id, created_at: now },
        { path: `upload/${other.id}/them.jpg`, content_type: 'image/jpeg', size: 100, width: 10, height: 10, owner_user_id: other.id, created_at: now },
      ]).execute();
      const theirs = await api.post('/user/updateUser', { avatarPath: `upload/${other.id}/them.jpg` }, token);
      t.equal(theirs.body.code, Codes.AVATAR_NOT_OWNED, "another person's upload is refused");
      t.equal((await api.post('/user/updateUser', { avatarPath: 'upload/nobody/none.jpg' }, token)).body.code, Codes.AVATAR_NOT_OWNED, 'so is a path nobody uploaded');
      const mine = await api.post<{ avatarUrl: string }>('/user/updateUser', { avatarPath: `upload/${row.id}/me.jpg` }, token);
      t.equal(mine.body.code, 0, 'their own upload is taken');
      t.match(mine.body.data.avatarUrl, 'me.jpg');
      t.equal((await api.post('/user/updateUser', { avatarPath: '' }, token)).body.code, 0, 'and the avatar can be cleared');
    });

    t.test('phone change needs the password and a code sent to the new phone', async (t) => {
      const token = await api.signUp('13800000006');
      const taken = await api.post('/front/user/getVerifyCode', { mobile: '13800000001', purpose: 'changeMobile' }, token);
      t.equal(taken.body.code, Codes.MOBILE_EXISTS);
      const guest = await api.post('/front/user/getVerifyCode', { mobile: '13900000006', purpose: 'changeMobile' });
      t.equal(guest.body.code, Codes.SESSION_EXPIRED);
      t.equal((await api.post('/front/user/getVerifyCode', { mobile: '13900000006', purpose: 'changeMobile' }, token)).body.code, 0);
      const code = api.lastCode('13900000006');
      const noPassword = await api.post('/user/changeMobile', { password: enc('wrong999'), mobile: '13900000006', smsCode: code }, token);
      t.equal(noPassword.body.code, Codes.WRONG_PASSWORD);
      const badCode = await api.post('/user/changeMobile', { password: enc('lace2026'), mobile: '13900000006', smsCode: code === '123456' ? '654321' : '123456' }, token);
      t.equal(badCode.body.code, Codes.SMS_CODE_INVALID);
      const ok = await api.post<{ mobile: string }>('/user/changeMobile', { password: enc('lace2026'), mobile: '13900000006', smsCode: code }, token);
      t.equal(ok.body.code, 0);
      t.equal(ok.body.data.mobile, '13900000006');
      t.equal((await api.post('/front/user/login', { mobile: '13900000006', password: enc('lace2026') })).body.code, 0);
    });

    t.test('find password with an SMS code ends every session', async (t) => {
      const token = await api.signUp('13800000007');
      const unknown = await api.post('/front/user/getVerifyCode', { mobile: '13811111111', purpose: 'findPassword' });
      t.equal(unknown.body.code, Codes.MOBILE_NOT_REGISTERED);
      const tooSoon = await api.post('/front/user/getVerifyCode', { mobile: '13800000007', purpose: 'findPassword' });
      t.equal(tooSoon.body.code, Codes.SMS_TOO_FREQUENT, 'one code per phone per 60 s, whatever the purpose');
      await db.updateTable('sms_code').set({ created_at: new Date(Date.now() - 61_000).toISOString() }).where('mobile', '=', '13800000007').execute();
      t.equal((await api.post('/front/user/getVerifyCode', { mobile: '13800000007', purpose: 'findPassword' })).body.code, 0);
      const code = api.lastCode('13800000007');
      const differ = await api.post('/front/user/findPassWd', { mobile: '13800000007', smsCode: code, password: enc('reset123'), confirmPassword: enc('reset124') });
      t.equal(differ.body.code, Codes.PASSWORDS_DIFFER);
      const ok = await api.post('/front/user/findPassWd', { mobile: '13800000007', smsCode: code, password: enc('reset123'), confirmPassword: enc('reset123') });
      t.equal(ok.body.code, 0);
      t.equal((await api.post('/user/getUserInfo', {}, token)).body.code, Codes.SESSION_EXPIRED, 'old sessions ended');
      t.equal((await api.post('/front/user/login', { mobile: '13800000007', password: enc('reset123') })).body.code, 0);
    });

    t.test('50 concurrent wrong guesses leave the code dead after 5', async (t) => {
      const mobile = '13800000008';
      await api.signUp(mobile);
      await db.updateTable('sms_code').set({ created_at: new Date(Date.now() - 61_000).toISOString() }).where('mobile', '=', mobile).execute();
      t.equal((await api.post('/front/user/getVerifyCode', { mobile, purpose: 'findPassword' })).body.code, 0);
      const code = api.lastCode(mobile);
      const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
      // From 50 addresses at once (a botnet), so only the code's own attempt counter stands in the way.
      const guesses = await Promise.all(Array.from({ length: 50 }, (_, i) => api.app.inject({
        method: 'POST', url: '/front/user/findPassWd', remoteAddress: `10.1.${Math.floor(i / 250)}.${(i % 250) + 1}`,
        headers: { 'x-lang': 'en' },
        payload: { mobile, smsCode: wrong(i), password: enc('taken123'), confirmPassword: enc('taken123') },
      })));
      t.same([...new Set(guesses.map((g) => g.json().code))], [Codes.SMS_CODE_INVALID], 'every guess refused');
      const row = await db.selectFrom('sms_code').select(['attempts', 'used_at']).where('mobile', '=', mobile).where('purpose', '=', 'findPassword').executeTakeFirstOrThrow();
      t.equal(row.attempts, 5, 'five guesses were counted, no more');
      const right = await api.post('/front/user/findPassWd', { mobile, smsCode: code, password: enc('taken123'), confirmPassword: enc('taken123') });
      t.equal(right.body.code, Codes.SMS_CODE_INVALID, 'the right code no longer works');
      t.equal((await api.post('/front/user/login', { mobile, password: enc('lace2026') })).body.code, 0, 'the password is unchanged');
    });

    t.test('20 concurrent wrong sign-ins: 5 are checked, the rest throttled, then the right password too', async (t) => {
      const mobile = '13800000010';
      await api.signUp(mobile);
      await db.deleteFrom('login_failure').where('mobile', '=', mobile).execute();
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => api.post('/front/user/login', { mobile, password: enc(`guess${1000 + i}`) })));
      t.equal(answers.filter((a) => a.body.code === Codes.LOGIN_FAILED).length, 5, 'five guesses were checked');
      t.equal(answers.filter((a) => a.body.code === Codes.LOGIN_THROTTLED).length, 15, 'fifteen were refused unchecked');
      t.equal((await api.post('/front/user/login', { mobile, password: enc('lace2026') })).body.code, Codes.LOGIN_THROTTLED, 'the right password waits for the window too');
    });

    t.test('changing the password ends the other sessions; password checks are throttled like sign-in', async (t) => {
      const mobile = '13800000011';
      const here = await api.signUp(mobile);
      const elsewhere = (await api.post<{ token: string }>('/front/user/login', { mobile, password: enc('lace2026') })).body.data.token;
      t.equal((await api.post('/user/getUserInfo', {}, elsewhere)).body.code, 0, 'signed in on a second device');
      const changed = await api.post('/user/restPasswd', { oldPassword: enc('lace2026'), password: enc('moved2026'), confirmPassword: enc('moved2026') }, here);
      t.equal(changed.body.code, 0);
      t.equal((await api.post('/user/getUserInfo', {}, here)).body.code, 0, 'the session that changed it stays');
      t.equal((await api.post('/user/getUserInfo', {}, elsewhere)).body.code, Codes.SESSION_EXPIRED, 'the other session ended');

      for (let i = 0; i < 5; i++) t.equal((await api.post('/user/checkPasswd', { password: enc(`nope${i}abc`) }, here)).body.code, Codes.WRONG_PASSWORD, `wrong check ${i + 1}`);
      const locked = await api.post('/user/checkPasswd', { password: enc('moved2026') }, here);
      t.equal(locked.status, 429);
      t.equal(locked.body.code, Codes.LOGIN_THROTTLED, 'the sixth check is refused, right or not');
      t.equal((await api.post('/user/changeMobile', { password: enc('moved2026'), mobile: '13900000011', smsCode: '000000' }, here)).body.code, Codes.LOGIN_THROTTLED, 'so is a phone change');
      t.equal((await api.post('/front/user/login', { mobile, password: enc('moved2026') })).body.code, Codes.LOGIN_THROTTLED, 'and sign-in: one count per account');
    });

    t.test('a field the call does not define is refused, named, in both languages, and nothing is done', async (t) => {
      const sent = api.sms.length;
      const en = await api.post('/front/user/getRegSMSCode', { mobile: '13800000031', userType: 1 });
      t.equal(en.status, 400);
      t.equal(en.body.code, Codes.BAD_REQUEST);
      t.match(en.body.message, /unknown field "userType"/);
      const zh = await api.app.inject({ method: 'POST', url: '/front/user/getRegSMSCode', payload: { mobile: '13800000031', isAdmin: true }, headers: { 'x-lang': 'zh' } });
      t.equal(zh.statusCode, 400);
      t.match(zh.json().message, /不认识的字段 "isAdmin"/);
      t.equal(api.sms.length, sent, 'no SMS was sent');
      const reg = await api.post('/front/user/reg', { mobile: '13800000031', password: enc('lace2026'), confirmPassword: enc('lace2026'), smsCode: '000000', userType: 3, role: 2 });
      t.match(reg.body.message, /unknown field "role"/, 'a role cannot be slipped into registration');
    });

    t.test('messages follow the caller language', async (t) => {
      const res = await api.app.inject({ method: 'POST', url: '/front/user/getRegSMSCode', payload: { mobile: '123' }, headers: { 'x-lang': 'zh' } });
      t.equal(res.json().message, '请输入正确的手机号');
    });
  });
}

for (const { dialect, skip } of await dialects()) {
  // An api at the default cost (the others in the tests use 2^14, see FAST_PASSWORD_HASH) that sweeps every second.
  t.test(`at the default settings on ${dialect}`, { skip }, async (t) => {
    const api = await createAccountsApi(dialect, { PASSWORD_HASH_COST: '17', SWEEP_EXPIRED_MS: '1000' });
    t.teardown(() => api.close());
    const { enc } = api;
    const db = api.testDb.db.db;

    t.test('passwords are hashed at scrypt N = 2^17; a cheaper hash is hashed again at sign-in, not on a wrong password', async (t) => {
      const mobile = '13800000014';
      await api.signUp(mobile);
      const stored = async () => (await db.selectFrom('app_user').select('password_hash').where('mobile', '=', mobile).executeTakeFirstOrThrow()).password_hash;
      t.match(await stored(), /^scrypt\$131072\$8\$1\$/, 'registration hashes at the default cost');
      const cheap = await hashPassword('lace2026', 14);
      await db.updateTable('app_user').set({ password_hash: cheap }).where('mobile', '=', mobile).execute();
      const wrong = await api.post('/front/user/login', { mobile, password: enc('nope1234') });
      t.equal(wrong.body.code, Codes.LOGIN_FAILED);
      t.equal(await stored(), cheap, 'a wrong password changes nothing');
      const ok = await api.post('/front/user/login', { mobile, password: enc('lace2026') });
      t.equal(ok.body.code, 0, 'the old hash still signs in');
      const rehashed = await stored();
      t.match(rehashed, /^scrypt\$131072\$/, 'and is replaced by one at today\'s cost');
      t.ok(await verifyPassword('lace2026', rehashed), 'of the same password');
      t.equal((await api.post('/front/user/login', { mobile, password: enc('lace2026') })).body.code, 0, 'which signs in');
      t.equal(await stored(), rehashed, 'and is not redone again');
    });

    t.test('the api runs the sweep every SWEEP_EXPIRED_MS', async (t) => {
      const user = await db.selectFrom('app_user').select('id').where('mobile', '=', '13800000014').executeTakeFirstOrThrow();
      const live = (await db.selectFrom('user_session').select('token_hash').where('user_id', '=', user.id).execute()).length;
      t.ok(live >= 1, 'the user has live sessions');
      await db.insertInto('user_session').values({ token_hash: 'sweep-by-timer', user_id: user.id, expires_at: new Date(Date.now() - 1000).toISOString(), created_at: new Date(Date.now() - 86400_000).toISOString() }).execute();
      // Wait for the timer (looked at every 200 ms, for up to a minute: a loaded machine may delay it, never skip it).
      let left = 1;
      for (let i = 0; i < 300 && left > 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        left = (await db.selectFrom('user_session').select('token_hash').where('token_hash', '=', 'sweep-by-timer').execute()).length;
      }
      t.equal(left, 0, 'the expired session is deleted without anyone asking');
      t.equal((await db.selectFrom('user_session').select('token_hash').where('user_id', '=', user.id).execute()).length, live, 'the live ones stay');
    });
  });
}
