import { sql } from 'kysely';
import { hashPassword } from '../platform/auth/passwords.ts';
import { nextId } from '../platform/db/snowflake.ts';
import { PLATFORM_TENANT_ID } from '../platform/tenancy/context.ts';
import type { AnyTrx } from '../platform/tenancy/tenant-db.ts';
import { BUSINESS_DICTS, type DictSeed, SYSTEM_DICTS } from './dict-data.ts';
import { MENU_TREE, type MenuSeed } from './menu-data.ts';

export const ADMIN_DEPT_ID = '1123598813738675201';
export const ADMIN_POST_ID = '1123598817738675201';
export const TENANT_ADMIN_ROLE_ALIAS = 'admin';

// The two clients of BladeX's seed. Their secrets identify a client program (the web client ships
// its own), not a person; they are stored hashed and can be changed on the client screen.
const CLIENTS = [
  ['saber', 'saber_secret'],
  ['sword', 'sword_secret'],
] as const;

const POSTS: readonly [code: string, name: string][] = [
  ['ceo', '首席执行官'],
  ['coo', '首席运营官'],
  ['cfo', '首席财务官'],
  ['cto', '首席技术官'],
  ['cio', '首席信息官'],
  ['pm', '技术经理'],
  ['hrm', '人力经理'],
  ['staff', '普通员工'],
];

export async function seedClients(trx: AnyTrx): Promise<void> {
  const rows = await Promise.all(
    CLIENTS.map(async ([clientId, secret]) => ({
      id: nextId(),
      client_id: clientId,
      client_secret: await hashPassword(secret),
      scope: 'all',
      authorized_grant_types: 'refresh_token,password,authorization_code,captcha,social',
      access_token_validity: 3600,
      refresh_token_validity: 604800,
    })),
  );
  await trx.insertInto('blade_client').values(rows).execute();
}

/**
 * Menus of the tree added after installations were seeded: inserted when missing, and granted to every
 * role that holds the menu each sits in (of the platform tenant only with `platformOnly`). Parents
 * first, so a button's parent is granted when the grants walk down.
 */
export async function addMenus(
  trx: AnyTrx,
  codes: readonly string[],
  options: { platformOnly?: readonly string[] } = {},
): Promise<void> {
  for (const m of flattenMenus().filter((menu) => codes.includes(menu.code))) {
    await sql`
      insert into blade_menu (id, parent_id, code, name, alias, path, source, sort, category, action, is_open)
      values (${m.id}, ${m.parentId}, ${m.code}, ${m.name}, ${m.alias}, ${m.path}, ${m.source}, ${m.sort},
              ${m.category}, ${m.action}, ${m.isOpen})
      on conflict (id) do nothing`.execute(trx);
    const platform = options.platformOnly?.includes(m.code) ?? false;
    const { rows } = await sql<{ roleId: string }>`
      select distinct rm.role_id as "roleId" from blade_role_menu rm
      join blade_role r on r.id = rm.role_id and (${!platform} or r.tenant_id = ${PLATFORM_TENANT_ID})
      where rm.menu_id = ${m.parentId}
        and not exists (select 1 from blade_role_menu x where x.role_id = rm.role_id and x.menu_id = ${m.id})`.execute(
      trx,
    );
    if (rows.length) {
      await trx
        .insertInto('blade_role_menu')
        .values(rows.map((r) => ({ id: nextId(), role_id: r.roleId, menu_id: m.id })))
        .execute();
    }
  }
}

/**
 * The menu `rootCode` and everything under it (but the `except` codes) granted to the administrator role
 * (`admin`) of one tenant, or of every tenant, where the role does not hold it yet. A tenant's package
 * still limits what its roles may use.
 */
export async function grantMenuTreeToTenantAdmins(
  trx: AnyTrx,
  rootCode: string,
  { tenantId, except = [] }: { tenantId?: string; except?: readonly string[] } = {},
): Promise<void> {
  const { rows } = await sql<{ roleId: string; menuId: string }>`
    with recursive menus as (
      select id from blade_menu where code = ${rootCode} and is_deleted = 0
      union
      select m.id from blade_menu m join menus on m.parent_id = menus.id
      where m.is_deleted = 0 and not (m.code = any(${[...except]}::text[]))
    )
    select r.id as "roleId", menus.id as "menuId" from blade_role r cross join menus
    where r.role_alias = ${TENANT_ADMIN_ROLE_ALIAS} and r.is_deleted = 0
      and (${tenantId ?? null}::text is null or r.tenant_id = ${tenantId ?? null})
      and not exists (select 1 from blade_role_menu rm where rm.role_id = r.id and rm.menu_id = menus.id)`.execute(trx);
  if (rows.length) {
    await trx
      .insertInto('blade_role_menu')
      .values(rows.map((r) => ({ id: nextId(), role_id: r.roleId, menu_id: r.menuId })))
      .execute();
  }
}

/** The whole menu tree, flattened with parent ids. */
export function flattenMenus(
  tree: readonly MenuSeed[] = MENU_TREE,
  parentId = '0',
): (MenuSeed & { parentId: string })[] {
  return tree.flatMap((m) => [{ ...m, parentId }, ...flattenMenus(m.children ?? [], m.id)]);
}

