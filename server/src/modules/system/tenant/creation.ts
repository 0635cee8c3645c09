import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { crudRepository, type Row } from '../../../platform/crud/repository.ts';
import { nextId } from '../../../platform/db/snowflake.ts';
import { badRequest, conflict } from '../../../platform/http/errors.ts';
import type { Platform } from '../../../platform/register.ts';
import { type Caller, PLATFORM_TENANT_ID } from '../../../platform/tenancy/context.ts';
import type { AnyDb, AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import { copyBusinessDictionaries, createTenantAdminRole } from '../../../seed/access-seed.ts';
import { installTenantProcesses } from '../../../seed/flow-seed.ts';
import { createTenantAdminUser } from '../../user/tenant-admin.ts';
import { readParam } from '../param/service.ts';
import { tenantMessages as m } from './messages.ts';
import { tenantResource } from './resource.ts';
import type { TenantCreateInput, TenantInput } from './schema.ts';
import { assertDomainFree } from './service.ts';

const tenants = crudRepository(tenantResource);
const ATTEMPTS = 5;

/**
 * A random 6-digit tenant id that no tenant row has ever had: a removed tenant keeps its users,
 * roles and depts, which must never become a new tenant's.
 */
async function unusedTenantId(db: AnyDb): Promise<string | undefined> {
  for (let i = 0; i < 20; i++) {
    const candidate = String(randomInt(0, 1_000_000)).padStart(6, '0');
    if (candidate === PLATFORM_TENANT_ID) continue;
    const { rows } = await sql`select 1 from blade_tenant where tenant_id = ${candidate}`.execute(db);
    if (rows.length === 0) return candidate;
  }
  return undefined;
}

const tenantIdTaken = (error: unknown) => {
  const { code, constraint } = error as { code?: string; constraint?: string };
  return code === '23505' && constraint === 'blade_tenant_tenant_id';
};

/**
 * Creates a tenant with everything it needs to be used (facts §6): the tenant row, its `admin` role
 * granted the default menus, a root dept named after it, a `ceo` post, its copy of the business
 * dictionaries, the leave process with its `manager` and `boss` roles, and its `admin` user. One
 * transaction in the new tenant: all of it or nothing.
 */
export async function createTenant(platform: Platform, caller: Caller, create: TenantCreateInput): Promise<Row> {
  const { adminPassword, ...input } = create;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const tenantId = await unusedTenantId(platform.db);
    if (!tenantId) break;
    try {
      return await platform.tenantDb.inTenant(tenantId, (trx) =>
        buildTenant(trx, caller, tenantId, input, adminPassword),
      );
    } catch (error) {
      // Another creation drew the same id at the same moment: draw again.
      if (!tenantIdTaken(error)) throw error;
    }
  }
  throw conflict(m['tenant.create.noTenantId']);
}

/**
 * The rows of a new tenant, in the caller's transaction; `adminPassword` (typed on the tenant form, or
 * the demo's) replaces the parameter `tenant.default.password`.
 */
export async function buildTenant(
  trx: AnyTrx,
  caller: Caller,
  tenantId: string,
  input: TenantInput,
  adminPassword?: string,
): Promise<Row> {
  await assertDomainFree(trx, input.domain);
  const defaultQuota = Number.parseInt(await readParam(trx, 'tenant.default.accountNumber', '-1'), 10);
  const password = adminPassword ?? (await readParam(trx, 'tenant.default.password', '123456'));
  // The sign-in form refuses shorter passwords: an admin made with one could never sign in.
  if (password.length < 6) throw badRequest(m['tenant.adminPassword.defaultTooShort']);
  const menuCodes = (await readParam(trx, 'tenant.default.menuCode', ''))
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);

  const tenant = await tenants.insert(trx, caller, {
    ...input,
    tenantId,
    accountNumber: input.accountNumber ?? (Number.isNaN(defaultQuota) ? -1 : defaultQuota),
  });
  // `in ('')` matches no menu: an empty parameter gives an admin role without menus, not an SQL error.
  const roleId = await createTenantAdminRole(trx, tenantId, menuCodes.length ? menuCodes : ['']);
  const deptId = nextId();
  await trx
    .insertInto('blade_dept')
    .values({
      id: deptId,
      tenant_id: tenantId,
      parent_id: '0',
      ancestors: '0',
      dept_category: 1,
      dept_name: input.tenantName.slice(0, 45),
      full_name: input.tenantName.slice(0, 45),
      sort: 2,
    })
    .execute();
  const postId = nextId();
  await trx
    .insertInto('blade_post')
    .values({ id: postId, tenant_id: tenantId, category: 1, post_code: 'ceo', post_name: '首席执行官', sort: 1 })
    .execute();
  await copyBusinessDictionaries(trx, tenantId);
  await installTenantProcesses(trx, tenantId);
  await createTenantAdminUser(trx, { tenantId, roleId, deptId, postId, password, createUser: caller.userId });
  return tenant;
}
