import os from 'node:os';
import { sql } from 'kysely';
import { migrations } from '../server/src/migrations/index.ts';
import { TENANT_LINKS } from '../server/src/modules/system/tenant/move/run.ts';
import { openDatabase } from '../server/src/platform/db/database.ts';
import { migrate } from '../server/src/platform/db/migrate.ts';
import { nextId } from '../server/src/platform/db/snowflake.ts';
import { TENANT_MOVING } from '../server/src/platform/tenancy/move/fence-sql.ts';
import { moveTenant } from '../server/src/platform/tenancy/move/mover.ts';
import { type AnyDb, connectionBypassesRls, createTenantDb } from '../server/src/platform/tenancy/tenant-db.ts';
import { load } from './support/load.ts';
import { type ProductServer, startProduct } from './support/product-server.ts';
import { onScratchDatabase } from './support/scratch-database.ts';
import { onSecondServer } from './support/second-server.ts';
import { addTenantAdmin, tenantAdminHeaders } from './support/tenant-admin.ts';
import { verdict } from './support/verdict.ts';
import { fillWarehouse, scaleSize } from './warehouse-data.ts';

// Moving a tenant of BENCH_PG_ROWS ledger rows (default 1M, the issue's figure) from one PostgreSQL
// database to another with the product's mover (platform/tenancy/move), while 4 writers of the
// tenant add a dept each in a loop, routed as the product routes them (to the second database once
// switched): the time of the move and how long the tenant was fenced, its rows a second, and how many
// writes waited (> 100 ms) or were refused (503 "being moved") during it; none may be lost. Then,
// through the product server, the movement list (page 1, p95 at -c10) of the tenant bound to the
// second database against its twin (a tenant filled the same way) on the main one, in interleaved
// rounds; then the moved tenant moved back by the product, timed.
// The second database is on a second cluster when the bench can make one (support/second-server.ts).
// Run: DATABASE_URL=postgres://… [BENCH_PG_ROWS=100000] node bench/tenant-move.ts
const ROWS = Number(process.env.BENCH_PG_ROWS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const TENANT = '790001';
/** A tenant of the same rows that stays on the main database: the list ratio's other side. */
const TWIN = '790002';
const ROUNDS = 3;
const WRITERS = 4;
const BATCH = 50_000;
const WAITED_MS = 100;
const LIST = '/api/warehouse/movement/page?current=1&size=10';
const where = `PostgreSQL ${ROWS >= 1_000_000 ? `${ROWS / 1_000_000}M` : `${ROWS / 1000}k`}`;
const load1 = () => os.loadavg()[0]!.toFixed(2);

async function prepared(url: string) {
  const database = await openDatabase({ url });
  await migrate(database.db, migrations);
  return database;
}

/** The mover itself, the tenant's writers routed by hand: the move's time, fence and writes. */
async function moveWithWriters(main: AnyDb, second: AnyDb) {
  const tenantDbs = new Map<AnyDb, ReturnType<typeof createTenantDb>>();
  for (const db of [main, second]) tenantDbs.set(db, createTenantDb(db, await connectionBypassesRls(db)));
  let served = main;
  let stop = false;
  const writes = { ok: 0, waited: 0, refused: 0, failed: 0, ids: [] as string[] };
  const writer = async () => {
    while (!stop) {
      const id = nextId();
      const began = performance.now();
      try {
        await tenantDbs
          .get(served)!
          .inTenant(TENANT, (trx) =>
            sql`insert into blade_dept (id, tenant_id, dept_name) values (${id}, ${TENANT}, 'bench')`.execute(trx),
          );
        writes.ok++;
        writes.ids.push(id);
        if (performance.now() - began > WAITED_MS) writes.waited++;
      } catch (error) {
        if ((error as { code?: string }).code === TENANT_MOVING) writes.refused++;
        else writes.failed++;
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  };
  const writers = Array.from({ length: WRITERS }, writer);
  await new Promise((r) => setTimeout(r, 500));
  const began = performance.now();
  let fenced = 0;
  let switched = 0;
  let copied = 0;
  await moveTenant({
    tenantId: TENANT,
    source: main,
    target: second,
    links: TENANT_LINKS,
    batchRows: BATCH,
    report: async (r) => {
      if (r.step === 'fence' && !fenced) fenced = performance.now();
      copied = r.rowsDone ?? copied;
    },
    switchOver: async () => {
      switched = performance.now();
      served = second;
    },
    switched: async () => served === second,
  });
  const seconds = (performance.now() - began) / 1000;
  await new Promise((r) => setTimeout(r, 500));
  stop = true;
  await Promise.all(writers);
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from blade_dept where tenant_id = ${TENANT} and dept_name = 'bench'`.execute(second);
  const lost = writes.ids.length - rows[0]!.n;
  const recorded = { goal: 'none (recorded)', pass: null, where };
  verdict({ ...recorded, line: 'tenant move: time', measured: `${seconds.toFixed(1)} s (load ${load1()})` });
  verdict({
    ...recorded,
    line: 'tenant move: writes fenced',
    measured: `${((switched - fenced) / 1000).toFixed(1)} s`,
  });
  verdict({
    ...recorded,
    line: 'tenant move: rows a second',
    measured: `${Math.round(copied / seconds)} rows/s (${copied} rows)`,
  });
  verdict({
    line: `tenant move: writes during it (${WRITERS} writers)`,
    where,
    goal: 'none lost, none failed otherwise',
    measured: `${writes.ok} ok (${writes.waited} waited > ${WAITED_MS} ms), ${writes.refused} refused "being moved", ${writes.failed} failed, ${lost} lost`,
    pass: lost === 0 && writes.failed === 0,
  });
}

/** p95 of the tenant's movement list at -c10. */
async function listP95(base: string, headers: Record<string, string>) {
  const r = await load({ urls: [base + LIST], headers }, { connections: 10, seconds: SECONDS });
  if (r.errors) throw new Error(`the movement list answered ${r.errors} errors`);
  return r.p95;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * The movement list of the tenant on the second database and of its twin on the main one, in ROUNDS
 * interleaved rounds (each side first in turn) after an uncounted one of each: the median p95 of each.
 */
async function interleavedP95(base: string, onSecond: Record<string, string>, onMain: Record<string, string>) {
  await listP95(base, onSecond);
  await listP95(base, onMain);
  const second: number[] = [];
  const main: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 ? ([main, second] as const) : ([second, main] as const);
    for (const side of order) side.push(await listP95(base, side === second ? onSecond : onMain));
  }
  return { second: median(second), main: median(main) };
}

/** Moves the tenant back to the main database through the product (`datasourceId=0`): its seconds. */
async function moveBack(product: ProductServer) {
  const began = performance.now();
  const bind = await fetch(`${product.base}/api/blade-system/tenant/datasource?tenantId=${TENANT}&datasourceId=0`, {
    method: 'POST',
    headers: product.headers,
  });
  if (!bind.ok) throw new Error(`moving back was refused: ${bind.status} ${await bind.text()}`);
  for (;;) {
    const progress = await fetch(`${product.base}/api/blade-system/tenant/datasource-move?tenantId=${TENANT}`, {
      headers: product.headers,
    });
    const step = ((await progress.json()) as { data?: { step: string; message: string | null } }).data;
    if (step?.step === 'failed') throw new Error(`moving back failed: ${step.message}`);
    if (step?.step === 'done') return (performance.now() - began) / 1000;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A datasource naming the second database, made through the product's API: its id. */
async function addDatasource(product: ProductServer, secondUrl: string): Promise<string> {
  const at = new URL(secondUrl);
  const res = await fetch(`${product.base}/api/blade-develop/datasource/submit`, {
    method: 'POST',
    headers: { ...product.headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'second',
      driverClass: 'org.postgresql.Driver',
      url: `jdbc:postgresql://${at.host}${at.pathname}`,
      username: decodeURIComponent(at.username),
      password: decodeURIComponent(at.password) || 'unused',
    }),
  });
  const id = ((await res.json()) as { data?: { id: string } }).data?.id;
  if (!id) throw new Error(`the datasource was refused: ${res.status}`);
  return id;
}

