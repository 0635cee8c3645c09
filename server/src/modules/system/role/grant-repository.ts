import { sql } from 'kysely';
import { nextId } from '../../../platform/db/snowflake.ts';
import { type Caller, isPlatformAdministrator } from '../../../platform/tenancy/context.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import { callerHolds } from '../menu/grantable.ts';
import { API_SCOPE, DATA_SCOPE } from '../scope/grants.ts';

// Queries of the role grants: blade_role_menu and blade_role_scope (no tenant column: reached only
// through roles the caller's tenant owns, which the grant checks first).

export interface Candidate {
  id: string;
  name: string;
  /** The caller holds it (a menu) or holds its menu (a scope), so may grant it. */
  grantable: boolean;
}

/** Of these ids, the live menus, each with whether the caller may grant it. */
export async function menuCandidates(trx: AnyTrx, caller: Caller, ids: string[]): Promise<Candidate[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<Candidate>`
    select m.id, m.name, ${callerHolds(caller)} as grantable from blade_menu m
    where m.is_deleted = 0 and m.id in (${sql.join(ids)})`.execute(trx);
  return rows;
}

/** Of these ids, the live data (or API) scopes, each with whether the caller may grant it. */
export async function scopeCandidates(
  trx: AnyTrx,
  caller: Caller,
  category: typeof DATA_SCOPE | typeof API_SCOPE,
  ids: string[],
): Promise<Candidate[]> {
  if (ids.length === 0) return [];
  const table = sql.table(category === DATA_SCOPE ? 'blade_scope_data' : 'blade_scope_api');
  // The platform administrator may grant any live scope, even one whose menu is gone.
  const grantable = isPlatformAdministrator(caller)
    ? sql`true`
    : sql`coalesce(m.id is not null and ${callerHolds(caller)}, false)`;
  const { rows } = await sql<Candidate>`
    select s.id, s.scope_name as name, ${grantable} as grantable
    from ${table} s left join blade_menu m on m.id = s.menu_id and m.is_deleted = 0
    where s.is_deleted = 0 and s.id in (${sql.join(ids)})`.execute(trx);
  return rows;
}

/** The live menus granted to one role. */
export async function menusOfRole(trx: AnyTrx, roleId: string): Promise<Set<string>> {
  const { rows } = await sql<{ id: string }>`
    select rm.menu_id as id from blade_role_menu rm
    join blade_menu m on m.id = rm.menu_id and m.is_deleted = 0 where rm.role_id = ${roleId}`.execute(trx);
  return new Set(rows.map((r) => r.id));
}

export async function menuNames(trx: AnyTrx, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<{ name: string }>`
    select name from blade_menu where id in (${sql.join(ids)}) order by sort, id`.execute(trx);
  return rows.map((r) => r.name);
}

/** Replaces the menus, data scopes and API scopes of each role. */
export async function replaceGrants(
  trx: AnyTrx,
  roleIds: string[],
  grants: { menuIds: string[]; dataScopeIds: string[]; apiScopeIds: string[] },
): Promise<void> {
  const roles = sql.join(roleIds);
  await sql`delete from blade_role_menu where role_id in (${roles})`.execute(trx);
  await sql`delete from blade_role_scope where role_id in (${roles}) and scope_category in (${DATA_SCOPE}, ${API_SCOPE})`.execute(
    trx,
  );
  const menus = roleIds.flatMap((role) =>
    grants.menuIds.map((menu) => ({ id: nextId(), role_id: role, menu_id: menu })),
  );
  const scopes = roleIds.flatMap((role) => [
    ...grants.dataScopeIds.map((scope) => ({
      id: nextId(),
      role_id: role,
      scope_id: scope,
      scope_category: DATA_SCOPE,
    })),
    ...grants.apiScopeIds.map((scope) => ({ id: nextId(), role_id: role, scope_id: scope, scope_category: API_SCOPE })),
  ]);
  if (menus.length) await trx.insertInto('blade_role_menu').values(menus).execute();
  if (scopes.length) await trx.insertInto('blade_role_scope').values(scopes).execute();
}

/** Takes from these roles every menu outside `keep` (child roles may hold no more than their parent). */
export async function pruneMenus(trx: AnyTrx, roleIds: string[], keep: string[]): Promise<void> {
  if (roleIds.length === 0) return;
  const outside = keep.length ? sql`and menu_id not in (${sql.join(keep)})` : sql``;
  await sql`delete from blade_role_menu where role_id in (${sql.join(roleIds)}) ${outside}`.execute(trx);
}
