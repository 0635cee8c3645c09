import { isConnectionLost } from '../db/connection-errors.ts';
import { StoreUnavailableError } from '../store/store.ts';

/** The dependencies a call can find down; each has its message, `error.unavailable.<name>`. */
export type Dependency = 'database' | 'store';

/** Seconds a client is asked to wait before trying again. */
export const RETRY_AFTER_SECONDS = 5;

/** Which dependency an error says is down, or null for any other error. */
export function unavailableDependency(error: unknown): Dependency | null {
  if (error instanceof StoreUnavailableError) return 'store';
  return isConnectionLost(error) ? 'database' : null;
}
