import { type Migration, Migrator } from 'kysely/migration';
import type { AnyDb } from '../tenancy/tenant-db.ts';
import { ensureAppRole } from './rls.ts';

/** Applies the migrations not yet applied, in order, then (re)grants the app role on every table. */
export async function migrate(db: AnyDb, migrations: Record<string, Migration>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: 'kysely_migration',
    migrationLockTableName: 'kysely_migration_lock',
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
  await ensureAppRole(db);
  return results.map((r) => r.migrationName);
}
