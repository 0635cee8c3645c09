import { sql } from 'kysely';
import { type Caller, PLATFORM_TENANT_ID } from '../../../platform/tenancy/context.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';

/**
 * The menu and button codes granted to the caller's live roles, limited to the menus of the
 * tenant's package (the platform tenant, and a tenant without a package, have no such limit).
 */
export async function grantedCodes(trx: AnyTrx, caller: Caller): Promise<Set<string>> {
  if (caller.roleIds.length === 0) return new Set();
  const { rows } = await sql<{ code: string }>`
    select distinct m.code from blade_role_menu rm
    join blade_role r on r.id = rm.role_id and r.is_deleted = 0 and r.tenant_id = ${caller.tenantId}
    join blade_menu m on m.id = rm.menu_id and m.is_deleted = 0
    left join blade_tenant t on t.tenant_id = ${caller.tenantId} and t.is_deleted = 0
    left join blade_tenant_package p on p.id = t.package_id and p.is_deleted = 0
    where rm.role_id in (${sql.join(caller.roleIds)})
      and (${caller.tenantId} = ${PLATFORM_TENANT_ID} or p.id is null
           or m.id::text = any(string_to_array(p.menu_id, ',')))`.execute(trx);
  return new Set(rows.map((r) => r.code));
}
