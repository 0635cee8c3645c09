import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { migrations } from '../server/src/migrations/index.ts';
import { openDatabase } from '../server/src/platform/db/database.ts';
import { migrate } from '../server/src/platform/db/migrate.ts';
import { refreshStatistics } from '../server/src/platform/db/statistics.ts';
import type { AnyDb } from '../server/src/platform/tenancy/tenant-db.ts';
import { seedPlatform } from '../server/src/seed/platform-seed.ts';
import { fillLogs, logTargets } from './log-data.ts';
import { load } from './support/load.ts';
import { BENCH_PASSWORD, type ProductServer, startProduct } from './support/product-server.ts';
import { onScratchDatabase } from './support/scratch-database.ts';
import { atMost } from './support/verdict.ts';
import { fillWarehouse, scaleSize } from './warehouse-data.ts';

// Every list and tree of the product at -c10, p95 against the issue's 50 ms: the product server in
// its own process (startProduct, signed in as the platform admin, whose tenant holds the data) on
// the embedded database at 100k movements and, with DATABASE_URL, on PostgreSQL at BENCH_PG_ROWS
// (default 1,000,000) in a scratch database. The endpoints are read from the server's OpenAPI
// document (every GET whose last segment names a list, page or tree and needs no parameter), so a
// new module's lists are measured without editing this file; the reports have their own bench.
// The ledger-heavy lists are also measured at a deep page (500 of 10) and filtered, and a
// document's detail (its lines). BENCH_LIST_SECONDS (default 2) per line, after a 0.5 s warm-up.
// Run: node bench/list-load.ts   (BENCH_FILLED_DATABASE_URL: measure a database already filled
// with bench/warehouse-data.ts instead of building one; it is not dropped)
const TENANT = '000000';
const SECONDS = Number(process.env.BENCH_LIST_SECONDS ?? 2);
const DEEP = 'current=500&size=10';
const LIST_SEGMENT = /(list|page|tree)/i;

/** Notices in bulk (the data builder makes none): one in a hundred movements, a tenth untreated. */
async function fillNotices(db: AnyDb, movements: number): Promise<void> {
  // No device or material: the one-untreated-per-kind index ignores rows whose columns are null.
  await sql`insert into wh_notice (id, tenant_id, type, title, treated, create_time)
    select 8000000000000000000 + g, ${TENANT}, 'manual', 'Notice ' || g, (g % 10 <> 0)::int,
           now() - (g || ' minutes')::interval
    from generate_series(1, ${Math.round(movements / 100)}) g`.execute(db);
  await refreshStatistics(db);
}

/** Attachments in bulk (uploads make them one by one): one in a hundred movements, by the admin. */
async function fillAttachments(db: AnyDb, movements: number): Promise<void> {
  await sql`insert into blade_attach (id, tenant_id, link, domain, name, original_name, extension, attach_size,
      create_user, create_time)
    select 8100000000000000000 + g, ${TENANT}, '/f/' || g, '/f', ${TENANT} || '/' || md5(g::text),
           (case when g % 2 = 0 then '设备照片 ' else 'Invoice ' end) || g || (case when g % 2 = 0 then '.png' else '.pdf' end),
           case when g % 2 = 0 then 'png' else 'pdf' end, g * 37, 1123598821738675201, now() - (g || ' minutes')::interval
    from generate_series(1, ${Math.round(movements / 100)}) g`.execute(db);
  await refreshStatistics(db);
}

async function build(target: { url: string } | { pgliteDir: string }, movements: number): Promise<void> {
  const database = await openDatabase(target);
  try {
    await migrate(database.db, migrations);
    await seedPlatform(database.db, BENCH_PASSWORD);
    const began = performance.now();
    await fillWarehouse(database.db, TENANT, scaleSize(movements));
    await fillNotices(database.db, movements);
    await fillAttachments(database.db, movements);
    // As many api log rows as movements (1M on PostgreSQL), for the log screens (issue 20).
    await fillLogs(database.db, TENANT, movements);
    // PostgreSQL's autovacuum sets the visibility map of freshly inserted rows within a minute or so
    // on a quiet server (the state a ledger is in); deep pages read keys index-only only then. PGlite
    // runs no autovacuum, so it is measured as the product leaves it.
    if ('url' in target) await sql`vacuum`.execute(database.db);
    console.log(`${movements} movements built in ${Math.round(performance.now() - began)} ms`);
  } finally {
    await database.close();
  }
}

/** The GET list, page and tree endpoints of the OpenAPI document that need no parameter. */
async function listEndpoints(product: ProductServer): Promise<string[]> {
  const res = await fetch(`${product.base}/api/docs/json`, { headers: product.headers });
  const doc = (await res.json()) as { paths: Record<string, { get?: { parameters?: { required?: boolean }[] } }> };
  return Object.entries(doc.paths)
    .filter(([, ops]) => ops.get && !ops.get.parameters?.some((x) => x.required))
    .map(([p]) => p)
    .filter((p) => LIST_SEGMENT.test(p.split('/').at(-1)!) && !p.includes('/report/') && !/excel/i.test(p));
}

async function getData<T>(product: ProductServer, url: string): Promise<T> {
  const res = await fetch(`${product.base}${url}`, { headers: product.headers });
  return ((await res.json()) as { data: T }).data;
}

