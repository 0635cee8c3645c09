import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { migrations } from '../server/src/migrations/index.ts';
import { openDatabase } from '../server/src/platform/db/database.ts';
import { migrate } from '../server/src/platform/db/migrate.ts';
import type { AnyDb } from '../server/src/platform/tenancy/tenant-db.ts';
import { seedPlatform } from '../server/src/seed/platform-seed.ts';
import { BENCH_PASSWORD, type ProductServer, startProduct } from './support/product-server.ts';
import { onScratchDatabase } from './support/scratch-database.ts';
import { atMost, verdict } from './support/verdict.ts';
import { fillWarehouse, scaleSize } from './warehouse-data.ts';

// Every export endpoint (the routes whose path ends in `Excel`, read from the product's OpenAPI
// document) at 100,000 lines, against the product in its own process: the time of each download
// read to its end over HTTP, and how far the server's resident memory rises above what it was
// after the start, during the first export after a start and during the tenth.
//
// The data: the ledger (`scaleSize`: 100k movements on PGlite, BENCH_PG_ROWS, default 1M,
// on PostgreSQL), plus one cabinet stocking 100,000 materials filled by 10,000 refuels of 10 lines;
// every export is filtered to that cabinet, so each has 100,000 lines (refuel lines, stock rows,
// materials, groups) while its query still runs over the whole ledger.
// Run: node bench/exports.ts (with DATABASE_URL, a server URL, also on PostgreSQL)
const LINES = 100_000;
const RUNS = Number(process.env.BENCH_EXPORT_RUNS ?? 10);

/** Fills the admin's tenant; answers the cabinet the exports are filtered to. */
async function fill(db: AnyDb, movements: number): Promise<string> {
  await migrate(db, migrations);
  await seedPlatform(db, BENCH_PASSWORD);
  await fillWarehouse(db, '000000', scaleSize(movements));
  await fillWarehouse(db, '000000', {
    materials: LINES,
    devices: 1,
    stocksPerDevice: LINES,
    refuels: LINES / 10,
    linesPerRefuel: 10,
  });
  // The last fill's ids are the largest: its only cabinet.
  const { rows } = await sql<{ id: string }>`
    select id from wh_device where tenant_id = '000000' and type = 'cabinet' order by id desc limit 1`.execute(db);
  return rows[0]!.id;
}

async function exportPaths(server: ProductServer): Promise<string[]> {
  const doc = (await (await fetch(`${server.base}/api/docs/json`)).json()) as { paths: Record<string, unknown> };
  return Object.keys(doc.paths)
    .filter((p) => p.endsWith('Excel'))
    .sort();
}

/** CPU seconds the server process has used (user and system): a figure the machine's load leaves alone. */
function cpuSeconds(server: ProductServer): number {
  const fields = fs.readFileSync(`/proc/${server.child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** One download read to its end: seconds, the server's CPU seconds, bytes, and its highest RSS meanwhile. */
async function download(server: ProductServer, url: string) {
  const cpu = cpuSeconds(server);
  let peak = server.rssMiB();
  const sampler = setInterval(() => {
    peak = Math.max(peak, server.rssMiB());
  }, 25);
  const began = performance.now();
  const res = await fetch(url, { headers: server.headers });
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  let bytes = 0;
  for await (const chunk of res.body!) bytes += (chunk as Uint8Array).length;
  const seconds = (performance.now() - began) / 1000;
  clearInterval(sampler);
  return { seconds, cpu: cpuSeconds(server) - cpu, bytes, peak: Math.max(peak, server.rssMiB()) };
}

/** Each export after a fresh start, RUNS times over. */
async function measure(where: string, start: () => Promise<ProductServer>, cabinet: string) {
  const probe = await start();
  const paths = await exportPaths(probe);
  await probe.stop();
  console.log(`${where}: ${paths.length} exports: ${paths.join(', ')}; load ${os.loadavg().map((l) => l.toFixed(2))}`);
  for (const route of paths) {
    const name = route.split('/').at(-1)!;
    const server = await start();
    try {
      const url = `${server.base}${route}?deviceId=${cabinet}`;
      const baseline = server.rssMiB();
      const runs = [];
      for (let run = 0; run < RUNS; run++) runs.push(await download(server, url));
      const slowest = Math.max(...runs.map((r) => r.seconds));
      const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
      verdict({
        line: `${name}: ${LINES.toLocaleString('en')} lines, each of ${RUNS} runs`,
        where,
        goal: '',
        measured:
          `${runs.map((r) => r.seconds.toFixed(1)).join(' ')} s (server CPU ` +
          `${runs.map((r) => r.cpu.toFixed(1)).join(' ')} s), ${mib(runs[0]!.bytes)} MiB .xlsx, load ${os.loadavg()[0]!.toFixed(1)}`,
        pass: null,
      });
      atMost(`${name}: slowest of ${RUNS} exports of ${LINES / 1000}k lines`, where, slowest, 10, 's');
      atMost(`${name}: RSS growth, first export after a start`, where, runs[0]!.peak - baseline, 100, 'MiB', 0);
      atMost(`${name}: RSS growth, tenth export`, where, runs[RUNS - 1]!.peak - baseline, 100, 'MiB', 0);
    } finally {
      await server.stop();
    }
  }
}

const env = { API_DOCS: 'true' };
// BENCH_EXPORTS_ONLY=pglite or postgres runs one database only.
const only = process.env.BENCH_EXPORTS_ONLY;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-bench-exports-'));
try {
  if (only !== 'postgres') {
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    const cabinet = await fill(database.db, 100_000);
    await database.close();
    await measure('PGlite 100k', () => startProduct({ dataDir }, env), cabinet);
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const serverUrl = process.env.DATABASE_URL;
if (serverUrl && only !== 'pglite') {
  const rows = Number(process.env.BENCH_PG_ROWS ?? 1_000_000);
  await onScratchDatabase(serverUrl, async (url) => {
    const database = await openDatabase({ url });
    const cabinet = await fill(database.db, rows);
    await database.close();
    await measure(`PostgreSQL ${rows / 1_000_000}M`, () => startProduct({ databaseUrl: url }, env), cabinet);
  });
}
