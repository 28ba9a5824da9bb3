// Qualifications (SPEC §3 Company aptitude): the seller keeps a list of certificates; an operator
// verifies them; a verified certificate carries the badge while today lies within its validity, so an
// expired one loses it by the calendar, with no job to run.
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import type { Certificate, CertificateForReview } from '../../../isomorphic/contracts/shop';
import type { Page } from '../../../isomorphic/contracts/common';
import { Codes } from '../../../isomorphic/domain/codes';
import { certificateBadged, charLength, checkCertificate, chinaToday, ShopLimits, VerifyStatus, type CertificateInput } from '../../../isomorphic/domain/shop';
import { PlatformLimits } from '../../../isomorphic/domain/platform';
import { ApiError } from '../../http/errors';
import type { StorageDriver } from '../file/storage';
import type { ShopOwner } from '../company/shop-owner';
import { checkImagesOwned, imageRefs, jsonList } from '../company/company-settings.service';
import { companySummaries } from '../company/company.service';
import { companyUserIds } from '../account/account.service';
import { notify } from '../notification/notification.service';
import { recordAudit } from '../platform/platform.service';
import type { ShopCertificateTable } from './shop.table';
import {
  certificatesForReview, companiesWithBadge, countCertificatesForReview, decideCertificate, deleteCertificates, findCertificate, insertCertificate, listCertificates, updateCertificate,
} from './shop.queries';

export interface ShopDeps { db: Kysely<Database>; storage: StorageDriver }
type Row = Selectable<ShopCertificateTable>;

export function toCertificate(storage: StorageDriver, r: Row, today = chinaToday()): Certificate {
  const c = { verifyStatus: r.verify_status, validFrom: r.valid_from, validTo: r.valid_to };
  return {
    id: r.id,
    type: r.type,
    name: r.name,
    number: r.number,
    issuer: r.issuer,
    validFrom: r.valid_from,
    validTo: r.valid_to,
    images: imageRefs(storage, jsonList(r.images)),
    verifyStatus: r.verify_status,
    verifyNote: r.verify_note,
    badged: certificateBadged(c, today),
    expired: r.valid_to !== null && r.valid_to < today,
  };
}

export async function ownCertificates({ db, storage }: ShopDeps, owner: ShopOwner): Promise<Certificate[]> {
  const today = chinaToday();
  return (await listCertificates(db, owner.companyId)).map((r) => toCertificate(storage, r, today));
}

/** The certificates a shop page shows: verified and valid today. */
export async function badgedCertificates({ db, storage }: ShopDeps, companyId: number): Promise<Certificate[]> {
  const today = chinaToday();
  return (await listCertificates(db, companyId)).map((r) => toCertificate(storage, r, today)).filter((c) => c.badged);
}

/** Which of these companies carry the badge today (product cards, shop lists). */
export function verifiedCompanies(db: Kysely<Database>, companyIds: number[]): Promise<Set<number>> {
  return companiesWithBadge(db, [...new Set(companyIds)], chinaToday());
}

const clean = (c: CertificateInput) => ({
  type: c.type, name: (c.name ?? '').trim(), number: c.number.trim(), issuer: c.issuer.trim(), valid_from: c.validFrom, valid_to: c.validTo, images: JSON.stringify(c.images),
});

/**
 * /companyAptitude/saveCompanyAptitude: the seller's whole list. Entries with an id change that
 * certificate (which must be this company's), entries without one are added, certificates left out are
 * removed; all in one transaction. A changed certificate goes back to awaiting verification.
 */
