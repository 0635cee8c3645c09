import type { SharedStore } from '../store/store.ts';

// Long enough to outlive any token a client row can ask for.
const REVOCATION_TTL_MS = 400 * 24 * 3600 * 1000;

/**
 * Revoked sessions, users and tenants, in the shared store so every instance sees a logout at once.
 * A session is revoked by id (logout, a reused refresh token); a user or a whole tenant by a time,
 * before which every token issued there is refused (disabled, deleted, password reset).
 */
export interface SessionRegistry {
  revokeSession(sessionId: string): Promise<void>;
  revokeUser(tenantId: string, userId: string): Promise<void>;
  revokeTenant(tenantId: string): Promise<void>;
  /** True when the token of this session, issued at `issuedAt` (milliseconds), is still good. */
  isLive(tenantId: string, userId: string, sessionId: string, issuedAt: number): Promise<boolean>;
  /** Marks a refresh token used; false when it was used before (a replay). */
  useRefreshToken(tokenId: string, expiresAt: number): Promise<boolean>;
}

/** Revocation times stored before they were kept in milliseconds are whole seconds (rounded up). */
const inMilliseconds = (time: number) => (time < 1e11 ? time * 1000 : time);

export function createSessionRegistry(store: SharedStore, now: () => number = Date.now): SessionRegistry {
  const sessionKey = (sid: string) => `session:revoked:${sid}`;
  const userKey = (tenantId: string, userId: string) => `user:revoked-before:${tenantId}:${userId}`;
  const tenantKey = (tenantId: string) => `tenant:revoked-before:${tenantId}`;
  // Tokens carry their issue time in milliseconds, so a sign-in right after a revocation is good.
  const revokeBefore = (key: string) => store.set(key, String(now()), REVOCATION_TTL_MS);
  return {
    async revokeSession(sessionId) {
      await store.set(sessionKey(sessionId), '1', REVOCATION_TTL_MS);
    },
    async revokeUser(tenantId, userId) {
      await revokeBefore(userKey(tenantId, userId));
    },
    async revokeTenant(tenantId) {
      await revokeBefore(tenantKey(tenantId));
    },
    async isLive(tenantId, userId, sessionId, issuedAt) {
      const [revoked, ...before] = await store.getMany([
        sessionKey(sessionId),
        userKey(tenantId, userId),
        tenantKey(tenantId),
      ]);
      return !revoked && !before.some((time) => time && issuedAt <= inMilliseconds(Number(time)));
    },
    async useRefreshToken(tokenId, expiresAt) {
      const ttl = Math.max(1000, expiresAt * 1000 - now());
      return store.setIfAbsent(`refresh:used:${tokenId}`, '1', ttl);
    },
  };
}
