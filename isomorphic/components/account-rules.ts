// The account rules of isomorphic/domain/account.ts as form messages: the same rules and the same
// words (domain/codes.ts) the api answers with, checked in the page before anything is sent.
import type { TFunction } from '../i18n/index';
import { AccountLimits, isAcceptablePassword, isMobile } from '../domain/account';
import { Codes } from '../domain/codes';
import { messageFor } from '../domain/code-messages';
import type { Lang } from '../domain/format';

export interface RuleContext { t: TFunction; lang: Lang }

export function mobileError(value: string, { t, lang }: RuleContext, label = t('auth.mobile')): string | undefined {
  if (!value.trim()) return t('form.required', { field: label });
  if (!isMobile(value.trim())) return messageFor(Codes.INVALID_MOBILE, lang);
  return undefined;
}

export function requiredError(value: string, { t }: RuleContext, label: string): string | undefined {
  return value.trim() ? undefined : t('form.required', { field: label });
}

/** A new password: required, 6-20 characters with letters and digits. */
export function newPasswordError(value: string, ctx: RuleContext, label: string): string | undefined {
  if (!value) return ctx.t('form.required', { field: label });
  if (!isAcceptablePassword(value)) return messageFor(Codes.PASSWORD_TOO_WEAK, ctx.lang);
  return undefined;
}

/** SPEC §5: the two entries must match. */
export function confirmError(password: string, confirm: string, ctx: RuleContext, label: string): string | undefined {
  if (!confirm) return ctx.t('form.required', { field: label });
  if (password !== confirm) return messageFor(Codes.PASSWORDS_DIFFER, ctx.lang);
  return undefined;
}

const CODE_PATTERN = new RegExp(`^\\d{${AccountLimits.smsCodeLength}}$`);

export function smsCodeError(value: string, ctx: RuleContext): string | undefined {
  if (!value.trim()) return ctx.t('form.required', { field: ctx.t('auth.code') });
  if (!CODE_PATTERN.test(value.trim())) return ctx.t('form.codeFormat');
  return undefined;
}

export function maxLengthError(value: string, max: number, ctx: RuleContext, label: string): string | undefined {
  return value.trim().length > max ? ctx.t('form.tooLong', { field: label, max }) : undefined;
}

/** Which form field an api code is about, so its message shows under that field too. */
export const fieldOfCode: Record<number, string> = {
  [Codes.INVALID_MOBILE]: 'mobile',
  [Codes.MOBILE_EXISTS]: 'mobile',
  [Codes.MOBILE_NOT_REGISTERED]: 'mobile',
  [Codes.SMS_TOO_FREQUENT]: 'smsCode',
  [Codes.SMS_DAILY_LIMIT]: 'smsCode',
  [Codes.SMS_CODE_INVALID]: 'smsCode',
  [Codes.WRONG_PASSWORD]: 'password',
  [Codes.LOGIN_FAILED]: 'password',
  [Codes.LOGIN_THROTTLED]: 'password',
  [Codes.PASSWORD_UNREADABLE]: 'password',
  [Codes.PASSWORD_TOO_WEAK]: 'password',
  [Codes.PASSWORDS_DIFFER]: 'confirmPassword',
  [Codes.PASSWORD_CHECK_REQUIRED]: 'password',
};

/** The api's answer as field errors: its message under the field the code is about (if that field is on the form). */
export function apiFieldError<K extends string>(envelope: { code: number; message: string }, fields: readonly K[], rename: Partial<Record<string, K>> = {}): Partial<Record<K, string>> {
  const field = rename[fieldOfCode[envelope.code]] ?? (fieldOfCode[envelope.code] as K | undefined);
  return field && fields.includes(field) ? ({ [field]: envelope.message } as Partial<Record<K, string>>) : {};
}

/**
 * The sign-in page, keeping the way back (?redirect=); with `mobile`, the phone filled in (after a
 * registration whose sign-in failed, or a password reset).
 */
export function loginPath(redirect: string | null, mobile?: string): string {
  if (mobile === undefined) return redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login';
  const next = new URLSearchParams({ mobile });
  if (redirect) next.set('redirect', redirect);
  return `/login?${next.toString()}`;
}

/** Only a path of this site may be the way back after signing in (no //other.host, no scheme). */
export function safeRedirect(raw: string | null): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/';
  return raw;
}
