import formBody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { type AuditWriter, registerApiLog } from './audit/api-log.ts';
import { createErrorRecorder } from './audit/error-log.ts';
import { registerUsualLog } from './audit/usual-log.ts';
import type { PermissionResolver } from './auth/access.ts';
import { type ApiRoute, registerAccessControl } from './auth/guard.ts';
import type { KioskAuthenticator } from './auth/kiosk.ts';
import type { Sealer } from './auth/sealed-secrets.ts';
import { createSessionRegistry, type SessionRegistry } from './auth/sessions.ts';
import type { TokenService } from './auth/tokens.ts';
import { type CacheRegistry, createCacheRegistry } from './caches.ts';
import { openDatabase } from './db/database.ts';
import { createVersionedResults, type VersionedResults } from './db/versioned-results.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerHealth } from './http/health.ts';
import { registerRequestLog } from './http/logger.ts';
import './http/messages.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerRateLimits } from './http/rate-limit.ts';
import { registerRequestContext } from './http/request-context.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerTurns } from './http/turns.ts';
import { answerCompilers } from './http/validation.ts';
import type { ObjectStore } from './storage/object-store.ts';
import type { SharedStore } from './store/store.ts';
import {
  createTenantDatabases,
  routedTenantDb,
  type TenantDatabaseSource,
  type TenantDatabases,
} from './tenancy/tenant-databases.ts';
import { type AnyDb, createTenantDb, type TenantDb } from './tenancy/tenant-db.ts';

declare module 'fastify' {
  interface FastifyInstance {
    platform: Platform;
  }
}

/** What every module stands on, reachable as `app.platform`. */
export interface Platform {
  /** The owner connection: no tenant, no row-level security. For platform-wide tables only. */
  db: AnyDb;
  tenantDb: TenantDb;
  audit: AuditWriter;
  /** Shared state (in-process, or Redis when several instances run). */
  store: SharedStore;
  tokens: TokenService;
  /** Seals secrets the server must use again (datasource passwords, storage keys). */
  sealer: Sealer;
  sessions: SessionRegistry;
  caches: CacheRegistry;
  /** Answers kept under a version of the tenant's data that its writes change (platform/db/versioned-results.ts). */
  results: VersionedResults;
  permissions: PermissionResolver;
  /** Every API route with its declared access, as registered. */
  routes: ApiRoute[];
  /** Uploaded files (local disk, or an S3-compatible bucket later). */
  storage: ObjectStore;
  /** The largest file a multipart upload may carry; the parser cuts a file off past it. */
  uploadMaxBytes: number;
  /** What one user may upload in 24 hours; past it, uploads are refused until older ones age out. */
  uploadDailyBytes: number;
  /** The database is the embedded one (PGlite): tenants cannot be bound to other databases. */
  embeddedDatabase: boolean;
  /** The databases tenants are bound to (null on the embedded database): tenantDb routes to them. */
  tenantDatabases: TenantDatabases | null;
}

export interface PlatformOptions {
  db: AnyDb;
  /** Whether requests must switch to the application role for row-level security to apply. */
  useAppRole: boolean;
  store: SharedStore;
  tokens: TokenService;
  sealer: Sealer;
  /** Which permission codes a caller holds; made from the platform's parts (a module supplies it). */
  permissions: (parts: { tenantDb: TenantDb; caches: CacheRegistry }) => PermissionResolver;
  /** Which device a kiosk key belongs to (a module supplies it, as it does permissions); none by default. */
  kiosks?: (parts: { tenantDb: TenantDb }) => KioskAuthenticator;
  tokenHeader: string;
  apiDocs: boolean;
  storage: ObjectStore;
  uploadMaxBytes: number;
  uploadDailyBytes: number;
  /** Whether routes' rate limits apply; default yes (API test suites sign in faster than any person). */
  rateLimits?: boolean;
  /** The database runs in this thread (PGlite): API requests take turns in the order they came. */
  inThreadDatabase?: boolean;
  /** Each answer is checked against its route's schema (the tests' servers; validation.ts). */
  checkAnswers?: boolean;
  /**
   * Tenants kept in other PostgreSQL databases (never beside the embedded one): where they are (a
   * module supplies it, as it does permissions) and how a database is brought up to the main one's.
   */
  tenantDatabases?: {
    source: (parts: { db: AnyDb; sealer: Sealer }) => TenantDatabaseSource;
    prepare: (db: AnyDb, key: string) => Promise<void>;
    refresh?: (db: AnyDb) => Promise<void>;
    idleMs?: number;
  };
}

