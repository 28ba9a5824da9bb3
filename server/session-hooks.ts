// What the proxy does with the answers of the session calls (DESIGN "Auth"): sign-in sets the three
// cookies and strips the token from the JSON the page receives; sign-out clears them; the calls that
// return the signed-in user refresh the display cookies; 210018 on any call clears them all.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Codes } from '../isomorphic/domain/codes';
import { Limits } from '../isomorphic/domain/limits';
import type { LoginResult, SessionInfo, UserInfo } from '../isomorphic/contracts/account';
import { clearSessionCookies, setCompanyCookie, setSessionCookies, setUserCookie } from './session-cookies';

/** Session answers are small; anything bigger is not one of them and is passed on unread. */
const MAX_BODY = 256 * 1024;

interface Envelope { code: number; message: string; data: unknown }

export interface SessionHook {
  /** Returns the body to send (re-serialized when changed), or undefined to send the original bytes. */
  apply(request: FastifyRequest, reply: FastifyReply, body: Buffer, secure: boolean): string | undefined;
}

function parse(body: Buffer): Envelope | undefined {
  try {
    const value: unknown = JSON.parse(body.toString('utf8'));
    if (value && typeof value === 'object' && typeof (value as Envelope).code === 'number') return value as Envelope;
  } catch {
    // not JSON: passed on as it is
  }
  return undefined;
}

/** Clears the cookies when the answer carries 210018. Returns undefined: the body goes on unchanged. */
export function expireOn210018(reply: FastifyReply, body: Buffer, secure: boolean): undefined {
  if (parse(body)?.code === Codes.SESSION_EXPIRED) clearSessionCookies(reply, secure);
  return undefined;
}

const isUser = (u: unknown): u is UserInfo => !!u && typeof u === 'object' && typeof (u as UserInfo).id === 'number' && typeof (u as UserInfo).mobile === 'string';

const hooks: Record<string, SessionHook> = {
  '/front/user/login': {
    apply(_request, reply, body, secure) {
      const envelope = parse(body);
      const data = envelope?.data as Partial<LoginResult> | null | undefined;
      if (!envelope || envelope.code !== Codes.OK || !data || typeof data.token !== 'string' || !isUser(data.user)) return undefined;
      setSessionCookies(reply, { token: data.token, user: data.user, company: data.company ?? null }, secure);
      const { token: _token, ...rest } = data;
      return JSON.stringify({ ...envelope, data: rest });
    },
  },
  '/front/user/loginOut': {
    // The person wants out whatever the api says (an already ended token included).
    apply(_request, reply, _body, secure) {
      clearSessionCookies(reply, secure);
      return undefined;
    },
  },
  '/user/getUserInfo': {
    apply(request, reply, body, secure) {
      const envelope = parse(body);
      if (envelope?.code === Codes.SESSION_EXPIRED) return expireOn210018(reply, body, secure);
      const data = envelope?.data as Partial<SessionInfo> | undefined;
      if (envelope?.code === Codes.OK && isUser(data?.user) && request.cookies?.[Limits.tokenCookie]) {
        setUserCookie(reply, data.user, secure);
        setCompanyCookie(reply, data.company ?? null, secure);
      }
      return undefined;
    },
  },
};

/** updateUser and changeMobile answer with the user: the display cookie follows. */
const refreshUser: SessionHook = {
  apply(request, reply, body, secure) {
    const envelope = parse(body);
    if (envelope?.code === Codes.SESSION_EXPIRED) return expireOn210018(reply, body, secure);
    if (envelope?.code === Codes.OK && isUser(envelope.data) && request.cookies?.[Limits.tokenCookie]) setUserCookie(reply, envelope.data, secure);
    return undefined;
  },
};
hooks['/user/updateUser'] = refreshUser;
hooks['/user/changeMobile'] = refreshUser;

export function sessionHookFor(path: string): SessionHook | undefined {
  return Object.hasOwn(hooks, path) ? hooks[path] : undefined;
}

export async function readBody(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buf.length;
    if (size > MAX_BODY) throw new Error('session answer too large');
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}
