// Passwords arrive AES-ECB/PKCS7 encrypted (base64, as crypto-js produces) under the fixed key shared with
// the page; they are decrypted here and stored only as scrypt hashes.
import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { Codes } from '../../../isomorphic/domain/codes';
import { ApiError } from '../../http/errors';

const scrypt = promisify(crypto.scrypt) as (pw: string, salt: Buffer, len: number, opts: crypto.ScryptOptions) => Promise<Buffer>;
// r = 8, p = 1 with N = 2^cost; scrypt needs 128·N·r bytes, so maxmem leaves room for N up to 2^20.
const SCRYPT = { r: 8, p: 1, maxmem: 1100 * 1024 * 1024 };
const KEYLEN = 32;
/** The default cost (log2 N): 2^17 as OWASP's password storage guidance gives for scrypt. PASSWORD_HASH_COST sets it. */
export const DEFAULT_HASH_COST = 17;

export function decryptPassword(encrypted: string, key: string): string {
  const keyBytes = Buffer.from(key, 'utf8');
  try {
    const decipher = crypto.createDecipheriv(`aes-${keyBytes.length * 8}-ecb`, keyBytes, null);
    const clear = Buffer.concat([decipher.update(Buffer.from(encrypted, 'base64')), decipher.final()]).toString('utf8');
    if (!clear) throw new Error('empty');
    return clear;
  } catch {
    throw new ApiError(Codes.PASSWORD_UNREADABLE, 400);
  }
}

/** The page side of the same scheme (used by tests and tools; the page uses crypto-js). */
export function encryptPassword(clear: string, key: string): string {
  const keyBytes = Buffer.from(key, 'utf8');
  const cipher = crypto.createCipheriv(`aes-${keyBytes.length * 8}-ecb`, keyBytes, null);
  return Buffer.concat([cipher.update(clear, 'utf8'), cipher.final()]).toString('base64');
}

export async function hashPassword(clear: string, cost = DEFAULT_HASH_COST): Promise<string> {
  const salt = crypto.randomBytes(16);
  const N = 2 ** cost;
  const hash = await scrypt(clear, salt, KEYLEN, { N, r: SCRYPT.r, p: SCRYPT.p, maxmem: SCRYPT.maxmem });
  return `scrypt$${N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** True when a stored hash was made at a lower cost than `cost` (or with other parameters): hash it again at sign-in. */
export function needsRehash(stored: string, cost = DEFAULT_HASH_COST): boolean {
  const [scheme, n, r, p] = stored.split('$');
  return scheme !== 'scrypt' || Number(n) < 2 ** cost || Number(r) !== SCRYPT.r || Number(p) !== SCRYPT.p;
}

export async function verifyPassword(clear: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt') return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scrypt(clear, Buffer.from(salt, 'base64'), expected.length, { N: Number(n), r: Number(r), p: Number(p), maxmem: SCRYPT.maxmem });
  return crypto.timingSafeEqual(expected, actual);
}
