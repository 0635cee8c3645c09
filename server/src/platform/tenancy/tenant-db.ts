import { type Kysely, sql, type Transaction } from 'kysely';
import { type Settings, sessionSettingsOf } from '../db/session-settings.ts';

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
  /**
   * Reads for one tenant, under the same policies: on PostgreSQL on one connection that keeps the
   * tenant's settings (platform/db/session-settings.ts), with no transaction around the reads; on
   * PGlite a tenant transaction. For work that only reads: its statements do not commit together.
   */
  readInTenant<T>(tenantId: string, work: (trx: AnyTrx) => Promise<T>): Promise<T>;
  /**
   * Sees every tenant's rows of the main database: only for the platform's own cross-tenant work
   * (tenant management, logs of anonymous calls). Tenants bound to other databases are not in it:
   * work over every tenant goes through `everyDatabase` (platform/tenancy/across-databases.ts).
   */
  inAllTenants<T>(work: (trx: AnyTrx) => Promise<T>): Promise<T>;
  /**
   * The cross-tenant mechanism of each database tenants are kept in, the main one first (log
   * retention, the platform administrator's lists), and the names of those that are down.
   */
  everyDatabase(): Promise<{ databases: TenantDatabase[]; down: string[] }>;
  /** The database a tenant's rows are in, for cross-tenant work there (a deployment to several tenants). */
  databaseOf(tenantId: string): Promise<TenantDatabase>;
  /**
   * `work` with the owner connection of the database the tenant's rows are in, for work that sets
   * its own role and tenant (report SQL datasets, platform/…/sql-runner.ts).
   */
  withOwner<T>(tenantId: string, work: (db: AnyDb) => Promise<T>): Promise<T>;
}

/** One database tenants are kept in, for work over every tenant. */
export interface TenantDatabase {
  /** Its datasource's id and name; none for the main database. */
  key?: string;
  name?: string;
  inAllTenants: TenantDb['inAllTenants'];
}

export function createTenantDb(db: AnyDb, useAppRole: boolean): TenantDb {
  const role = useAppRole ? sql.lit(APP_ROLE) : sql`current_user`;
  const sessions = sessionSettingsOf(db);
  const transaction = <T>(work: (trx: AnyTrx) => Promise<T>) =>
    sessions ? sessions.transaction(db, work) : db.transaction().execute(work);
  const run = <T>(tenantId: string, all: 'on' | 'off', work: (trx: AnyTrx) => Promise<T>) =>
    transaction(async (trx) => {
      // Written as literals, not parameters: a statement without parameters goes out with the
      // transaction's `begin` in one round trip (platform/db/lazy-begin.ts). Without an app role the
      // role is the session's own (set_config('role', '') would fail).
      await sql`select set_config('role', ${role}, true),
                       set_config('app.tenant_id', ${tenantValue(tenantId)}, true),
                       set_config('app.all_tenants', ${sql.lit(all)}, true)`.execute(trx);
      return work(trx);
    });
  const tenantDb: TenantDb = {
    inTenant: (tenantId, work) => run(tenantId, 'off', work),
    readInTenant: (tenantId, work) =>
      // A malformed tenant id (see tenantValue) is left to the transaction, where it is a parameter.
      sessions && TENANT_ID_SHAPE.test(tenantId)
        ? // A connection runs queries as a transaction does; work that reads never begins or commits.
          sessions.withSettings(db, readSettings(tenantId, useAppRole), (connection) =>
            work(connection as unknown as AnyTrx),
          )
        : run(tenantId, 'off', work),
    inAllTenants: (work) => run('', 'on', work),
    everyDatabase: async () => ({ databases: [{ inAllTenants: tenantDb.inAllTenants }], down: [] }),
    databaseOf: async () => ({ inAllTenants: tenantDb.inAllTenants }),
    withOwner: (_tenantId, work) => work(db),
  };
  return tenantDb;
}

const readSettings = (tenantId: string, useAppRole: boolean): Settings => ({
  ...(useAppRole ? { role: APP_ROLE } : {}),
  'app.tenant_id': tenantId,
  'app.all_tenants': 'off',
});

const TENANT_ID_SHAPE = /^[A-Za-z0-9_-]{0,64}$/;

/**
 * A tenant id as a literal when it has the shape of one; any other value (a platform
 * administrator's malformed `tenantId` query, which matches no tenant) goes as a parameter, so it
 * answers nothing instead of failing, at the cost of the round trip the literal saves.
 */
function tenantValue(tenantId: string) {
  return TENANT_ID_SHAPE.test(tenantId) ? sql.lit(tenantId) : sql`${tenantId}`;
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
