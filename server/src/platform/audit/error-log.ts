import type { FastifyRequest } from 'fastify';
import { nextId } from '../db/snowflake.ts';
import type { TenantDb } from '../tenancy/tenant-db.ts';
import { requestLogColumns } from './request-params.ts';

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
    request.log.error({ err: error, errorId: id }, 'unexpected error');
    const row = {
      id,
      ...requestLogColumns(request),
      stack_trace: error.stack ?? String(error),
      exception_name: error.name,
      message: error.message,
      ...origin(error.stack),
    };
    try {
      await tenantDb.inTenant(row.tenant_id, (trx) => trx.insertInto('blade_log_error').values(row).execute());
    } catch (logError) {
      request.log.error({ err: logError, errorId: id }, 'could not write the error log');
    }
    return id;
  };
}
