import { sql } from 'kysely';
import { seedStockValueReport } from '../modules/report/index.ts';
import type { Caller } from '../platform/tenancy/context.ts';
import type { AnyTrx } from '../platform/tenancy/tenant-db.ts';
import { addMenus, grantMenuTreeToTenantAdmins } from './access-seed.ts';

/** The buttons issue 22 added to 报表列表; `report_sql` (SQL datasets) only for the platform tenant's roles. */
const ADDED = ['report_list_add', 'report_list_design', 'report_list_copy', 'report_list_view', 'report_sql'];

/**
 * Seed step `report-designer` (issue 22): the report designer's buttons in installations seeded before
 * them, granted to the roles holding 报表列表; and every tenant that has a warehouse (material types)
 * gets the stock value report, made as its `admin`, whose administrator role may then open it. Idempotent.
 */
export async function seedReportDesigner(trx: AnyTrx): Promise<void> {
  await addMenus(trx, ADDED, { platformOnly: ['report_sql'] });
  const { rows } = await sql<{ tenantId: string; userId: string; deptId: string | null }>`
    select u.tenant_id as "tenantId", u.id as "userId", u.dept_id as "deptId" from blade_user u
    where u.account = 'admin' and u.is_deleted = 0
      and exists (select 1 from wh_material_type t where t.tenant_id = u.tenant_id and t.is_deleted = 0)`.execute(trx);
  for (const admin of rows) {
    await seedWarehouseReport(trx, {
      tenantId: admin.tenantId,
      userId: String(admin.userId),
      account: 'admin',
      roleIds: [],
      roleAliases: [],
      deptIds: admin.deptId ? [String(admin.deptId).split(',')[0]!] : [],
      postIds: [],
      clientId: 'saber',
    });
  }
}

/**
 * A warehouse tenant's report (its `admin` as `caller`), and 报表管理 › 报表列表 with its buttons for
 * the tenant's administrator role, so that it can be opened: all but `report_sql`, which only the
 * platform tenant may use. The tenant's package still limits what its roles may use.
 */
export async function seedWarehouseReport(trx: AnyTrx, caller: Caller): Promise<void> {
  await seedStockValueReport(trx, caller);
  await grantMenuTreeToTenantAdmins(trx, 'report', { tenantId: caller.tenantId, except: ['report_sql'] });
}
