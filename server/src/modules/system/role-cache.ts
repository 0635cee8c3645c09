import type { CacheRegistry } from '../../platform/caches.ts';
import type { Caller } from '../../platform/tenancy/context.ts';

const CACHE_MS = 30_000;

/**
 * Answers computed from a caller's roles, kept for 30 s per tenant and role set (and per extra key),
 * and emptied by clear-cache: grants change rarely, and every request asks.
 */
export function cachedPerRoles<T>(caches: CacheRegistry, load: (caller: Caller, key: string) => Promise<T>) {
  const cache = new Map<string, { value: T; until: number }>();
  caches.register(() => cache.clear());
  return async (caller: Caller, key = ''): Promise<T> => {
    const id = `${caller.tenantId}:${[...caller.roleIds].sort().join(',')}:${key}`;
    const hit = cache.get(id);
    if (hit && hit.until > Date.now()) return hit.value;
    const value = await load(caller, key);
    cache.set(id, { value, until: Date.now() + CACHE_MS });
    return value;
  };
}
