import type { SharedStore } from '../store/store.ts';

// Long enough to outlive any token a client row can ask for.
const REVOCATION_TTL_MS = 400 * 24 * 3600 * 1000;

/**
 * Revoked sessions and users, in the shared store so every instance sees a logout at once.
 * A session is revoked by id (logout, a reused refresh token); a user by a time, before which every
 * token they hold is refused (disabled, deleted, password reset).
 */
export interface SessionRegistry {
  revokeSession(sessionId: string): Promise<void>;
  revokeUser(tenantId: string, userId: string): Promise<void>;
  /** True when the token of this session, issued at `issuedAt` (seconds), is still good. */
  isLive(tenantId: string, userId: string, sessionId: string, issuedAt: number): Promise<boolean>;
  /** Marks a refresh token used; false when it was used before (a replay). */
  useRefreshToken(tokenId: string, expiresAt: number): Promise<boolean>;
}

export function createSessionRegistry(store: SharedStore, now: () => number = Date.now): SessionRegistry {
  const sessionKey = (sid: string) => `session:revoked:${sid}`;
  const userKey = (tenantId: string, userId: string) => `user:revoked-before:${tenantId}:${userId}`;
  return {
    async revokeSession(sessionId) {
      await store.set(sessionKey(sessionId), '1', REVOCATION_TTL_MS);
    },
    async revokeUser(tenantId, userId) {
      // Tokens carry whole seconds: a token issued in this very second is revoked too.
      await store.set(userKey(tenantId, userId), String(Math.ceil(now() / 1000)), REVOCATION_TTL_MS);
    },
    async isLive(tenantId, userId, sessionId, issuedAt) {
      const [revoked, before] = await store.getMany([sessionKey(sessionId), userKey(tenantId, userId)]);
      return !revoked && !(before && issuedAt <= Number(before));
    },
    async useRefreshToken(tokenId, expiresAt) {
      const ttl = Math.max(1000, expiresAt * 1000 - now());
      return store.setIfAbsent(`refresh:used:${tokenId}`, '1', ttl);
    },
  };
}
