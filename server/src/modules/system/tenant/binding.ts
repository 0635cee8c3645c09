import { sql } from 'kysely';
import { tenantOwnedTables } from '../../../platform/db/rls.ts';
import { badRequest, conflict, notFound } from '../../../platform/http/errors.ts';
import type { Platform } from '../../../platform/register.ts';
import { type Caller, PLATFORM_TENANT_ID } from '../../../platform/tenancy/context.ts';
import type { TenantDb } from '../../../platform/tenancy/tenant-db.ts';
import { assertConnects, storedSource, targetOf } from '../../develop/datasource/connection.ts';
import { tenantMessages as m } from './messages.ts';

/** Whether the tenant has a row in any tenant-owned table of the database it is served from. */
async function hasRows(tenantDb: TenantDb, tenantId: string): Promise<boolean> {
  return tenantDb.inTenant(tenantId, async (trx) => {
    for (const table of await tenantOwnedTables(trx)) {
      const { rows } = await sql`select 1 from ${sql.table(table)} limit 1`.execute(trx);
      if (rows.length) return true;
    }
    return false;
  });
}

/**
 * Binds a tenant to a datasource (the tenant screen's 数据源): its database must connect, is
 * migrated and given the platform's copies, and from then on serves the tenant. Only PostgreSQL
 * keeps tenants elsewhere; the platform tenant stays in the main database. A tenant with rows is
 * refused until moving tenants is done (issue 24's next step): binding it would hide them.
 */
export async function bindTenant(platform: Platform, caller: Caller, ref: string, datasourceId: string) {
  const databases = platform.tenantDatabases;
  if (platform.embeddedDatabase || !databases) throw badRequest(m['tenant.datasource.embedded']);
  const { rows } = await sql<{ id: string; tenantId: string; datasourceId: string | null }>`
    select id, tenant_id as "tenantId", datasource_id as "datasourceId" from blade_tenant
    where is_deleted = 0 and (tenant_id = ${ref} or cast(id as text) = ${ref})`.execute(platform.db);
  const tenant = rows[0];
  if (!tenant) throw notFound(m['tenant.notFound'], { tenantId: ref });
  if (tenant.tenantId === PLATFORM_TENANT_ID) throw badRequest(m['tenant.datasource.platform']);
  const source = await storedSource(platform.db, datasourceId);
  if (!source) throw badRequest(m['tenant.datasource.notFound']);
  if (tenant.datasourceId !== null && String(tenant.datasourceId) === datasourceId) return;
  await assertConnects(targetOf(source, platform.sealer));
  await databases.open(datasourceId);
  if (await hasRows(platform.tenantDb, tenant.tenantId)) throw conflict(m['tenant.datasource.hasData']);
  await sql`update blade_tenant set datasource_id = ${datasourceId}, update_user = ${caller.userId}, update_time = now()
    where id = ${tenant.id}`.execute(platform.db);
  // every instance's bindings: this one's at once, the others' within their 30 s
  platform.caches.clear();
}
