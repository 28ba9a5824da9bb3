// Migrations in order; the same steps run on SQLite and PostgreSQL. Add new ones at the end.
import type { MigrationStep } from './helpers';
import { catalogue } from './2026112201-catalogue';

export const migrations: MigrationStep[] = [catalogue];
