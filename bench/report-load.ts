import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { migrations } from '../server/src/migrations/index.ts';
import { stockValueTemplate } from '../server/src/modules/report/seed.ts';
import { openDatabase } from '../server/src/platform/db/database.ts';
import { migrate } from '../server/src/platform/db/migrate.ts';
import type { AnyDb } from '../server/src/platform/tenancy/tenant-db.ts';
import { seedPlatform } from '../server/src/seed/platform-seed.ts';
import { load } from './support/load.ts';
import { BENCH_PASSWORD, type ProductServer, startProduct } from './support/product-server.ts';
import { onScratchDatabase } from './support/scratch-database.ts';
import { atMost } from './support/verdict.ts';
import { fillWarehouse, scaleSize } from './warehouse-data.ts';

// The warehouse reports (page 1, a deep page, filtered), the home page's figures and charts and the dashboard's at
// -c10 through the product server, each with its p95 against the issue's 50 ms, on the embedded
// database at 100k movements and, when DATABASE_URL is set, PostgreSQL at BENCH_PG_ROWS (1M).
// Run: node bench/report-load.ts   (BENCH_SECONDS per line, default 5; BENCH_FILLED_DATABASE_URL measures
// a database already filled by warehouse-data.ts instead of building one)
const TENANT = '000000';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const REPORT = '/api/warehouse/report';

interface Ids {
  device: string;
  type: string;
  material: string;
}

/** Ids the filters use: one cabinet, one material type, one material (with their keyword). */
async function filterIds(db: AnyDb): Promise<Ids> {
  const { rows } = await sql<Ids>`
    select (select min(id)::text from wh_device where tenant_id = ${TENANT} and type = 'cabinet') as device,
           (select min(id)::text from wh_material_type where tenant_id = ${TENANT}) as type,
           (select min(id)::text from wh_material_code where tenant_id = ${TENANT}) as material`.execute(db);
  return rows[0]!;
}

const day = (daysBack: number) => {
  const at = new Date(Date.now() - daysBack * 86_400_000);
  return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
};

/** Each line of the table: what is measured and the requests taken in turn. */
function lines(ids: Ids): [line: string, paths: string[]][] {
  const quarter = `startTime=${day(90)}&endTime=${day(0)}`;
  return [
    ['inventoryDetail page 1', [`${REPORT}/inventoryDetail?current=1&size=10`]],
    ['inventoryDetail deep page', [`${REPORT}/inventoryDetail?current=480&size=10`]],
    [
      'inventoryDetail filtered',
      [`${REPORT}/inventoryDetail?deviceId=${ids.device}`, `${REPORT}/inventoryDetail?state=low&keyword=Material%201`],
    ],
    ['inventoryMaterias page 1', [`${REPORT}/inventoryMaterias?current=1&size=10`]],
    ['inventoryMaterias deep page', [`${REPORT}/inventoryMaterias?current=95&size=10`]],
    [
      'inventoryMaterias filtered',
      [`${REPORT}/inventoryMaterias?deviceId=${ids.device}`, `${REPORT}/inventoryMaterias?materialTypeId=${ids.type}`],
    ],
    ['MaterialsPriceCount page 1', [`${REPORT}/MaterialsPriceCount?current=1&size=10`]],
    ['MaterialsPriceCount deep page', [`${REPORT}/MaterialsPriceCount?current=95&size=10`]],
    [
      'MaterialsPriceCount filtered',
      [
        `${REPORT}/MaterialsPriceCount?${quarter}`,
        `${REPORT}/MaterialsPriceCount?deviceId=${ids.device}&${quarter}`,
        `${REPORT}/MaterialsPriceCount?groupBy=type&materialTypeId=${ids.type}`,
        `${REPORT}/MaterialsPriceCount?groupBy=provider&keyword=Material%201`,
      ],
    ],
    ['home keyFigures', [`${REPORT}/keyFigures`]],
    ['home valueByType', [`${REPORT}/valueByType`, `${REPORT}/valueByType?deviceId=${ids.device}`]],
    ['home monthlyFlow', [`${REPORT}/monthlyFlow?months=12`]],
    ['home topConsumed', [`${REPORT}/topConsumed`, `${REPORT}/topConsumed?deviceId=${ids.device}`]],
    // the dashboard: users, sign-ins, the logs' last seven days and the key figures, in one answer
    ['dashboard figures', ['/api/blade-desk/dashboard/figures']],
  ];
}

async function measure(where: string, server: ProductServer, ids: Ids): Promise<void> {
  for (const [line, paths] of lines(ids)) {
    await measureLine(where, server, line, paths);
  }
  await measureReportDesigner(where, server);
  // The answers above are kept between writes (modules/warehouse/report/kept.ts): here a refuel is written every
  // second while the reports are read, so each write makes the next reads compute them again.
  const writing = { stopped: false };
  const refuels = refuelEverySecond(server, ids, writing);
  await measureLine(where, server, 'reports, a refuel written every second', [
    `${REPORT}/inventoryMaterias?current=1&size=10`,
    `${REPORT}/MaterialsPriceCount?current=1&size=10`,
    `${REPORT}/keyFigures`,
  ]);
  writing.stopped = true;
  console.log(`  (${await refuels} refuels written)`);
}

