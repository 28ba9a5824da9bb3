import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database';
import { migrations } from './migrations/index';

/** Brings the schema up to date; safe to run on every start. */
export async function migrateToLatest({ db, dialect, schema }: Db): Promise<string[]> {
  const provider: MigrationProvider = {
    async getMigrations() {
      const all: Record<string, Migration> = {};
      for (const step of migrations) all[step.name] = { up: (k) => step.up(k, { dialect }) };
      return all;
    },
  };
  // Kysely looks for its lock table in any schema; name ours, so parallel test schemas never share one.
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
