import { sql } from 'kysely';
import { forbidden } from '../../platform/http/errors.ts';
import { ADMINISTRATOR_ROLE, type Caller, isPlatformAdministrator } from '../../platform/tenancy/context.ts';
import type { AnyTrx } from '../../platform/tenancy/tenant-db.ts';
import { rolesBeyondCaller } from '../system/menu/grantable.ts';
import { userMessages as m } from './messages.ts';

const TENANT_ADMIN = 'admin';

/**
 * Whoever hands out roles cannot hand out more than they hold: not to themselves, not the
 * administrator role (the platform administrator's alone), not the tenant `admin` role unless they
 * hold it, and no role granting a menu they do not hold.
 */
export async function assertAssignableRoles(trx: AnyTrx, caller: Caller, roleIds: string[], userIds: string[]) {
  if (isPlatformAdministrator(caller)) return;
  if (userIds.includes(caller.userId)) throw forbidden(m['user.roles.self']);
  const { rows } = await sql<{ alias: string }>`
    select role_alias as alias from blade_role
    where tenant_id = ${caller.tenantId} and is_deleted = 0 and id in (${sql.join(roleIds)})`.execute(trx);
  if (rows.some((r) => r.alias === ADMINISTRATOR_ROLE)) throw forbidden(m['user.roles.beyond']);
  if (rows.some((r) => r.alias === TENANT_ADMIN) && !caller.roleAliases.includes(TENANT_ADMIN)) {
    throw forbidden(m['user.roles.beyond']);
  }
  if ((await rolesBeyondCaller(trx, caller, roleIds)).length) throw forbidden(m['user.roles.beyond']);
}
