import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { migrations } from '../server/src/migrations/index.ts';
import { openDatabase } from '../server/src/platform/db/database.ts';
import { migrate } from '../server/src/platform/db/migrate.ts';
import { seedPlatform } from '../server/src/seed/platform-seed.ts';
import { load } from './support/load.ts';
import { BENCH_PASSWORD, type ProductServer, startProduct } from './support/product-server.ts';
import { onScratchDatabase } from './support/scratch-database.ts';
import { atLeast } from './support/verdict.ts';
import { fillWarehouse, scaleSize } from './warehouse-data.ts';

// The product's movement list (page 1) with sign-in, tenant transaction, RLS and logging at info,
// against a bare Fastify + Kysely server sending the same SQL (bench/support/bare-server.ts), both
// on one PostgreSQL database at BENCH_PG_ROWS ledger rows, interleaved: bare, product, bare, product…
// ROUNDS rounds of SECONDS each at -c10; the verdict is the ratio of the req/s medians.
// PostgreSQL only: the embedded database belongs to one process, so a bare server beside the
// product cannot share it. Run: DATABASE_URL=postgres://... node bench/bare-ratio.ts
// (BENCH_FILLED_DATABASE_URL: measure a database already filled by warehouse-data.ts instead).
const root = path.resolve(import.meta.dirname, '..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROWS = Number(process.env.BENCH_PG_ROWS ?? 1_000_000);
// What is compared: the movement list (the goal) and a small list (1,000 material codes), where the
// per-request cost of the product weighs most.
const LISTS = [
  { line: 'movement list', path: '/api/warehouse/movement/page?current=1&size=10', goal: 0.85 },
  { line: 'material code list', path: '/api/warehouse/materialscode/page?current=1&size=10', goal: 0.85 },
];

async function startBare(databaseUrl: string) {
  const port = 21000 + Math.floor(Math.random() * 2000);
  const child = spawn(process.execPath, ['bench/support/bare-server.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), TENANT_ID: '000000' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`the bare server stopped with ${code}`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

type Page = { data: { records: { id: string }[] } };

/** One list, interleaved: bare, product, bare, product… ROUNDS times; the verdict is the ratio of req/s medians. */
async function compare(list: (typeof LISTS)[number], bareBase: string, product: ProductServer, before?: ProductServer) {
  const bare = { urls: [bareBase + list.path] };
  const ours = { urls: [product.base + list.path], headers: product.headers };
  const old = before && { urls: [before.base + list.path], headers: before.headers };
  const ids = async (url: string, headers?: Record<string, string>) =>
    ((await (await fetch(url, { headers })).json()) as Page).data.records.map((r) => r.id).join();
  if ((await ids(bare.urls[0]!)) !== (await ids(ours.urls[0]!, ours.headers))) {
    throw new Error(`${list.line}: the bare server and the product do not answer the same page`);
  }
  const rates = { bare: [] as number[], product: [] as number[], before: [] as number[] };
  for (let round = 1; round <= ROUNDS; round++) {
    const r1 = await load(bare, { connections: 10, seconds: SECONDS });
    const r2 = await load(ours, { connections: 10, seconds: SECONDS });
    if (r1.errors || r2.errors)
      throw new Error(`${list.line}: errors under load: bare ${r1.errors}, product ${r2.errors}`);
    rates.bare.push(r1.perSecond);
    rates.product.push(r2.perSecond);
    const r3 = old && (await load(old, { connections: 10, seconds: SECONDS }));
    if (r3) rates.before.push(r3.perSecond);
    console.log(
      `${list.line}, round ${round}: bare ${r1.perSecond.toFixed(0)} req/s (p50 ${r1.p50.toFixed(1)} ms), ` +
        `product ${r2.perSecond.toFixed(0)} req/s (p50 ${r2.p50.toFixed(1)} ms)` +
        (r3 ? `, product before ${r3.perSecond.toFixed(0)} req/s (p50 ${r3.p50.toFixed(1)} ms)` : '') +
        `; load ${os.loadavg()[0]!.toFixed(2)}`,
    );
  }
  if (rates.before.length) {
    console.log(`${list.line}: product before ÷ bare ${(median(rates.before) / median(rates.bare)).toFixed(2)}×`);
  }
  const where = `PostgreSQL ${ROWS >= 1e6 ? `${ROWS / 1e6}M` : `${ROWS / 1e3}k`}`;
  atLeast(
    `${list.line}, product ÷ bare server (req/s, -c10)`,
    where,
    median(rates.product) / median(rates.bare),
    list.goal,
    '×',
  );
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function fill(url: string) {
  const database = await openDatabase({ url });
  await migrate(database.db, migrations);
  await seedPlatform(database.db, BENCH_PASSWORD);
  const began = performance.now();
  await fillWarehouse(database.db, '000000', scaleSize(ROWS));
  console.log(`${ROWS} movements built in ${Math.round(performance.now() - began)} ms`);
  await database.close();
}

async function run(url: string) {
  const product = await startProduct({ databaseUrl: url });
  const bare = await startBare(url);
  // BENCH_BEFORE_ROOT: another copy of the repository (main's) run as a third arm, for before/after.
  const beforeRoot = process.env.BENCH_BEFORE_ROOT;
  const before = beforeRoot ? await startProduct({ databaseUrl: url }, {}, beforeRoot) : undefined;
  try {
    for (const list of LISTS) await compare(list, bare.base, product, before);
  } finally {
    await before?.stop();
    await bare.stop();
    await product.stop();
  }
}

const serverUrl = process.env.DATABASE_URL;
// a database already filled by warehouse-data.ts (with ADMIN_PASSWORD=bench-password-17)
const filled = process.env.BENCH_FILLED_DATABASE_URL;
if (filled) await run(filled);
else if (!serverUrl)
  console.log('DATABASE_URL is not set: the ratio is measured on PostgreSQL only (see the top of the file)');
else await onScratchDatabase(serverUrl, (url) => fill(url).then(() => run(url)));
