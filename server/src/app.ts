import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import type { Config } from './config.ts';
import { migrations } from './migrations/index.ts';
import { registerAuthModule } from './modules/auth/index.ts';
import { registerDeskModule } from './modules/desk/index.ts';
import { registerDevelopModule } from './modules/develop/index.ts';
import { registerFlowModule } from './modules/flow/index.ts';
import { registerLogModule } from './modules/log/index.ts';
import { registerReportModule } from './modules/report/index.ts';
import { registerResourceModule } from './modules/resource/index.ts';
import { registerSystemModule, systemPermissions } from './modules/system/index.ts';
import { PLATFORM_COPIES, tenantDatabaseSource } from './modules/system/tenant/databases.ts';
import { clearDeparturesIn } from './modules/system/tenant/departures.ts';
import { registerUserModule } from './modules/user/index.ts';
import { kioskAuthenticator, registerWarehouseModule } from './modules/warehouse/index.ts';
import { createSealer } from './platform/auth/sealed-secrets.ts';
import { loadSm2KeyPair, type Sm2KeyPair } from './platform/auth/sm2.ts';
import { createTokenService } from './platform/auth/tokens.ts';
import { migrate } from './platform/db/migrate.ts';
import { mirrorTables } from './platform/db/table-copy.ts';
import { sendFrameworkError, sendRouteNotFound } from './platform/http/error-handler.ts';
import { compilersFactory } from './platform/http/validation.ts';
import { registerPlatform } from './platform/register.ts';
import type { ObjectStore } from './platform/storage/object-store.ts';
import type { SharedStore } from './platform/store/store.ts';
import type { AnyDb } from './platform/tenancy/tenant-db.ts';
import { isClientRoute, registerWebClient, sendIndex } from './platform/web/spa.ts';

export interface AppDeps {
  config: Pick<Config, 'tokenHeader' | 'apiDocs' | 'webDist' | 'uploadMaxMb'> &
    Partial<
      Pick<
        Config,
        'faceMatchThreshold' | 'uploadDailyMb' | 'reportPdfFont' | 'reportSqlTimeoutS' | 'tenantMoveBatchRows'
      >
    >;
  db: AnyDb;
  /** Whether requests must switch to the application role for row-level security to apply. */
  useAppRole: boolean;
  signingSecret: Uint8Array;
  /** The key that seals secrets the server keeps (see platform/auth/sealed-secrets.ts). */
  sealingKey: Uint8Array;
  store: SharedStore;
  /** Where uploaded files are kept. */
  storage: ObjectStore;
  /** The key pair of SpringBlade's encrypted passwords; by default the installation's (kept in the database). */
  sm2Keys?: Sm2KeyPair;
  logger?: FastifyServerOptions['logger'];
  /** Rate limits on sign-in, captcha and other public calls; default on. */
  rateLimits?: boolean;
  /** The database runs in this thread (PGlite): requests take turns (platform/http/turns.ts). */
  inThreadDatabase?: boolean;
  /** Each answer is checked against its route's schema (the tests' servers; platform/http/validation.ts). */
  checkAnswers?: boolean;
  /** A tenant database unused this long is closed (default 5 minutes). */
  tenantDatabaseIdleMs?: number;
}

export type App = FastifyInstance;

/** The whole server without `listen`: the platform, then every module, then the web client. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const app = Fastify({
    logger: deps.logger ?? false,
    bodyLimit: 10 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: sendFrameworkError,
    schemaController: { compilersFactory: compilersFactory(deps.checkAnswers ?? false) },
    // one line per request instead (registerRequestLog)
    logController: new LogController({ disableRequestLogging: true }),
  });
  await registerPlatform(app, {
    db: deps.db,
    useAppRole: deps.useAppRole,
    store: deps.store,
    tokens: createTokenService(deps.signingSecret),
    sealer: createSealer(deps.sealingKey),
    permissions: systemPermissions,
    kiosks: kioskAuthenticator,
    tokenHeader: deps.config.tokenHeader,
    apiDocs: deps.config.apiDocs,
    storage: deps.storage,
    uploadMaxBytes: deps.config.uploadMaxMb * 1024 * 1024,
    uploadDailyBytes: (deps.config.uploadDailyMb ?? 500) * 1024 * 1024,
    rateLimits: deps.rateLimits,
    inThreadDatabase: deps.inThreadDatabase,
    checkAnswers: deps.checkAnswers,
    tenantDatabases: {
      source: ({ db, sealer }) => tenantDatabaseSource(db, sealer),
      // a tenant database has the main one's schema, and a copy of the platform tables its requests join
      prepare: async (db, key) => {
        await migrate(db, migrations);
        await mirrorTables(deps.db, db, PLATFORM_COPIES);
        // fences of removed tenants left while it was down (not a reason to refuse the database: kept, retried)
        await clearDeparturesIn(deps.db, key, db).catch(() => undefined);
      },
      refresh: (db) => mirrorTables(deps.db, db, PLATFORM_COPIES, { readOnly: false }).then(() => undefined),
      idleMs: deps.tenantDatabaseIdleMs,
    },
  });

  registerAuthModule(app, { sm2Keys: deps.sm2Keys ?? (await loadSm2KeyPair(deps.db)) });
  registerUserModule(app);
  registerSystemModule(app, { tenantMoveBatchRows: deps.config.tenantMoveBatchRows });
  registerDevelopModule(app);
  registerResourceModule(app);
  registerLogModule(app);
  registerFlowModule(app);
  registerDeskModule(app);
  registerWarehouseModule(app, { face: { matchThreshold: deps.config.faceMatchThreshold ?? 0.5 } });
  // SQL datasets need PostgreSQL: the embedded database enforces no time limit on a statement.
  registerReportModule(app, {
    sqlDatasets: !deps.inThreadDatabase,
    pdfFont: deps.config.reportPdfFont,
    sqlTimeoutS: deps.config.reportSqlTimeoutS,
  });

  const hasWeb = await registerWebClient(app, deps.config.webDist);
  app.setNotFoundHandler((request, reply) =>
    hasWeb && isClientRoute(request) ? sendIndex(reply) : sendRouteNotFound(request, reply),
  );
  await app.ready();
  return app;
}