export async function seedMenus(trx: AnyTrx): Promise<void> {
  const rows = flattenMenus().map((m) => ({
    id: m.id,
    parent_id: m.parentId,
    code: m.code,
    name: m.name,
    alias: m.alias,
    path: m.path,
    source: m.source,
    sort: m.sort,
    category: m.category,
    action: m.action,
    is_open: m.isOpen,
    remark: m.remark ?? null,
  }));
  await trx.insertInto('blade_menu').values(rows).execute();
}

/** Dictionaries as BladeX stores them: a parent row (key -1) per code, a child row per item. */
function dictRows(dicts: readonly DictSeed[], extra: Record<string, string> = {}) {
  return dicts.flatMap((d) => {
    const parentId = nextId();
    const parent = {
      id: parentId,
      parent_id: '0',
      code: d.code,
      dict_key: '-1',
      dict_value: d.name,
      sort: d.sort,
      ...extra,
    };
    const items = d.items.map((i) => ({
      id: nextId(),
      parent_id: parentId,
      code: d.code,
      dict_key: i.key,
      dict_value: i.value,
      sort: i.sort,
      remark: i.remark ?? null,
      ...extra,
    }));
    return [parent, ...items];
  });
}

export async function seedDictionaries(trx: AnyTrx): Promise<void> {
  await trx.insertInto('blade_dict').values(dictRows(SYSTEM_DICTS)).execute();
  await copyBusinessDictionaries(trx, PLATFORM_TENANT_ID);
}

/** Every new tenant gets its own copy of the business dictionaries (facts §6). */
export async function copyBusinessDictionaries(trx: AnyTrx, tenantId: string): Promise<void> {
  await trx
    .insertInto('blade_dict_biz')
    .values(dictRows(BUSINESS_DICTS, { tenant_id: tenantId }))
    .execute();
}

/** The platform tenant's root dept, its posts, and the administrator's links to them. */
export async function seedOrganisation(trx: AnyTrx, adminUserId: string): Promise<void> {
  await trx
    .insertInto('blade_dept')
    .values({
      id: ADMIN_DEPT_ID,
      tenant_id: PLATFORM_TENANT_ID,
      parent_id: '0',
      ancestors: '0',
      dept_category: 1,
      dept_name: '管理组',
      full_name: '管理组',
      sort: 1,
    })
    .execute();
  await trx
    .insertInto('blade_post')
    .values(
      POSTS.map(([code, name], i) => ({
        id: i === 0 ? ADMIN_POST_ID : nextId(),
        tenant_id: PLATFORM_TENANT_ID,
        category: 1,
        post_code: code,
        post_name: name,
        sort: i + 1,
      })),
    )
    .execute();
  await trx
    .insertInto('blade_user_dept')
    .values({ id: nextId(), user_id: adminUserId, dept_id: ADMIN_DEPT_ID })
    .execute();
}

/**
 * The tenant administrator role `admin` of a tenant, granted the menus named by the param
 * `tenant.default.menuCode`, all their descendants (facts §6) and the menus above them: a role holds
 * the groups of what it holds, as a role grant saves them, so its grant tree stays one tree.
 */
export async function createTenantAdminRole(trx: AnyTrx, tenantId: string, menuCodes: string[]): Promise<string> {
  const roleId = nextId();
  await trx
    .insertInto('blade_role')
    .values({
      id: roleId,
      tenant_id: tenantId,
      parent_id: '0',
      role_name: '管理员',
      sort: 2,
      role_alias: TENANT_ADMIN_ROLE_ALIAS,
    })
    .execute();
  const { rows } = await sql<{ id: string }>`
    with recursive granted as (
      select id from blade_menu where code in (${sql.join(menuCodes)}) and is_deleted = 0
      union
      select m.id from blade_menu m join granted g on m.parent_id = g.id where m.is_deleted = 0
    )
    select id from granted`.execute(trx);
  if (rows.length) {
    await trx
      .insertInto('blade_role_menu')
      .values(rows.map((r) => ({ id: nextId(), menu_id: r.id, role_id: roleId })))
      .execute();
  }
  await grantMenuAncestors(trx, roleId);
  return roleId;
}

/**
 * The role (every role, without one) also holds the menus above the ones it holds. Tenant admin roles
 * made before that rule held 用户管理, 角色管理 ... without 系统管理, so their grant trees showed them
 * detached from their group.
 */
export async function grantMenuAncestors(trx: AnyTrx, roleId?: string): Promise<void> {
  const { rows } = await sql<{ roleId: string; menuId: string }>`
    with recursive above as (
      select rm.role_id, m.parent_id from blade_role_menu rm
      join blade_menu m on m.id = rm.menu_id and m.is_deleted = 0
      ${roleId ? sql`where rm.role_id = ${roleId}` : sql``}
      union
      select a.role_id, m.parent_id from above a join blade_menu m on m.id = a.parent_id and m.is_deleted = 0
    )
    select distinct a.role_id as "roleId", a.parent_id as "menuId" from above a
    join blade_menu m on m.id = a.parent_id and m.is_deleted = 0
    where not exists (select 1 from blade_role_menu rm where rm.role_id = a.role_id and rm.menu_id = a.parent_id)`.execute(
    trx,
  );
  if (rows.length) {
    await trx
      .insertInto('blade_role_menu')
      .values(rows.map((r) => ({ id: nextId(), role_id: r.roleId, menu_id: r.menuId })))
      .execute();
  }
}
