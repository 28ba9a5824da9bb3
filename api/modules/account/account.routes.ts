import type { FastifyInstance } from 'fastify';
import { ok, responses } from '../../http/envelope';
import type { ModuleOptions } from '../../deps';
import { createSmsDriver } from '../sms/sms.driver';
import * as account from './account.service';
import { signedInUser } from './guard';
import { endSession, notSignedIn, tokenOf } from './session';
import { runEvery } from '../../http/every';
import {
  ChangeMobileBody, ChangePasswordBody, CheckPasswordBody, CheckPasswordResult, FindPasswordBody, LoginBody, LoginResultSchema, Nothing,
  RegisterBody, RegistrationCodeBody, SessionInfoSchema, UpdateProfileBody, UserInfoSchema, VerifyCodeBody,
} from './account.schemas';

export async function accountRoutes(app: FastifyInstance, { deps }: ModuleOptions): Promise<void> {
  const ctx: account.AccountContext = {
    db: deps.db.db,
    sms: deps.sms ?? createSmsDriver(deps.config, app.log),
    storage: deps.storage,
    aesKey: deps.config.passwordAesKey,
    hashCost: deps.config.passwordHashCost,
  };
  const tags = ['account'];
  runEvery(app, 'expired sign-in rows swept', deps.config.sweepExpiredMs, (now) => account.sweepExpiredAccountRows(ctx.db, now));

  app.post('/front/user/getRegSMSCode', {
    config: { auth: 'public' },
    schema: { tags, summary: 'Send a registration code to an unregistered phone', body: RegistrationCodeBody, response: responses(Nothing) },
  }, async (request) => {
    const { mobile } = request.body as { mobile: string };
    await account.sendRegistrationCode(ctx, mobile);
    return ok(request, null, { zh: '验证码已发送', en: 'The code has been sent' });
  });

  app.post('/front/user/getVerifyCode', {
    config: { auth: 'optional' },
    schema: {
      tags, summary: 'Send a code to reset a password (registered phone) or to change to a new phone (signed in)',
      body: VerifyCodeBody,
      response: responses(Nothing),
    },
  }, async (request) => {
    const { mobile, purpose } = request.body as { mobile: string; purpose: 'findPassword' | 'changeMobile' };
    if (purpose === 'changeMobile' && !request.user) throw notSignedIn(request);
    await account.sendVerifyCode(ctx, mobile, purpose);
    return ok(request, null, { zh: '验证码已发送', en: 'The code has been sent' });
  });

  app.post('/front/user/reg', {
    config: { auth: 'public' },
    schema: {
      tags, summary: 'Register with a phone, an SMS code and a password',
      body: RegisterBody,
      response: responses(UserInfoSchema),
    },
  }, async (request) => {
    const user = await account.register(ctx, request.body as Parameters<typeof account.register>[1]);
    return ok(request, user, { zh: '注册成功，请登录', en: 'Registered, please sign in' });
  });

  app.post('/front/user/login', {
    config: { auth: 'public' },
    schema: {
      tags, summary: 'Sign in; returns the session token (the web service keeps it in an HttpOnly cookie)',
      body: LoginBody,
      response: responses(LoginResultSchema),
    },
  }, async (request) => {
    const { mobile, password } = request.body as { mobile: string; password: string };
    return ok(request, await account.login(ctx, mobile, password), { zh: '登录成功', en: 'Signed in' });
  });

  app.post('/front/user/loginOut', { config: { auth: 'public' }, schema: { tags, summary: 'Sign out: ends the token', response: responses(Nothing) } }, async (request) => {
    const token = tokenOf(request);
    if (token) await endSession(ctx.db, token);
    return ok(request, null, { zh: '已退出登录', en: 'Signed out' });
  });

  app.post('/front/user/findPassWd', {
    config: { auth: 'public' },
    schema: {
      tags, summary: 'Reset a forgotten password with an SMS code; ends every session',
      body: FindPasswordBody,
      response: responses(Nothing),
    },
  }, async (request) => {
    await account.findPassword(ctx, request.body as Parameters<typeof account.findPassword>[1]);
    return ok(request, null, { zh: '密码已重置，请登录', en: 'Password reset, please sign in' });
  });

  app.post('/user/getUserInfo', { config: { auth: 'user' }, schema: { tags, summary: 'The signed-in user and company', security: [{ token: [] }], response: responses(SessionInfoSchema) } }, async (request) => {
    const user = signedInUser(request);
    return ok(request, await account.sessionInfo(ctx, user));
  });

  app.post('/user/restPasswd', {
    config: { auth: 'user' },
    schema: {
      tags, summary: 'Change the password', security: [{ token: [] }],
      body: ChangePasswordBody, response: responses(Nothing),
    },
  }, async (request) => {
    const user = signedInUser(request);
    await account.changePassword(ctx, user, tokenOf(request) ?? '', request.body as { oldPassword: string; password: string; confirmPassword: string });
    return ok(request, null, { zh: '密码已修改', en: 'Password changed' });
  });

  app.post('/user/checkPasswd', {
    config: { auth: 'user' },
    schema: { tags, summary: 'Check the current password (first step of a phone change)', security: [{ token: [] }], body: CheckPasswordBody, response: responses(CheckPasswordResult) },
  }, async (request) => {
    const user = signedInUser(request);
    await account.checkPassword(ctx, user, (request.body as { password: string }).password);
    return ok(request, { valid: true });
  });

  app.post('/user/updateUser', {
    config: { auth: 'user' },
    schema: {
      tags, summary: 'Update my profile', security: [{ token: [] }],
      body: UpdateProfileBody,
      response: responses(UserInfoSchema),
    },
  }, async (request) => {
    const user = signedInUser(request);
    return ok(request, await account.updateProfile(ctx, user, request.body as Parameters<typeof account.updateProfile>[2]), { zh: '保存成功', en: 'Saved' });
  });

  app.post('/user/changeMobile', {
    config: { auth: 'user' },
    schema: {
      tags, summary: 'Change my phone: needs the current password and a code sent to the new phone', security: [{ token: [] }],
      body: ChangeMobileBody, response: responses(UserInfoSchema),
    },
  }, async (request) => {
    const user = signedInUser(request);
    return ok(request, await account.changeMobile(ctx, user, request.body as { password: string; mobile: string; smsCode: string }), { zh: '手机号已更换', en: 'Phone changed' });
  });
}
