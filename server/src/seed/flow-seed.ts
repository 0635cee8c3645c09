import { sql } from 'kysely';
import { installLeaveProcess } from '../modules/desk/index.ts';
import { nextId } from '../platform/db/snowflake.ts';
import type { AnyTrx } from '../platform/tenancy/tenant-db.ts';
import { flattenMenus, grantMenuAncestors, TENANT_ADMIN_ROLE_ALIAS } from './access-seed.ts';

/** The roles the leave process's candidate groups name (BladeX's seed has them: 经理, 老板). */
const APPROVER_ROLES: readonly [alias: string, name: string][] = [
  ['manager', '经理'],
  ['boss', '老板'],
];
const WORK_MENU = 'work';
const APPROVAL_BUTTON = 'delivery_approval';

/**
 * What a tenant needs to run the leave process at once: the `manager` and `boss` roles (holding the
 * work menus, so their members see their work lists) when it has none of that alias, and the
 * leave process deployed. Run for every tenant by the seed and for each new tenant when it is made.
 */
export async function installTenantProcesses(trx: AnyTrx, tenantId: string): Promise<void> {
  for (const [index, [alias, name]] of APPROVER_ROLES.entries()) {
    const { rows } = await sql`select 1 from blade_role
      where tenant_id = ${tenantId} and role_alias = ${alias} and is_deleted = 0`.execute(trx);
    if (rows.length) continue;
    const roleId = nextId();
    await sql`insert into blade_role (id, tenant_id, parent_id, role_name, sort, role_alias)
      values (${roleId}, ${tenantId}, 0, ${name}, ${10 + index}, ${alias})`.execute(trx);
    const { rows: menus } = await sql<{ id: string }>`
      with recursive menus as (
        select id from blade_menu where code = ${WORK_MENU} and is_deleted = 0
        union
        select m.id from blade_menu m join menus on m.parent_id = menus.id where m.is_deleted = 0
      )
      select id from menus`.execute(trx);
    await grant(
      trx,
      menus.map((menu) => ({ roleId, menuId: menu.id })),
    );
    await grantMenuAncestors(trx, roleId);
  }
  await installLeaveProcess(trx, tenantId);
}

async function grant(trx: AnyTrx, pairs: { roleId: string; menuId: string }[]): Promise<void> {
  if (!pairs.length) return;
  await trx
    .insertInto('blade_role_menu')
    .values(pairs.map((p) => ({ id: nextId(), role_id: p.roleId, menu_id: p.menuId })))
    .execute();
}

/**
 * Seed step `flow` (issue 18): the outbound approval setting's button in installations seeded before
 * it (granted to the tenant admin roles that hold the delivery menu), and every tenant's leave
 * process and approver roles.
 */
export async function seedFlow(trx: AnyTrx): Promise<void> {
  const button = flattenMenus().find((m) => m.code === APPROVAL_BUTTON)!;
  await sql`
    insert into blade_menu (id, parent_id, code, name, alias, path, source, sort, category, action, is_open)
    values (${button.id}, ${button.parentId}, ${button.code}, ${button.name}, ${button.alias}, ${button.path},
            ${button.source}, ${button.sort}, ${button.category}, ${button.action}, ${button.isOpen})
    on conflict (id) do nothing`.execute(trx);
  const { rows: roles } = await sql<{ id: string }>`
    select r.id from blade_role r
    where r.role_alias = ${TENANT_ADMIN_ROLE_ALIAS} and r.is_deleted = 0
      and exists (select 1 from blade_role_menu rm where rm.role_id = r.id and rm.menu_id = ${button.parentId})
      and not exists (select 1 from blade_role_menu rm where rm.role_id = r.id and rm.menu_id = ${button.id})`.execute(
    trx,
  );
  await grant(
    trx,
    roles.map((role) => ({ roleId: role.id, menuId: button.id })),
  );
  const { rows } = await sql<{ tenantId: string }>`
    select tenant_id as "tenantId" from blade_tenant where is_deleted = 0 order by tenant_id`.execute(trx);
  for (const { tenantId } of rows) await installTenantProcesses(trx, tenantId);
}
