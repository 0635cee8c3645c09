import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Platform } from '../../../platform/register.ts';
import type { AnyDb, AnyTrx } from '../../../platform/tenancy/tenant-db.ts';

/**
 * The databases tenants have left (migration 0032), so that a removed tenant's `moved` fences can be
 * found in each of them: the bindings name only the database a tenant is in now. The key of the
 * main database is '0', as in the tenant screen's 数据源 dialog.
 */
const MAIN = '0';
const keyOf = (datasourceId: string | null) => datasourceId ?? MAIN;

/**
 * At a move's switch, in the transaction of the binding: the tenant has left `from`; it is back in
 * `to` if it had left it (the move replaced the `moved` fence there with its own lease, then lifts it).
 */
export async function recordDeparture(trx: AnyTrx, tenantId: string, from: string | null, to: string | null) {
  await sql`insert into blade_tenant_departure (tenant_id, datasource_id) values (${tenantId}, ${keyOf(from)})
    on conflict do nothing`.execute(trx);
  await sql`delete from blade_tenant_departure where tenant_id = ${tenantId} and datasource_id = ${keyOf(to)}`.execute(
    trx,
  );
}

/**
 * Deletes the fences that removed tenants left in one database (`db`, the database of `key`), then
 * their records in the main database (`main`); answers how many tenants it cleared. A tenant that is
 * not removed keeps both: its `moved` fence refuses an instance that still routes it there.
 */
export async function clearDeparturesIn(main: AnyDb, key: string, db: AnyDb): Promise<number> {
  const { rows } = await sql<{ tenantId: string }>`
    select d.tenant_id as "tenantId" from blade_tenant_departure d
    where d.datasource_id = ${key}
      and not exists (select from blade_tenant t where t.tenant_id = d.tenant_id and t.is_deleted = 0)`.execute(main);
  if (!rows.length) return 0;
  const tenantIds = rows.map((r) => r.tenantId);
  await sql`delete from blade_tenant_fence where tenant_id in (${sql.join(tenantIds)})`.execute(db);
  await sql`delete from blade_tenant_departure
    where datasource_id = ${key} and tenant_id in (${sql.join(tenantIds)})`.execute(main);
  return tenantIds.length;
}

/**
 * Clears the fences of removed tenants (these, or all) in every database they left: after a removal,
 * and at start for those a database that was down kept. A database that cannot be opened keeps its
 * records (named in `kept`), retried at the next start or when it is next opened (app.ts `prepare`).
 */
export async function clearDepartures(platform: Platform, tenantIds?: string[]): Promise<{ kept: string[] }> {
  const { rows } = await sql<{ key: string }>`
    select distinct cast(d.datasource_id as text) as key from blade_tenant_departure d
    where not exists (select from blade_tenant t where t.tenant_id = d.tenant_id and t.is_deleted = 0)
      ${tenantIds ? sql`and d.tenant_id in (${sql.join(tenantIds)})` : sql``}`.execute(platform.db);
  const databases = platform.tenantDatabases;
  const cleared = await Promise.allSettled(
    rows.map(async ({ key }) => {
      if (key === MAIN) return clearDeparturesIn(platform.db, key, platform.db);
      if (!databases) throw new Error('no tenant databases here');
      return clearDeparturesIn(platform.db, key, (await databases.open(key)).db);
    }),
  );
  return { kept: rows.filter((_, i) => cleared[i]!.status === 'rejected').map((r) => r.key) };
}

/**
 * At start, in the background: the fences a database that was down kept at a removal. Only where
 * tenants can be kept elsewhere (the embedded database moves none).
 */
export function clearDeparturesAtStart(app: FastifyInstance): void {
  app.addHook('onReady', async () => {
    if (!app.platform.tenantDatabases) return;
    void clearDepartures(app.platform).then(
      ({ kept }) => kept.length && app.log.warn(`removed tenants' fences kept in datasources ${kept.join(', ')}`),
      (error: Error) => app.log.warn(`removed tenants' fences: ${error.message}`),
    );
  });
}
