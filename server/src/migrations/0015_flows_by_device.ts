import { type Kysely, sql } from 'kysely';

/**
 * A device's flows for a period (issue 17): the summary's key starts with the period, so a report
 * filtered to a device read every device's rows of the period and kept one in fifty (a quarter at
 * 1M movements: 130k rows, 120 ms). Indexed by device first, the device's rows are read alone.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and untyped
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index wh_stock_flow_by_device on wh_stock_flow (tenant_id, span, device_id, start)
    where device_id <> 0 and material_code_id <> 0`.execute(db);
}
