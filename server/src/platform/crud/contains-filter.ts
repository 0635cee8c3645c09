import { type SqlBool, sql } from 'kysely';
import { containsCondition, idsMatching } from '../db/contains-search.ts';
import { exactTotalUpTo } from '../db/paging.ts';
import { escapeLike } from '../http/query.ts';
import type { QueryFilter } from './resource.ts';

/**
 * A list parameter matching the rows whose text `column` contains its value (as the field's own
 * filter does, `ilike '%…%'`), for a large table whose column has a trigram search
 * (`createContainsSearch`, platform/db/contains-search.ts). A list's page reads the matching ids
 * from the index first: a specific number finds its few rows at once (a refuel number at 60k
 * refuels: 56 -> 1 ms). A common part (more matches than a page's exact total) is left to the
 * plain condition instead (`containsCondition`, which the planner expects to keep many rows), whose page
 * stops at its first rows in the list's order and whose count stops at the bound, where thousands
 * of ids would cost more. Exports and reports, which read every matching row anyway, use the plain
 * condition.
 */
export function containsFilter(table: string, column: string): QueryFilter {
  const pattern = (value: string) => `%${escapeLike(value)}%`;
  return {
    kind: 'text',
    // A trigram index holds parts of three characters: a shorter value would read all of it.
    prepare: async (trx, value) =>
      value.length < 3 ? undefined : idsMatching(trx, table, column, pattern(value), exactTotalUpTo()),
    where: (_eb, value, _caller, ids) =>
      Array.isArray(ids)
        ? sql<SqlBool>`${sql.ref(`${table}.id`)} = any(${`{${ids.join(',')}}`}::bigint[])`
        : containsCondition(`${table}.${column}`, value),
  };
}
