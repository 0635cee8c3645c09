import { type RawBuilder, sql } from 'kysely';
import type { AnyDb, AnyTrx } from '../tenancy/tenant-db.ts';

/**
 * The rows of a query, fetched as one JSON text and parsed here: one field to read instead of one
 * per column and row. Through PGlite's own parser that was two thirds of reading the 232 menus (2.9
 * ms a read → 1.1 ms as one JSON value; issue 17's menu lines; pglite-driver.ts now reads answers
 * as pg does). For lists of a few hundred small rows read whole (trees, menus); pages of a list
 * stay ordinary queries.
 *
 * The query's bigint columns must be cast to text (as JSON numbers they would lose their last
 * digits) and it must have no timestamps (they would come as text, not dates). `orderBy` names the
 * query's own output columns, as `t.<column>`: the rows come in that order.
 */
export async function jsonRows<T>(db: AnyDb | AnyTrx, query: RawBuilder<unknown>, orderBy: RawBuilder<unknown>) {
  const { rows } = await sql<{ json: string }>`
    select coalesce(json_agg(t order by ${orderBy}), '[]')::text as json from (${query}) t`.execute(db);
  return JSON.parse(rows[0]!.json) as T[];
}
