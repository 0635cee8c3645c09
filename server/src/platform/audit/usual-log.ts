import type { FastifyInstance, FastifyRequest } from 'fastify';
import { nextId } from '../db/snowflake.ts';
import { PLATFORM_TENANT_ID } from '../tenancy/context.ts';
import type { TenantDb } from '../tenancy/tenant-db.ts';
import type { AuditWriter } from './api-log.ts';
import { maskSecrets } from './mask.ts';
import { requestLogColumns } from './request-params.ts';

const MAX_DATA_LENGTH = 8000;

/** A business event for the usual log (blade_log_usual): sign-in, a grant, a stocktake, ... */
export interface UsualEvent {
  /** What happened, a stable code the screens filter by (`auth.signIn`, `stock.stocktake`). */
  logId: string;
  /** What the event concerns (ids, names, counts); masked as request parameters are. Never a secret. */
  data?: Record<string, unknown>;
  level?: 'info' | 'warn' | 'error';
  /**
   * Who and where, when the request has no signed-in caller (a sign-in, a sign-out after the token
   * ended) or acts for another tenant; default the caller's.
   */
  tenantId?: string;
  account?: string | null;
  userId?: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Writes a business event to the usual log of the caller's tenant (or the event's), after the
     * answer is on its way: call it once the work is committed, so an event rolled back is never logged.
     * A failed write is logged by the server and never fails the request.
     */
    logEvent(event: UsualEvent): void;
  }
}

/** Registers `request.logEvent`; answers the writer whose `flush` waits for the writes under way. */
export function registerUsualLog(app: FastifyInstance, tenantDb: TenantDb): AuditWriter {
  const pending = new Set<Promise<void>>();
  app.decorateRequest('logEvent', function (this: FastifyRequest, event: UsualEvent) {
    const base = requestLogColumns(this);
    const tenantId = event.tenantId ?? base.tenant_id ?? PLATFORM_TENANT_ID;
    const data = JSON.stringify(maskSecrets(event.data ?? {}));
    const row = {
      ...base,
      id: nextId(),
      tenant_id: tenantId,
      // The event's data says what matters; the request's parameters may hold what it should not.
      params: null,
      create_by: event.account !== undefined ? event.account : base.create_by,
      create_user: event.userId !== undefined ? event.userId : base.create_user,
      log_level: event.level ?? 'info',
      log_id: event.logId,
      log_data: data.length > MAX_DATA_LENGTH ? `${data.slice(0, MAX_DATA_LENGTH)}…` : data,
    };
    const write = tenantDb
      .inTenant(tenantId, (trx) => trx.insertInto('blade_log_usual').values(row).execute())
      .then(
        () => undefined,
        (error: unknown) => this.log.error({ err: error, logId: event.logId }, 'could not write the usual log'),
      )
      .finally(() => pending.delete(write));
    pending.add(write);
  });
  return {
    async flush() {
      await Promise.all([...pending]);
    },
  };
}
