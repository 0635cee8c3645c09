import { type Kysely, sql, type Transaction } from 'kysely';

/** The non-superuser role that requests run as, so row-level security applies to them. */
export const APP_ROLE = 'blade_app';

// biome-ignore lint/suspicious/noExplicitAny: each module declares its own tables; see src/database.ts
export type AnyDb = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: as above
export type AnyTrx = Transaction<any>;

/**
 * Runs work for one tenant in one transaction. The first statement switches to the application role
 * and sets `app.tenant_id` for this transaction only (one round trip), so every policy of every
 * tenant-owned table limits what the work can see and write, whatever its queries forget.
 */
export interface TenantDb {
  inTenant<T>(tenantId: string, work: (trx: AnyTrx) => Promise<T>): Promise<T>;
  /** Sees every tenant's rows: only for the platform's own cross-tenant work (tenant management, logs of anonymous calls). */
  inAllTenants<T>(work: (trx: AnyTrx) => Promise<T>): Promise<T>;
}

export function createTenantDb(db: AnyDb, useAppRole: boolean): TenantDb {
  const role = useAppRole ? APP_ROLE : '';
  const run = <T>(tenantId: string, all: 'on' | 'off', work: (trx: AnyTrx) => Promise<T>) =>
    db.transaction().execute(async (trx) => {
      // set_config('role', '') would fail: without an app role, set it to the session's own role.
      await sql`select set_config('role', coalesce(nullif(${role}, ''), current_user), true),
                       set_config('app.tenant_id', ${tenantId}, true),
                       set_config('app.all_tenants', ${all}, true)`.execute(trx);
      return work(trx);
    });
  return {
    inTenant: (tenantId, work) => run(tenantId, 'off', work),
    inAllTenants: (work) => run('', 'on', work),
  };
}

/**
 * Whether this connection bypasses row-level security (a superuser or BYPASSRLS user, like PGlite's
 * default user and the usual local `postgres`): then requests must switch to APP_ROLE.
 */
export async function connectionBypassesRls(db: AnyDb): Promise<boolean> {
  const { rows } = await sql<{ bypass: boolean }>`
    select (rolsuper or rolbypassrls) as bypass from pg_roles where rolname = current_user`.execute(db);
  return rows[0]?.bypass ?? false;
}
