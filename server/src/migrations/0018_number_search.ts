import { type Kysely, sql } from 'kysely';

/**
 * Part of a document number finds it at once (issue 17). The refuel and delivery lists search their
 * numbers by `ilike '%…%'`, which no b-tree can serve: at 60k refuels each search read them all
 * (176 ms at ten clients). A trigram index (pg_trgm, in PostgreSQL's contrib and PGlite's) serves
 * any part of three characters or more.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and untyped
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index wh_refuel_no_search on wh_refuel using gin (refuel_no gin_trgm_ops)`.execute(db);
  await sql`create index wh_delivery_no_search on wh_delivery using gin (delivery_no gin_trgm_ops)`.execute(db);
}
