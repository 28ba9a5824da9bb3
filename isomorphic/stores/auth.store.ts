// Who is visiting, restored from the `user`, `company` and `x-token` cookies (SPEC §3/§4). The token
// itself never enters the store: pages only learn whether one is present, the proxy injects it.
import { makeAutoObservable } from 'mobx';
import { maskMobile } from '../domain/format';

export interface SessionUser { id?: number; nickname?: string; nickName?: string; name?: string; mobile?: string; userType?: number; settled?: boolean; operator?: boolean; [key: string]: unknown }
export interface SessionCompany { id?: number; name?: string; [key: string]: unknown }

export interface AuthSnapshot { user: SessionUser | null; company: SessionCompany | null; hasToken: boolean }

export class AuthStore {
  user: SessionUser | null = null;
  company: SessionCompany | null = null;
  hasToken = false;
  /** Set when the api answered 210018 during this page view: the server clears the session cookies. */
  sessionExpired = false;

  constructor(snapshot?: Partial<AuthSnapshot>) {
    this.user = snapshot?.user ?? null;
    this.company = snapshot?.company ?? null;
    this.hasToken = snapshot?.hasToken ?? false;
    makeAutoObservable(this);
  }

  /** SPEC §4: a user counts as authenticated when user info is present. */
  get isAuthenticated(): boolean {
    return this.user !== null;
  }

  /** A settled manufacturer or trader: the shop manager is theirs (display only; the api decides). */
  get isSeller(): boolean {
    const u = this.user;
    return !!u && u.settled === true && (u.userType === 1 || u.userType === 2);
  }

  /** A platform operator (display only; the api decides every call). */
  get isOperator(): boolean {
    return this.user?.operator === true;
  }

  /** The name to greet with in this language (the api's default nickname "用户1234" is "User 1234" in English). */
  displayNameIn(lang: string): string {
    return nicknameIn(this.displayName, lang);
  }

  get displayName(): string {
    const u = this.user;
    if (!u) return '';
    return String(u.nickname || u.nickName || u.name || u.mobile || '');
  }

  setUser(user: SessionUser | null): void {
    this.user = user;
  }

  setCompany(company: SessionCompany | null): void {
    this.company = company;
  }

  /** After a sign-in through the proxy (which set the cookies): the display parts of the session. */
  signIn(user: SessionUser, company: SessionCompany | null): void {
    this.user = user;
    this.company = company;
    this.hasToken = true;
    this.sessionExpired = false;
  }

  clear(): void {
    this.user = null;
    this.company = null;
    this.hasToken = false;
  }

  /** SPEC §4: code 210018 logs the person out. */
  expire(): void {
    this.clear();
    this.sessionExpired = true;
  }

  snapshot(): AuthSnapshot {
    return { user: this.user, company: this.company, hasToken: this.hasToken };
  }
}

/** What the display cookie and the store keep of the api's user: no more than the page shows. */
export function toSessionUser(u: { id: number; nickname: string; mobile: string; userType: number; settled: boolean; operator?: boolean }): SessionUser {
  return { id: u.id, nickname: u.nickname, mobile: maskMobile(u.mobile), userType: u.userType, settled: u.settled, operator: u.operator === true };
}

export function toSessionCompany(c: { id: number; name: string; nameEn?: string } | null | undefined): SessionCompany | null {
  return c ? { id: c.id, name: c.name, nameEn: c.nameEn ?? '' } : null;
}

/** Reads a display cookie holding JSON (possibly URI-encoded); anything malformed counts as absent. */
export function parseJsonCookie<T extends object>(raw: string | undefined): T | null {
  if (!raw) return null;
  for (const candidate of [raw, safeDecode(raw)]) {
    if (candidate === undefined) continue;
    try {
      const value: unknown = JSON.parse(candidate);
      if (value && typeof value === 'object' && !Array.isArray(value)) return value as T;
    } catch {
      // try the next form
    }
  }
  return null;
}

function safeDecode(s: string): string | undefined {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}

/** A nickname as shown in this language: the default one the api gives at sign-up ("用户" and the mobile's last 4 digits) reads "User 1234" in English. */
export function nicknameIn(nickname: string, lang: string): string {
  const m = /^用户(\d{4})$/.exec(nickname);
  return m && lang === 'en' ? `User ${m[1]}` : nickname;
}
