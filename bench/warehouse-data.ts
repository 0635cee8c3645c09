import path from 'node:path';
import { sql } from 'kysely';
import { migrations } from '../server/src/migrations/index.ts';
import { rebuildFlows } from '../server/src/modules/warehouse/stock/flows.ts';
import { openDatabase } from '../server/src/platform/db/database.ts';
import { migrate } from '../server/src/platform/db/migrate.ts';
import { refreshStatistics } from '../server/src/platform/db/statistics.ts';
import type { AnyDb } from '../server/src/platform/tenancy/tenant-db.ts';
import { seedPlatform } from '../server/src/seed/platform-seed.ts';

// Fills a tenant with a warehouse of any size for scale tests, in bulk SQL (as the owner): a site
// with D devices under it, 10 material types, M materials of which each device stocks S, R refuels
// and O deliveries of L lines each spread over the last `days` days, one movement per line (`in`
// for a refuel line, `out` for a delivery line) and the balances as the sums of that ledger
// (so ledger == balances). The issue-17 shape: `scaleSize(1_000_000)`.
// Run: node bench/warehouse-data.ts [tenantId] [movements]
// against DATABASE_URL, or the embedded database in DATA_DIR (default ./data; stop the server first).

export interface WarehouseSize {
  materials: number;
  devices: number;
  refuels: number;
  /** Lines per document (refuel or delivery). */
  linesPerRefuel: number;
  /** Delivery documents (outbound), after the refuels in id order so no stock goes below zero. */
  deliveries?: number;
  /** Materials each device stocks (default all): devices × this is the number of stock rows. */
  stocksPerDevice?: number;
  /** Documents are spread evenly over this many days back from now (default 365). */
  days?: number;
}

/** `movements` ledger rows as the issue states the scale: 10 lines a document, 60 % refuels, 5k stock rows. */
export function scaleSize(movements: number): WarehouseSize {
  const documents = Math.max(1, Math.round(movements / 10));
  const refuels = Math.ceil(documents * 0.6);
  return {
    materials: 1000,
    devices: 50,
    stocksPerDevice: 100,
    refuels,
    deliveries: documents - refuels,
    linesPerRefuel: 10,
  };
}

/**
 * Document g's number as the product writes it (numbers.ts: prefix, day, the day's sequence, e.g.
 * RF202605140042), continuing the sequences of the tenant's documents of earlier runs: a search by a
 * part of a number meets the parts real numbers share (the prefix, the year, a day). `docs` yields
 * g and its time t.
 */
function documentNumber(table: 'wh_refuel' | 'wh_delivery', column: string, prefix: string, tenantId: string) {
  const day = sql`to_char(d.t, 'YYYYMMDD')`;
  return {
    number: sql`${prefix} || ${day} || lpad((coalesce(e.n, 0) + row_number() over (partition by ${day} order by d.t, d.g))::text, 4, '0')`,
    // the documents of each day the tenant already has
    earlier: sql`left join (select substr(${sql.ref(column)}, 3, 8) as day, count(*) as n from ${sql.table(table)}
      where tenant_id = ${tenantId} group by 1) e on e.day = ${day}`,
  };
}

