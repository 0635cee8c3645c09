import { type Migration, Migrator } from 'kysely/migration';
import type { AnyDb } from '../tenancy/tenant-db.ts';
import { ensureAppRole } from './rls.ts';
import { refreshStatistics } from './statistics.ts';

/**
 * Applies the migrations not yet applied, in order, then (re)grants the app role on every table and,
 * when a migration ran, refreshes the planner's statistics (new tables and indexes, backfills).
 */
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
  if (results.length) await refreshStatistics(db);
  return results.map((r) => r.migrationName);
}
