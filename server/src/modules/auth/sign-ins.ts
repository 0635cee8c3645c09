import { sql } from 'kysely';
import type { AnyDb, AnyTrx } from '../../platform/tenancy/tenant-db.ts';
import { TRUST_DAYS } from './login-failures.ts';

/**
 * How many accounts of a tenant signed in (password or captcha grant) since `since`, read from the
 * sign-in guard: each successful sign-in sets its (account, address) row's `trusted_until` to that
 * moment plus TRUST_DAYS, so a row signed in since `since` has `trusted_until >= since + TRUST_DAYS`.
 * That is the one record of sign-ins on main; the login log (issue 20's other half) will count them
 * one by one. Read by the tenant's key of the primary key, over its accounts' rows only.
 */
export async function accountsSignedInSince(db: AnyDb | AnyTrx, tenantId: string, since: Date): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(distinct account)::int as n from blade_login_guard
    where tenant_id = ${tenantId} and address <> '*'
      and trusted_until >= ${since}::timestamptz + ${sql.raw(`interval '${TRUST_DAYS} days'`)}`.execute(db);
  return rows[0]?.n ?? 0;
}
