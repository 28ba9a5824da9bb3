// Custom requests: a buyer asks for a custom lace pattern (1 to 3 reference images, width and height in
// cm, quantity, remark) or a custom garment (fabric coding, colour, occasion, style, age range 1-100).
// The rules are those of isomorphic/domain/custom-request (SPEC §5); reference images must be files the
// same user uploaded (checked through the file module).
// Sellers' quotes (issue 17): a request reaches the settled sellers of companies with products of its kind
// on sale; each company answers once (quote or decline), editable while the request is open; the buyer is
// told of each quote through the notification module. The rules and what "match" means are written out in
// isomorphic/domain/custom-quote.ts.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import {
  countShownRequests, countUserRequests, findQuote, findShownRequest, insertRequest, quotesOn, setRequestStatus, shownRequestsPage, upsertQuote,
  userRequests, countQuoted, type CustomQuoteRow, type CustomRequestRow, type ShownTo,
} from './custom.queries';
import type { Page } from '../../../isomorphic/contracts/common';
import type { CustomGarmentRequest, CustomPatternRequest, CustomRequest } from '../../../isomorphic/contracts/catalogue';
import { Codes } from '../../../isomorphic/domain/codes';
import { checkCustomGarment, checkCustomPattern, CustomStatus, type CustomKind } from '../../../isomorphic/domain/custom-request';
import type { CustomQuote, CustomQuoteBody, SellerCustomRequest } from '../../../isomorphic/contracts/custom-quote';

import { checkQuote, customKindOfProductKind, customQuoteCodeMessages, CustomQuoteLimits, isOpenForQuotes, quotesOpenUntil, QuoteStatus } from '../../../isomorphic/domain/custom-quote';
import { ApiError } from '../../http/errors';
import { onSaleKindsOf } from '../catalogue/catalogue.joins';
import { companyNames } from '../company/company.service';
import { notify } from '../notification/notification.service';
import type { StorageDriver } from '../file/storage';
import { filesOwnedBy } from '../file/upload.service';
import { CustomQuoteCodes } from '../../../isomorphic/domain/custom-quote-codes';

export interface CustomDeps { db: Kysely<Database>; storage: StorageDriver }

const broken = (code: number) => new ApiError(code, 400);

async function checkImages(db: Kysely<Database>, userId: number, images: string[]): Promise<string[]> {
  const unique = [...new Set(images)];
  if (unique.length !== images.length) throw broken(Codes.CUSTOM_IMAGE_NOT_OWNED);
  const owned = await filesOwnedBy(db, userId, unique);
  if (unique.some((p) => !owned.has(p))) throw broken(Codes.CUSTOM_IMAGE_NOT_OWNED);
  return unique;
}

function toRequest(storage: StorageDriver, r: CustomRequestRow, quotes: CustomQuote[] = []): CustomRequest {
  const images = JSON.parse(r.images) as string[];
  return {
    id: r.id,
    kind: r.kind as CustomKind,
    status: r.status,
    imageUrls: images.map((p) => storage.url(p)),
    fields: JSON.parse(r.fields) as Record<string, string | number>,
    createdAt: new Date(r.created_at).toISOString(),
    openUntil: quotesOpenUntil(r.created_at).toISOString(),
    quotes,
  };
}

