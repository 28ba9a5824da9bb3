import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import type { DialectName } from '../database';

export interface MigrationContext { dialect: DialectName }
export interface MigrationStep { name: string; up(db: Kysely<any>, ctx: MigrationContext): Promise<void> } // eslint-disable-line @typescript-eslint/no-explicit-any

/** An auto-numbered integer primary key in either dialect. */
export function withId<T extends string>(table: CreateTableBuilder<T, never>, ctx: MigrationContext): CreateTableBuilder<T, 'id'> {
  return ctx.dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c: ColumnDefinitionBuilder) => c.primaryKey())
    : table.addColumn('id', 'integer', (c: ColumnDefinitionBuilder) => c.primaryKey().autoIncrement());
}