export async function saveCertificates(deps: ShopDeps, owner: ShopOwner, list: CertificateInput[], now = new Date()): Promise<Certificate[]> {
  const { db } = deps;
  if (list.length > ShopLimits.certificatesMax) throw new ApiError(Codes.CERTIFICATE_LIMIT, 400);
  for (const c of list) {
    const broken = checkCertificate(c);
    if (broken !== null) throw new ApiError(broken, 400);
  }
  const existing = await listCertificates(db, owner.companyId);
  const byId = new Map(existing.map((r) => [r.id, r]));
  const ids = list.filter((c) => c.id !== undefined).map((c) => c.id as number);
  if (ids.some((id) => !byId.has(id)) || new Set(ids).size !== ids.length) throw new ApiError(Codes.CERTIFICATE_NOT_FOUND, 404);
  await checkImagesOwned(db, owner.userId, list.flatMap((c) => c.images), existing.flatMap((r) => jsonList(r.images)));
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await deleteCertificates(trx, owner.companyId, existing.filter((r) => !ids.includes(r.id)).map((r) => r.id));
    for (const c of list) {
      const fields = clean(c);
      if (c.id === undefined) {
        await insertCertificate(trx, { company_id: owner.companyId, ...fields, verify_status: VerifyStatus.PENDING, verify_note: '', verified_by: null, verified_at: null, created_at: at, updated_at: at });
        continue;
      }
      const old = byId.get(c.id) as Row;
      const changed = (Object.keys(fields) as Array<keyof typeof fields>).some((k) => fields[k] !== old[k]);
      if (!changed) continue;
      await updateCertificate(trx, owner.companyId, c.id, { ...fields, verify_status: VerifyStatus.PENDING, verify_note: '', verified_by: null, verified_at: null, updated_at: at });
    }
  });
  return ownCertificates(deps, owner);
}

/** The operator's desk: certificates with their company's name. */
export async function certificatesToReview(deps: ShopDeps, q: { status?: number; pageNum: number; pageSize: number }): Promise<Page<CertificateForReview>> {
  const [rows, total] = await Promise.all([
    certificatesForReview(deps.db, q.status, (q.pageNum - 1) * q.pageSize, q.pageSize),
    countCertificatesForReview(deps.db, q.status),
  ]);
  const companies = await companySummaries(deps, [...new Set(rows.map((r) => r.company_id))]);
  const today = chinaToday();
  return {
    list: rows.map((r) => ({ ...toCertificate(deps.storage, r, today), companyId: r.company_id, companyName: companies.get(r.company_id)?.name ?? '', updatedAt: r.updated_at })),
    total, pageNum: q.pageNum, pageSize: q.pageSize,
  };
}

const snapshot = (r: Row) => ({ verifyStatus: r.verify_status, verifyNote: r.verify_note, verifiedBy: r.verified_by, verifiedAt: r.verified_at, type: r.type, number: r.number, validTo: r.valid_to });

/**
 * An operator verifies a certificate (it then carries the badge while valid) or refuses it with a reason.
 * The decision applies to the version the operator saw (`updatedAt`); with it, in one transaction, go the
 * audit entry (before and after) and a message to the company's users.
 */
export async function verifyCertificate(deps: ShopDeps, operatorId: number, input: { id: number; verified: boolean; updatedAt: string; note?: string }, now = new Date()): Promise<CertificateForReview> {
  const note = (input.note ?? '').trim();
  if (!input.verified && (charLength(note) < PlatformLimits.reason.min || charLength(note) > PlatformLimits.reason.max)) throw new ApiError(Codes.PLATFORM_REASON_REQUIRED, 400);
  const row = await findCertificate(deps.db, input.id);
  if (!row) throw new ApiError(Codes.CERTIFICATE_NOT_FOUND, 404);
  if (row.updated_at !== input.updatedAt) throw new ApiError(Codes.CERTIFICATE_CHANGED, 409);
  const at = now.toISOString();
  const fresh = await deps.db.transaction().execute(async (trx) => {
    const set = { verify_status: input.verified ? VerifyStatus.VERIFIED : VerifyStatus.REJECTED, verify_note: input.verified ? '' : note, verified_by: operatorId, verified_at: at };
    // the seller may have saved between the read and this write: only the version seen is decided
    if (!(await decideCertificate(trx, row.id, row.updated_at, set))) throw new ApiError(Codes.CERTIFICATE_CHANGED, 409);
    const after = { ...row, ...set };
    await recordAudit(trx, {
      operatorId, action: input.verified ? 'certificate.verify' : 'certificate.reject', targetType: 'certificate', targetId: row.id,
      before: snapshot(row), after: snapshot(after), note, now,
    });
    await notify(trx, await companyUserIds(trx, row.company_id), input.verified
      ? { kind: 'certificateVerified', params: { type: row.type, number: row.number }, link: '/home/shopManage/aptitude' }
      : { kind: 'certificateRejected', params: { type: row.type, number: row.number, reason: note }, link: '/home/shopManage/aptitude' }, now);
    return after;
  });
  const companies = await companySummaries(deps, [row.company_id]);
  return { ...toCertificate(deps.storage, fresh), companyId: row.company_id, companyName: companies.get(row.company_id)?.name ?? '', updatedAt: fresh.updated_at };
}
