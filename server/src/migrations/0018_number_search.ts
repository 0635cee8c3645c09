import type { Kysely } from 'kysely';
import { createContainsSearch, createIlikeFunction } from '../platform/db/contains-search.ts';

/**
 * Part of a document number finds it at once (issue 17). The refuel and delivery lists search their
 * numbers by `ilike '%…%'`, which read every refuel, twice (the page and its count): 56 ms at 60k
 * refuels, 150–220 ms at ten clients. A trigram index serves any part of three characters or more,
 * through a search function because the tenant policy keeps the index from the requests' role
 * (platform/db/contains-search.ts). A part that many numbers share is matched by a function the planner
 * estimates fairly (`ilike_unplanned`), so the page walks the list's order.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and untyped
export async function up(db: Kysely<any>): Promise<void> {
  await createIlikeFunction(db);
  await createContainsSearch(db, 'wh_refuel', 'refuel_no');
  await createContainsSearch(db, 'wh_delivery', 'delivery_no');
}
