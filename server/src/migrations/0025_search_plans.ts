import type { Kysely } from 'kysely';
import { createContainingFunction, createContainsSearch, createValuesSearch } from '../platform/db/contains-search.ts';

/**
 * Searches that read less (issue 17's list bench):
 *
 * - The number searches' functions (0018) are planned for each pattern: a part that most numbers share
 *   (`RF2`) read every match from the trigram index before the function's limit applied.
 * - An attachment's name is searched through a trigram index like the numbers: a part of a name read
 *   every attachment of the tenant twice (the page, then its count), under the tenant policy, which
 *   keeps the planner from any index for `ilike`.
 * - The log screens' paths (api, error, usual) and the login log's accounts are searched through their
 *   distinct values: a part that one row in twenty holds made the bounded count read twenty rows for
 *   each it counted.
 *
 * See platform/db/contains-search.ts.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and untyped
export async function up(db: Kysely<any>): Promise<void> {
  await createContainingFunction(db, 'wh_refuel', 'refuel_no');
  await createContainingFunction(db, 'wh_delivery', 'delivery_no');
  await createContainsSearch(db, 'blade_attach', 'original_name');
  for (const table of ['blade_log_api', 'blade_log_error', 'blade_log_usual']) {
    await createValuesSearch(db, table, 'request_uri');
  }
  await createValuesSearch(db, 'blade_log_login', 'account');
}
