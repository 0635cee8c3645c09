import { sql } from 'kysely';
import type { SharedStore } from '../store/store.ts';
import { isRoutedTransaction } from '../tenancy/tenant-databases.ts';
import type { AnyDb, AnyTrx } from '../tenancy/tenant-db.ts';

// Long enough to outlive any token a client row can ask for.
const REVOCATION_TTL_MS = 400 * 24 * 3600 * 1000;
// Present while the store holds every revocation of the database. It is gone after a restart of the
// embedded server (an in-process store) or when Redis comes back empty: the store is then refilled.
const LOADED_KEY = 'revocations:loaded';
const RELOAD_BATCH = 500;

/**
 * Revoked sessions, users and tenants. The database keeps them (they must outlive the store); the
 * shared store holds a copy, the fast path every call reads, and every instance sees a logout at once.
 * A session is revoked by id (logout, a reused refresh token); a user or a whole tenant by a time,
 * before which every token issued there is refused (disabled, deleted, password changed or reset).
 */
export interface RevokeOptions {
  /**
   * The transaction the change is made in, when there is one: the revocation commits with it. Required
   * inside a transaction, whose connection is the embedded database's only one.
   */
  within?: AnyTrx;
}

export interface SessionRegistry {
  revokeSession(sessionId: string): Promise<void>;
  /** `keepSession`: the session that changed its own password, which stays signed in. */
  revokeUser(
    tenantId: string,
    userId: string,
    options?: RevokeOptions & { keepSession?: string | null },
  ): Promise<void>;
  revokeTenant(tenantId: string, options?: RevokeOptions): Promise<void>;
  /** True when the token of this session, issued at `issuedAt` (milliseconds), is still good. */
  isLive(tenantId: string, userId: string, sessionId: string, issuedAt: number): Promise<boolean>;
  /**
   * Of these sessions (`refreshedAt`: when their last tokens were issued, in milliseconds), the ids of
   * those a revocation ends, read from the main database: the online list of a tenant kept in another
   * database, which holds no revocations (modules/log/online/repository.ts).
   */
  revokedAmong(sessions: SessionIssue[]): Promise<string[]>;
  /** Marks a refresh token used; false when it was used before (a replay). `expiresAt`: its exp, in seconds. */
  useRefreshToken(tokenId: string, expiresAt: number): Promise<boolean>;
  /** Deletes what has expired. */
  sweep(): Promise<void>;
}

/** A session and when its last tokens were issued (milliseconds). */
export interface SessionIssue {
  sessionId: string;
  tenantId: string;
  userId: string;
  refreshedAt: number;
}

/** Keys read at once (`key in (…)`): a statement's parameters stay well under PostgreSQL's 65,535. */
const KEYS_AT_ONCE = 1_000;

interface Revocation {
  key: string;
  revokedAt: number;
  keptSession: string | null;
  expiresAt: number;
}

/** Revocation times stored before they were kept in milliseconds are whole seconds (rounded up). */
const inMilliseconds = (time: number) => (time < 1e11 ? time * 1000 : time);

// In the store: "<time>" or "<time> <kept session id>".
const encode = (r: Pick<Revocation, 'revokedAt' | 'keptSession'>) =>
  r.keptSession ? `${r.revokedAt} ${r.keptSession}` : String(r.revokedAt);

/** Whether a revoked-before value refuses this session's token issued at `issuedAt`. */
function refuses(value: string, sessionId: string, issuedAt: number): boolean {
  const [time, kept] = value.split(' ');
  return kept !== sessionId && issuedAt <= inMilliseconds(Number(time));
}

