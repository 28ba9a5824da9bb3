// Uploads by signed-in users. /file/token hands out a fresh directory (and, with OSS, STS credentials
// that reach only it); the browser names each file dir + "web-" + a random id without dashes + the
// original extension (SPEC §3). Local mode: the file comes to /file/upload. OSS mode: the browser uploads
// it and /file/confirm records it. Either way the api reads the real content: only png, jpeg, bmp and webp
// pictures of at most 10 MB are kept; anything else is refused and nothing of it is left behind.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { UploadedFile } from '../../../isomorphic/contracts/catalogue';
import { Codes } from '../../../isomorphic/domain/codes';
import { UploadLimits } from '../../../isomorphic/domain/custom-request';
import { ApiError } from '../../http/errors';
import { STAGING_PREFIX, type StorageDriver, type UploadCredentials } from './storage';
import { inspectImage } from './image-check';
import { deleteGrantsExpiredBefore, deleteStoredFile, findGrant, findStoredFile, insertGrant, ownedPaths, recordStoredFile, storedSizes } from './upload.queries';

export interface UploadDeps { db: Kysely<Database>; storage: StorageDriver }

/** How long a grant lets the browser upload, and how long after that an OSS upload may still be confirmed. */
export const GRANT_SECONDS = 900;
const CONFIRM_GRACE_MS = 3600_000;

const STORE_AS = /^(upload\/\d{8}\/[0-9a-f]{16}\/)web-[0-9a-f]{32}\.(png|jpe?g|bmp|webp)$/i;

const refuse = (code: number, status = 400) => new ApiError(code, status);
export const tooLarge = () => refuse(Codes.UPLOAD_TOO_LARGE, 413);

/** A new upload directory for the user: upload/<yyyymmdd>/<16 random hex>/. */
export async function issueUploadGrant({ db, storage }: UploadDeps, userId: number, fileType: string, now = new Date()): Promise<UploadCredentials> {
  if (fileType !== 'image') throw refuse(Codes.UPLOAD_TYPE_NOT_ALLOWED);
  const day = now.toISOString().slice(0, 10).replace(/-/g, '');
  const dir = `upload/${day}/${crypto.randomBytes(8).toString('hex')}/`;
  await insertGrant(db, { dir, user_id: userId, file_type: fileType, created_at: now.toISOString(), expires_at: new Date(now.getTime() + GRANT_SECONDS * 1000).toISOString() });
  return storage.uploadCredentials(dir);
}

/** Checks that storeAs is well formed and inside a directory issued to this user, still valid at `until`. */
async function checkStoreAs(db: Kysely<Database>, userId: number, storeAs: unknown, validUntil: (expiresAt: string) => boolean): Promise<string> {
  const m = typeof storeAs === 'string' ? STORE_AS.exec(storeAs) : null;
  if (!m) throw refuse(Codes.UPLOAD_GRANT_INVALID);
  const grant = await findGrant(db, m[1]);
  if (!grant || grant.user_id !== userId || !validUntil(grant.expires_at)) throw refuse(Codes.UPLOAD_GRANT_INVALID);
  return storeAs as string;
}

function uploaded(storage: StorageDriver, path: string, f: { size: number; width: number | null; height: number | null; content_type: string }): UploadedFile {
  return { storeAs: path, url: storage.url(path), size: f.size, width: f.width ?? 0, height: f.height ?? 0, contentType: f.content_type };
}

/** Local mode: checks and stores a file sent to the api. */
export async function acceptUpload({ db, storage }: UploadDeps, userId: number, storeAs: unknown, body: Buffer | null, now = new Date()): Promise<UploadedFile> {
  const path = await checkStoreAs(db, userId, storeAs, (exp) => exp > now.toISOString());
  if (!body || body.length === 0) throw refuse(Codes.UPLOAD_FILE_MISSING);
  if (body.length > UploadLimits.maxBytes) throw tooLarge();
  const image = await inspectImage(body);
  if (!image) throw refuse(Codes.UPLOAD_NOT_IMAGE);
  const row = { path, content_type: image.contentType, size: body.length, width: image.width, height: image.height, owner_user_id: userId, created_at: now.toISOString() };
  // The record first: a second upload to the same name is refused before it can overwrite the first.
  if (!(await recordStoredFile(db, row))) throw refuse(Codes.UPLOAD_ALREADY_EXISTS, 409);
  try {
    await storage.put(path, body, image.contentType);
  } catch (err) {
    await deleteStoredFile(db, path);
    throw err;
  }
  return uploaded(storage, path, row);
}

