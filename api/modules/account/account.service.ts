// Sign-up, sign-in and self-management. Every rule's message lives in isomorphic/domain/codes.
import type { Kysely } from 'kysely';
import { AccountLimits, isAcceptablePassword, isMobile } from '../../../isomorphic/domain/account';
import { Codes } from '../../../isomorphic/domain/codes';
import type { CompanyBrief, LoginResult, SessionInfo, UserInfo } from '../../../isomorphic/api-client/account-types';
import { ApiError } from '../../http/errors';
import type { Database } from '../../db/schema';
import type { StorageDriver } from '../file/storage';
import type { SmsDriver } from '../sms/sms.driver';
import { consumeSmsCode, issueSmsCode } from '../sms/sms.service';
import { decryptPassword, hashPassword, verifyPassword } from './password';
import { createSession, endAllSessions, type UserRow } from './session';

export interface AccountContext { db: Kysely<Database>; sms: SmsDriver; storage: StorageDriver; aesKey: string }

const fail = (code: number, status = 400) => new ApiError(code, status);

function checkMobile(mobile: string): void {
  if (!isMobile(mobile)) throw fail(Codes.INVALID_MOBILE);
}

async function isRegistered(db: Kysely<Database>, mobile: string): Promise<boolean> {
  return !!(await db.selectFrom('app_user').select('id').where('mobile', '=', mobile).executeTakeFirst());
}

/** Decrypts a new password and its confirmation, and checks both rules. */
function newPassword(ctx: AccountContext, password: string, confirm: string): string {
  const clear = decryptPassword(password, ctx.aesKey);
  if (clear !== decryptPassword(confirm, ctx.aesKey)) throw fail(Codes.PASSWORDS_DIFFER);
  if (!isAcceptablePassword(clear)) throw fail(Codes.PASSWORD_TOO_WEAK);
  return clear;
}

export function toUserInfo(row: UserRow, storage: StorageDriver): UserInfo {
  return {
    id: row.id,
    mobile: row.mobile,
    userType: row.user_type,
    nickname: row.nickname,
    realName: row.real_name,
    email: row.email,
    avatarUrl: row.avatar_path ? storage.url(row.avatar_path) : '',
    companyId: row.company_id,
    settled: row.settled === 1,
    createdAt: row.created_at,
  };
}

async function companyBrief(ctx: AccountContext, companyId: number | null): Promise<CompanyBrief | null> {
  if (!companyId) return null;
  const c = await ctx.db.selectFrom('company').select(['id', 'name', 'name_en', 'logo_path']).where('id', '=', companyId).executeTakeFirst();
  return c ? { id: c.id, name: c.name, nameEn: c.name_en, logoUrl: c.logo_path ? ctx.storage.url(c.logo_path) : '' } : null;
}

export async function sessionInfo(ctx: AccountContext, user: UserRow): Promise<SessionInfo> {
  return { user: toUserInfo(user, ctx.storage), company: await companyBrief(ctx, user.company_id) };
}

export async function sendRegistrationCode(ctx: AccountContext, mobile: string): Promise<void> {
  checkMobile(mobile);
  if (await isRegistered(ctx.db, mobile)) throw fail(Codes.MOBILE_EXISTS);
  await issueSmsCode(ctx.db, ctx.sms, mobile, 'register');
}

export async function sendVerifyCode(ctx: AccountContext, mobile: string, purpose: 'findPassword' | 'changeMobile'): Promise<void> {
  checkMobile(mobile);
  const registered = await isRegistered(ctx.db, mobile);
  if (purpose === 'findPassword' && !registered) throw fail(Codes.MOBILE_NOT_REGISTERED);
  if (purpose === 'changeMobile' && registered) throw fail(Codes.MOBILE_EXISTS);
  await issueSmsCode(ctx.db, ctx.sms, mobile, purpose);
}

export async function register(ctx: AccountContext, input: { mobile: string; password: string; confirmPassword: string; smsCode: string; userType: number; nickname?: string }): Promise<UserInfo> {
  checkMobile(input.mobile);
  const clear = newPassword(ctx, input.password, input.confirmPassword);
  if (await isRegistered(ctx.db, input.mobile)) throw fail(Codes.MOBILE_EXISTS);
  await consumeSmsCode(ctx.db, input.mobile, 'register', input.smsCode);
  const now = new Date().toISOString();
  const hash = await hashPassword(clear);
  try {
    const row = await ctx.db.insertInto('app_user').values({
      mobile: input.mobile, password_hash: hash, user_type: input.userType,
      nickname: input.nickname?.trim() || `用户${input.mobile.slice(-4)}`, real_name: '', email: '', avatar_path: '',
      company_id: null, settled: 0, created_at: now, updated_at: now,
    }).returningAll().executeTakeFirstOrThrow();
    return toUserInfo(row, ctx.storage);
  } catch (err) {
    // Two sign-ups racing for one phone: the unique index decides, the loser gets the duplicate message.
    if (await isRegistered(ctx.db, input.mobile)) throw fail(Codes.MOBILE_EXISTS);
    throw err;
  }
}

