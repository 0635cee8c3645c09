import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { QueryFilter } from '../../platform/crud/resource.ts';

/**
 * `column` is a node of a tree table (device, material type) or a node below it. The subtree's ids
 * are read first, into an array (an init plan), and matched with `= any(...)`: the planner then
 * estimates a few ids, as a subtree usually is, and reads the column's index, where a semi-join
 * with the recursive query was estimated at half the table and read all of it (the refuels of one
 * cabinet: 26 ms -> 0.3 ms at 60k refuels).
 */
export function inSubtree(
  tree: 'wh_device' | 'wh_material_type',
  tenantId: string,
  id: string,
  column: string,
): RawBuilder<SqlBool> {
  const table = sql.table(tree);
  return sql<SqlBool>`${sql.ref(column)} = any(array(
    with recursive sub as (
      select id from ${table} where id = ${id} and tenant_id = ${tenantId} and is_deleted = 0
      union
      select t.id from ${table} t join sub on t.parent_id = sub.id where t.is_deleted = 0)
    select id from sub))`;
}

/**
 * A list parameter naming a node of a tree table (device, material type): rows whose `column` is
 * that node or any node below it.
 */
export function subtreeFilter(tree: 'wh_device' | 'wh_material_type', column: string): QueryFilter {
  return { kind: 'id', where: (_eb, value, caller) => inSubtree(tree, caller.tenantId, value, column) };
}
