/**
 * The server's only shared state (revoked tokens, refresh locks, captcha answers, failure counters,
 * rate limits) lives behind this interface: in the process by default, in Redis when several
 * instances run. Values are strings; every key expires.
 */
export interface SharedStore {
  get(key: string): Promise<string | null>;
  /** Several keys in one round trip, in order. */
  getMany(keys: string[]): Promise<(string | null)[]>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Sets the key only when it is absent; true when this call set it (a lock). */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  /** Adds one and answers the new count; the expiry starts with the first increment. */
  increment(key: string, ttlMs: number): Promise<number>;
  /** Reads and removes in one step (single-use answers such as a captcha). */
  take(key: string): Promise<string | null>;
  delete(key: string): Promise<void>;
  /** True when the store answers now (health). */
  reachable(): Promise<boolean>;
  close(): Promise<void>;
}

/** Any call that the store could not answer (down, unreachable, too slow): the caller gets a 503. */
export class StoreUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`the shared store is unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'StoreUnavailableError';
  }
}
