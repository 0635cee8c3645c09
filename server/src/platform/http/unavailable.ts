import { isConnectionLost } from '../db/connection-errors.ts';
import { StoreUnavailableError } from '../store/store.ts';
import { TENANT_MOVING } from '../tenancy/move/fence-sql.ts';

/**
 * The dependencies a call can find down; each has its message, `error.unavailable.<name>`. A tenant
 * being moved between databases (its writes fenced, platform/tenancy/move) is one for a moment too.
 */
export type Dependency = 'database' | 'store' | 'tenantMoving';

/** Seconds a client is asked to wait before trying again. */
export const RETRY_AFTER_SECONDS = 5;

/** Which dependency an error says is down, or null for any other error. */
export function unavailableDependency(error: unknown): Dependency | null {
  if (error instanceof StoreUnavailableError) return 'store';
  if ((error as { code?: unknown } | null)?.code === TENANT_MOVING) return 'tenantMoving';
  return isConnectionLost(error) ? 'database' : null;
}
