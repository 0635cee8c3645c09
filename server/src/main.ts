import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { inspect } from 'node:util';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { migrations } from './migrations/index.ts';
import { enrolDemoFace } from './modules/warehouse/index.ts';
import { loadSm2KeyPair } from './platform/auth/sm2.ts';
import { loadSigningSecret } from './platform/auth/tokens.ts';
import { DataDirLockedError, lockDataDir } from './platform/db/data-dir-lock.ts';
import { openDatabase } from './platform/db/database.ts';
import { installationSecret } from './platform/db/installation-secrets.ts';
import { migrate } from './platform/db/migrate.ts';
import { bufferedStdout, serverLogger } from './platform/http/logger.ts';
import { releaseStartMemory } from './platform/runtime/start-memory.ts';
import { createLocalDiskStore } from './platform/storage/local-disk-store.ts';
import { createMemoryStore } from './platform/store/memory-store.ts';
import { connectionBypassesRls } from './platform/tenancy/tenant-db.ts';
import { useTimeZone } from './platform/time/zone.ts';
import { DEMO_TENANT_ID } from './seed/demo-seed.ts';
import { seedPlatform } from './seed/platform-seed.ts';

const startedAt = performance.now();
/** `npm start -- --print-sm2-public-key`: print the SM2 public key SpringBlade clients encrypt passwords with, and stop. */
const PRINT_SM2_PUBLIC_KEY = '--print-sm2-public-key';
/** When the start's garbage is handed back (releaseStartMemory), after the server listens. */
const START_COLLECTION_DELAY_MS = 1000;

/** config -> database -> migrate -> seed -> listen, and a clean stop on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig();
  useTimeZone(config.timeZone);
  // The embedded database belongs to one process; PostgreSQL handles its own concurrency.
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { pgliteDir: path.join(config.dataDir, 'pglite') },
  );
  await migrate(database.db, migrations);
  const sm2Keys = await loadSm2KeyPair(database.db, config.sm2);
  if (process.argv.includes(PRINT_SM2_PUBLIC_KEY)) {
    // For a SpringBlade client's configuration (Saber: website.auth.publicKey); the server does not start.
    process.stdout.write(`${sm2Keys.publicKey}\n`);
    await database.close();
    unlock();
    return;
  }
  const seed = await seedPlatform(database.db, config.adminPassword, { demo: config.demoData });
  // ioredis is loaded only when a Redis is configured (it weighs ~20 MiB at start).
  const store = config.redisUrl
    ? await (await import('./platform/store/redis-store.ts')).createRedisStore(config.redisUrl)
    : createMemoryStore();
  const app = await buildApp({
    config,
    db: database.db,
    useAppRole: await connectionBypassesRls(database.db),
    inThreadDatabase: database.kind === 'pglite',
    signingSecret: await loadSigningSecret(database.db, config.tokenSecret),
    sealingKey: await installationSecret(database.db, 'secret.sealing-key'),
    sm2Keys,
    store,
    storage: createLocalDiskStore(path.join(config.dataDir, 'files')),
    logger: serverLogger(config.logLevel, bufferedStdout()),
  });
  await app.listen({ port: config.port, host: config.host });

  // PORT=0 asks for any free port: report the one actually bound.
  const { port } = app.server.address() as AddressInfo;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const where = database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
  const elapsed = Math.round(performance.now() - startedAt);
  const lines = ['', `  Cloud warehouse is ready at http://${host}:${port}  (${where}, ${elapsed} ms)`];
  if (seed.generatedPassword) {
    lines.push(
      `  Sign in as tenant 000000, account admin, password ${seed.generatedPassword}`,
      '  This password is shown once: write it down, then change it after signing in.',
    );
  }
  if (seed.demo) {
    const password = seed.demo.generatedPassword ?? 'the one of ADMIN_PASSWORD';
    lines.push(`  Demo warehouse: tenant ${seed.demo.tenantId}, account admin, password ${password}`);
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
  // A second after it listens, not before it answers: the collection holds the thread for 0.2-0.7 s,
  // which delayed the first answer (a load balancer's health check) by as much.
  setTimeout(() => {
    const collectedMs = releaseStartMemory(globalThis.gc);
    if (collectedMs !== undefined) app.log.debug(`start's garbage collected in ${Math.round(collectedMs)} ms`);
  }, START_COLLECTION_DELAY_MS).unref();

  // The demo person's face (once, after the start: the face models take a while to load).
  if (config.demoData) {
    enrolDemoFace(app.platform, DEMO_TENANT_ID).then(
      (enrolled) => enrolled && app.log.info('demo warehouse: 张伟 (E1001) enrolled with a face photo'),
      (error: unknown) => app.log.error({ err: error }, 'demo warehouse: the face photo could not be enrolled'),
    );
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: stopping`);
    await app.close();
    await app.platform.audit.flush();
    await store.close();
    await database.close();
    unlock();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      // inspect, not String: the embedded database may throw a plain object ("[object Object]" says nothing)
      `The server could not start: ${error instanceof Error ? (error.stack ?? error.message) : inspect(error)}\n`,
    );
  }
  process.exit(1);
});
