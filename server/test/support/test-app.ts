import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { DestinationStream } from 'pino';
import { type App, buildApp } from '../../src/app.ts';
import { createTokenService, newSessionId } from '../../src/platform/auth/tokens.ts';
import type { OpenDatabase } from '../../src/platform/db/database.ts';
import { serverLogger } from '../../src/platform/http/logger.ts';
import { createLocalDiskStore } from '../../src/platform/storage/local-disk-store.ts';
import { createMemoryStore } from '../../src/platform/store/memory-store.ts';
import type { SharedStore } from '../../src/platform/store/store.ts';
import type { Caller } from '../../src/platform/tenancy/context.ts';
import { connectionBypassesRls } from '../../src/platform/tenancy/tenant-db.ts';
import { PLATFORM_ADMIN, seedPlatform } from '../../src/seed/platform-seed.ts';
import { freshDatabase } from './database.ts';

export const platformAdmin: Caller = PLATFORM_ADMIN;

/** A signed-in user of the platform tenant who holds no permission. */
export const plainUser: Caller = {
  ...platformAdmin,
  userId: '1123598821738675299',
  account: 'clerk',
  roleIds: ['1123598816738675202'],
  roleAliases: ['user'],
};

/** For tests that build the platform alone and upload nothing: a store that is never written. */
export const unusedStorage = {
  storage: createLocalDiskStore(path.join(os.tmpdir(), 'cw-unused-files')),
  uploadMaxBytes: 1024 * 1024,
  uploadDailyBytes: 1024 * 1024,
};

export const TEST_SECRET = new Uint8Array(Buffer.alloc(64, 7));
export const TEST_SEALING_KEY = new Uint8Array(Buffer.alloc(64, 9));

export interface TestApp {
  app: App;
  database: OpenDatabase;
  /** The folder of the local object store, removed on close. */
  filesDir: string;
  /** A `Blade-Auth` header value for the caller, signed as the server signs. */
  auth(caller?: Caller): Record<string, string>;
  /** The same for any caller (signing is asynchronous). */
  authFor(caller: Caller): Promise<Record<string, string>>;
  close(): Promise<void>;
}

/** The real server (platform, modules, web client when given) on a fresh seeded database. */
export async function createTestApp(
  options: {
    webDist?: string;
    apiDocs?: boolean;
    uploadMaxMb?: number;
    uploadDailyMb?: number;
    rateLimits?: boolean;
    /** Where the server's log goes, with the production logger (at trace level); none by default. */
    logStream?: DestinationStream;
    /** The shared store (one on a clock of the test's); a fresh in-process one by default. */
    store?: SharedStore;
    /** Seed the national divisions as a real start does (~3 400 regions); left out by default. */
    regions?: boolean;
    /** A tenant database unused this long is closed (the server's default otherwise). */
    tenantDatabaseIdleMs?: number;
    /** Another instance on this (seeded) database, left open on close; a fresh one by default. */
    database?: OpenDatabase;
    /** Rows a tenant's move copies per batch (the server's default otherwise). */
    tenantMoveBatchRows?: number;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await freshDatabase());
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-files-'));
  if (!options.database) await seedPlatform(database.db, 'admin-password', { regions: options.regions ?? false });
  const app = await buildApp({
    config: {
      tokenHeader: 'Blade-Auth',
      apiDocs: options.apiDocs ?? false,
      webDist: options.webDist ?? path.join(import.meta.dirname, 'no-web-build'),
      uploadMaxMb: options.uploadMaxMb ?? 20,
      uploadDailyMb: options.uploadDailyMb,
      tenantMoveBatchRows: options.tenantMoveBatchRows,
    },
    db: database.db,
    useAppRole: await connectionBypassesRls(database.db),
    signingSecret: TEST_SECRET,
    sealingKey: TEST_SEALING_KEY,
    store: options.store ?? createMemoryStore(),
    storage: createLocalDiskStore(filesDir),
    // the suites sign in far faster than people do; rate-limit.test.ts turns them on
    rateLimits: options.rateLimits ?? false,
    inThreadDatabase: database.kind === 'pglite',
    // an answer that is not what its schema says fails the test's request (500)
    checkAnswers: true,
    logger: options.logStream ? serverLogger('trace', options.logStream) : false,
    tenantDatabaseIdleMs: options.tenantDatabaseIdleMs,
  });
  const tokens = createTokenService(TEST_SECRET);
  const tokenCache = new Map<Caller, string>();
  for (const caller of [platformAdmin, plainUser])
    tokenCache.set(caller, await tokens.sign('access', caller, newSessionId(), 3600));
  return {
    app,
    database,
    filesDir,
    auth: (caller = platformAdmin) => ({ 'blade-auth': `bearer ${tokenCache.get(caller)}` }),
    authFor: async (caller) => ({
      'blade-auth': `bearer ${await tokens.sign('access', caller, newSessionId(), 3600)}`,
    }),
    async close() {
      await app.close();
      await app.platform.audit.flush();
      if (!options.database) await database.close();
      fs.rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

/** A log stream for `createTestApp({ logStream })` that keeps each line the server writes in `lines`. */
export function linesInto(lines: string[]): Writable {
  return new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
}
