// Sign-up, sign-in and self-management. Every rule's message lives in isomorphic/domain/codes.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { AccountLimits, isAcceptablePassword, isMobile } from '../../../isomorphic/domain/account';
import { Codes } from '../../../isomorphic/domain/codes';
import type { CompanyBrief, LoginResult, SessionInfo, UserInfo } from '../../../isomorphic/contracts/account';
import { UserRole, type UserRoleValue } from '../../../isomorphic/domain/platform';
import { ApiError } from '../../http/errors';
import type { Database } from '../../db/schema';
import type { StorageDriver } from '../file/storage';
import type { SmsDriver } from '../sms/sms.driver';
import { consumeSmsCode, issueSmsCode, sweepOldSmsCodes } from '../sms/sms.service';
import { findCompany } from '../company/company.service';
import { filesOwnedBy } from '../file/upload.service';
import { decryptPassword, hashPassword, needsRehash, verifyPassword } from './password';
import { createSession, endAllSessions, endOtherSessions, sweepExpiredSessions, type UserRow } from './session';
import * as q from './account.queries';

export interface AccountContext {
  db: Kysely<Database>; sms: SmsDriver; storage: StorageDriver; aesKey: string;
  /** log2 of scrypt's N for new hashes (config PASSWORD_HASH_COST) */
  hashCost: number;
}

const fail = (code: number, status = 400) => new ApiError(code, status);

function checkMobile(mobile: string): void {
  if (!isMobile(mobile)) throw fail(Codes.INVALID_MOBILE);
}

async function isRegistered(db: Kysely<Database>, mobile: string): Promise<boolean> {
  return !!(await q.findUserIdByMobile(db, mobile));
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
    operator: row.role === UserRole.OPERATOR,
    createdAt: row.created_at,
  };
}

async function companyBrief(ctx: AccountContext, companyId: number | null): Promise<CompanyBrief | null> {
  if (!companyId) return null;
  const c = await findCompany(ctx.db, companyId);
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
  const hash = await hashPassword(clear, ctx.hashCost);
  try {
    const row = await q.insertUser(ctx.db, {
      mobile: input.mobile, password_hash: hash, user_type: input.userType,
      nickname: input.nickname?.trim() || `用户${input.mobile.slice(-4)}`, real_name: '', email: '', avatar_path: '',
      company_id: null, settled: 0, created_at: now, updated_at: now,
    });
    return toUserInfo(row, ctx.storage);
  } catch (err) {
    // Two sign-ups racing for one phone: the unique index decides, the loser gets the duplicate message.
    if (await isRegistered(ctx.db, input.mobile)) throw fail(Codes.MOBILE_EXISTS);
    throw err;
  }
}

/**
 * Counts a password attempt for this phone before the password is checked, in one statement (an
 * expired window starts again), and refuses it past the limit: concurrent guesses cannot share a read
 * of the counter. A right password clears the count (clearAttempts).
 */
async function countAttempt(db: Kysely<Database>, mobile: string, now: Date): Promise<void> {
  const windowStart = new Date(now.getTime() - AccountLimits.loginWindowMs).toISOString();
  const failures = await q.countLoginAttempt(db, mobile, now.toISOString(), windowStart);
  if (failures > AccountLimits.loginMaxFailures) throw fail(Codes.LOGIN_THROTTLED, 429);
}

const clearAttempts = (db: Kysely<Database>, mobile: string) => q.clearLoginFailures(db, mobile);

/**
 * Deletes what sign-in no longer needs at `now`: expired sessions, failure counts whose window has passed
 * (countAttempt starts such a window again anyway) and SMS codes older than a day. The counts deleted, or
 * null when nothing was.
 */
