// The session cookies of SPEC §9 / DESIGN "Auth": the web service alone writes them. `x-token` is
// HttpOnly (page scripts never read the token; the proxy injects it); `user` and `company` are display only.
import type { FastifyReply } from 'fastify';
import type { CookieSerializeOptions } from '@fastify/cookie';
import { Limits } from '../isomorphic/domain/limits';
import type { CompanyBrief, UserInfo } from '../isomorphic/contracts/account';
import { toSessionCompany, toSessionUser } from '../isomorphic/stores/auth.store';

const MAX_AGE_S = Limits.cookieDays * 24 * 3600;

function base(secure: boolean): CookieSerializeOptions {
  return { path: '/', maxAge: MAX_AGE_S, sameSite: 'lax', secure };
}

export function setUserCookie(reply: FastifyReply, user: UserInfo, secure: boolean): void {
  reply.setCookie(Limits.userCookie, JSON.stringify(toSessionUser(user)), base(secure));
}

export function setCompanyCookie(reply: FastifyReply, company: CompanyBrief | null, secure: boolean): void {
  reply.setCookie(Limits.companyCookie, JSON.stringify(toSessionCompany(company)), base(secure));
}

/** After a successful sign-in: the token (HttpOnly) and the two display cookies, 7 days, path /. */
export function setSessionCookies(reply: FastifyReply, session: { token: string; user: UserInfo; company: CompanyBrief | null }, secure: boolean): void {
  reply.setCookie(Limits.tokenCookie, session.token, { ...base(secure), httpOnly: true });
  setUserCookie(reply, session.user, secure);
  setCompanyCookie(reply, session.company, secure);
}

/** Sign-out or an expired session (210018): all three cookies go. */
export function clearSessionCookies(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(Limits.tokenCookie, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  reply.clearCookie(Limits.userCookie, { path: '/', sameSite: 'lax', secure });
  reply.clearCookie(Limits.companyCookie, { path: '/', sameSite: 'lax', secure });
}
