import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { type Caller, isPlatformAdministrator, PLATFORM_TENANT_ID } from '../../../platform/tenancy/context.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';

// SQL fragments of what a caller holds, shared by the menu reads and the role grant.

/** The menu ids granted (blade_role_menu) to the caller's live roles of their own tenant. */
export function heldMenuIds(caller: Caller): RawBuilder<unknown> {
  if (caller.roleIds.length === 0) return sql`select null::bigint where false`;
  return sql`
    select rm.menu_id from blade_role_menu rm
    join blade_role r on r.id = rm.role_id and r.is_deleted = 0 and r.tenant_id = ${caller.tenantId}
    where rm.role_id in (${sql.join(caller.roleIds)})`;
}

/**
 * The menu ids a tenant's package holds: those it lists, the buttons below them (a package saved from a
 * tree of menus only lists none, and its screens must still have their buttons), and the menus above
 * them (the groups, so a package listing only the leaves a tree select answers still forms a tree).
 * Menus below a listed menu are not derived: a package listing a group need not hold all of it.
 */
export function packageMenuIds(tenantId: string): RawBuilder<unknown> {
  return sql`
    with recursive listed as (
      select m.id, m.parent_id from blade_menu m
      join blade_tenant t on t.tenant_id = ${tenantId} and t.is_deleted = 0
      join blade_tenant_package p on p.id = t.package_id and p.is_deleted = 0
      where m.is_deleted = 0 and m.id::text = any(string_to_array(p.menu_id, ','))
    ), down as (
      select id from listed
      union
      select c.id from blade_menu c join down d on c.parent_id = d.id where c.is_deleted = 0 and c.category = 2
    ), up as (
      select id, parent_id from listed
      union
      select m.id, m.parent_id from blade_menu m join up u on m.id = u.parent_id where m.is_deleted = 0
    )
    select id from down union select id from up`;
}

/**
 * True when the menu (a column or value) is within the tenant's package. The platform tenant, and a
 * tenant without a live package, have no such limit.
 */
export function inPackage(tenantId: string, menuId: RawBuilder<unknown>): RawBuilder<SqlBool> {
  const pkg = sql`
    select 1 from blade_tenant t
    join blade_tenant_package p on p.id = t.package_id and p.is_deleted = 0
    where t.tenant_id = ${tenantId} and t.is_deleted = 0`;
  return sql<SqlBool>`(${tenantId} = ${PLATFORM_TENANT_ID} or not exists (${pkg})
    or ${menuId} in (${packageMenuIds(tenantId)}))`;
}

/**
 * True for the menus the caller holds (their roles' grants within the package); every live menu for
 * the platform administrator. `m` names the blade_menu row being tested.
 */
export function callerHolds(caller: Caller, m = 'm'): RawBuilder<SqlBool> {
  if (isPlatformAdministrator(caller)) return sql<SqlBool>`true`;
  const id = sql.ref(`${m}.id`);
  return sql<SqlBool>`(${id} in (${heldMenuIds(caller)}) and ${inPackage(caller.tenantId, id)})`;
}

/**
 * Of these roles of the caller's tenant, the ones that hold a menu the caller does not: handing
 * such a role to a user would give more than the caller has. Menus outside the tenant's package
 * grant nothing (see permissions.ts), so they put no role above anyone.
 */
export async function rolesBeyondCaller(trx: AnyTrx, caller: Caller, roleIds: string[]): Promise<string[]> {
  if (roleIds.length === 0 || isPlatformAdministrator(caller)) return [];
  const { rows } = await sql<{ roleId: string }>`
    select distinct rm.role_id as "roleId" from blade_role_menu rm
    join blade_menu m on m.id = rm.menu_id and m.is_deleted = 0
    where rm.role_id in (${sql.join(roleIds)}) and ${inPackage(caller.tenantId, sql.ref('m.id'))}
      and not ${callerHolds(caller)}`.execute(trx);
  return rows.map((r) => String(r.roleId));
}
