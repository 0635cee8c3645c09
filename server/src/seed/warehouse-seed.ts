import { sql } from 'kysely';
import type { AnyTrx } from '../platform/tenancy/tenant-db.ts';
import { grantMenuTreeToTenantAdmins } from './access-seed.ts';

const WAREHOUSE_MENU = 'warehouse';

/**
 * The tenant administrator role (`admin`) of every tenant holds the warehouse menus and buttons;
 * new tenants get them too, because the default menus of a new tenant (`tenant.default.menuCode`)
 * name the warehouse. A tenant package still limits what its roles may use.
 */
export async function grantWarehouseToTenantAdmins(trx: AnyTrx): Promise<void> {
  await grantMenuTreeToTenantAdmins(trx, WAREHOUSE_MENU);
  await sql`
    update blade_param set param_value = param_value || ',' || ${WAREHOUSE_MENU}, update_time = now()
    where param_key = 'tenant.default.menuCode' and is_deleted = 0
      and not (${WAREHOUSE_MENU} = any(string_to_array(param_value, ',')))`.execute(trx);
}
