// Verification codes: 6 digits, valid 5 minutes, single use, stored hashed; at most one per phone per
// 60 s and 10 per phone per day; a code survives at most 5 wrong guesses.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { AccountLimits, type SmsPurpose } from '../../../isomorphic/domain/account';
import { Codes } from '../../../isomorphic/domain/codes';
import { ApiError } from '../../http/errors';
import type { Database } from '../../db/schema';
import type { SmsDriver } from './sms.driver';
import * as q from './sms.queries';

const hashCode = (mobile: string, purpose: string, code: string) =>
  crypto.createHash('sha256').update(`${mobile}:${purpose}:${code}`).digest('hex');

export async function issueSmsCode(db: Kysely<Database>, sms: SmsDriver, mobile: string, purpose: SmsPurpose, now = new Date()): Promise<void> {
  const dayAgo = new Date(now.getTime() - 24 * 3600_000).toISOString();
  const recent = await q.sentSince(db, mobile, dayAgo);
  if (recent.length && now.getTime() - new Date(recent[0]).getTime() < AccountLimits.smsMinIntervalMs) {
    throw new ApiError(Codes.SMS_TOO_FREQUENT, 429);
  }
  if (recent.length >= AccountLimits.smsPerDay) throw new ApiError(Codes.SMS_DAILY_LIMIT, 429);
  const code = String(crypto.randomInt(0, 10 ** AccountLimits.smsCodeLength)).padStart(AccountLimits.smsCodeLength, '0');
  await q.insertCode(db, {
    mobile,
    purpose,
    code_hash: hashCode(mobile, purpose, code),
    attempts: 0,
    expires_at: new Date(now.getTime() + AccountLimits.smsCodeTtlMs).toISOString(),
    used_at: null,
    created_at: now.toISOString(),
  });
  await sms.send(mobile, code, purpose);
}

/**
 * Checks and uses up the newest live code for this phone and purpose, or throws SMS_CODE_INVALID.
 * Every guess first claims one of the code's attempts with a conditional UPDATE (attempts < max), so
 * concurrent guesses cannot share a read of the counter: a code survives at most max guesses in all.
 */
export async function consumeSmsCode(db: Kysely<Database>, mobile: string, purpose: SmsPurpose, code: string, now = new Date()): Promise<void> {
  const row = await q.liveCode(db, mobile, purpose, now.toISOString());
  if (!row) throw new ApiError(Codes.SMS_CODE_INVALID, 400);
  if (!await q.claimAttempt(db, row.id, AccountLimits.smsMaxAttempts)) throw new ApiError(Codes.SMS_CODE_INVALID, 400);
  const expected = Buffer.from(row.code_hash, 'hex');
  const given = Buffer.from(hashCode(mobile, purpose, String(code).trim()), 'hex');
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) throw new ApiError(Codes.SMS_CODE_INVALID, 400);
  // Single use: only the request that flips used_at from null wins.
  if (!await q.markUsed(db, row.id, now.toISOString())) throw new ApiError(Codes.SMS_CODE_INVALID, 400);
}

/**
 * Deletes the codes sent more than a day before `now`: all expired (a code lives minutes), and past the
 * day the daily limit counts, so nothing reads them again. How many.
 */
export async function sweepOldSmsCodes(db: Kysely<Database>, now: Date): Promise<number> {
  const dayAgo = new Date(now.getTime() - 86400_000).toISOString();
  return q.deleteSentBefore(db, dayAgo, now.toISOString());
}
