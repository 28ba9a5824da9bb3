// Tables of the account module: users, their sessions and failed sign-ins. Collected into Database by api/db/schema.ts.
import type { Generated } from 'kysely';

export interface UserTable {
  id: Generated<number>;
  mobile: string;
  password_hash: string;
  user_type: number;
  nickname: string;
  real_name: string;
  email: string;
  avatar_path: string;
  company_id: number | null;
  settled: number;
  role: Generated<string>;    // UserRole: member | operator
  created_at: string;
  updated_at: string;
}

export interface SessionTable { token_hash: string; user_id: number; expires_at: string; created_at: string }

export interface LoginFailureTable { mobile: string; failures: number; window_start: string }

export interface AccountTables {
  app_user: UserTable;
  user_session: SessionTable;
  login_failure: LoginFailureTable;
}
