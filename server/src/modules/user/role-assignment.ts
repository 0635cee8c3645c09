import { sql } from 'kysely';
import { forbidden } from '../../platform/http/errors.ts';
import { splitCsv } from '../../platform/http/ids.ts';
import { type Caller, isPlatformAdministrator } from '../../platform/tenancy/context.ts';
import type { AnyTrx } from '../../platform/tenancy/tenant-db.ts';
import { rolesOutOfReach } from '../system/role/reach.ts';
import { userMessages as m } from './messages.ts';

/**
 * Whoever hands out roles cannot hand out more than they hold: not to themselves, not the
 * administrator role (the platform administrator's alone), not the tenant `admin` role unless they
 * hold it, and no role granting a menu they do not hold.
 */
export async function assertAssignableRoles(trx: AnyTrx, caller: Caller, roleIds: string[], userIds: string[]) {
  if (isPlatformAdministrator(caller)) return;
  if (userIds.includes(caller.userId)) throw forbidden(m['user.roles.self']);
  if ((await rolesOutOfReach(trx, caller, roleIds)).length) throw forbidden(m['user.roles.beyond']);
}

/**
 * The guard of every action on other users (edit, disable, reset, remove, unlock, roles, platform
 * settings, approval): refused (403, naming the accounts) when a target holds a role the caller could
 * not grant, so a lesser role never acts on the tenant administrator or the platform administrator.
 */
export async function assertUsersWithinReach(trx: AnyTrx, caller: Caller, userIds: readonly string[]) {
  if (userIds.length === 0 || isPlatformAdministrator(caller)) return;
  const { rows } = await sql<{ account: string; roleIds: string | null }>`
    select account, role_id as "roleIds" from blade_user
    where tenant_id = ${caller.tenantId} and is_deleted = 0 and id in (${sql.join([...userIds])})`.execute(trx);
  const held = rows.flatMap((r) => splitCsv(r.roleIds));
  const out = new Set((await rolesOutOfReach(trx, caller, held)).map((r) => r.id));
  const above = rows.filter((r) => splitCsv(r.roleIds).some((id) => out.has(id)));
  if (above.length) throw forbidden(m['user.target.beyond'], { accounts: above.map((r) => r.account).join(', ') });
}