/**
 * OSS mode: checks a file the browser posted into the staging prefix and moves it to its path, recorded
 * as the user's; a bad one is deleted from the bucket. Nothing outside staging/ is written until the
 * picture is known good; staged objects never confirmed are swept (sweepStaged).
 */
export async function confirmUpload({ db, storage }: UploadDeps, userId: number, storeAs: unknown, now = new Date()): Promise<UploadedFile> {
  const path = await checkStoreAs(db, userId, storeAs, (exp) => Date.parse(exp) + CONFIRM_GRACE_MS > now.getTime());
  const known = await findStoredFile(db, path);
  if (known) {
    if (known.owner_user_id !== userId) throw refuse(Codes.UPLOAD_ALREADY_EXISTS, 409);
    return uploaded(storage, path, known); // confirming twice answers the same
  }
  const staged = `${STAGING_PREFIX}${path}`;
  const head = await storage.head(staged);
  if (!head) throw refuse(Codes.UPLOAD_NOT_FOUND, 404);
  if (head.size > UploadLimits.maxBytes) {
    await storage.remove(staged);
    throw tooLarge();
  }
  const body = await storage.get(staged);
  const image = body && body.length > 0 && body.length <= UploadLimits.maxBytes ? await inspectImage(body) : null;
  if (!body || !image) {
    await storage.remove(staged);
    throw refuse(body && body.length > UploadLimits.maxBytes ? Codes.UPLOAD_TOO_LARGE : Codes.UPLOAD_NOT_IMAGE, body && body.length > UploadLimits.maxBytes ? 413 : 400);
  }
  const row = { path, content_type: image.contentType, size: body.length, width: image.width, height: image.height, owner_user_id: userId, created_at: now.toISOString() };
  // The record first (as a local upload does): of two confirmations at once, one moves the object.
  if (!(await recordStoredFile(db, row))) {
    const again = await findStoredFile(db, path);
    if (again && again.owner_user_id === userId) return uploaded(storage, path, again);
    throw refuse(Codes.UPLOAD_ALREADY_EXISTS, 409);
  }
  try {
    await storage.put(path, body, image.contentType);
  } catch (err) {
    await deleteStoredFile(db, path);
    throw err;
  }
  await storage.remove(staged);
  return uploaded(storage, path, row);
}

/** Deletes staged browser uploads (oss) no grant can still confirm at `now`; how many, or null for none. */
export async function sweepStagedUploads(storage: StorageDriver, now: Date): Promise<Record<string, number> | null> {
  if (!storage.sweepStaged) return null;
  const staged = await storage.sweepStaged(new Date(now.getTime() - GRANT_SECONDS * 1000 - CONFIRM_GRACE_MS));
  return staged > 0 ? { staged } : null;
}

/** Which of these storage paths the user uploaded (for custom requests and other modules). */
export function filesOwnedBy(db: Kysely<Database>, userId: number, paths: string[]): Promise<Set<string>> {
  return ownedPaths(db, userId, paths);
}

/** Width and height of stored images by path (product pictures keep them). */
export function imageSizes(db: Kysely<Database>, paths: string[]): Promise<Map<string, { width: number; height: number }>> {
  return storedSizes(db, paths);
}

/** Records objects the api stored itself (the demo seed's pictures); paths already recorded stay. */
export { recordStoredFiles } from './upload.queries';

/** Deletes the upload grants past their confirmation grace at `now` (no upload or confirmation can use them); how many, or null for none. */
export async function sweepExpiredGrants(db: Kysely<Database>, now: Date): Promise<Record<string, number> | null> {
  const grants = await deleteGrantsExpiredBefore(db, new Date(now.getTime() - CONFIRM_GRACE_MS).toISOString());
  return grants > 0 ? { grants } : null;
}
