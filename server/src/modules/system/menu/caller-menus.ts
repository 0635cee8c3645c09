import { sql } from 'kysely';
import { buildTree, type TreeNode } from '../../../platform/crud/tree.ts';
import { jsonRows } from '../../../platform/db/json-rows.ts';
import {
  ADMINISTRATOR_ROLE,
  type Caller,
  isPlatformAdministrator,
  PLATFORM_TENANT_ID,
} from '../../../platform/tenancy/context.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import { callerHolds } from './grantable.ts';
import { MENU_COLUMNS, MENU_ORDER, type MenuRow, type MenuVO, nestMenus } from './vo.ts';

// The caller's own menu reads (called by every signed-in user, routes and buttons on every sign-in):
// each is one statement.

/**
 * The caller's menu tree (category 1): the menus and buttons they hold, limited to a top menu's
 * settings when one of their tenant's top menus is named, then every ancestor; sorted by `sort`.
 */
export async function routesOf(trx: AnyTrx, caller: Caller, topMenuId?: string): Promise<MenuVO[]> {
  const inTopMenu = topMenuId
    ? sql`and m.id in (select s.menu_id from blade_top_menu_setting s
          join blade_top_menu t on t.id = s.top_menu_id and t.is_deleted = 0 and t.tenant_id = ${caller.tenantId}
          where s.top_menu_id = ${topMenuId})`
    : sql``;
  const rows = await jsonRows<MenuRow>(
    trx,
    sql`with recursive base as (
      select m.id, m.parent_id from blade_menu m where m.is_deleted = 0 and ${callerHolds(caller)} ${inTopMenu}
    ), up as (
      select id, parent_id from base
      union
      select p.id, p.parent_id from blade_menu p join up on p.id = up.parent_id where p.is_deleted = 0
    )
    select ${MENU_COLUMNS} from blade_menu m
    where m.id in (select id from up) and m.category = 1`,
    MENU_ORDER,
  );
  return nestMenus(rows);
}

/** The buttons (category 2) the caller holds, under their parent menus. */
export async function buttonsOf(trx: AnyTrx, caller: Caller): Promise<MenuVO[]> {
  const rows = await jsonRows<MenuRow>(
    trx,
    sql`with b as (
      select m.id, m.parent_id from blade_menu m where m.is_deleted = 0 and m.category = 2 and ${callerHolds(caller)}
    )
    select ${MENU_COLUMNS} from blade_menu m
    where m.is_deleted = 0 and (m.id in (select id from b) or m.id in (select parent_id from b))`,
    MENU_ORDER,
  );
  return nestMenus(rows);
}

/** BladeX's auth-routes: for each menu path the caller's roles hold, the aliases of those roles. */
export async function authRoutesOf(trx: AnyTrx, caller: Caller): Promise<Record<string, { authority: string[] }>[]> {
  if (caller.roleIds.length === 0) return [];
  const { rows } = await sql<{ path: string; aliases: string }>`
    select m.path, string_agg(distinct r.role_alias, ',') as aliases from blade_role_menu rm
    join blade_menu m on m.id = rm.menu_id and m.is_deleted = 0
    join blade_role r on r.id = rm.role_id and r.is_deleted = 0 and r.tenant_id = ${caller.tenantId}
    where rm.role_id in (${sql.join(caller.roleIds)}) and m.path is not null and m.path <> ''
    group by m.path order by m.path`.execute(trx);
  return rows.map((r) => ({ [r.path]: { authority: r.aliases.split(',') } }));
}

type NodeRow = { id: string; parentId: string; title: string };

/** The menus the caller may grant (category 1 only for top-menu settings), as a tree. */
export async function grantableMenuTree(trx: AnyTrx, caller: Caller, menusOnly = false): Promise<TreeNode[]> {
  const rows = await jsonRows<NodeRow & { sort: number }>(
    trx,
    sql`select m.id::text as id, m.parent_id::text as "parentId", m.name as title, m.sort from blade_menu m
      where m.is_deleted = 0 and ${callerHolds(caller)} ${menusOnly ? sql`and m.category = 1` : sql``}`,
    MENU_ORDER,
  );
  return buildTree(rows.map(asNode));
}

type HeldMenu = NodeRow & { sort: number; held: boolean };
type ScopeRow = NodeRow & { kind: 'data' | 'api' };

/**
 * What the caller may grant (grant-tree): the menus they hold, and the data and API scopes of those
 * menus (every live one for the platform administrator), each scope under its menu with the menus
 * above it so the tree is whole. Two reads, the trees made here: read as three trees, each query
 * planned the caller's holdings (for a tenant's package, recursive) and walked the menus up again.
 */
