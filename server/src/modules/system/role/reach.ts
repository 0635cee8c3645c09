import { sql } from 'kysely';
import { forbidden } from '../../../platform/http/errors.ts';
import { ADMINISTRATOR_ROLE, type Caller, isPlatformAdministrator } from '../../../platform/tenancy/context.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import { TENANT_ADMIN_ROLE_ALIAS } from '../../../seed/access-seed.ts';
import { rolesBeyondCaller } from '../menu/grantable.ts';
import { roleMessages as m } from './messages.ts';

// What a caller may touch among roles, and users by their roles: the one rule behind every action on
// a role (edit, remove, grant) and on a user (edit, disable, reset, remove, unlock, roles, settings).

export interface RoleName {
  id: string;
  roleName: string;
}

/**
 * Of these roles of the caller's tenant, the ones the caller could not grant: the administrator role
 * (the platform administrator's alone), the tenant `admin` role unless the caller holds it, and any
 * role holding a menu the caller does not. The platform administrator reaches every role.
 */
export async function rolesOutOfReach(trx: AnyTrx, caller: Caller, roleIds: readonly string[]): Promise<RoleName[]> {
  const ids = [...new Set(roleIds)];
  if (ids.length === 0 || isPlatformAdministrator(caller)) return [];
  const { rows } = await sql<RoleName & { alias: string }>`
    select id, role_name as "roleName", role_alias as alias from blade_role
    where tenant_id = ${caller.tenantId} and is_deleted = 0 and id in (${sql.join(ids)}) order by sort, id`.execute(
    trx,
  );
  const beyond = new Set(await rolesBeyondCaller(trx, caller, ids));
  const holdsAdmin = caller.roleAliases.includes(TENANT_ADMIN_ROLE_ALIAS);
  return rows
    .filter(
      (r) =>
        r.alias === ADMINISTRATOR_ROLE ||
        (r.alias === TENANT_ADMIN_ROLE_ALIAS && !holdsAdmin) ||
        beyond.has(String(r.id)),
    )
    .map((r) => ({ id: String(r.id), roleName: r.roleName }));
}

/** Refuses (403, naming them) an action on roles the caller could not grant. */
export async function assertRolesWithinReach(trx: AnyTrx, caller: Caller, roleIds: readonly string[]): Promise<void> {
  const out = await rolesOutOfReach(trx, caller, roleIds);
  if (out.length) throw forbidden(m['role.beyond'], { roles: out.map((r) => r.roleName).join(', ') });
}