/**
 * The product on the main database, the moved tenant bound to the second (the binding written while
 * the product is stopped, so no move runs) and its twin on the main: the lists' ratio, second ÷ main;
 * then the tenant moved back by the product, timed.
 */
async function listRatio(mainUrl: string, secondUrl: string) {
  let product = await startProduct({ databaseUrl: mainUrl });
  const datasourceId = await addDatasource(product, secondUrl);
  await product.stop();
  const [main, second] = await Promise.all([openDatabase({ url: mainUrl }), openDatabase({ url: secondUrl })]);
  await sql`update blade_tenant set datasource_id = ${datasourceId} where tenant_id = ${TENANT}`.execute(main.db);
  await addTenantAdmin(second.db, main.db, TENANT);
  await addTenantAdmin(main.db, main.db, TWIN);
  await Promise.all([main.close(), second.close()]);
  product = await startProduct({ databaseUrl: mainUrl }, { TENANT_MOVE_BATCH_ROWS: String(BATCH) });
  try {
    // the product opens the second database on the tenant's first call and then compares its platform
    // copies in the background: measured after that
    const onSecond = await tenantAdminHeaders(product, TENANT);
    const onMain = await tenantAdminHeaders(product, TWIN);
    await fetch(product.base + LIST, { headers: onSecond });
    await new Promise((r) => setTimeout(r, 5000));
    const p95 = await interleavedP95(product.base, onSecond, onMain);
    verdict({
      line: `movement list p95 (-c10), tenant on the second database ÷ its twin on the main (median of ${ROUNDS} interleaved rounds)`,
      where,
      goal: 'none (recorded)',
      measured: `${(p95.second / p95.main).toFixed(2)}× (${p95.second.toFixed(1)} ms ÷ ${p95.main.toFixed(1)} ms, load ${load1()})`,
      pass: null,
    });
    const back = await moveBack(product);
    verdict({
      line: 'tenant move: back to the main database through the product',
      where,
      goal: 'none (recorded)',
      measured: `${back.toFixed(1)} s (load ${load1()})`,
      pass: null,
    });
  } finally {
    await product.stop();
  }
}

