import { type RawBuilder, sql } from 'kysely';
import type { QueryFilter } from '../../platform/crud/resource.ts';

/** The ids of a node of a tree table (device, material type) and of every node below it, as a subquery. */
export function subtreeIds(tree: 'wh_device' | 'wh_material_type', tenantId: string, id: string): RawBuilder<unknown> {
  const table = sql.table(tree);
  return sql`(with recursive sub as (
      select id from ${table} where id = ${id} and tenant_id = ${tenantId} and is_deleted = 0
      union
      select t.id from ${table} t join sub on t.parent_id = sub.id where t.is_deleted = 0)
    select id from sub)`;
}

/**
 * A list parameter naming a node of a tree table (device, material type): rows whose `column` is
 * that node or any node below it.
 */
export function subtreeFilter(tree: 'wh_device' | 'wh_material_type', column: string): QueryFilter {
  return {
    kind: 'id',
    where: (eb, value, caller) => eb(sql.ref(column), 'in', subtreeIds(tree, caller.tenantId, value)),
  };
}
