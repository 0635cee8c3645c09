import { type Kysely, sql } from 'kysely';

/**
 * The summaries' indexes carry what the reports sum (issue 17). The reports read a period's rows of
 * one grain through these indexes, then fetched each row from the table: the 4,000 material rows of
 * a year at 1M movements sit on 4,000 pages (6 of the report's 10 ms). Each index now includes the
 * columns summed, so the rows are read from the index alone (1 ms).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and untyped
export async function up(db: Kysely<any>): Promise<void> {
  const sums = sql`kind, source_type, provider_id, quantity, amount, movements`;
  await sql`drop index wh_stock_flow_material`.execute(db);
  await sql`create index wh_stock_flow_material on wh_stock_flow (tenant_id, span, start, material_code_id)
    include (${sums}) where device_id = 0`.execute(db);
  await sql`drop index wh_stock_flow_device`.execute(db);
  await sql`create index wh_stock_flow_device on wh_stock_flow (tenant_id, span, start, device_id)
    include (${sums}) where material_code_id = 0`.execute(db);
  await sql`drop index wh_stock_flow_by_device`.execute(db);
  await sql`create index wh_stock_flow_by_device on wh_stock_flow (tenant_id, span, device_id, start)
    include (material_code_id, ${sums}) where device_id <> 0 and material_code_id <> 0`.execute(db);
}
