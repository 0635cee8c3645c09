import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/src/app.ts';
import { migrations } from '../server/src/migrations/index.ts';
import { createTokenService, newSessionId } from '../server/src/platform/auth/tokens.ts';
import { openDatabase } from '../server/src/platform/db/database.ts';
import { migrate } from '../server/src/platform/db/migrate.ts';
import { createLocalDiskStore } from '../server/src/platform/storage/local-disk-store.ts';
import { createMemoryStore } from '../server/src/platform/store/memory-store.ts';
import { connectionBypassesRls } from '../server/src/platform/tenancy/tenant-db.ts';
import { PLATFORM_ADMIN, seedPlatform } from '../server/src/seed/platform-seed.ts';
import { fillWarehouse } from './warehouse-data.ts';

// Peak memory of the streamed refuel export (GET refuel/refuelDetailExcel): the server in this
// process on an in-memory PGlite, filled with 10,000 and then 100,000 refuel lines, and a client
// that reads the .xlsx over HTTP and throws it away. Memory is sampled every 10 ms; what matters is
// that the export's peak above its baseline does not grow with the number of lines.
// Run: node --expose-gc bench/refuel-export.ts
const SIZES = [10_000, 100_000];

const database = await openDatabase({ memory: true });
await migrate(database.db, migrations);
await seedPlatform(database.db, 'bench-password');
const secret = new Uint8Array(Buffer.alloc(64, 3));
const app = await buildApp({
  config: { tokenHeader: 'Blade-Auth', apiDocs: false, webDist: path.join(os.tmpdir(), 'no-web'), uploadMaxMb: 1 },
  db: database.db,
  useAppRole: await connectionBypassesRls(database.db),
  signingSecret: secret,
  sealingKey: new Uint8Array(Buffer.alloc(64, 4)),
  store: createMemoryStore(),
  storage: createLocalDiskStore(path.join(os.tmpdir(), 'cw-bench-files')),
});
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as { port: number };
const token = await createTokenService(secret).sign('access', PLATFORM_ADMIN, newSessionId(), 3600);

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
let filled = 0;
for (const lines of SIZES) {
  await fillWarehouse(database.db, '000000', {
    materials: 1000,
    devices: 20,
    refuels: (lines - filled) / 100,
    linesPerRefuel: 100,
  });
  filled = lines;
  // The first export warms the database's buffers (PGlite's memory lives in this process too);
  // the second is the one measured.
  for (const run of ['warm-up', 'measured']) {
    global.gc?.();
    const baseline = process.memoryUsage();
    let peakRss = baseline.rss;
    let peakHeap = baseline.heapUsed;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peakRss = Math.max(peakRss, now.rss);
      peakHeap = Math.max(peakHeap, now.heapUsed);
    }, 10);
    const began = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}/api/warehouse/refuel/refuelDetailExcel`, {
      headers: { 'blade-auth': `bearer ${token}` },
    });
    let bytes = 0;
    for await (const chunk of res.body!) bytes += (chunk as Uint8Array).length;
    const seconds = (performance.now() - began) / 1000;
    clearInterval(sampler);
    console.log(
      `${lines.toLocaleString('en')} lines (${run}): ${res.status}, ${(bytes / 1024 / 1024).toFixed(1)} MiB of .xlsx ` +
        `in ${seconds.toFixed(1)} s (${Math.round(lines / seconds).toLocaleString('en')} lines/s); ` +
        `RSS ${mib(baseline.rss)} -> peak ${mib(peakRss)} (+${mib(peakRss - baseline.rss)}), ` +
        `JS heap ${mib(baseline.heapUsed)} -> peak ${mib(peakHeap)} (+${mib(peakHeap - baseline.heapUsed)})`,
    );
  }
}
await app.close();
await database.close();
