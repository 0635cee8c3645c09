import { sql } from 'kysely';
import type { AnyDb, AnyTrx } from '../../../platform/tenancy/tenant-db.ts';

/**
 * How many accounts of a tenant signed in (password or captcha grant, not a token refresh) since
 * `since`, from the login log: a range of its (tenant, time) index.
 */
export async function accountsSignedInSince(db: AnyDb | AnyTrx, tenantId: string, since: Date): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(distinct user_id)::int as n from blade_log_login
    where tenant_id = ${tenantId} and create_time >= ${since} and result = 'success'
      and grant_type in ('password', 'captcha')`.execute(db);
  return rows[0]?.n ?? 0;
}
