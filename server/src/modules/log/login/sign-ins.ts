import { type RawBuilder, sql } from 'kysely';

/**
 * How many accounts of a tenant signed in (password or captcha grant, not a token refresh) since
 * `since`, from the login log (a range of its (tenant, time) index): a scalar subquery, which the
 * dashboard reads with its other figures in one statement.
 */
export function accountsSignedInSince(tenantId: string, since: Date): RawBuilder<number> {
  return sql<number>`(select count(distinct user_id)::int from blade_log_login
    where tenant_id = ${tenantId} and create_time >= ${since} and result = 'success'
      and grant_type in ('password', 'captcha'))`;
}
