import { sql } from 'kysely';
import { tenantOwnedTables } from '../../../platform/db/rls.ts';
import { badRequest, notFound } from '../../../platform/http/errors.ts';
import type { Platform } from '../../../platform/register.ts';
import { type Caller, PLATFORM_TENANT_ID } from '../../../platform/tenancy/context.ts';
import type { TenantDb } from '../../../platform/tenancy/tenant-db.ts';
import { assertConnects, storedSource, targetOf } from '../../develop/datasource/connection.ts';
import { tenantMessages as m } from './messages.ts';
import { startMove } from './move/run.ts';

/** The datasource id that names the main database: binding a tenant to it unbinds it. */
export const MAIN_DATABASE = '0';

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
 * Binds a tenant to a datasource (the tenant screen's 数据源), or to the main database (`0`): the
 * target must connect, is migrated and given the platform's copies, and the tenant's rows move there
 * (move/run.ts). A tenant without rows is moved before the answer; one with rows in the background,
 * its progress read from `datasource-move`. Only PostgreSQL keeps tenants elsewhere; the platform
 * tenant stays in the main database.
 */
export async function bindTenant(
  platform: Platform,
  caller: Caller,
  ref: string,
  datasourceId: string,
  options: { batchRows: number; log(error: Error): void },
) {
  const databases = platform.tenantDatabases;
  if (platform.embeddedDatabase || !databases) throw badRequest(m['tenant.datasource.embedded']);
  const { rows } = await sql<{ id: string; tenantId: string; datasourceId: string | null }>`
    select id, tenant_id as "tenantId", cast(datasource_id as text) as "datasourceId" from blade_tenant
    where is_deleted = 0 and (tenant_id = ${ref} or cast(id as text) = ${ref})`.execute(platform.db);
  const tenant = rows[0];
  if (!tenant) throw notFound(m['tenant.notFound'], { tenantId: ref });
  if (tenant.tenantId === PLATFORM_TENANT_ID) throw badRequest(m['tenant.datasource.platform']);
  const to = /^0+$/.test(datasourceId) ? null : datasourceId;
  if (to) {
    const source = await storedSource(platform.db, to);
    if (!source) throw badRequest(m['tenant.datasource.notFound']);
    if (tenant.datasourceId === to) return;
    await assertConnects(targetOf(source, platform.sealer));
  } else if (tenant.datasourceId === null) return;
  const target = to ? await databases.open(to) : null;
  const from = tenant.datasourceId ? await databases.open(tenant.datasourceId) : null;
  const empty = !(await hasRows(platform.tenantDb, tenant.tenantId));
  const { done } = await startMove(platform, {
    ...tenant,
    userId: caller.userId,
    from,
    to: target,
    batchRows: options.batchRows,
  });
  // a tenant without rows is bound at once (nothing to wait for); one with rows is followed by its progress
  if (empty) await done;
  else done.catch(options.log);
}
