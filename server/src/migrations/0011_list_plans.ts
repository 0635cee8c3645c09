import { type Kysely, sql } from 'kysely';
import { recreateTenantPolicies } from '../platform/db/rls.ts';

/**
 * Plans for large ledgers (issue 17).
 *
 * The tenant policy of every tenant-owned table is recreated with its settings read once per
 * statement (`(select current_setting(...))`) instead of once per row; what it lets through is
 * unchanged.
 *
 * Each warehouse list's page 1 reads its default order straight from an index, and stops after a
 * page, instead of sorting every live row of the tenant: (tenant, order columns, id) over live
 * rows, matching the lists' `is_deleted = 0` and their `id desc` tiebreak (scanned backward).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and untyped
export async function up(db: Kysely<any>): Promise<void> {
  await recreateTenantPolicies(db);
  const indexes: [name: string, table: string, columns: string][] = [
    // deliveries and refuels: newest first
    ['wh_delivery_list', 'wh_delivery', 'tenant_id, apply_time, id'],
    ['wh_refuel_list', 'wh_refuel', 'tenant_id, refuel_time, id'],
    // the ledger: newest first, for all of it, one device, one material
    ['wh_stock_movement_list', 'wh_stock_movement', 'tenant_id, id'],
    ['wh_stock_movement_device', 'wh_stock_movement', 'tenant_id, device_id, id'],
    ['wh_stock_movement_material', 'wh_stock_movement', 'tenant_id, material_code_id, id'],
    // notices: untreated first, then newest first; warrants and persons: newest first
    ['wh_notice_list', 'wh_notice', 'tenant_id, treated, create_time desc, id desc'],
    ['wh_warrant_list', 'wh_warrant', 'tenant_id, create_time, id'],
    ['wh_face_image_list', 'wh_face_image', 'tenant_id, create_time, id'],
  ];
  for (const [name, table, columns] of indexes) {
    await sql.raw(`create index ${name} on ${table} (${columns}) where is_deleted = 0`).execute(db);
  }
}
