// Rows of platform_audit (owned by the platform module).
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { PlatformAuditTable } from './platform.table';

export async function insertAudit(db: Kysely<Database>, row: Insertable<PlatformAuditTable>): Promise<void> {
  await db.insertInto('platform_audit').values(row).execute();
}

export interface AuditFilter { action?: string; targetType?: string; targetId?: number; operatorId?: number; from?: string; to?: string }

export function auditEntries(db: Kysely<Database>, f: AuditFilter, offset: number, limit: number) {
  let q = db.selectFrom('platform_audit').selectAll();
  if (f.action) q = q.where('action', '=', f.action);
  if (f.targetType) q = q.where('target_type', '=', f.targetType);
  if (f.targetId !== undefined) q = q.where('target_id', '=', f.targetId);
  if (f.operatorId !== undefined) q = q.where('operator_id', '=', f.operatorId);
  if (f.from) q = q.where('created_at', '>=', f.from);
  if (f.to) q = q.where('created_at', '<', f.to);
  return {
    rows: () => q.orderBy('id', 'desc').offset(offset).limit(limit).execute(),
    count: async () => Number((await q.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
  };
}
