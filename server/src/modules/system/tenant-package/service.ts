import { sql } from 'kysely';
import { badRequest } from '../../../platform/http/errors.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import { tenantPackageMessages as m } from './messages.ts';

/** Every id of a package's menu list must name a live menu or button. */
export async function assertMenusExist(trx: AnyTrx, menuIdCsv: unknown): Promise<void> {
  if (typeof menuIdCsv !== 'string') return;
  const ids = menuIdCsv.split(',');
  const { rows } = await sql<{ id: string }>`
    select id from blade_menu where is_deleted = 0 and id in (${sql.join(ids)})`.execute(trx);
  const known = new Set(rows.map((r) => String(r.id)));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length) throw badRequest(m['tenantPackage.menuId.unknown'], { ids: unknown.join(',') });
}

/** A package that a live tenant uses stays: its menus are that tenant's limit. */
export async function assertPackagesUnused(trx: AnyTrx, packageIds: string[]): Promise<void> {
  const { rows } = await sql<{ packageName: string; tenantId: string; tenantName: string }>`
    select p.package_name as "packageName", t.tenant_id as "tenantId", t.tenant_name as "tenantName"
    from blade_tenant t join blade_tenant_package p on p.id = t.package_id
    where t.is_deleted = 0 and t.package_id in (${sql.join(packageIds)})
    order by p.package_name, t.tenant_id`.execute(trx);
  const first = rows[0];
  if (!first) return;
  const tenants = rows
    .filter((r) => r.packageName === first.packageName)
    .map((r) => `${r.tenantName}(${r.tenantId})`)
    .join(', ');
  throw badRequest(m['tenantPackage.remove.inUse'], { packageName: first.packageName, tenants });
}
