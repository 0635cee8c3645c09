import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { TenantDb } from '../../../platform/tenancy/tenant-db.ts';

/** A session as the token endpoint starts or renews it. */
export interface SessionStart {
  sessionId: string;
  tenantId: string;
  userId: string;
  account: string;
  userName: string | null;
  clientId: string;
  /** When its refresh token expires (epoch seconds from now + the client's refresh validity). */
  refreshValiditySeconds: number;
}

/** Why a session ended, as the list and the usual log say it. */
export type EndReason = 'logout' | 'forced';

const cut = (value: string | undefined | null, max: number) => (value ? value.slice(0, max) : null);

/**
 * Keeps the sessions' list (在线用户) up to date: a sign-in adds its session, a refresh renews it
 * (and adds one made before this list existed). Times are the server's clock in milliseconds, as
 * the tokens' issue times and the revocations are, so the list compares them with each other.
 * A failed write is logged, never answered: the list is for people, the tokens decide.
 */
export async function recordSession(request: FastifyRequest, session: SessionStart): Promise<void> {
  const tenantDb: TenantDb = request.server.platform.tenantDb;
  const now = Date.now();
  const expires = now + session.refreshValiditySeconds * 1000;
  try {
    await tenantDb.inTenant(session.tenantId, (trx) =>
      sql`insert into blade_user_session (id, tenant_id, user_id, account, user_name, client_id, remote_ip,
            user_agent, login_time, last_refresh, expires_at)
          values (${session.sessionId}, ${session.tenantId}, ${session.userId}, ${cut(session.account, 100)},
            ${cut(session.userName, 100)}, ${cut(session.clientId, 64)}, ${request.ip},
            ${cut(request.headers['user-agent'], 1000)}, to_timestamp(${now / 1000}), to_timestamp(${now / 1000}),
            to_timestamp(${expires / 1000}))
          on conflict (id) do update set last_refresh = excluded.last_refresh, expires_at = excluded.expires_at`.execute(
        trx,
      ),
    );
  } catch (error) {
    request.log.error({ err: error }, 'could not record the session');
  }
}

/** Marks a session ended (sign-out); the revocation itself is the session registry's. */
export async function endSession(request: FastifyRequest, tenantId: string, sessionId: string): Promise<void> {
  try {
    await request.server.platform.tenantDb.inTenant(tenantId, (trx) =>
      sql`update blade_user_session set ended_at = now(), end_reason = ${'logout'}
          where id = ${sessionId} and ended_at is null`.execute(trx),
    );
  } catch (error) {
    request.log.error({ err: error }, 'could not record the end of the session');
  }
}
