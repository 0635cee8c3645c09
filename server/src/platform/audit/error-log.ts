import type { FastifyRequest } from 'fastify';
import { nextId } from '../db/snowflake.ts';
import { PLATFORM_TENANT_ID } from '../tenancy/context.ts';
import type { TenantDb } from '../tenancy/tenant-db.ts';
import { loggedParams } from './request-params.ts';
import { serverInfo } from './server-info.ts';

/** The first frame of a stack that points into our own code: file and line for the log row. */
function origin(stack: string | undefined): { file_name: string | null; line_number: number | null } {
  const frame = stack?.split('\n').find((l) => l.includes('/src/') && !l.includes('node_modules'));
  const match = frame?.match(/\(?([^()\s]+):(\d+):\d+\)?$/);
  return { file_name: match?.[1] ?? null, line_number: match ? Number(match[2]) : null };
}

/**
 * Stores an unexpected error with its stack in blade_log_error and answers its id, which the 500
 * answer carries so that support can find the stack. Never throws: a broken log must not hide the error.
 */
export function createErrorRecorder(tenantDb: TenantDb) {
  return async function recordError(error: Error, request: FastifyRequest): Promise<string> {
    const id = nextId();
    const caller = request.ctx?.caller ?? null;
    request.log.error({ err: error, errorId: id }, 'unexpected error');
    const row = {
      id,
      tenant_id: caller?.tenantId ?? PLATFORM_TENANT_ID,
      ...serverInfo,
      method: request.method,
      request_uri: request.url.split('?')[0],
      user_agent: request.headers['user-agent']?.slice(0, 1000) ?? null,
      remote_ip: request.ip,
      method_class: null,
      method_name: request.routeOptions.url ?? null,
      params: loggedParams(request),
      stack_trace: error.stack ?? String(error),
      exception_name: error.name,
      message: error.message,
      ...origin(error.stack),
      create_by: caller?.account ?? null,
      create_user: caller?.userId ?? null,
    };
    try {
      await tenantDb.inTenant(row.tenant_id, (trx) => trx.insertInto('blade_log_error').values(row).execute());
    } catch (logError) {
      request.log.error({ err: logError, errorId: id }, 'could not write the error log');
    }
    return id;
  };
}
