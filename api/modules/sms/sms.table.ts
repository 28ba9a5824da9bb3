// Tables of the sms module. Collected into Database by api/db/schema.ts.
import type { Generated } from 'kysely';

export interface SmsCodeTable {
  id: Generated<number>;
  mobile: string;
  purpose: string;
  code_hash: string;
  attempts: number;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface SmsTables {
  sms_code: SmsCodeTable;
}
