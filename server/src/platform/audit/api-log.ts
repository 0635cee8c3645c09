import type { FastifyInstance } from 'fastify';
import { nextId } from '../db/snowflake.ts';
import type { TenantDb } from '../tenancy/tenant-db.ts';
import { requestLogColumns } from './request-params.ts';

const CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Writes that are still on their way; `flush` waits for them (tests, shutdown). */
export interface AuditWriter {
  flush(): Promise<void>;
}

/**
 * Every API call that can change data lands in blade_log_api: method, path, user, tenant, ip,
 * duration and masked parameters. Written after the answer is sent, so it costs the caller nothing.
 */
export function registerApiLog(app: FastifyInstance, tenantDb: TenantDb): AuditWriter {
  const pending = new Set<Promise<void>>();

  app.addHook('onResponse', async (request, reply) => {
    const config = request.routeOptions.config;
    if (!config?.access || !CHANGING_METHODS.has(request.method)) return;
    const row = {
      id: nextId(),
      ...requestLogColumns(request),
      type: '1',
      title: config.audit?.title ?? request.routeOptions.url ?? '',
      time: String(Math.round(reply.elapsedTime)),
      status_code: reply.statusCode,
    };
    const write = tenantDb
      .inTenant(row.tenant_id, (trx) => trx.insertInto('blade_log_api').values(row).execute())
      .then(
        () => undefined,
        (error: unknown) => request.log.error({ err: error }, 'could not write the api log'),
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
