import { type Kysely, sql } from 'kysely';

/**
 * Refuels and deliveries of one device or a device subtree (issue 17): the lists' filter by device
 * read from an index over live rows in the lists' order, instead of every document of the tenant
 * (a bounded count or a deep page of one cabinet read all 60k refuels at 1M movements).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and untyped
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index wh_refuel_device_list on wh_refuel (tenant_id, device_id, refuel_time, id)
    where is_deleted = 0`.execute(db);
  await sql`create index wh_delivery_device_list on wh_delivery (tenant_id, device_id, apply_time, id)
    where is_deleted = 0`.execute(db);
}
