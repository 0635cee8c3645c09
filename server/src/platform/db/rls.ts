import { sql } from 'kysely';
import { fenceTable } from '../tenancy/move/fence-sql.ts';
import { type AnyDb, type AnyTrx, APP_ROLE } from '../tenancy/tenant-db.ts';

/**
 * Creates the application role once per cluster (concurrent creators, such as parallel test databases,
 * are fine) and grants it every table, sequence and function of the schema.
 */
export async function ensureAppRole(db: AnyDb): Promise<void> {
  try {
    await sql.raw(`create role ${APP_ROLE} nologin`).execute(db);
  } catch (error) {
    if (!ALREADY_THERE.has((error as { code?: string }).code ?? '')) throw error;
  }
  await sql.raw(`grant usage on schema public to ${APP_ROLE}`).execute(db);
  await sql.raw(`grant select, insert, update, delete on all tables in schema public to ${APP_ROLE}`).execute(db);
  await sql.raw(`grant usage, select on all sequences in schema public to ${APP_ROLE}`).execute(db);
  await sql.raw(`grant execute on all functions in schema public to ${APP_ROLE}`).execute(db);
}

/** duplicate_object, and unique_violation when another session creates the role at the same moment */
const ALREADY_THERE = new Set(['42710', '23505']);

/**
 * Whether the application role exists and holds its grants (on the table every migrated database has),
 * read in one statement: a usual start grants nothing. A database restored without its roles or
 * privileges answers false, and is granted again.
 */
export async function appRoleGranted(db: AnyDb, table: string): Promise<boolean> {
  const { rows } = await sql<{ granted: boolean }>`
    select case when exists (select from pg_roles where rolname = ${APP_ROLE})
      then has_table_privilege(${APP_ROLE}, ${table}, 'select, insert, update, delete') else false end as granted`.execute(
    db,
  );
  return rows[0]?.granted === true;
}

// `app.all_tenants` is set only by TenantDb.inAllTenants, the explicit cross-tenant path of the platform.
// Each setting is read in a scalar subquery, an init plan evaluated once per statement (and usable as
// an index key), rather than a function call per row; an unset setting is null, which matches nothing.
const TENANT_MATCH =
  "tenant_id = (select current_setting('app.tenant_id', true)) or (select current_setting('app.all_tenants', true)) = 'on'";

export const TENANT_POLICY = 'tenant_isolation';

/**
 * Makes a table tenant-owned at the database level: rows are visible and writable only inside a
 * transaction whose `app.tenant_id` is theirs, even for the table's owner. Its writes honour the
 * tenant's fence while the tenant is moved to another database (from migration 0030 on).
 */
export async function enableTenantIsolation(db: AnyDb, table: string): Promise<void> {
  await sql.raw(`alter table ${table} enable row level security`).execute(db);
  await sql.raw(`alter table ${table} force row level security`).execute(db);
  await createTenantPolicy(db, table);
  await fenceTable(db, table);
}

async function createTenantPolicy(db: AnyDb, table: string): Promise<void> {
  await sql
    .raw(
      `create policy ${TENANT_POLICY} on ${table}
         using (${TENANT_MATCH}) with check (${TENANT_MATCH})`,
    )
    .execute(db);
}

/** Replaces the tenant policy of every table that has one with the current form (run in a migration). */
export async function recreateTenantPolicies(db: AnyDb): Promise<string[]> {
  const { rows } = await sql<{ table: string }>`
    select tablename as table from pg_policies
    where schemaname = current_schema() and policyname = ${TENANT_POLICY} order by tablename`.execute(db);
  for (const { table } of rows) {
    await sql.raw(`drop policy ${TENANT_POLICY} on ${table}`).execute(db);
    await createTenantPolicy(db, table);
  }
  return rows.map((r) => r.table);
}

/** The tables row-level security keeps per tenant (those with the tenant policy), by name. */
export async function tenantOwnedTables(db: AnyDb | AnyTrx): Promise<string[]> {
  const { rows } = await sql<{ table: string }>`
    select tablename as table from pg_policies
    where schemaname = current_schema() and policyname = ${TENANT_POLICY} order by tablename`.execute(db);
  return rows.map((r) => r.table);
}
