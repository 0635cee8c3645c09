import type { SharedStore } from '../../platform/store/store.ts';

const WINDOW_MS = 30 * 60 * 1000;

/**
 * Failed sign-ins per account, in the shared store so that every instance counts them. After
 * `account.failCount` failures within 30 minutes the account is locked until the window ends,
 * a success clears the count, and `unlock` clears it by hand.
 */
export function loginFailures(store: SharedStore) {
  const key = (tenantId: string, account: string) => `login:failures:${tenantId}:${account.toLowerCase()}`;
  return {
    async isLocked(tenantId: string, account: string, limit: number): Promise<boolean> {
      return Number((await store.get(key(tenantId, account))) ?? 0) >= limit;
    },
    record: (tenantId: string, account: string) => store.increment(key(tenantId, account), WINDOW_MS),
    clear: (tenantId: string, account: string) => store.delete(key(tenantId, account)),
  };
}
export type LoginFailures = ReturnType<typeof loginFailures>;
