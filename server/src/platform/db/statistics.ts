import { sql } from 'kysely';
import type { AnyDb } from '../tenancy/tenant-db.ts';

/**
 * Refreshes the planner's statistics of every table. Call it after writing many rows (migrations,
 * the seed, bulk builders), never per request, and outside a transaction.
 *
 * Where no autovacuum runs (the embedded database), it also vacuums: without it, plans rest on
 * guesses (a never-analysed table counts as 10 pages of rows) and, with no visibility map, an
 * index-only scan (a deep page's keys, a bounded count) still reads every row it skips from the
 * table. On PostgreSQL the analyze spares the wait for autovacuum after a bulk write.
 */
export async function refreshStatistics(db: AnyDb): Promise<void> {
  const { rows } = await sql<{ running: boolean }>`
    select exists (select 1 from pg_stat_activity where backend_type = 'autovacuum launcher') as running`.execute(db);
  await (rows[0]?.running ? sql`analyze` : sql`vacuum (analyze)`).execute(db);
}
