import { sql } from 'kysely';
import type { Caller } from '../../../platform/tenancy/context.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';

export const DATA_SCOPE = 1;
export const API_SCOPE = 2;

/** Rows of blade_scope_data / blade_scope_api granted to the caller's live roles (blade_role_scope). */
export async function grantedScopes<T extends object>(
  trx: AnyTrx,
  caller: Caller,
  category: typeof DATA_SCOPE | typeof API_SCOPE,
  resourceCode?: string,
): Promise<T[]> {
  if (caller.roleIds.length === 0) return [];
  const table = sql.table(category === DATA_SCOPE ? 'blade_scope_data' : 'blade_scope_api');
  const columns =
    category === DATA_SCOPE
      ? sql`s.scope_type as "scopeType", s.scope_column as "scopeColumn", s.scope_value as "scopeValue"`
      : sql`s.scope_path as "scopePath"`;
  const { rows } = await sql<T>`
    select ${columns} from blade_role_scope rs
    join blade_role r on r.id = rs.role_id and r.is_deleted = 0 and r.tenant_id = ${caller.tenantId}
    join ${table} s on s.id = rs.scope_id and s.is_deleted = 0
    where rs.scope_category = ${category} and rs.role_id in (${sql.join(caller.roleIds)})
      ${resourceCode === undefined ? sql`` : sql`and s.resource_code = ${resourceCode}`}`.execute(trx);
  return rows;
}
