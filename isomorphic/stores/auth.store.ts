// Who is visiting, restored from the `user`, `company` and `x-token` cookies (SPEC §3/§4). The token
// itself never enters the store: pages only learn whether one is present, the proxy injects it.
import { makeAutoObservable } from 'mobx';

export interface SessionUser { id?: number; nickName?: string; name?: string; mobile?: string; userType?: number; [key: string]: unknown }
export interface SessionCompany { id?: number; name?: string; [key: string]: unknown }

export interface AuthSnapshot { user: SessionUser | null; company: SessionCompany | null; hasToken: boolean }

export class AuthStore {
  user: SessionUser | null = null;
  company: SessionCompany | null = null;
  hasToken = false;

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

  get displayName(): string {
    const u = this.user;
    if (!u) return '';
    return String(u.nickName || u.name || u.mobile || '');
  }

  setUser(user: SessionUser | null): void {
    this.user = user;
  }

  setCompany(company: SessionCompany | null): void {
    this.company = company;
  }

  clear(): void {
    this.user = null;
    this.company = null;
    this.hasToken = false;
  }

  snapshot(): AuthSnapshot {
    return { user: this.user, company: this.company, hasToken: this.hasToken };
  }
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