export async function sweepExpiredAccountRows(db: Kysely<Database>, now: Date): Promise<Record<string, number> | null> {
  const sessions = await sweepExpiredSessions(db, now);
  const windowStart = new Date(now.getTime() - AccountLimits.loginWindowMs).toISOString();
  const loginFailures = await q.deleteLoginFailuresBefore(db, windowStart);
  const smsCodes = await sweepOldSmsCodes(db, now);
  return sessions + loginFailures + smsCodes > 0 ? { sessions, loginFailures, smsCodes } : null;
}

/** A stored hash no password matches (one per cost), checked for an unknown phone so that it takes as long as a known one. */
const decoyHashes = new Map<number, Promise<string>>();
function decoyHash(cost: number): Promise<string> {
  let hash = decoyHashes.get(cost);
  if (!hash) decoyHashes.set(cost, hash = hashPassword(crypto.randomBytes(24).toString('base64'), cost));
  return hash;
}

export async function login(ctx: AccountContext, mobile: string, password: string, now = new Date()): Promise<LoginResult> {
  checkMobile(mobile);
  const clear = decryptPassword(password, ctx.aesKey);
  await countAttempt(ctx.db, mobile, now);
  const user = await q.findUserByMobile(ctx.db, mobile);
  const matches = await verifyPassword(clear, user ? user.password_hash : await decoyHash(ctx.hashCost));
  // One answer for an unknown phone and a wrong password: sign-in does not tell who has an account.
  if (!user || !matches) throw fail(Codes.LOGIN_FAILED);
  await clearAttempts(ctx.db, mobile);
  // A hash made at a lower cost (an older setting) is made again at today's, now that the password is known.
  // Only if the row still holds the hash just checked: a password changed meanwhile stays changed.
  if (needsRehash(user.password_hash, ctx.hashCost)) {
    const hash = await hashPassword(clear, ctx.hashCost);
    await q.replacePasswordHash(ctx.db, user.id, user.password_hash, hash);
  }
  const token = await createSession(ctx.db, user.id, now);
  return { token, ...(await sessionInfo(ctx, user)) };
}

export async function findPassword(ctx: AccountContext, input: { mobile: string; smsCode: string; password: string; confirmPassword: string }): Promise<void> {
  checkMobile(input.mobile);
  const clear = newPassword(ctx, input.password, input.confirmPassword);
  const user = await q.findUserIdByMobile(ctx.db, input.mobile);
  if (!user) throw fail(Codes.MOBILE_NOT_REGISTERED);
  await consumeSmsCode(ctx.db, input.mobile, 'findPassword', input.smsCode);
  const hash = await hashPassword(clear, ctx.hashCost);
  await ctx.db.transaction().execute(async (trx) => {
    await q.setUserColumns(trx, user.id, { password_hash: hash, updated_at: new Date().toISOString() });
    await endAllSessions(trx, user.id);
    await q.clearLoginFailures(trx, input.mobile);
  });
}

/** Checks a signed-in user's password; its attempts count against the same limit as sign-in's. */
export async function checkPassword(ctx: AccountContext, user: UserRow, password: string, now = new Date()): Promise<void> {
  const clear = decryptPassword(password, ctx.aesKey);
  await countAttempt(ctx.db, user.mobile, now);
  if (!(await verifyPassword(clear, user.password_hash))) throw fail(Codes.WRONG_PASSWORD);
  await clearAttempts(ctx.db, user.mobile);
}

/** Changes the password and ends every other session of the user (the one asking stays signed in). */
export async function changePassword(ctx: AccountContext, user: UserRow, currentToken: string, input: { oldPassword: string; password: string; confirmPassword: string }): Promise<void> {
  await checkPassword(ctx, user, input.oldPassword);
  const clear = newPassword(ctx, input.password, input.confirmPassword);
  const hash = await hashPassword(clear, ctx.hashCost);
  await ctx.db.transaction().execute(async (trx) => {
    await q.setUserColumns(trx, user.id, { password_hash: hash, updated_at: new Date().toISOString() });
    await endOtherSessions(trx, user.id, currentToken);
  });
}