export async function grantTrees(trx: AnyTrx, caller: Caller) {
  const menus = await jsonRows<HeldMenu>(
    trx,
    sql`select m.id::text as id, m.parent_id::text as "parentId", m.name as title, m.sort,
      ${callerHolds(caller)} as held from blade_menu m where m.is_deleted = 0`,
    MENU_ORDER,
  );
  const scopes = await jsonRows<ScopeRow>(
    trx,
    sql`select 'data' as kind, s.id::text as id, s.menu_id::text as "parentId", s.scope_name as title
      from blade_scope_data s where s.is_deleted = 0
      union all
      select 'api', s.id::text, s.menu_id::text, s.scope_name from blade_scope_api s where s.is_deleted = 0`,
    sql`t.id::bigint`,
  );
  const live = new Map(menus.map((m) => [m.id, m]));
  const scopeTree = (kind: ScopeRow['kind']) => {
    const granted = scopes.filter((s) => s.kind === kind && live.get(s.parentId)?.held);
    const above = new Set<string>();
    for (const scope of granted) {
      for (let m = live.get(scope.parentId); m && !above.has(m.id); m = live.get(m.parentId)) above.add(m.id);
    }
    const rows = [...menus.filter((m) => above.has(m.id)), ...granted.map((scope) => ({ ...scope, sort: 0 }))];
    return buildTree(rows.sort(bySortThenId).map(asNode));
  };
  return {
    menu: buildTree(menus.filter((m) => m.held).map(asNode)),
    dataScope: scopeTree('data'),
    apiScope: scopeTree('api'),
  };
}

const asNode = ({ id, parentId, title }: NodeRow): NodeRow => ({ id, parentId, title });
const bySortThenId = (a: { sort: number; id: string }, b: { sort: number; id: string }) =>
  a.sort - b.sort || (BigInt(a.id) < BigInt(b.id) ? -1 : BigInt(a.id) > BigInt(b.id) ? 1 : 0);

/**
 * The ids that do not name a live role of the caller's tenant that the caller may see (the role tree
 * hides the administrator role from all but the platform administrator).
 */
export async function unknownRoles(trx: AnyTrx, caller: Caller, roleIds: string[]): Promise<string[]> {
  const hide = isPlatformAdministrator(caller) ? sql`` : sql`and role_alias <> ${ADMINISTRATOR_ROLE}`;
  const { rows } = await sql<{ id: string }>`
    select id from blade_role where tenant_id = ${caller.tenantId} and is_deleted = 0
      and id in (${sql.join(roleIds)}) ${hide}`.execute(trx);
  const found = new Set(rows.map((r) => r.id));
  return roleIds.filter((id) => !found.has(id));
}

/**
 * The live menus and the scopes granted to these roles, as BladeX's CheckedTreeVO of string ids. The
 * platform's administrator role holds everything whatever its rows say (callerHolds): it answers
 * every live menu and scope, so that a grant dialog saved as it opened does not strip it.
 */
export async function roleKeys(
  trx: AnyTrx,
  roleIds: string[],
): Promise<{ menu: string[]; dataScope: string[]; apiScope: string[] }> {
  const holdsEverything = sql`exists (select 1 from blade_role r where r.id in (${sql.join(roleIds)})
    and r.tenant_id = ${PLATFORM_TENANT_ID} and r.role_alias = ${ADMINISTRATOR_ROLE} and r.is_deleted = 0)`;
  const { rows } = await sql<{ kind: string; id: string }>`
    select distinct 'menu' as kind, m.id::text as id from blade_menu m
    where m.is_deleted = 0 and (${holdsEverything}
      or m.id in (select rm.menu_id from blade_role_menu rm where rm.role_id in (${sql.join(roleIds)})))
    union
    select distinct case rs.scope_category when 1 then 'dataScope' else 'apiScope' end, rs.scope_id::text
    from blade_role_scope rs where rs.role_id in (${sql.join(roleIds)}) and rs.scope_category in (1, 2)
    union
    select 'dataScope', s.id::text from blade_scope_data s join blade_menu m on m.id = s.menu_id and m.is_deleted = 0
    where s.is_deleted = 0 and ${holdsEverything}
    union
    select 'apiScope', s.id::text from blade_scope_api s join blade_menu m on m.id = s.menu_id and m.is_deleted = 0
    where s.is_deleted = 0 and ${holdsEverything}
    order by 1, 2`.execute(trx);
  const of = (kind: string) => rows.filter((r) => r.kind === kind).map((r) => r.id);
  return { menu: of('menu'), dataScope: of('dataScope'), apiScope: of('apiScope') };
}
