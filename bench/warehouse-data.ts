import path from 'node:path';
import { sql } from 'kysely';
import { migrations } from '../server/src/migrations/index.ts';
import { openDatabase } from '../server/src/platform/db/database.ts';
import { migrate } from '../server/src/platform/db/migrate.ts';
import { refreshStatistics } from '../server/src/platform/db/statistics.ts';
import type { AnyDb } from '../server/src/platform/tenancy/tenant-db.ts';
import { seedPlatform } from '../server/src/seed/platform-seed.ts';

// Fills a tenant with a warehouse of any size for scale tests, in bulk SQL (as the owner):
// a site with N devices under it, 10 material types, M materials, R refuels of I lines each, one
// `in` movement per line, and the balances as the sums of that ledger (so ledger == balances).
// Run: node bench/warehouse-data.ts [tenantId] [materials] [devices] [refuels] [linesPerRefuel]
// against DATABASE_URL, or the embedded database in DATA_DIR (default ./data; stop the server first).

export interface WarehouseSize {
  materials: number;
  devices: number;
  refuels: number;
  linesPerRefuel: number;
}

/** Ids are offset per run, so a tenant can be filled twice. */
export async function fillWarehouse(db: AnyDb, tenantId: string, size: WarehouseSize): Promise<void> {
  const base = BigInt(Date.now()) * 1_000_000n;
  const id = (offset: number) => sql.raw(`${base + BigInt(offset)}::bigint`);
  const run = `${Date.now().toString(36)}`;
  const site = id(1);
  await sql`insert into wh_device (id, tenant_id, code, name, type) values (${site}, ${tenantId}, ${`S-${run}`}, 'Bench site', 'site')`.execute(
    db,
  );
  await sql`insert into wh_device (id, tenant_id, parent_id, code, name, type)
    select ${id(10)} + g, ${tenantId}, ${site}, ${`D-${run}-`} || g, 'Cabinet ' || g, 'cabinet'
    from generate_series(1, ${size.devices}) g`.execute(db);
  await sql`insert into wh_material_type (id, tenant_id, code, name)
    select ${id(100_000)} + g, ${tenantId}, ${`T-${run}-`} || g, 'Type ' || g from generate_series(1, 10) g`.execute(
    db,
  );
  await sql`insert into wh_material_code (id, tenant_id, code, name, type_id, unit, reference_price, safety_stock)
    select ${id(200_000)} + g, ${tenantId}, ${`M-${run}-`} || g, 'Material ' || g, ${id(100_000)} + 1 + g % 10, 'pcs',
           1 + g % 50, 5
    from generate_series(1, ${size.materials}) g`.execute(db);
  await sql`insert into wh_refuel (id, tenant_id, refuel_no, device_id, refuel_time)
    select ${id(1_000_000)} + g, ${tenantId}, ${`RF-${run}-`} || g, ${id(10)} + 1 + g % ${size.devices},
           now() - (g || ' minutes')::interval
    from generate_series(1, ${size.refuels}) g`.execute(db);
  const lines = size.refuels * size.linesPerRefuel;
  // Line n belongs to refuel 1 + n / I and takes material 1 + n % M.
  await sql`insert into wh_refuel_item (id, tenant_id, refuel_id, material_code_id, quantity, unit_price, amount, sort)
    select ${id(10_000_000)} + n, ${tenantId}, ${id(1_000_000)} + 1 + n / ${size.linesPerRefuel},
           ${id(200_000)} + 1 + n % ${size.materials}, 1 + n % 7, 2.5, (1 + n % 7) * 2.5, n % ${size.linesPerRefuel}
    from generate_series(0, ${lines - 1}) n`.execute(db);
  await sql`update wh_refuel r set total_quantity = t.q, total_amount = t.a
    from (select refuel_id, sum(quantity) q, sum(amount) a from wh_refuel_item where tenant_id = ${tenantId}
          group by refuel_id) t where r.id = t.refuel_id and r.tenant_id = ${tenantId}`.execute(db);
  await sql`insert into wh_stock_movement (id, tenant_id, device_id, material_code_id, kind, quantity, unit_price, amount,
                                           balance_after, source_type, source_id)
    select i.id, ${tenantId}, r.device_id, i.material_code_id, 'in', i.quantity, i.unit_price, i.amount,
           sum(i.quantity) over (partition by r.device_id, i.material_code_id order by i.id), 'refuel', r.id
    from wh_refuel_item i join wh_refuel r on r.id = i.refuel_id
    where i.tenant_id = ${tenantId} and i.id > ${id(10_000_000)}`.execute(db);
  await sql`insert into wh_stock_balance (id, tenant_id, device_id, material_code_id, quantity, amount, average_price,
                                          last_in_time)
    select ${id(50_000_000)} + row_number() over (), ${tenantId}, device_id, material_code_id, sum(quantity),
           sum(amount), round(sum(amount) / sum(quantity), 4), now()
    from wh_stock_movement where tenant_id = ${tenantId} and id > ${id(10_000_000)}
    group by device_id, material_code_id
    on conflict (tenant_id, device_id, material_code_id) do update
      set quantity = wh_stock_balance.quantity + excluded.quantity, amount = wh_stock_balance.amount + excluded.amount`.execute(
    db,
  );
  // Bulk rows the planner has not seen yet would be planned as the empty tables they were.
  await refreshStatistics(db);
}

if (import.meta.main) {
  const [tenantId = '000000', materials = '1000', devices = '50', refuels = '1000', lines = '100'] =
    process.argv.slice(2);
  const url = process.env.DATABASE_URL;
  const database = await openDatabase(
    url ? { url } : { pgliteDir: path.join(process.env.DATA_DIR ?? './data', 'pglite') },
  );
  await migrate(database.db, migrations);
  await seedPlatform(database.db, process.env.ADMIN_PASSWORD);
  const size = { materials: +materials, devices: +devices, refuels: +refuels, linesPerRefuel: +lines };
  const began = performance.now();
  await fillWarehouse(database.db, tenantId, size);
  console.log(
    `tenant ${tenantId}: ${size.devices} devices, ${size.materials} materials, ${size.refuels} refuels, ` +
      `${size.refuels * size.linesPerRefuel} lines and movements in ${Math.round(performance.now() - began)} ms`,
  );
  await database.close();
}
