// Tables of the notification module.
import type { Generated } from 'kysely';

export interface NotificationTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  params: string;               // JSON object
  link: Generated<string>;
  read_at: string | null;
  delivered_at: string | null;  // sent beyond the site by the delivery driver
  created_at: string;
}

export interface NotificationTables { notification: NotificationTable }
