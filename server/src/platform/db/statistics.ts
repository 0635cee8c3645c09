import { sql } from 'kysely';
import type { AnyDb } from '../tenancy/tenant-db.ts';

/**
 * Refreshes the planner's statistics of every table. The embedded database runs no autovacuum, so
 * without this its plans rest on guesses (a never-analysed table counts as 10 pages of rows); on
 * PostgreSQL it spares the wait for autovacuum after a bulk write. Call it after writing many rows
 * (migrations, the seed, bulk builders), never per request.
 */
export async function refreshStatistics(db: AnyDb): Promise<void> {
  await sql`analyze`.execute(db);
}
