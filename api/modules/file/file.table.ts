// Tables of the file module: every stored object, so the api knows its real type and size, and upload directories handed out by /file/token. Collected into Database by api/db/schema.ts.
import type { Generated } from 'kysely';

export interface StoredFileTable {
  id: Generated<number>;
  path: string;
  content_type: string;
  size: number;
  width: number | null;
  height: number | null;
  owner_user_id: number | null;
  created_at: string;
}

/** An upload directory handed to one user by /file/token. */
export interface UploadGrantTable { id: Generated<number>; dir: string; user_id: number; file_type: string; created_at: string; expires_at: string }

export interface FileTables {
  stored_file: StoredFileTable;
  upload_grant: UploadGrantTable;
}
