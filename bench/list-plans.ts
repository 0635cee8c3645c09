import { sql } from 'kysely';
import { migrations } from '../server/src/migrations/index.ts';
import { type OpenDatabase, openDatabase } from '../server/src/platform/db/database.ts';
import { migrate } from '../server/src/platform/db/migrate.ts';
import { refreshStatistics } from '../server/src/platform/db/statistics.ts';
import { type AnyTrx, connectionBypassesRls, createTenantDb } from '../server/src/platform/tenancy/tenant-db.ts';
import { onScratchDatabase } from './support/scratch-database.ts';
import { fillWarehouse } from './warehouse-data.ts';

// Page 1 of the movement, refuel and delivery lists (their default orders, as the CRUD factory
// queries them, inside the tenant transaction so the policy applies) at a large row count, before
// and after migration 0011 (the tenant policy's once-per-statement form, the list indexes), with
// the plan each one used. The data is built at 0010, measured, migrated to 0011, measured again.
// Run: node bench/list-plans.ts [movements]   (default 100000 on the embedded database, in memory;
// with DATABASE_URL also on PostgreSQL, in a scratch database, at BENCH_PG_ROWS, default 1000000)
const TENANT = '000000';
const RUNS = 30;

const LISTS: Record<string, (trx: AnyTrx) => ReturnType<typeof sql>> = {
  movement: () => sql`select * from wh_stock_movement where is_deleted = 0 and tenant_id = ${TENANT}
    order by id desc limit 10`,
  'movement, one device': () => sql`select * from wh_stock_movement where is_deleted = 0 and tenant_id = ${TENANT}
    and device_id = (select min(id) from wh_device where type = 'cabinet') order by id desc limit 10`,
  'movement, one material': () => sql`select * from wh_stock_movement where is_deleted = 0 and tenant_id = ${TENANT}
    and material_code_id = (select min(id) from wh_material_code) order by id desc limit 10`,
  refuel: () => sql`select * from wh_refuel where is_deleted = 0 and tenant_id = ${TENANT}
    order by refuel_time desc, id desc limit 10`,
  delivery: () => sql`select * from wh_delivery where is_deleted = 0 and tenant_id = ${TENANT}
    order by apply_time desc, id desc limit 10`,
  // the page's total (the factory counts every page), where the policy's per-row cost shows
  'movement count': () => sql`select count(*) from wh_stock_movement where is_deleted = 0 and tenant_id = ${TENANT}`,
};

// The policy as migrations 0001-0008 released it (current_setting called per row), for "before".
const RELEASED_MATCH =
  "tenant_id = current_setting('app.tenant_id', true) or current_setting('app.all_tenants', true) = 'on'";
async function releasedPolicies(database: OpenDatabase): Promise<void> {
  const { rows } = await sql<{ table: string }>`
    select tablename as table from pg_policies where policyname = 'tenant_isolation'`.execute(database.db);
  for (const { table } of rows) {
    await sql
      .raw(`alter policy tenant_isolation on ${table} using (${RELEASED_MATCH}) with check (${RELEASED_MATCH})`)
      .execute(database.db);
  }
}

const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0011'));

/** Delivery headers in bulk (fillWarehouse makes inbound only): one per refuel, a minute apart. */
async function fillDeliveries(database: OpenDatabase, count: number): Promise<void> {
  await sql`insert into wh_delivery (id, tenant_id, delivery_no, device_id, apply_time)
    select 9000000000000000000 - g, ${TENANT}, 'DL-' || g, (select min(id) from wh_device where type = 'cabinet'),
           now() - (g || ' minutes')::interval
    from generate_series(1, ${count}) g`.execute(database.db);
  await refreshStatistics(database.db);
}

async function measureLists(database: OpenDatabase): Promise<Record<string, { ms: number; plan: string }>> {
  const tenantDb = createTenantDb(database.db, await connectionBypassesRls(database.db));
  const out: Record<string, { ms: number; plan: string }> = {};
  for (const [name, query] of Object.entries(LISTS)) {
    const times: number[] = [];
    const plan = await tenantDb.inTenant(TENANT, async (trx) => {
      const { rows } = await sql<{ 'QUERY PLAN': string }>`explain (costs off) ${query(trx)}`.execute(trx);
      return rows.map((r) => r['QUERY PLAN']).join(' / ');
    });
    for (let i = 0; i < RUNS + 3; i++) {
      const began = performance.now();
      await tenantDb.inTenant(TENANT, (trx) => query(trx).execute(trx));
      if (i >= 3) times.push(performance.now() - began);
    }
    times.sort((x, y) => x - y);
    out[name] = { ms: times[Math.floor(times.length / 2)]!, plan };
  }
  return out;
}

/** `reopen` gives fresh connections after the migrations (PostgreSQL: the statements it prepared were of the old tables). */
async function run(
  label: string,
  opened: OpenDatabase,
  movements: number,
  reopen?: () => Promise<OpenDatabase>,
): Promise<void> {
  let database = opened;
  await migrate(database.db, before);
  await releasedPolicies(database);
  // As issue 17 measures: a document per 10 ledger rows (1M movements, 100k refuels and deliveries).
  const refuels = Math.max(1, Math.round(movements / 10));
  const began = performance.now();
  await fillWarehouse(database.db, TENANT, { materials: 1000, devices: 50, refuels, linesPerRefuel: 10 });
  await fillDeliveries(database, refuels);
  console.log(
    `${label}: ${movements} movements, ${refuels} refuels and deliveries built in ${Math.round(performance.now() - began)} ms`,
  );
  const old = await measureLists(database);
  await migrate(database.db, migrations);
  if (reopen) {
    await database.close();
    database = await reopen();
  }
  const now = await measureLists(database);
  console.log(`| ${label}, page 1 (median of ${RUNS}) | before 0011 | after 0011 | plan after |`);
  console.log('|---|---|---|---|');
  for (const name of Object.keys(LISTS)) {
    console.log(`| ${name} | ${old[name]!.ms.toFixed(1)} ms | ${now[name]!.ms.toFixed(1)} ms | ${now[name]!.plan} |`);
  }
  for (const name of Object.keys(LISTS)) console.log(`  before, ${name}: ${old[name]!.plan}`);
  await database.close();
}

const movements = Number(process.argv[2] ?? 100_000);
await run('PGlite (in memory)', await openDatabase({ memory: true }), movements);

const serverUrl = process.env.DATABASE_URL;
if (serverUrl) {
  await onScratchDatabase(serverUrl, async (url) =>
    run('PostgreSQL', await openDatabase({ url }), Number(process.env.BENCH_PG_ROWS ?? 1_000_000), () =>
      openDatabase({ url }),
    ),
  );
}
