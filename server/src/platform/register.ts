import type { FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { type AuditWriter, registerApiLog } from './audit/api-log.ts';
import { createErrorRecorder } from './audit/error-log.ts';
import type { PermissionResolver } from './auth/access.ts';
import { registerAccessControl } from './auth/guard.ts';
import { createSessionRegistry, type SessionRegistry } from './auth/sessions.ts';
import type { TokenService } from './auth/tokens.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerHealth } from './http/health.ts';
import './http/messages.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerRequestContext } from './http/request-context.ts';
import type { SharedStore } from './store/store.ts';
import { type AnyDb, createTenantDb, type TenantDb } from './tenancy/tenant-db.ts';

export interface PlatformOptions {
  db: AnyDb;
  store: SharedStore;
  useAppRole: boolean;
  tokens: TokenService;
  permissions: PermissionResolver;
  tokenHeader: string;
  apiDocs: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    platform: Platform;
  }
}

export interface Platform {
  tenantDb: TenantDb;
  audit: AuditWriter;
  /** Shared state (in-process, or Redis when several instances run). */
  store: SharedStore;
  tokens: TokenService;
  sessions: SessionRegistry;
}

/** Everything every module stands on: validation, context, access control, errors, audit, health, docs. */
export async function registerPlatform(app: FastifyInstance, options: PlatformOptions): Promise<Platform> {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const tenantDb = createTenantDb(options.db, options.useAppRole);
  registerRequestContext(app, tenantDb);
  registerErrorHandler(app, createErrorRecorder(tenantDb));
  const sessions = createSessionRegistry(options.store);
  registerAccessControl(app, { ...options, sessions });
  const audit = registerApiLog(app, tenantDb);
  if (options.apiDocs) await registerOpenApi(app, options.tokenHeader);
  registerHealth(app, options.db);
  return { tenantDb, audit, store: options.store, tokens: options.tokens, sessions };
}