/** The ledger-heavy lists again at a deep page and filtered, and a document's lines (its detail). */
async function ledgerTargets(product: ProductServer): Promise<Record<string, string[]>> {
  type Page = { records: { id: string }[] };
  const first = async (url: string) => (await getData<Page>(product, url)).records[0]?.id ?? '0';
  const site = await first('/api/blade-warehouse/device/page?parentId=0&size=1');
  const cabinet = await first(`/api/blade-warehouse/device/page?parentId=${site}&size=1`);
  const material = await first('/api/warehouse/materialscode/page?size=1');
  const type = await first('/api/warehouse/materialstype/page?size=1');
  const refuel = await first('/api/warehouse/refuel/page?size=1');
  // The 5000th refuel, or the last where there are fewer (a small BENCH_PG_ROWS).
  const refuels = (await getData<{ total: number }>(product, '/api/warehouse/refuel/page?size=1')).total;
  const deepRefuel = await first(`/api/warehouse/refuel/page?size=1&current=${Math.max(1, Math.min(5000, refuels))}`);
  const delivery = await first('/api/warehouse/delivery/page?size=1');
  // A number's searches (RF + day + sequence): its day's part (a day's refuels), the whole number
  // (one), its first three characters (all share them).
  const number = (await getData<{ records: { refuelNo: string }[] }>(product, '/api/warehouse/refuel/page?size=1'))
    .records[0]?.refuelNo;
  const w = '/api/warehouse';
  return {
    [`${w}/movement/page, deep page`]: [`${w}/movement/page?${DEEP}`],
    [`${w}/movement/page, one device`]: [`${w}/movement/page?deviceId=${cabinet}`],
    [`${w}/movement/page, one material, deep page`]: [`${w}/movement/page?materialCodeId=${material}&${DEEP}`],
    [`${w}/materials/page, deep page`]: [`${w}/materials/page?${DEEP}`],
    [`${w}/materials/page, device subtree`]: [`${w}/materials/page?deviceId=${site}`],
    [`${w}/materials/page, material type subtree`]: [`${w}/materials/page?materialTypeId=${type}`],
    [`${w}/refuel/page, deep page`]: [`${w}/refuel/page?${DEEP}`],
    [`${w}/refuel/page, device subtree, deep page`]: [`${w}/refuel/page?deviceId=${site}&${DEEP}`],
    [`${w}/refuel/page, one cabinet`]: [`${w}/refuel/page?deviceId=${cabinet}`],
    [`${w}/refuel/page, number keyword (a day's)`]: [`${w}/refuel/page?refuelNo=${number?.slice(2, 10)}`],
    [`${w}/refuel/page, one refuel's number`]: [`${w}/refuel/page?refuelNo=${number}`],
    [`${w}/refuel/page, number's first 3 characters`]: [`${w}/refuel/page?refuelNo=${number?.slice(0, 3)}`],
    [`${w}/refuel/detail, its lines`]: [`${w}/refuel/detail?id=${refuel}`, `${w}/refuel/detail?id=${deepRefuel}`],
    [`${w}/delivery/page, deep page`]: [`${w}/delivery/page?${DEEP}`],
    [`${w}/delivery/page, device subtree`]: [`${w}/delivery/page?deviceId=${site}`],
    [`${w}/delivery/detail, its lines`]: [`${w}/delivery/detail?id=${delivery}`],
    [`${w}/notice/page, deep page`]: [`${w}/notice/page?${DEEP}`],
    [`${w}/notice/page, untreated`]: [`${w}/notice/page?treated=0`],
    // The attachment screen's searches: a part of a name, and a type.
    '/api/blade-resource/attach/page, name keyword': ['/api/blade-resource/attach/page?originalName=voice%2012'],
    '/api/blade-resource/attach/page, one type': ['/api/blade-resource/attach/page?extension=pdf'],
  };
}

async function measure(where: string, product: ProductServer): Promise<void> {
  const targets: Record<string, string[]> = {};
  for (const p of await listEndpoints(product)) targets[p] = [p];
  Object.assign(targets, await ledgerTargets(product), logTargets(DEEP));
  for (const [line, urls] of Object.entries(targets)) {
    const r = await load(
      { urls: urls.map((u) => `${product.base}${u}`), headers: product.headers },
      { connections: 10, seconds: SECONDS, warmupSeconds: 0.5 },
    );
    if (r.errors) console.log(`${line}: ${r.errors} of ${r.requests} answers failed`);
    atMost(`GET ${line}, -c10 p95`, where, r.errors ? Number.POSITIVE_INFINITY : r.p95, 50, 'ms');
  }
}

async function onProduct(where: string, at: { databaseUrl: string } | { dataDir: string }): Promise<void> {
  const product = await startProduct(at, { API_DOCS: 'true', LOG_LEVEL: 'warn' });
  try {
    await measure(where, product);
  } finally {
    await product.stop();
  }
}

console.log(
  `load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
const filled = process.env.BENCH_FILLED_DATABASE_URL;
if (filled) {
  await onProduct('PostgreSQL (filled)', { databaseUrl: filled });
} else {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-bench-lists-'));
  try {
    await build({ pgliteDir: path.join(dataDir, 'pglite') }, 100_000);
    await onProduct('PGlite 100k', { dataDir });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const server = process.env.DATABASE_URL;
  if (server) {
    const rows = Number(process.env.BENCH_PG_ROWS ?? 1_000_000);
    await onScratchDatabase(server, async (url) => {
      await build({ url }, rows);
      await onProduct(`PostgreSQL ${rows >= 1e6 ? `${rows / 1e6}M` : `${rows / 1e3}k`}`, { databaseUrl: url });
    });
  }
}
console.log(
  `load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
