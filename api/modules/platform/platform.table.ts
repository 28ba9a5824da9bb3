// Tables of the platform module.
import type { Generated } from 'kysely';

/** One operator action: who, when, what, and the record before and after (JSON text). */
export interface PlatformAuditTable {
  id: Generated<number>;
  operator_id: number;
  action: string;
  target_type: string;
  target_id: number;
  before: string;
  after: string;
  note: Generated<string>;
  created_at: string;
}

export interface PlatformTables { platform_audit: PlatformAuditTable }