/** Ids are offset per run, so a tenant can be filled twice. */
export async function fillWarehouse(db: AnyDb, tenantId: string, size: WarehouseSize): Promise<void> {
  const base = BigInt(Date.now()) * 1_000_000n;
  const id = (offset: number) => sql.raw(`${base + BigInt(offset)}::bigint`);
  const run = `${Date.now().toString(36)}`;
  const { materials, devices, linesPerRefuel: lines, refuels, deliveries = 0, days = 365 } = size;
  const stocks = Math.min(size.stocksPerDevice ?? materials, materials);
  const site = id(1);
  await sql`insert into wh_device (id, tenant_id, code, name, type) values (${site}, ${tenantId}, ${`S-${run}`}, 'Bench site', 'site')`.execute(
    db,
  );
  await sql`insert into wh_device (id, tenant_id, parent_id, code, name, type)
    select ${id(10)} + g, ${tenantId}, ${site}, ${`D-${run}-`} || g, 'Cabinet ' || g, 'cabinet'
    from generate_series(1, ${devices}) g`.execute(db);
  await sql`insert into wh_material_type (id, tenant_id, code, name)
    select ${id(100_000)} + g, ${tenantId}, ${`T-${run}-`} || g, 'Type ' || g from generate_series(1, 10) g`.execute(
    db,
  );
  await sql`insert into wh_material_code (id, tenant_id, code, name, type_id, unit, reference_price, safety_stock)
    select ${id(200_000)} + g, ${tenantId}, ${`M-${run}-`} || g, 'Material ' || g, ${id(100_000)} + 1 + g % 10, 'pcs',
           1 + g % 50, 5
    from generate_series(1, ${materials}) g`.execute(db);
  // Document g is on device 1 + g % D; it is that device's t-th document (t = g / D), and its line j
  // takes the device's stock slot (t·L + j) % S, so a device's documents cycle through its S materials.
  const material = (g: ReturnType<typeof sql.raw>, j: ReturnType<typeof sql.raw>) =>
    sql`${id(200_000)} + 1 + ((1 + ${g} % ${devices}) * ${stocks} + ((${g} / ${devices}) * ${lines} + ${j}) % ${stocks}) % ${materials}`;
  const spread = (count: number, shift: number) =>
    sql`now() - make_interval(secs => (g + ${shift}::float8) * ${(days * 86400) / Math.max(count, 1)}::float8)`;
  const refuelNo = documentNumber('wh_refuel', 'refuel_no', 'RF', tenantId);
  // Headers are written whole, with their lines' totals, as the product's documents end up: an update of
  // every header afterwards doubled every index entry, and bloated the numbers' trigram index 2.7 times.
  const refuelQuantity = sql`(select sum(1 + (d.g + j) % 7) from generate_series(0, ${lines - 1}) j)`;
  await sql`insert into wh_refuel (id, tenant_id, refuel_no, device_id, refuel_time, total_quantity, total_amount)
    select ${id(1_000_000)} + d.g, ${tenantId}, ${refuelNo.number}, ${id(10)} + 1 + d.g % ${devices}, d.t,
           ${refuelQuantity}, ${refuelQuantity} * 2.5
    from (select g, ${spread(refuels, 0)} as t from generate_series(0, ${refuels - 1}) g) d ${refuelNo.earlier}`.execute(
    db,
  );
  await sql`insert into wh_refuel_item (id, tenant_id, refuel_id, material_code_id, quantity, unit_price, amount, sort)
    select ${id(10_000_000)} + g * ${lines} + j, ${tenantId}, ${id(1_000_000)} + g, ${material(sql.raw('g'), sql.raw('j'))},
           1 + (g + j) % 7, 2.5, (1 + (g + j) % 7) * 2.5, j
    from generate_series(0, ${refuels - 1}) g, generate_series(0, ${lines - 1}) j`.execute(db);
  if (deliveries > 0) {
    const deliveryNo = documentNumber('wh_delivery', 'delivery_no', 'DL', tenantId);
    await sql`insert into wh_delivery (id, tenant_id, delivery_no, device_id, apply_time, total_quantity, total_amount)
      select ${id(5_000_000)} + d.g, ${tenantId}, ${deliveryNo.number}, ${id(10)} + 1 + d.g % ${devices}, d.t,
             ${lines}, ${lines} * 2.5
      from (select g, ${spread(deliveries, 0.5)} as t from generate_series(0, ${deliveries - 1}) g) d
      ${deliveryNo.earlier}`.execute(db);
    // One unit a line: a slot is taken from no more often than it was filled, each time with at least one.
    await sql`insert into wh_delivery_item (id, tenant_id, delivery_id, material_code_id, quantity, unit_price, amount, sort)
      select ${id(30_000_000)} + g * ${lines} + j, ${tenantId}, ${id(5_000_000)} + g, ${material(sql.raw('g'), sql.raw('j'))},
             1, 2.5, 2.5, j
      from generate_series(0, ${deliveries - 1}) g, generate_series(0, ${lines - 1}) j`.execute(db);
  }
  // The day counters the product takes its next numbers from (numbers.ts), past the numbers given here: a refuel
  // written through the API on such a day took a number the bulk rows already had.
  await sql`insert into wh_number_sequence (tenant_id, prefix, day, value)
    select ${tenantId}, left(no, 2), substr(no, 3, 8), max(substr(no, 11)::int)
    from (select refuel_no as no from wh_refuel where tenant_id = ${tenantId}
          union all select delivery_no from wh_delivery where tenant_id = ${tenantId}) numbers
    group by 2, 3
    on conflict (tenant_id, prefix, day) do update set value = greatest(wh_number_sequence.value, excluded.value)`.execute(
    db,
  );
  // Refuel lines first, then delivery lines, in id order: balance_after never goes below zero.
  await sql`insert into wh_stock_movement (id, tenant_id, device_id, material_code_id, kind, quantity, unit_price, amount,
                                           balance_after, source_type, source_id, movement_time)
    select id, ${tenantId}, device_id, material_code_id, kind, quantity, 2.5, amount,
           sum(quantity) over (partition by device_id, material_code_id order by id), source_type, doc, at
    from (select i.id, r.device_id, i.material_code_id, 'in' as kind, i.quantity, i.amount, 'refuel' as source_type,
                 r.id as doc, r.refuel_time as at
          from wh_refuel_item i join wh_refuel r on r.id = i.refuel_id
          where i.tenant_id = ${tenantId} and i.id >= ${id(10_000_000)}
          union all
          select i.id, d.device_id, i.material_code_id, 'out', -i.quantity, -i.amount, 'delivery', d.id, d.apply_time
          from wh_delivery_item i join wh_delivery d on d.id = i.delivery_id
          where i.tenant_id = ${tenantId} and i.id >= ${id(10_000_000)}) lines`.execute(db);
  await sql`insert into wh_stock_balance (id, tenant_id, device_id, material_code_id, quantity, amount, average_price,
                                          last_in_time)
    select ${id(50_000_000)} + row_number() over (), ${tenantId}, device_id, material_code_id, sum(quantity),
           sum(amount), 2.5, now()
    from wh_stock_movement where tenant_id = ${tenantId} and id >= ${id(10_000_000)}
    group by device_id, material_code_id
    on conflict (tenant_id, device_id, material_code_id) do update
      set quantity = wh_stock_balance.quantity + excluded.quantity, amount = wh_stock_balance.amount + excluded.amount`.execute(
    db,
  );
  // the ledger's summaries, which postMovements keeps and these bulk rows bypassed; a schema from
  // before them (list-plans.ts fills at 0010) gets them from migration 0012, which builds them
  // Bulk rows the planner has not seen yet would be planned as the empty tables they were: the
  // summaries' rebuild of a second tenant beside a first one's million rows ran for minutes so.
  await refreshStatistics(db);
  const { rows } = await sql<{ flows: string | null }>`select to_regclass('wh_stock_flow')::text as flows`.execute(db);
  if (rows[0]?.flows) {
    await rebuildFlows(db, tenantId);
    await refreshStatistics(db);
  }
}

if (import.meta.main) {
  const [tenantId = '000000', movements = '1000000'] = process.argv.slice(2);
  const url = process.env.DATABASE_URL;
  const database = await openDatabase(
    url ? { url } : { pgliteDir: path.join(process.env.DATA_DIR ?? './data', 'pglite') },
  );
  await migrate(database.db, migrations);
  await seedPlatform(database.db, process.env.ADMIN_PASSWORD);
  const size = scaleSize(Number(movements));
  const began = performance.now();
  await fillWarehouse(database.db, tenantId, size);
  console.log(
    `tenant ${tenantId}: ${size.devices} devices, ${size.materials} materials, ${size.refuels} refuels and ` +
      `${size.deliveries} deliveries of ${size.linesPerRefuel} lines in ${Math.round(performance.now() - began)} ms`,
  );
  await database.close();
}
