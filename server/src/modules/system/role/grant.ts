import { badRequest, forbidden, notFound } from '../../../platform/http/errors.ts';
import {
  ADMINISTRATOR_ROLE,
  type Caller,
  isPlatformAdministrator,
  PLATFORM_TENANT_ID,
} from '../../../platform/tenancy/context.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import { TENANT_ADMIN_ROLE_ALIAS } from '../../../seed/access-seed.ts';
import { API_SCOPE, DATA_SCOPE } from '../scope/grants.ts';
import {
  type Candidate,
  menuCandidates,
  menuNames,
  menusOfRole,
  pruneMenus,
  replaceGrants,
  scopeCandidates,
} from './grant-repository.ts';
import { roleMessages as m } from './messages.ts';
import { assertRolesWithinReach } from './reach.ts';
import { descendantsOf, findRole, findRoles, lockRoles, type RoleRow } from './repository.ts';
import type { GrantInput } from './schema.ts';

const unique = (ids: string[]) => [...new Set(ids)];
const holdsEverything = (role: RoleRow) =>
  role.tenantId === PLATFORM_TENANT_ID && role.roleAlias === ADMINISTRATOR_ROLE;
const listed = (items: string[]) => (items.length > 10 ? `${items.slice(0, 10).join(', ')} …` : items.join(', '));

/** The roles, all of the caller's tenant, and the caller allowed to change their grants. */
async function grantableRoles(trx: AnyTrx, caller: Caller, roleIds: string[]): Promise<RoleRow[]> {
  await lockRoles(trx, caller.tenantId, roleIds);
  const roles = await findRoles(trx, caller.tenantId, roleIds);
  const missing = roleIds.filter((id) => !roles.some((r) => r.id === id));
  if (missing.length) throw notFound('error.notFound.records', { ids: missing.join(',') });
  const admin = isPlatformAdministrator(caller);
  if (!admin && roles.some((r) => r.roleAlias === ADMINISTRATOR_ROLE)) throw forbidden(m['role.grant.administrator']);
  if (
    !admin &&
    !caller.roleAliases.includes(TENANT_ADMIN_ROLE_ALIAS) &&
    roles.some((r) => r.roleAlias === TENANT_ADMIN_ROLE_ALIAS)
  ) {
    throw forbidden(m['role.grant.admin']);
  }
  // Replacing a role's grants may only take from it what the caller could have given it.
  await assertRolesWithinReach(trx, caller, roleIds);
  return roles;
}

/** Every id names a live row (else 400 naming the unknown ones) that the caller may grant (else 400 naming them). */
function checkCandidates(ids: string[], found: Candidate[], unknownKey: string): void {
  const missing = ids.filter((id) => !found.some((c) => c.id === id));
  if (missing.length) throw badRequest(unknownKey, { ids: missing.join(',') });
  const refused = found.filter((c) => !c.grantable).map((c) => c.name);
  if (refused.length) throw badRequest(m['role.grant.notGrantable'], { names: listed(refused) });
}

/** A child role may hold no menu its parent lacks (a parent granted in the same call gets the same menus). */
async function checkParents(trx: AnyTrx, roles: RoleRow[], menuIds: string[]): Promise<void> {
  const granted = new Set(roles.map((r) => r.id));
  for (const role of roles) {
    if (role.parentId === '0' || granted.has(role.parentId)) continue;
    const parent = await findRole(trx, role.tenantId, role.parentId);
    if (!parent) continue; // a dangling parent limits nothing
    if (holdsEverything(parent)) continue;
    const held = await menusOfRole(trx, parent.id);
    const lacking = menuIds.filter((id) => !held.has(id));
    if (lacking.length) {
      throw badRequest(m['role.parent.lacksMenus'], {
        parent: parent.roleName,
        role: role.roleName,
        menus: listed(await menuNames(trx, lacking)),
      });
    }
  }
}

/**
 * Replaces the menus and the data and API scopes of each role, in the caller's transaction. What is
 * granted must exist and be the caller's to grant; roles below the granted ones lose what their
 * parent no longer holds.
 */
export async function grantRoles(trx: AnyTrx, caller: Caller, input: GrantInput): Promise<void> {
  const roleIds = unique(input.roleIds);
  const menuIds = unique(input.menuIds);
  const dataScopeIds = unique(input.dataScopeIds);
  const apiScopeIds = unique(input.apiScopeIds);
  const roles = await grantableRoles(trx, caller, roleIds);
  checkCandidates(menuIds, await menuCandidates(trx, caller, menuIds), m['role.grant.unknownMenus']);
  checkCandidates(
    dataScopeIds,
    await scopeCandidates(trx, caller, DATA_SCOPE, dataScopeIds),
    m['role.grant.unknownScopes'],
  );
  checkCandidates(
    apiScopeIds,
    await scopeCandidates(trx, caller, API_SCOPE, apiScopeIds),
    m['role.grant.unknownScopes'],
  );
  await checkParents(trx, roles, menuIds);
  await replaceGrants(trx, roleIds, { menuIds, dataScopeIds, apiScopeIds });
  // The platform's administrator role holds everything whatever its rows say, so it limits no child.
  const limiting = roles.filter((r) => !holdsEverything(r)).map((r) => r.id);
  const below = limiting.length ? await descendantsOf(trx, caller.tenantId, limiting) : [];
  await pruneMenus(
    trx,
    below.filter((id) => !roleIds.includes(id)),
    menuIds,
  );
}
