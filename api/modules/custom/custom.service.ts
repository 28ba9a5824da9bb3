// Custom requests: a buyer asks for a custom lace pattern (1 to 3 reference images, width and height in
// cm, quantity, remark) or a custom garment (fabric coding, colour, occasion, style, age range 1-100).
// The rules are those of isomorphic/domain/custom-request (SPEC §5); reference images must be files the
// same user uploaded (checked through the file module).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { countUserRequests, insertRequest, userRequests, type CustomRequestRow } from './custom.queries';
import type { Page } from '../../../isomorphic/contracts/common';
import type { CustomGarmentRequest, CustomPatternRequest, CustomRequest } from '../../../isomorphic/contracts/catalogue';
import { Codes } from '../../../isomorphic/domain/codes';
import { checkCustomGarment, checkCustomPattern, CustomStatus, type CustomKind } from '../../../isomorphic/domain/custom-request';
import { ApiError } from '../../http/errors';
import type { StorageDriver } from '../file/storage';
import { filesOwnedBy } from '../file/upload.service';

export interface CustomDeps { db: Kysely<Database>; storage: StorageDriver }

const broken = (code: number) => new ApiError(code, 400);

async function checkImages(db: Kysely<Database>, userId: number, images: string[]): Promise<string[]> {
  const unique = [...new Set(images)];
  if (unique.length !== images.length) throw broken(Codes.CUSTOM_IMAGE_NOT_OWNED);
  const owned = await filesOwnedBy(db, userId, unique);
  if (unique.some((p) => !owned.has(p))) throw broken(Codes.CUSTOM_IMAGE_NOT_OWNED);
  return unique;
}

function toRequest(storage: StorageDriver, r: CustomRequestRow): CustomRequest {
  const images = JSON.parse(r.images) as string[];
  return {
    id: r.id,
    kind: r.kind as CustomKind,
    status: r.status,
    imageUrls: images.map((p) => storage.url(p)),
    fields: JSON.parse(r.fields) as Record<string, string | number>,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

async function save(deps: CustomDeps, userId: number, kind: CustomKind, images: string[], fields: Record<string, string | number>, now: Date): Promise<CustomRequest> {
  const at = now.toISOString();
  const row = await insertRequest(deps.db, {
    user_id: userId, kind, status: CustomStatus.SUBMITTED, images: JSON.stringify(images), fields: JSON.stringify(fields), created_at: at, updated_at: at,
  });
  return toRequest(deps.storage, row);
}

export async function requestCustomPattern(deps: CustomDeps, userId: number, input: CustomPatternRequest, now = new Date()): Promise<CustomRequest> {
  const remark = (input.remark ?? '').trim();
  const code = checkCustomPattern({ ...input, remark });
  if (code !== null) throw broken(code);
  const images = await checkImages(deps.db, userId, input.images);
  return save(deps, userId, 'pattern', images, { widthCm: input.widthCm, heightCm: input.heightCm, quantity: input.quantity, remark }, now);
}

export async function requestCustomGarment(deps: CustomDeps, userId: number, input: CustomGarmentRequest, now = new Date()): Promise<CustomRequest> {
  const t = (s: string) => (s ?? '').trim();
  const clean = { ...input, fabricCoding: t(input.fabricCoding), colour: t(input.colour), occasion: t(input.occasion), style: t(input.style), remark: t(input.remark ?? '') };
  const code = checkCustomGarment(clean);
  if (code !== null) throw broken(code);
  const images = await checkImages(deps.db, userId, input.images ?? []);
  const fields: Record<string, string | number> = {
    fabricCoding: clean.fabricCoding, colour: clean.colour, occasion: clean.occasion, style: clean.style,
    ageMin: clean.ageMin, ageMax: clean.ageMax, remark: clean.remark,
  };
  if (input.quantity !== undefined && input.quantity !== null) fields.quantity = input.quantity;
  return save(deps, userId, 'garment', images, fields, now);
}

/** The buyer's own requests, newest first. */
export async function listMyRequests(deps: CustomDeps, userId: number, q: { kind?: CustomKind; pageNum: number; pageSize: number }): Promise<Page<CustomRequest>> {
  const [rows, total] = await Promise.all([
    userRequests(deps.db, userId, q.kind, (q.pageNum - 1) * q.pageSize, q.pageSize),
    countUserRequests(deps.db, userId, q.kind),
  ]);
  return { list: rows.map((r) => toRequest(deps.storage, r)), total, pageNum: q.pageNum, pageSize: q.pageSize };
}