const SWEEP_EVERY_MS = 3600_000;

/** Expired revocations and used refresh tokens are deleted at the start, then hourly. */
function scheduleSweeps(app: FastifyInstance, sessions: SessionRegistry): void {
  const sweep = () =>
    sessions.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'could not delete expired revocations'));
  const timer = setInterval(sweep, SWEEP_EVERY_MS).unref();
  app.addHook('onReady', async () => void sweep());
  app.addHook('onClose', async () => clearInterval(timer));
}

/**
 * The router of tenant databases, on PostgreSQL: the bindings are forgotten with every cache (a
 * tenant bound or unbound clears them), every bound database is opened and migrated once the server
 * is ready (one that is down is logged, and its tenants answer 503 until it is back), all closed with it.
 */
function tenantDatabasesOf(app: FastifyInstance, options: PlatformOptions, caches: CacheRegistry) {
  if (!options.tenantDatabases || options.inThreadDatabase) return null;
  const { source, prepare, refresh, idleMs } = options.tenantDatabases;
  const databases = createTenantDatabases({
    source: source({ db: options.db, sealer: options.sealer }),
    open: (url) => openDatabase({ url }),
    prepare,
    refresh,
    idleMs,
    warn: (message) => app.log.warn(message),
  });
  caches.register(databases.forget);
  app.addHook('onReady', async () => {
    void databases.all().catch((error: Error) => app.log.warn(`tenant databases: ${error.message}`));
  });
  app.addHook('onClose', () => databases.close());
  return databases;
}

/** Everything every module stands on: validation, context, access control, errors, audit, health, docs. */
export async function registerPlatform(app: FastifyInstance, options: PlatformOptions): Promise<Platform> {
  // the same as the server's `schemaController`, for a server made without it. No reply serializer is
  // set: Fastify would use it instead of the routes' schemas.
  const compilers = answerCompilers(options.checkAnswers ?? false);
  app.setValidatorCompiler(compilers.buildValidator());
  app.setSerializerCompiler(compilers.buildSerializer());
  registerRequestLog(app);
  await app.register(formBody);
  // Multipart bodies bypass bodyLimit: these bound the file and the few form fields an upload carries.
  await app.register(multipart, { limits: { fileSize: options.uploadMaxBytes, parts: 20, fieldSize: 64 * 1024 } });
  // An upload refused before its body was read: drop the rest and close, as Fastify does past bodyLimit.
  app.addHook('onSend', async (request, reply) => {
    if (request.isMultipart() && !request.raw.complete) {
      reply.header('connection', 'close');
      request.raw.unpipe();
      request.raw.resume();
    }
  });
  const caches = createCacheRegistry();
  const databases = tenantDatabasesOf(app, options, caches);
  const mainTenantDb = createTenantDb(options.db, options.useAppRole);
  const tenantDb = databases ? routedTenantDb(mainTenantDb, databases) : mainTenantDb;
  const results = createVersionedResults();
  caches.register(results.clear);
  const sessions = createSessionRegistry(options.store, options.db);
  scheduleSweeps(app, sessions);
  registerRequestContext(app, tenantDb);
  if (options.inThreadDatabase) registerTurns(app);
  registerErrorHandler(app, createErrorRecorder(tenantDb));
  if (options.rateLimits !== false) registerRateLimits(app, options.store);
  const permissions = options.permissions({ tenantDb, caches });
  const routes = registerAccessControl(app, {
    tokens: options.tokens,
    sessions,
    permissions,
    tokenHeader: options.tokenHeader,
    kiosks: options.kiosks?.({ tenantDb }) ?? { authenticate: async () => null },
  });
  const apiLog = registerApiLog(app, tenantDb);
  const usualLog = registerUsualLog(app, tenantDb);
  const audit: AuditWriter = { flush: () => Promise.all([apiLog.flush(), usualLog.flush()]).then(() => undefined) };
  if (options.apiDocs) await registerOpenApi(app, options.tokenHeader);
  registerHealth(app, options.db, options.store, databases);
  registerSecurityHeaders(app);
  const { db, store, tokens, sealer, storage, uploadMaxBytes, uploadDailyBytes } = options;
  const platform: Platform = {
    db,
    tenantDb,
    audit,
    store,
    tokens,
    sealer,
    sessions,
    caches,
    results,
    permissions,
    routes,
    storage,
    uploadMaxBytes,
    uploadDailyBytes,
    embeddedDatabase: options.inThreadDatabase ?? false,
    tenantDatabases: databases,
  };
  app.decorate('platform', platform);
  return platform;
}
