import { sql } from 'kysely';
import { nextId } from '../platform/db/snowflake.ts';
import type { AnyTrx } from '../platform/tenancy/tenant-db.ts';
import { TENANT_ADMIN_ROLE_ALIAS } from './access-seed.ts';

const WAREHOUSE_MENU = 'warehouse';

/**
 * The tenant administrator role (`admin`) of every tenant holds the warehouse menus and buttons;
 * new tenants get them too, because the default menus of a new tenant (`tenant.default.menuCode`)
 * name the warehouse. A tenant package still limits what its roles may use.
 */
export async function grantWarehouseToTenantAdmins(trx: AnyTrx): Promise<void> {
  const { rows } = await sql<{ roleId: string; menuId: string }>`
    with recursive menus as (
      select id from blade_menu where code = ${WAREHOUSE_MENU} and is_deleted = 0
      union
      select m.id from blade_menu m join menus on m.parent_id = menus.id where m.is_deleted = 0
    )
    select r.id as "roleId", menus.id as "menuId" from blade_role r cross join menus
    where r.role_alias = ${TENANT_ADMIN_ROLE_ALIAS} and r.is_deleted = 0
      and not exists (select 1 from blade_role_menu rm where rm.role_id = r.id and rm.menu_id = menus.id)`.execute(trx);
  if (rows.length) {
    await trx
      .insertInto('blade_role_menu')
      .values(rows.map((r) => ({ id: nextId(), role_id: r.roleId, menu_id: r.menuId })))
      .execute();
  }
  await sql`
    update blade_param set param_value = param_value || ',' || ${WAREHOUSE_MENU}, update_time = now()
    where param_key = 'tenant.default.menuCode' and is_deleted = 0
      and not (${WAREHOUSE_MENU} = any(string_to_array(param_value, ',')))`.execute(trx);
}
