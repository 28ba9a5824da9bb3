// Guests' visitor ids for the photo-search quota: the api hands them out signed (HMAC-SHA256 under
// API_VISITOR_SECRET), so a guest cannot pick a fresh id for each search; dropping the id only gets a new
// one, and the per-address daily cap (IMAGE_SEARCH_PER_IP_PER_DAY) bounds that.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const SIGNED = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})$/;

/** The configured key, or (no key configured) one generated once and kept in the data directory. */
export function visitorSecret(configured: string, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'visitor-secret');
  try {
    const kept = fs.readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  } catch {
    // none yet
  }
  const fresh = crypto.randomBytes(32).toString('base64url');
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    // wx: two processes starting at once keep the first one's key
    fs.writeFileSync(file, fresh, { mode: 0o600, flag: 'wx' });
    return fresh;
  } catch {
    return fs.readFileSync(file, 'utf8').trim();
  }
}

const sign = (secret: string, id: string) => crypto.createHmac('sha256', secret).update(`visitor:${id}`).digest().subarray(0, 16).toString('base64url');

/** A new signed visitor id: 22 random characters, a dot, 22 characters of signature. */
export function mintVisitorId(secret: string): string {
  const id = crypto.randomBytes(16).toString('base64url');
  return `${id}.${sign(secret, id)}`;
}

/** The id when it carries our signature, else null. */
export function verifiedVisitorId(secret: string, value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const m = SIGNED.exec(value);
  if (!m) return null;
  const expected = Buffer.from(sign(secret, m[1]));
  const given = Buffer.from(m[2]);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? value : null;
}