/**
 * The report designer's (issue 22): its stored reports' list, and the preview of the report each warehouse
 * tenant starts with (stock value by material type over a quarter), made here through the API.
 */
async function measureReportDesigner(where: string, server: ProductServer): Promise<void> {
  const rest = '/api/blade-report/report/rest';
  const res = await fetch(`${server.base}${rest}/submit`, {
    method: 'POST',
    headers: { ...server.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ name: `bench ${Date.now()}`, template: stockValueTemplate() }),
  });
  if (!res.ok) throw new Error(`report submit: ${res.status} ${await res.text()}`);
  const { id } = ((await res.json()) as { data: { id: string } }).data;
  await measureLine(where, server, 'report designer: stored reports list', [`${rest}/list?current=1&size=10`]);
  const body = JSON.stringify({ id, params: { from: day(90), to: day(0) } });
  await measureLine(where, server, 'report designer: stock value by type preview', [`${rest}/preview`], body);
}

async function measureLine(
  where: string,
  server: ProductServer,
  line: string,
  paths: string[],
  body?: string,
): Promise<void> {
  const urls = paths.map((p) => `${server.base}${p}`);
  const target = { urls, headers: server.headers, body };
  for (const url of urls) {
    const res = await fetch(url, {
      headers: { ...server.headers, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { method: 'POST', body }),
    });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  }
  const result = await load(target, { connections: 10, seconds: SECONDS });
  const errors = result.errors ? `, ${result.errors} errors` : '';
  const tail = `p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms`;
  console.log(`  ${line}: ${tail}, ${result.perSecond.toFixed(0)} req/s${errors}`);
  atMost(`${line}, -c10 p95`, where, result.errors ? Number.POSITIVE_INFINITY : result.p95, 50, 'ms');
}

/** Writes a refuel of one line through the API every second until `writing.stopped`; answers how many. */
async function refuelEverySecond(server: ProductServer, ids: Ids, writing: { stopped: boolean }): Promise<number> {
  let written = 0;
  const body = JSON.stringify({
    deviceId: ids.device,
    items: [{ materialCodeId: ids.material, quantity: 1, unitPrice: 1 }],
  });
  while (!writing.stopped) {
    const res = await fetch(`${server.base}/api/warehouse/refuel/submit`, {
      method: 'POST',
      headers: { ...server.headers, 'content-type': 'application/json' },
      body,
    });
    if (!res.ok) throw new Error(`refuel: ${res.status} ${await res.text()}`);
    written++;
    await new Promise((r) => setTimeout(r, 1000));
  }
  return written;
}

/** Migrates, seeds the administrator's tenant and fills it; answers the filters' ids. */
async function build(open: () => ReturnType<typeof openDatabase>, movements: number): Promise<Ids> {
  const database = await open();
  try {
    await migrate(database.db, migrations);
    await seedPlatform(database.db, BENCH_PASSWORD);
    const began = performance.now();
    await fillWarehouse(database.db, TENANT, scaleSize(movements));
    console.log(`  filled ${movements} movements in ${Math.round(performance.now() - began)} ms`);
    return await filterIds(database.db);
  } finally {
    await database.close();
  }
}

/** Builds the data, starts the product on it and measures every line. */
async function onProduct(
  where: string,
  open: () => ReturnType<typeof openDatabase>,
  movements: number,
  target: Parameters<typeof startProduct>[0],
): Promise<void> {
  console.log(where);
  const ids = await build(open, movements);
  const server = await startProduct(target);
  try {
    await measure(where, server, ids);
  } finally {
    await server.stop();
  }
}

const loadAverage = () =>
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;
console.log(loadAverage());
const filled = process.env.BENCH_FILLED_DATABASE_URL;
if (filled) {
  // a database already filled by warehouse-data.ts (with ADMIN_PASSWORD=bench-password-17)
  const database = await openDatabase({ url: filled });
  const ids = await filterIds(database.db).finally(() => database.close());
  const server = await startProduct({ databaseUrl: filled });
  await measure('PostgreSQL (filled)', server, ids).finally(() => server.stop());
} else {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-report-load-'));
  try {
    const pgliteDir = path.join(dir, 'pglite');
    await onProduct('PGlite 100k', () => openDatabase({ pgliteDir }), 100_000, { dataDir: dir });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  if (process.env.DATABASE_URL) {
    const rows = Number(process.env.BENCH_PG_ROWS ?? 1_000_000);
    const where = `PostgreSQL ${rows >= 1_000_000 ? `${rows / 1_000_000}M` : `${rows / 1000}k`}`;
    await onScratchDatabase(process.env.DATABASE_URL, (url) =>
      onProduct(where, () => openDatabase({ url }), rows, { databaseUrl: url }),
    );
  }
}
console.log(loadAverage());
