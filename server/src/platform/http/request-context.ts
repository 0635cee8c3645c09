import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Access } from '../auth/access.ts';
import { pickLocale, translate } from '../i18n/i18n.ts';
import type { RequestContext } from '../tenancy/context.ts';
import type { AnyTrx, TenantDb } from '../tenancy/tenant-db.ts';
import { envelope } from './envelope.ts';
import { unauthorized } from './errors.ts';

/** How a route's calls are written to the api log. */
export interface AuditOptions {
  /** A title for the log row (BladeX `title`); the route path when absent. */
  title?: string;
  /** Masks values the generic masking cannot know are secret (e.g. a parameter whose key names a password). */
  redact?: (params: Record<string, unknown>) => Record<string, unknown>;
}

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
    /** Runs database work in the caller's tenant (row-level security applies). */
    inTenant<T>(work: (trx: AnyTrx) => Promise<T>): Promise<T>;
    /** Runs reads in the caller's tenant, as inTenant does but outside a transaction where it can (TenantDb.readInTenant). */
    readInTenant<T>(work: (trx: AnyTrx) => Promise<T>): Promise<T>;
  }
  interface FastifyReply {
    /** Answers the success envelope; the message defaults to "operation successful". */
    ok(data?: unknown, messageKey?: string): FastifyReply;
  }
  interface FastifyContextConfig {
    access?: Access;
    audit?: AuditOptions;
  }
}

export function registerRequestContext(app: FastifyInstance, tenantDb: TenantDb): void {
  app.decorateRequest('ctx', null as unknown as RequestContext);
  const tenantOf = (ctx: RequestContext) => {
    if (!ctx.caller) throw unauthorized();
    return ctx.caller.tenantId;
  };
  app.decorateRequest('inTenant', function <T>(this: { ctx: RequestContext }, work: (trx: AnyTrx) => Promise<T>) {
    return tenantDb.inTenant(tenantOf(this.ctx), work);
  });
  app.decorateRequest('readInTenant', function <T>(this: { ctx: RequestContext }, work: (trx: AnyTrx) => Promise<T>) {
    return tenantDb.readInTenant(tenantOf(this.ctx), work);
  });
  app.decorateReply('ok', function (this: FastifyReply, data = null, messageKey = 'ok.success') {
    return this.code(200).send(envelope(200, data, translate(this.request.ctx.locale, messageKey)));
  });
  app.addHook('onRequest', async (request) => {
    request.ctx = {
      locale: pickLocale(request.headers['accept-language']),
      caller: null,
      sessionId: null,
      kiosk: null,
    };
  });
}
