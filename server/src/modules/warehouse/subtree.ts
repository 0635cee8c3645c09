import { sql } from 'kysely';
import type { QueryFilter } from '../../platform/crud/resource.ts';
import { badRequest } from '../../platform/http/errors.ts';

/**
 * A list parameter naming a node of a tree table (device, material type): rows whose `column` is
 * that node or any node below it.
 */
export function subtreeFilter(param: string, tree: 'wh_device' | 'wh_material_type', column: string): QueryFilter {
  return (eb, value, caller) => {
    if (!/^\d{1,19}$/.test(value)) throw badRequest('error.validation.field', { field: param, problem: value });
    const table = sql.table(tree);
    return eb(
      sql.ref(column),
      'in',
      sql`(with recursive sub as (
            select id from ${table} where id = ${value} and tenant_id = ${caller.tenantId} and is_deleted = 0
            union
            select t.id from ${table} t join sub on t.parent_id = sub.id where t.is_deleted = 0)
          select id from sub)`,
    );
  };
}