async function bench(mainUrl: string, secondUrl: string) {
  const [main, second] = await Promise.all([prepared(mainUrl), prepared(secondUrl)]);
  for (const [tenant, name] of [
    [TENANT, 'Bench move'],
    [TWIN, 'Bench twin'],
  ]) {
    await sql`insert into blade_tenant (id, tenant_id, tenant_name) values (${nextId()}, ${tenant}, ${name})`.execute(
      main.db,
    );
    const filled = performance.now();
    await fillWarehouse(main.db, tenant!, scaleSize(ROWS));
    console.log(`${tenant}: filled ${ROWS} ledger rows in ${((performance.now() - filled) / 1000).toFixed(0)} s`);
  }
  try {
    await moveWithWriters(main.db, second.db);
    // the moved rows' dead versions in the main database (autovacuum is off on this machine's
    // cluster) would slow the twin's list there
    await sql`vacuum analyze`.execute(main.db);
  } finally {
    await Promise.all([main.close(), second.close()]);
  }
  await listRatio(mainUrl, secondUrl);
}

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.log('tenant-move: set DATABASE_URL to a PostgreSQL server (tenants move between PostgreSQL databases only)');
} else {
  await onSecondServer(serverUrl, async (secondServer) => {
    console.log(`tenant-move: the second database is on ${secondServer.where}`);
    await onScratchDatabase(serverUrl, (mainUrl) =>
      onScratchDatabase(secondServer.url, (secondUrl) => bench(mainUrl, secondUrl), '_second'),
    );
  });
}