export async function updateProfile(ctx: AccountContext, user: UserRow, input: { nickname?: string; realName?: string; email?: string; avatarPath?: string }): Promise<UserInfo> {
  const patch: Partial<{ nickname: string; real_name: string; email: string; avatar_path: string }> = {};
  if (input.nickname !== undefined) patch.nickname = input.nickname.trim();
  if (input.realName !== undefined) patch.real_name = input.realName.trim();
  if (input.email !== undefined) patch.email = input.email.trim();
  if (input.avatarPath !== undefined) {
    const path = input.avatarPath.trim();
    // Only a picture this user uploaded (or the one already theirs): never another person's file.
    if (path && path !== user.avatar_path && !(await filesOwnedBy(ctx.db, user.id, [path])).has(path)) throw fail(Codes.AVATAR_NOT_OWNED);
    patch.avatar_path = path;
  }
  const row = await q.updateUser(ctx.db, user.id, { ...patch, updated_at: new Date().toISOString() });
  return toUserInfo(row, ctx.storage);
}

export async function changeMobile(ctx: AccountContext, user: UserRow, input: { password: string; mobile: string; smsCode: string }): Promise<UserInfo> {
  checkMobile(input.mobile);
  await checkPassword(ctx, user, input.password);
  if (await isRegistered(ctx.db, input.mobile)) throw fail(Codes.MOBILE_EXISTS);
  await consumeSmsCode(ctx.db, input.mobile, 'changeMobile', input.smsCode);
  const row = await q.updateUser(ctx.db, user.id, { mobile: input.mobile, updated_at: new Date().toISOString() });
  return toUserInfo(row, ctx.storage);
}

// Reads and writes other modules need on users, through this module (it owns app_user).

/** Attaches a user to a company and marks them settled, inside the caller's transaction. */
export async function settleUser(trx: Kysely<Database>, userId: number, companyId: number, now = new Date()): Promise<void> {
  await q.setUserColumns(trx, userId, { company_id: companyId, settled: 1, updated_at: now.toISOString() });
}

/** Ids of the platform operators. */
export async function operatorIds(db: Kysely<Database>): Promise<number[]> {
  return q.userIdsWithRole(db, UserRole.OPERATOR);
}

/** Ids of the users acting for a company. */
export async function companyUserIds(db: Kysely<Database>, companyId: number): Promise<number[]> {
  return q.userIdsOfCompany(db, companyId);
}

/** PLATFORM_USER_IDS: these users get the operator role (at boot). */
export async function grantOperatorRole(db: Kysely<Database>, ids: readonly number[]): Promise<void> {
  if (ids.length) await q.setRole(db, ids, UserRole.OPERATOR);
}

/** Short descriptions of users: who applied and who acted (operator console), who bought (orders). */
export async function userBriefs(db: Kysely<Database>, ids: number[]): Promise<Map<number, { id: number; nickname: string; mobile: string; userType: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await q.userBriefRows(db, [...new Set(ids)]);
  return new Map(rows.map((r) => [r.id, { id: r.id, nickname: r.nickname, mobile: r.mobile, userType: r.user_type }]));
}

/**
 * A user with this mobile: the existing one, or one created with an already hashed password (a seller
 * when `companyId` is set). The demo seed makes its accounts with it.
 */
export async function ensureUser(db: Kysely<Database>, u: {
  mobile: string; passwordHash: string; userType: number; nickname: string; companyId: number | null; role: UserRoleValue;
}): Promise<{ id: number; created: boolean }> {
  const existing = await q.findUserIdByMobile(db, u.mobile);
  if (existing) return { id: existing.id, created: false };
  const now = new Date().toISOString();
  const id = await q.insertUserId(db, {
    mobile: u.mobile, password_hash: u.passwordHash, user_type: u.userType, nickname: u.nickname, real_name: '', email: '', avatar_path: '',
    company_id: u.companyId, settled: u.companyId === null ? 0 : 1, role: u.role, created_at: now, updated_at: now,
  });
  return { id, created: true };
}

export { hashPassword } from './password';
