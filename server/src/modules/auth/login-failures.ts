import type { SharedStore } from '../../platform/store/store.ts';

const WINDOW_MS = 30 * 60 * 1000;
const LOCK_MS = 30 * 60 * 1000;

/**
 * Sign-in attempts per account, in the shared store so that every instance counts them. Each
 * attempt is counted before its password is checked, so attempts made at once cannot slip past the
 * limit; reaching `account.failCount` locks the account for 30 minutes from then. A success clears
 * the count; `unlock` clears both.
 */
export function loginFailures(store: SharedStore) {
  const id = (tenantId: string, account: string) => `${tenantId}:${account.toLowerCase()}`;
  const countKey = (tenantId: string, account: string) => `login:attempts:${id(tenantId, account)}`;
  const lockKey = (tenantId: string, account: string) => `login:locked:${id(tenantId, account)}`;
  return {
    async isLocked(tenantId: string, account: string): Promise<boolean> {
      return (await store.get(lockKey(tenantId, account))) !== null;
    },
    /** Counts an attempt; true when it goes past the limit (the account is then locked). */
    async attempt(tenantId: string, account: string, limit: number): Promise<boolean> {
      const count = await store.increment(countKey(tenantId, account), WINDOW_MS);
      if (count <= limit) return false;
      await store.set(lockKey(tenantId, account), '1', LOCK_MS);
      return true;
    },
    /** After a failed attempt: the one that reaches the limit locks the account. */
    async failed(tenantId: string, account: string, limit: number): Promise<void> {
      const count = Number((await store.get(countKey(tenantId, account))) ?? 0);
      if (count >= limit) await store.set(lockKey(tenantId, account), '1', LOCK_MS);
    },
    clear: (tenantId: string, account: string) => store.delete(countKey(tenantId, account)),
    async unlock(tenantId: string, account: string): Promise<void> {
      await store.delete(countKey(tenantId, account));
      await store.delete(lockKey(tenantId, account));
    },
  };
}
export type LoginFailures = ReturnType<typeof loginFailures>;