/** The quotes as the api shows them, with their companies' names. */
async function toQuotes(db: Kysely<Database>, rows: CustomQuoteRow[]): Promise<CustomQuote[]> {
  const names = await companyNames(db, [...new Set(rows.map((q) => q.company_id))]);
  return rows.map((q) => ({
    id: q.id, requestId: q.request_id, companyId: q.company_id, companyName: names.get(q.company_id)?.name ?? '', companyNameEn: names.get(q.company_id)?.nameEn ?? '',
    status: q.status, price: q.price, leadDays: q.lead_days, note: q.note, updatedAt: new Date(q.updated_at).toISOString(),
  }));
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
  const quotes = await toQuotes(deps.db, await quotesOn(deps.db, rows.map((r) => r.id)));
  return { list: rows.map((r) => toRequest(deps.storage, r, quotes.filter((x) => x.requestId === r.id))), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

// ---- sellers ----

/** Who a shop-manager call acts for (the guard admitted a settled seller of an active company). */
export interface QuotingSeller { userId: number; companyId: number }

const DAY = 24 * 60 * 60 * 1000;

async function shownTo(db: Kysely<Database>, s: QuotingSeller, now: Date): Promise<ShownTo> {
  const kinds = (await onSaleKindsOf(db, s.companyId).execute()).map((r) => customKindOfProductKind[r.kind]).filter((k) => k !== undefined);
  return { companyId: s.companyId, userId: s.userId, kinds, openSince: new Date(now.getTime() - CustomQuoteLimits.openDays * DAY).toISOString() };
}

async function toSellerRequests(deps: CustomDeps, s: QuotingSeller, rows: CustomRequestRow[], now: Date): Promise<SellerCustomRequest[]> {
  const mine = await toQuotes(deps.db, await quotesOn(deps.db, rows.map((r) => r.id), s.companyId));
  return rows.map((r) => {
    const { id, kind, imageUrls, fields, createdAt, openUntil } = toRequest(deps.storage, r);
    return { id, kind, imageUrls, fields, createdAt, openUntil, open: isOpenForQuotes(r.created_at, now), myQuote: mine.find((q) => q.requestId === r.id) ?? null };
  });
}

/** The custom requests shown to this seller's company, newest first. */
export async function listSellerRequests(deps: CustomDeps, s: QuotingSeller, q: { pageNum: number; pageSize: number }, now = new Date()): Promise<Page<SellerCustomRequest>> {
  const shown = await shownTo(deps.db, s, now);
  const [rows, total] = await Promise.all([
    shownRequestsPage(deps.db, shown, (q.pageNum - 1) * q.pageSize, q.pageSize),
    countShownRequests(deps.db, shown),
  ]);
  return { list: await toSellerRequests(deps, s, rows, now), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

/** A quote's refusal, with its message from custom-quote-codes.ts (not in the shared table: see codes.ts). */
const quoteError = (code: number, status = 400) => new ApiError(code, status, customQuoteCodeMessages[code]);
const notShown = () => quoteError(CustomQuoteCodes.CUSTOM_REQUEST_NOT_SHOWN, 404);

/** One request shown to this seller (404 with 400150 for any other id). */
export async function getSellerRequest(deps: CustomDeps, s: QuotingSeller, id: number, now = new Date()): Promise<SellerCustomRequest> {
  const row = await findShownRequest(deps.db, await shownTo(deps.db, s, now), id);
  if (!row) throw notShown();
  return (await toSellerRequests(deps, s, [row], now))[0];
}

/**
 * The company's answer to a request shown to it and still open: a quote or a decline, written over its
 * earlier answer. The request's status follows (quoted while any company's quote stands) and the buyer
 * is told of a quote, all in one transaction.
 */
export async function saveQuote(deps: CustomDeps, s: QuotingSeller, body: CustomQuoteBody, now = new Date()): Promise<SellerCustomRequest> {
  const note = (body.note ?? '').trim();
  const input = { decline: body.decline, price: body.price ?? null, leadDays: body.leadDays ?? null, note };
  const code = checkQuote(input);
  const row = await findShownRequest(deps.db, await shownTo(deps.db, s, now), body.requestId);
  if (!row) throw notShown();
  if (!isOpenForQuotes(row.created_at, now)) throw quoteError(CustomQuoteCodes.CUSTOM_QUOTE_CLOSED);
  if (code !== null) throw quoteError(code);
  const at = now.toISOString();
  await deps.db.transaction().execute(async (trx) => {
    const before = await findQuote(trx, row.id, s.companyId);
    const status = input.decline ? QuoteStatus.DECLINED : QuoteStatus.QUOTED;
    const saved = await upsertQuote(trx, {
      request_id: row.id, company_id: s.companyId, user_id: s.userId, status, price: input.decline ? null : input.price, lead_days: input.decline ? null : input.leadDays,
      note, created_at: at, updated_at: at,
    });
    const quoted = (await countQuoted(trx, row.id, QuoteStatus.QUOTED)) > 0 ? CustomStatus.QUOTED : CustomStatus.SUBMITTED;
    if (row.status !== CustomStatus.CLOSED && row.status !== quoted) await setRequestStatus(trx, row.id, quoted, at);
    const changed = !before || before.status !== saved.status || before.price !== saved.price || before.lead_days !== saved.lead_days || before.note !== saved.note;
    if (saved.status === QuoteStatus.QUOTED && changed) {
      const company = (await companyNames(trx, [s.companyId])).get(s.companyId);
      await notify(trx, [row.user_id], {
        kind: 'customQuote',
        params: { company: company?.name ?? '', companyEn: company?.nameEn ?? '', price: saved.price ?? 0, leadDays: saved.lead_days ?? 0, kind: row.kind, updated: before?.status === QuoteStatus.QUOTED ? 1 : 0 },
        link: '/home/person/customRequests',
      }, now);
    }
  });
  return getSellerRequest(deps, s, row.id, now);
}
