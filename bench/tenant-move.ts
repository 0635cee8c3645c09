import { sql } from 'kysely';
import { migrations } from '../server/src/migrations/index.ts';
import { TENANT_LINKS } from '../server/src/modules/system/tenant/move/run.ts';
import { openDatabase } from '../server/src/platform/db/database.ts';
import { migrate } from '../server/src/platform/db/migrate.ts';
import { nextId } from '../server/src/platform/db/snowflake.ts';
import { TENANT_MOVING } from '../server/src/platform/tenancy/move/fence-sql.ts';
import { moveTenant } from '../server/src/platform/tenancy/move/mover.ts';
import { type AnyDb, connectionBypassesRls, createTenantDb } from '../server/src/platform/tenancy/tenant-db.ts';
import { onScratchDatabase } from './support/scratch-database.ts';
import { verdict } from './support/verdict.ts';
import { fillWarehouse, scaleSize } from './warehouse-data.ts';

// Moving a tenant of BENCH_PG_ROWS ledger rows (default 1M, the issue's figure) from one PostgreSQL
// database to another with the product's mover (platform/tenancy/move), while 4 writers of the
// tenant add a dept each in a loop, routed as the product routes them (to the second database once
// switched): the time of the move, its rows a second, and how many writes waited (> 100 ms) or were
// refused (503 "being moved") during it; none may be lost. Both databases are scratch databases on
// the DATABASE_URL server (the same server: a second cluster via pg_createcluster would need root;
// the copy is bound by the two databases' work, not the network, on one machine either way).
// Run: DATABASE_URL=postgres://… [BENCH_PG_ROWS=100000] node bench/tenant-move.ts
const ROWS = Number(process.env.BENCH_PG_ROWS ?? 1_000_000);
const TENANT = '790001';
const WRITERS = 4;
const BATCH = 5000;
const WAITED_MS = 100;

async function prepared(url: string) {
  const database = await openDatabase({ url });
  await migrate(database.db, migrations);
  return database;
}

async function bench(mainUrl: string, secondUrl: string) {
  const [main, second] = await Promise.all([prepared(mainUrl), prepared(secondUrl)]);
  await sql`insert into blade_tenant (id, tenant_id, tenant_name) values (${nextId()}, ${TENANT}, 'Bench move')`.execute(
    main.db,
  );
  const filled = performance.now();
  await fillWarehouse(main.db, TENANT, scaleSize(ROWS));
  console.log(`filled ${ROWS} ledger rows in ${((performance.now() - filled) / 1000).toFixed(0)} s`);
  const tenantDbs = new Map<AnyDb, ReturnType<typeof createTenantDb>>();
  for (const db of [main.db, second.db]) tenantDbs.set(db, createTenantDb(db, await connectionBypassesRls(db)));
  let served = main.db;
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
  let copied = 0;
  await moveTenant({
    tenantId: TENANT,
    source: main.db,
    target: second.db,
    links: TENANT_LINKS,
    batchRows: BATCH,
    report: async (r) => {
      copied = r.rowsDone ?? copied;
    },
    switchOver: async () => {
      served = second.db;
    },
    switched: async () => served === second.db,
  });
  const seconds = (performance.now() - began) / 1000;
  await new Promise((r) => setTimeout(r, 500));
  stop = true;
  await Promise.all(writers);
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from blade_dept where tenant_id = ${TENANT} and dept_name = 'bench'`.execute(second.db);
  const lost = writes.ids.length - rows[0]!.n;
  const where = `PostgreSQL ${ROWS >= 1_000_000 ? `${ROWS / 1_000_000}M` : `${ROWS / 1000}k`}`;
  verdict({
    line: 'tenant move: time',
    where,
    goal: 'none (recorded)',
    measured: `${seconds.toFixed(1)} s`,
    pass: null,
  });
  verdict({
    line: 'tenant move: rows a second',
    where,
    goal: 'none (recorded)',
    measured: `${Math.round(copied / seconds)} rows/s (${copied} rows)`,
    pass: null,
  });
  verdict({
    line: `tenant move: writes during it (${WRITERS} writers)`,
    where,
    goal: 'none lost, none failed otherwise',
    measured: `${writes.ok} ok (${writes.waited} waited > ${WAITED_MS} ms), ${writes.refused} refused "being moved", ${writes.failed} failed, ${lost} lost`,
    pass: lost === 0 && writes.failed === 0,
  });
  await Promise.all([main.close(), second.close()]);
}

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.log('tenant-move: set DATABASE_URL to a PostgreSQL server (tenants move between PostgreSQL databases only)');
} else {
  await onScratchDatabase(serverUrl, (mainUrl) =>
    onScratchDatabase(serverUrl, (secondUrl) => bench(mainUrl, secondUrl), '_second'),
  );
}
