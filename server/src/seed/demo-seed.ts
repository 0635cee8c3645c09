import { sql } from 'kysely';
import { buildTenant } from '../modules/system/tenant/creation.ts';
import { tenantInput } from '../modules/system/tenant/schema.ts';
import { createDemoWarehouse } from '../modules/warehouse/index.ts';
import type { Caller } from '../platform/tenancy/context.ts';
import type { AnyTrx } from '../platform/tenancy/tenant-db.ts';
import { TENANT_ADMIN_ROLE_ALIAS } from './access-seed.ts';
import { seedWarehouseReport } from './report-seed.ts';

/** The demo tenant of the embedded default; a fixed id so that the README can name it. */
export const DEMO_TENANT_ID = '888888';

/**
 * A tenant made as tenant management makes one (role, dept, post, dictionaries, `admin` user,
 * with the given password), then filled with the demo warehouse and its report by its administrator.
 */
export async function seedDemoTenant(trx: AnyTrx, platformAdmin: Caller, adminPassword: string): Promise<void> {
  await buildTenant(
    trx,
    platformAdmin,
    DEMO_TENANT_ID,
    tenantInput.parse({
      tenantName: '演示仓储公司',
      linkman: '演示',
      contactNumber: '0512-66880000',
      accountNumber: -1,
    }),
    adminPassword,
  );
  const { rows } = await sql<{ userId: string; roleId: string; deptId: string }>`
    select u.id as "userId", r.id as "roleId", u.dept_id as "deptId" from blade_user u
    join blade_role r on r.tenant_id = u.tenant_id and r.role_alias = ${TENANT_ADMIN_ROLE_ALIAS}
    where u.tenant_id = ${DEMO_TENANT_ID} and u.account = 'admin'`.execute(trx);
  const admin = rows[0]!;
  const caller: Caller = {
    tenantId: DEMO_TENANT_ID,
    userId: admin.userId,
    account: 'admin',
    roleIds: [admin.roleId],
    roleAliases: [TENANT_ADMIN_ROLE_ALIAS],
    deptIds: [admin.deptId],
    postIds: [],
    clientId: 'saber',
  };
  await createDemoWarehouse(trx, caller);
  // Also here, not only in the report-designer step: a demo made after that step ran still gets its report.
  await seedWarehouseReport(trx, caller);
}
