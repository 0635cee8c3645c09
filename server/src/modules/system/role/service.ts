import { badRequest, conflict, forbidden, notFound } from '../../../platform/http/errors.ts';
import {
  ADMINISTRATOR_ROLE,
  type Caller,
  isPlatformAdministrator,
  PLATFORM_TENANT_ID,
} from '../../../platform/tenancy/context.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import { menuNames, menusOfRole } from './grant-repository.ts';
import { roleMessages as m } from './messages.ts';
import { assertRolesWithinReach } from './reach.ts';
import {
  aliasTaken,
  childNames,
  findRole,
  findRoles,
  insertRole,
  isWithin,
  namesInUse,
  type RoleRow,
  softDeleteRoles,
  updateRole,
} from './repository.ts';
import { roleInput, roleUpdate } from './schema.ts';

/** Only the platform administrator creates, changes or removes a role aliased `administrator`. */
function guardAdministrator(caller: Caller, ...aliases: (string | undefined)[]): void {
  if (!isPlatformAdministrator(caller) && aliases.includes(ADMINISTRATOR_ROLE)) {
    throw forbidden(m['role.administrator.reserved']);
  }
}

/** A parent is a live role of the tenant, not the role itself nor one below it, holding every menu the role holds. */
async function checkParent(trx: AnyTrx, caller: Caller, parentId: string, role?: RoleRow): Promise<void> {
  if (parentId === '0') return;
  const parent = await findRole(trx, caller.tenantId, parentId);
  if (!parent) throw badRequest('error.tree.parentMissing');
  if (!role || role.parentId === parentId) return;
  if (await isWithin(trx, caller.tenantId, parentId, role.id)) throw badRequest('error.tree.cycle');
  if (parent.tenantId === PLATFORM_TENANT_ID && parent.roleAlias === ADMINISTRATOR_ROLE) return;
  const held = await menusOfRole(trx, parent.id);
  const lacking = [...(await menusOfRole(trx, role.id))].filter((id) => !held.has(id));
  if (lacking.length) {
    const menus = await menuNames(trx, lacking);
    throw badRequest(m['role.parent.lacksMenus'], {
      parent: parent.roleName,
      role: role.roleName,
      menus: menus.join(', '),
    });
  }
}

async function checkAlias(trx: AnyTrx, caller: Caller, alias: string, exceptId?: string): Promise<void> {
  if (await aliasTaken(trx, caller.tenantId, alias, exceptId))
    throw conflict(m['role.roleAlias.exists'], { roleAlias: alias });
}

/** A duplicate alias that slipped past the check (two writers at once) still answers 409. */
async function aliasGuarded<T>(alias: unknown, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const { code, constraint } = error as { code?: string; constraint?: string };
    if (code === '23505' && constraint === 'blade_role_alias')
      throw conflict(m['role.roleAlias.exists'], { roleAlias: alias });
    throw error;
  }
}

/** Inserts (no id) or updates (only the fields sent) a role of the caller's tenant, and answers it. */
export async function submitRole(
  trx: AnyTrx,
  caller: Caller,
  body: Record<string, unknown> & { id?: string },
): Promise<RoleRow> {
  const { id } = body;
  if (!id) {
    const values = roleInput.strip().parse(body);
    guardAdministrator(caller, values.roleAlias);
    await checkParent(trx, caller, values.parentId);
    await checkAlias(trx, caller, values.roleAlias);
    const newId = await aliasGuarded(values.roleAlias, () => insertRole(trx, caller.tenantId, values));
    return (await findRole(trx, caller.tenantId, newId))!;
  }
  const existing = await findRole(trx, caller.tenantId, id);
  if (!existing) throw notFound();
  const changes = roleUpdate.strip().parse(body);
  guardAdministrator(caller, existing.roleAlias, changes.roleAlias);
  await assertRolesWithinReach(trx, caller, [id]);
  if (changes.parentId !== undefined) await checkParent(trx, caller, changes.parentId, existing);
  if (changes.roleAlias !== undefined) await checkAlias(trx, caller, changes.roleAlias, id);
  await aliasGuarded(changes.roleAlias, () => updateRole(trx, caller.tenantId, id, changes));
  return (await findRole(trx, caller.tenantId, id))!;
}

/** Soft-deletes all of the roles or none: unknown ids, roles with children and roles users hold refuse the call. */
export async function removeRoles(trx: AnyTrx, caller: Caller, ids: string[]): Promise<void> {
  const roles = await findRoles(trx, caller.tenantId, ids);
  const missing = ids.filter((id) => !roles.some((r) => r.id === id));
  if (missing.length) throw notFound('error.notFound.records', { ids: missing.join(',') });
  guardAdministrator(caller, ...roles.map((r) => r.roleAlias));
  await assertRolesWithinReach(trx, caller, ids);
  const children = await childNames(trx, caller.tenantId, ids);
  if (children.length) throw badRequest(m['role.remove.hasChildren'], { roles: children.join(', ') });
  const inUse = await namesInUse(trx, caller.tenantId, ids);
  if (inUse.length) throw badRequest(m['role.remove.inUse'], { roles: inUse.join(', ') });
  await softDeleteRoles(trx, caller.tenantId, ids);
}
