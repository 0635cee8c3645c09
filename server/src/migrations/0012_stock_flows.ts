import { type Kysely, sql } from 'kysely';
import { rebuildFlows } from '../modules/warehouse/stock/flows.ts';
import { enableTenantIsolation } from '../platform/db/rls.ts';

/**
 * The ledger's summaries (issue 17): `wh_stock_flow` holds the sums of the refuels' and
 * deliveries' movements per day, month and year of their document (server local time), device,
 * material (0: the device's totals), kind, source and provider (0: none), kept by `postMovements`
 * in the posting's transaction (`stock/flows.ts`) and read by the reports and the home page
 * instead of the ledger. Filled here from the ledger as it stands.
 *
 * The primary key leads with (tenant, span, start), how every read ranges over it; each rollup has
 * a partial index of its own, so reading one skips the stocks' rows of its days. Deliveries get
 * the index of their time that refuels already had, for the raw edges of a period that starts or
 * ends inside a day (every delivery, cancelled or deleted too, as the ledger counts them).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and untyped
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table wh_stock_flow (
      tenant_id varchar(12) not null, span char(1) not null check (span in ('d', 'm', 'y')), start date not null,
      device_id bigint not null, material_code_id bigint not null, kind varchar(8) not null,
      source_type varchar(16) not null, provider_id bigint not null, quantity numeric not null,
      amount numeric not null, movements int not null,
      primary key (tenant_id, span, start, device_id, material_code_id, kind, source_type, provider_id)
    )`.execute(db);
  await enableTenantIsolation(db, 'wh_stock_flow');
  // the rollups, read alone: a device's totals (material 0) and a material's over every device (device 0)
  await sql`create index wh_stock_flow_device on wh_stock_flow (tenant_id, span, start, device_id)
    where material_code_id = 0`.execute(db);
  await sql`create index wh_stock_flow_material on wh_stock_flow (tenant_id, span, start, material_code_id)
    where device_id = 0`.execute(db);
  await sql`create index wh_delivery_time on wh_delivery (tenant_id, apply_time)`.execute(db);
  await rebuildFlows(db);
}