export function createSessionRegistry(store: SharedStore, db: AnyDb, now: () => number = Date.now): SessionRegistry {
  const sessionKey = (sid: string) => `session:revoked:${sid}`;
  const userKey = (tenantId: string, userId: string) => `user:revoked-before:${tenantId}:${userId}`;
  const tenantKey = (tenantId: string) => `tenant:revoked-before:${tenantId}`;
  // A revocation this process could not copy to the store: refill the store once it answers again.
  let storeBehind = false;
  let loading: Promise<void> | null = null;

  async function revoke(key: string, keptSession: string | null = null, within: AnyDb = db): Promise<void> {
    // Every instance reads revocations from the main database: one made in a tenant database's
    // transaction is written there instead, at once (a revocation that outlives a rollback only asks
    // for a new sign-in).
    if (isRoutedTransaction(within)) within = db;
    // Tokens carry their issue time in milliseconds, so a sign-in right after a revocation is good.
    const row: Revocation = { key, revokedAt: now(), keptSession, expiresAt: now() + REVOCATION_TTL_MS };
    await sql`insert into auth_revocation (key, revoked_at, kept_session, expires_at)
      values (${row.key}, ${row.revokedAt}, ${row.keptSession}, ${row.expiresAt})
      on conflict (key) do update set revoked_at = excluded.revoked_at, kept_session = excluded.kept_session,
        expires_at = excluded.expires_at`.execute(within);
    try {
      await store.set(key, encode(row), REVOCATION_TTL_MS);
    } catch (error) {
      storeBehind = true;
      throw error;
    }
  }

  async function liveRows(keys?: string[]): Promise<Revocation[]> {
    const only = keys ? sql`and key in (${sql.join(keys)})` : sql``;
    const { rows } = await sql<Record<keyof Revocation, string | null>>`
      select key, revoked_at as "revokedAt", kept_session as "keptSession", expires_at as "expiresAt"
      from auth_revocation where expires_at > ${now()} ${only}`.execute(db);
    return rows.map((r) => ({
      key: String(r.key),
      revokedAt: Number(r.revokedAt),
      keptSession: r.keptSession,
      expiresAt: Number(r.expiresAt),
    }));
  }

  /** Copies every live revocation into the store, once at a time per process. */
  function refillStore(): Promise<void> {
    loading ??= (async () => {
      storeBehind = false;
      const rows = await liveRows();
      for (let i = 0; i < rows.length; i += RELOAD_BATCH) {
        const batch = rows.slice(i, i + RELOAD_BATCH);
        await Promise.all(batch.map((r) => store.set(r.key, encode(r), Math.max(1000, r.expiresAt - now()))));
      }
      await store.set(LOADED_KEY, String(now()), REVOCATION_TTL_MS);
    })().finally(() => {
      loading = null;
    });
    return loading;
  }

  return {
    revokeSession: (sessionId) => revoke(sessionKey(sessionId)),
    revokeUser: (tenantId, userId, options = {}) =>
      revoke(userKey(tenantId, userId), options.keepSession ?? null, options.within),
    revokeTenant: (tenantId, options = {}) => revoke(tenantKey(tenantId), null, options.within),
    async isLive(tenantId, userId, sessionId, issuedAt) {
      const keys = [sessionKey(sessionId), userKey(tenantId, userId), tenantKey(tenantId)];
      let [loaded, session, ...before] = await store.getMany([LOADED_KEY, ...keys]);
      if (!loaded || storeBehind) {
        // The store forgot (or missed) revocations: the database answers, and refills the store.
        await refillStore();
        const rows = new Map((await liveRows(keys)).map((r) => [r.key, encode(r)]));
        [session, ...before] = keys.map((key) => rows.get(key) ?? null);
      }
      return !session && !before.some((value) => value && refuses(value, sessionId, issuedAt));
    },
    async revokedAmong(sessions) {
      const keys = [
        ...new Set(
          sessions.flatMap((s) => [sessionKey(s.sessionId), userKey(s.tenantId, s.userId), tenantKey(s.tenantId)]),
        ),
      ];
      const found = new Map<string, string>();
      for (let i = 0; i < keys.length; i += KEYS_AT_ONCE) {
        for (const r of await liveRows(keys.slice(i, i + KEYS_AT_ONCE))) found.set(r.key, encode(r));
      }
      if (!found.size) return [];
      return sessions
        .filter((s) => {
          const before = [found.get(userKey(s.tenantId, s.userId)), found.get(tenantKey(s.tenantId))];
          return (
            found.has(sessionKey(s.sessionId)) ||
            before.some((value) => value && refuses(value, s.sessionId, s.refreshedAt))
          );
        })
        .map((s) => s.sessionId);
    },
    async useRefreshToken(tokenId, expiresAt) {
      // The database decides: a used refresh token must stay used across restarts and an empty store.
      const { rows } = await sql`insert into auth_refresh_used (token_id, expires_at)
        values (${tokenId}, ${Math.max(expiresAt * 1000, now() + 1000)})
        on conflict (token_id) do nothing returning token_id`.execute(db);
      return rows.length === 1;
    },
    async sweep() {
      await sql`delete from auth_revocation where expires_at <= ${now()}`.execute(db);
      await sql`delete from auth_refresh_used where expires_at <= ${now()}`.execute(db);
    },
  };
}
