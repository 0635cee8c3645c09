import { sql } from 'kysely';
import type { Caller } from '../../../platform/tenancy/context.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import { inPackage } from './grantable.ts';

/**
 * The menu and button codes granted to the caller's live roles, limited to the menus of the
 * tenant's package (the platform tenant, and a tenant without a package, have no such limit); a
 * package's buttons are those under the menus it holds.
 */
export async function grantedCodes(trx: AnyTrx, caller: Caller): Promise<Set<string>> {
  if (caller.roleIds.length === 0) return new Set();
  const { rows } = await sql<{ code: string }>`
    select distinct m.code from blade_role_menu rm
    join blade_role r on r.id = rm.role_id and r.is_deleted = 0 and r.tenant_id = ${caller.tenantId}
    join blade_menu m on m.id = rm.menu_id and m.is_deleted = 0
    where rm.role_id in (${sql.join(caller.roleIds)}) and ${inPackage(caller.tenantId, sql.ref('m.id'))}`.execute(trx);
  return new Set(rows.map((r) => r.code));
}