async function checkThrottle(db: Kysely<Database>, mobile: string, now: Date): Promise<void> {
  const row = await db.selectFrom('login_failure').selectAll().where('mobile', '=', mobile).executeTakeFirst();
  if (row && now.getTime() - new Date(row.window_start).getTime() < AccountLimits.loginWindowMs && row.failures >= AccountLimits.loginMaxFailures) {
    throw fail(Codes.LOGIN_THROTTLED, 429);
  }
}

async function recordFailure(db: Kysely<Database>, mobile: string, now: Date): Promise<void> {
  const row = await db.selectFrom('login_failure').selectAll().where('mobile', '=', mobile).executeTakeFirst();
  if (!row) {
    await db.insertInto('login_failure').values({ mobile, failures: 1, window_start: now.toISOString() })
      .onConflict((oc) => oc.column('mobile').doUpdateSet((eb) => ({ failures: eb('login_failure.failures', '+', 1) }))).execute();
  } else if (now.getTime() - new Date(row.window_start).getTime() >= AccountLimits.loginWindowMs) {
    await db.updateTable('login_failure').set({ failures: 1, window_start: now.toISOString() }).where('mobile', '=', mobile).execute();
  } else {
    await db.updateTable('login_failure').set((eb) => ({ failures: eb('failures', '+', 1) })).where('mobile', '=', mobile).execute();
  }
}

export async function login(ctx: AccountContext, mobile: string, password: string, now = new Date()): Promise<LoginResult> {
  checkMobile(mobile);
  await checkThrottle(ctx.db, mobile, now);
  const clear = decryptPassword(password, ctx.aesKey);
  const user = await ctx.db.selectFrom('app_user').selectAll().where('mobile', '=', mobile).executeTakeFirst();
  if (!user || !(await verifyPassword(clear, user.password_hash))) {
    await recordFailure(ctx.db, mobile, now);
    throw fail(user ? Codes.WRONG_PASSWORD : Codes.MOBILE_NOT_REGISTERED);
  }
  await ctx.db.deleteFrom('login_failure').where('mobile', '=', mobile).execute();
  const token = await createSession(ctx.db, user.id, now);
  return { token, ...(await sessionInfo(ctx, user)) };
}

export async function findPassword(ctx: AccountContext, input: { mobile: string; smsCode: string; password: string; confirmPassword: string }): Promise<void> {
  checkMobile(input.mobile);
  const clear = newPassword(ctx, input.password, input.confirmPassword);
  const user = await ctx.db.selectFrom('app_user').select('id').where('mobile', '=', input.mobile).executeTakeFirst();
  if (!user) throw fail(Codes.MOBILE_NOT_REGISTERED);
  await consumeSmsCode(ctx.db, input.mobile, 'findPassword', input.smsCode);
  const hash = await hashPassword(clear);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('app_user').set({ password_hash: hash, updated_at: new Date().toISOString() }).where('id', '=', user.id).execute();
    await endAllSessions(trx, user.id);
    await trx.deleteFrom('login_failure').where('mobile', '=', input.mobile).execute();
  });
}

export async function checkPassword(ctx: AccountContext, user: UserRow, password: string): Promise<void> {
  const clear = decryptPassword(password, ctx.aesKey);
  if (!(await verifyPassword(clear, user.password_hash))) throw fail(Codes.WRONG_PASSWORD);
}

export async function changePassword(ctx: AccountContext, user: UserRow, input: { oldPassword: string; password: string; confirmPassword: string }): Promise<void> {
  await checkPassword(ctx, user, input.oldPassword);
  const clear = newPassword(ctx, input.password, input.confirmPassword);
  const hash = await hashPassword(clear);
  await ctx.db.updateTable('app_user').set({ password_hash: hash, updated_at: new Date().toISOString() }).where('id', '=', user.id).execute();
}

export async function updateProfile(ctx: AccountContext, user: UserRow, input: { nickname?: string; realName?: string; email?: string; avatarPath?: string }): Promise<UserInfo> {
  const patch: Partial<{ nickname: string; real_name: string; email: string; avatar_path: string }> = {};
  if (input.nickname !== undefined) patch.nickname = input.nickname.trim();
  if (input.realName !== undefined) patch.real_name = input.realName.trim();
  if (input.email !== undefined) patch.email = input.email.trim();
  if (input.avatarPath !== undefined) patch.avatar_path = input.avatarPath;
  const row = await ctx.db.updateTable('app_user').set({ ...patch, updated_at: new Date().toISOString() }).where('id', '=', user.id).returningAll().executeTakeFirstOrThrow();
  return toUserInfo(row, ctx.storage);
}

export async function changeMobile(ctx: AccountContext, user: UserRow, input: { password: string; mobile: string; smsCode: string }): Promise<UserInfo> {
  checkMobile(input.mobile);
  await checkPassword(ctx, user, input.password);
  if (await isRegistered(ctx.db, input.mobile)) throw fail(Codes.MOBILE_EXISTS);
  await consumeSmsCode(ctx.db, input.mobile, 'changeMobile', input.smsCode);
  const row = await ctx.db.updateTable('app_user').set({ mobile: input.mobile, updated_at: new Date().toISOString() }).where('id', '=', user.id).returningAll().executeTakeFirstOrThrow();
  return toUserInfo(row, ctx.storage);
}
