import { type Expression, type SqlBool, sql } from 'kysely';
import type { SessionIssue, SessionRegistry } from '../../../platform/auth/sessions.ts';
import { containsCondition } from '../../../platform/db/contains-search.ts';
import type { OrderedPageSource } from '../../../platform/db/page-across.ts';
import { type FilterField, filterConditions } from '../../../platform/http/query.ts';
import { isRoutedTransaction } from '../../../platform/tenancy/tenant-databases.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import type { LogScope } from '../list/repository.ts';

type Row = Record<string, unknown>;

/** What the list and detail answer of a session; never a token. */
const SELECTION = [
  sql.ref('s.id').as('id'),
  sql.ref('s.tenant_id').as('tenantId'),
  sql.ref('s.user_id').as('userId'),
  sql.ref('s.account').as('account'),
  sql.ref('s.user_name').as('userName'),
  sql.ref('s.client_id').as('clientId'),
  sql.ref('s.remote_ip').as('remoteIp'),
  sql.ref('s.user_agent').as('userAgent'),
  sql.ref('s.login_time').as('loginTime'),
  sql.ref('s.last_refresh').as('lastRefresh'),
  sql.ref('s.expires_at').as('expiresAt'),
];

/** Filters of the list, by the API's names. */
export const SESSION_FILTERS: Record<string, FilterField> = {
  account: { column: 's.account', kind: 'text' },
  userName: { column: 's.user_name', kind: 'text' },
  clientId: { column: 's.client_id', kind: 'text' },
  remoteIp: { column: 's.remote_ip', kind: 'text' },
  userAgent: { column: 's.user_agent', kind: 'text' },
  loginTime: { column: 's.login_time', kind: 'date' },
  lastRefresh: { column: 's.last_refresh', kind: 'date' },
};

// Revocations are kept in epoch milliseconds (older ones in seconds: platform/auth/sessions.ts).
const REVOKED_MS = sql`(case when r.revoked_at < 100000000000 then r.revoked_at * 1000 else r.revoked_at end)`;
const REFRESHED_MS = sql`(extract(epoch from s.last_refresh) * 1000)`;

/**
 * A session is live while its refresh token is good: not ended, not expired, and neither it, its
 * user (disabled, password changed) nor its tenant revoked since its last tokens were issued. The
 * revocations decide (auth_revocation, as the session registry reads them); the row only lists.
 */
const OPEN = sql<SqlBool>`s.ended_at is null and s.expires_at > now()`;
const NOT_REVOKED = sql<SqlBool>`not exists (select 1 from auth_revocation r where r.key = 'session:revoked:' || s.id)
  and not exists (select 1 from auth_revocation r
    where r.key in ('user:revoked-before:' || s.tenant_id || ':' || s.user_id, 'tenant:revoked-before:' || s.tenant_id)
      and ${REVOKED_MS} >= ${REFRESHED_MS} and r.kept_session is distinct from s.id)`;

/** Which sessions revocations end, read from the main database (the session registry's `revokedAmong`). */
export type RevokedAmong = SessionRegistry['revokedAmong'];

/**
 * The live sessions of the scope. Revocations are kept in the main database only (issue 24): there
 * they are joined; in a tenant database kept elsewhere its open sessions are read first and those
 * revoked (read from the main database) left out, a cost of one row per open session of the scope.
 */
async function live(trx: AnyTrx, scope: LogScope, revokedAmong: RevokedAmong) {
  const q = trx.selectFrom('blade_user_session as s').where(OPEN);
  const open = scope.tenantId ? q.where('s.tenant_id', '=', scope.tenantId) : q;
  if (!isRoutedTransaction(trx)) return open.where(NOT_REVOKED);
  const sessions = await open
    .select([
      's.id as sessionId',
      's.tenant_id as tenantId',
      sql<string>`s.user_id::text`.as('userId'),
      sql<number>`${REFRESHED_MS}::float8`.as('refreshedAt'),
    ])
    .execute();
  const revoked = await revokedAmong(sessions as SessionIssue[]);
  // one array parameter, however many (a bound database is PostgreSQL)
  return revoked.length ? open.where(sql<SqlBool>`s.id <> all(${revoked})`) : open;
}

function conditions(query: Row) {
  // biome-ignore lint/suspicious/noExplicitAny: the sessions' table
  return (eb: any): Expression<SqlBool> => {
    const contains: Expression<SqlBool>[] = [];
    const rest: Row = {};
    for (const [key, value] of Object.entries(query)) {
      const field = SESSION_FILTERS[key];
      if (field?.kind === 'text' && typeof value === 'string') {
        if (value.trim()) contains.push(containsCondition(field.column, value.trim()));
      } else rest[key] = value;
    }
    return eb.and([...filterConditions(eb, rest, SESSION_FILTERS, 'map'), ...contains]);
  };
}

/** The live sessions as a list reads them, the latest sign-in first. */
export async function sessionSource(
  trx: AnyTrx,
  scope: LogScope,
  query: Row,
  revokedAmong: RevokedAmong,
): Promise<OrderedPageSource> {
  return {
    db: trx,
    rows: (await live(trx, scope, revokedAmong)).where(conditions(query)),
    key: 's.id',
    select: (q) => q.select(SELECTION),
    order: [
      { column: 's.login_time', direction: 'desc' },
      { column: 's.id', direction: 'desc' },
    ],
  };
}

/** Live sessions among these ids that the scope shows. */
export async function liveSessions(
  trx: AnyTrx,
  scope: LogScope,
  ids: string[],
  revokedAmong: RevokedAmong,
): Promise<Row[]> {
  return (await live(trx, scope, revokedAmong)).select(SELECTION).where('s.id', 'in', ids).execute();
}

/** Marks sessions ended by an administrator (强退). */
export async function markForced(trx: AnyTrx, ids: string[]): Promise<void> {
  await sql`update blade_user_session set ended_at = now(), end_reason = 'forced'
    where id in (${sql.join(ids)}) and ended_at is null`.execute(trx);
}
