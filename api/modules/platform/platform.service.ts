// The platform's own rules: every operator action leaves an audit entry (who, when, what, the record
// before and after) written in the action's transaction; companies are suspended and restored with a
// reason, which takes their products off sale and back (the on-sale rule needs an active company).
import type { Kysely } from 'kysely';
import { Codes } from '../../../isomorphic/domain/codes';
import { auditActionLabels, CompanyStatus, PlatformLimits } from '../../../isomorphic/domain/platform';
import type { AuditEntry, PlatformCompany } from '../../../isomorphic/contracts/settlement';
import { ApiError } from '../../http/errors';
import type { Lang } from '../../http/envelope';
import type { Database } from '../../db/schema';
import type { StorageDriver } from '../file/storage';
import { companyUserIds, userBriefs } from '../account/account.service';
import { changeCompanyStatus, findCompany, listCompaniesForPlatform } from '../company/company.service';
import { notify } from '../notification/notification.service';
import { auditEntries, insertAudit, type AuditFilter } from './platform.queries';

export interface PlatformDeps { db: Kysely<Database>; storage: StorageDriver }

export interface AuditInput { operatorId: number; action: string; targetType: string; targetId: number; before: unknown; after: unknown; note?: string; now: Date }

export async function recordAudit(trx: Kysely<Database>, a: AuditInput): Promise<void> {
  await insertAudit(trx, {
    operator_id: a.operatorId, action: a.action, target_type: a.targetType, target_id: a.targetId,
    before: JSON.stringify(a.before ?? null), after: JSON.stringify(a.after ?? null), note: a.note ?? '', created_at: a.now.toISOString(),
  });
}

export async function auditLog(deps: PlatformDeps, f: AuditFilter & { pageNum: number; pageSize: number }, lang: Lang): Promise<{ list: AuditEntry[]; total: number; pageNum: number; pageSize: number }> {
  const page = auditEntries(deps.db, f, (f.pageNum - 1) * f.pageSize, f.pageSize);
  const [rows, total] = await Promise.all([page.rows(), page.count()]);
  const users = await userBriefs(deps.db, rows.map((r) => r.operator_id));
  const list = rows.map((r) => ({
    id: r.id, operatorId: r.operator_id, operatorName: users.get(r.operator_id)?.nickname ?? '', action: r.action, actionLabel: auditActionLabels[r.action]?.[lang] ?? r.action,
    targetType: r.target_type, targetId: r.target_id, before: r.before, after: r.after, note: r.note, createdAt: r.created_at,
  }));
  return { list, total, pageNum: f.pageNum, pageSize: f.pageSize };
}

export function companies(deps: PlatformDeps, f: { status?: number; keyword?: string; pageNum: number; pageSize: number }): Promise<{ list: PlatformCompany[]; total: number }> {
  return listCompaniesForPlatform(deps, f);
}

function checkReason(reason: string): string {
  const r = reason.trim();
  if ([...r].length < PlatformLimits.reason.min || [...r].length > PlatformLimits.reason.max) throw new ApiError(Codes.PLATFORM_REASON_REQUIRED, 400);
  return r;
}

/** Suspends (active → suspended) or restores (suspended → active) a company, with its audit entry and its users' message. */
export async function setCompanySuspended(deps: PlatformDeps, operatorId: number, input: { companyId: number; suspend: boolean; reason: string }, now = new Date()): Promise<PlatformCompany> {
  const reason = checkReason(input.reason);
  const before = await findCompany(deps.db, input.companyId);
  if (!before) throw new ApiError(Codes.PLATFORM_COMPANY_NOT_FOUND, 404);
  const [from, to] = input.suspend ? [CompanyStatus.ACTIVE, CompanyStatus.SUSPENDED] : [CompanyStatus.SUSPENDED, CompanyStatus.ACTIVE];
  if (before.status !== from) throw new ApiError(Codes.PLATFORM_COMPANY_STATE, 409);
  await deps.db.transaction().execute(async (trx) => {
    if (!(await changeCompanyStatus(trx, input.companyId, from, to, input.suspend ? reason : '', now))) throw new ApiError(Codes.PLATFORM_COMPANY_STATE, 409);
    await recordAudit(trx, {
      operatorId, action: input.suspend ? 'company.suspend' : 'company.restore', targetType: 'company', targetId: input.companyId,
      before: { status: before.status, statusReason: before.status_reason }, after: { status: to, statusReason: input.suspend ? reason : '' }, note: reason, now,
    });
    await notify(trx, await companyUserIds(trx, input.companyId), input.suspend ? { kind: 'companySuspended', params: { reason } } : { kind: 'companyRestored' }, now);
  });
  const after = await findCompany(deps.db, input.companyId);
  return {
    id: after!.id, name: after!.name, nameEn: after!.name_en, kind: after!.kind, status: after!.status, statusReason: after!.status_reason,
    logoUrl: after!.logo_path ? deps.storage.url(after!.logo_path) : '', createdAt: after!.created_at,
  };
}
