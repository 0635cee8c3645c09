import { sql } from 'kysely';
import { USER_PENDING } from '../modules/user/guest.ts';
import { generatePassword, hashPassword, md5Hex } from '../platform/auth/passwords.ts';
import { nextId } from '../platform/db/snowflake.ts';
import { refreshStatistics } from '../platform/db/statistics.ts';
import { ADMINISTRATOR_ROLE, type Caller, PLATFORM_TENANT_ID } from '../platform/tenancy/context.ts';
import type { AnyDb, AnyTrx } from '../platform/tenancy/tenant-db.ts';
import {
  ADMIN_DEPT_ID,
  ADMIN_POST_ID,
  createTenantAdminRole,
  grantMenuAncestors,
  seedClients,
  seedDictionaries,
  seedMenus,
  seedOrganisation,
} from './access-seed.ts';
import { DEMO_TENANT_ID, seedDemoTenant } from './demo-seed.ts';
import { seedFlow } from './flow-seed.ts';
import { seedMonitorLogs } from './log-seed.ts';
import { seedRegions } from './region-seed.ts';
import { seedReportDesigner } from './report-seed.ts';
import { seedSocialSignIn } from './social-seed.ts';
import { grantWarehouseToTenantAdmins } from './warehouse-seed.ts';

export { ADMIN_DEPT_ID, ADMIN_POST_ID } from './access-seed.ts';

// The ids of BladeX's seed, so that data and links made for the original keep working.
export const ADMIN_ROLE_ID = '1123598816738675201';
export const ADMIN_USER_ID = '1123598821738675201';

/** The seeded platform administrator as a caller: the seed acts as it (the demo tenant), as do tests and benches. */
export const PLATFORM_ADMIN: Caller = {
  tenantId: PLATFORM_TENANT_ID,
  userId: ADMIN_USER_ID,
  account: 'admin',
  roleIds: [ADMIN_ROLE_ID],
  roleAliases: [ADMINISTRATOR_ROLE],
  deptIds: [ADMIN_DEPT_ID],
  postIds: [],
  clientId: 'saber',
};

/** A new tenant's admin password unless the tenant form gives one. */
export const TENANT_DEFAULT_PASSWORD = '123456';

/**
 * The parameters of BladeX's seed (facts §1), except `tenant.default.password`: BladeX's `admin` is
 * shorter than the 6 characters sign-in takes, so a tenant made with it could never sign in.
 */
export const SEED_PARAMS: readonly [name: string, key: string, value: string][] = [
  ['是否开启注册功能', 'account.registerUser', 'true'],
  ['账号初始密码', 'account.initPassword', '123456'],
  ['账号错误锁定次数', 'account.failCount', '5'],
  ['租户默认管理密码', 'tenant.default.password', TENANT_DEFAULT_PASSWORD],
  ['租户默认账号额度', 'tenant.default.accountNumber', '100'],
  [
    '租户默认菜单集合',
    'tenant.default.menuCode',
    'desk,flow,work,monitor,resource,role,user,dept,post,dictbiz,topmenu',
  ],
];

/** Installations seeded before the fix still hold BladeX's `admin`: give them the default that can sign in. */
async function fixTenantDefaultPassword(trx: AnyTrx): Promise<void> {
  await sql`
    update blade_param set param_value = ${TENANT_DEFAULT_PASSWORD}, update_time = now()
    where param_key = 'tenant.default.password' and param_value = 'admin'`.execute(trx);
}

/** Guests registered before approval had its own status were merely disabled (0, no roles, made by nobody). */
async function markPendingGuests(trx: AnyTrx): Promise<void> {
  await sql`
    update blade_user set status = ${USER_PENDING}
    where status = 0 and is_deleted = 0 and coalesce(role_id, '') = '' and create_user is null`.execute(trx);
}

export interface SeedResult {
  /** True on the first start, when the platform rows were created. */
  created: boolean;
  /** The administrator's password when it was generated (ADMIN_PASSWORD unset); shown once. */
  generatedPassword?: string;
  /** When the demo tenant was made by this start: its id, and its admin's password when generated. */
  demo?: { tenantId: string; generatedPassword?: string };
}

export interface SeedOptions {
  /** Also make the demo tenant (once): the embedded default does, a PostgreSQL installation does not. */
  demo?: boolean;
  /**
   * Seed the national divisions (once; default true). The API suites leave them out: their region
   * tests build the small trees they need, and ~3 400 rows less make each suite's database faster.
   */
  regions?: boolean;
}

/** Runs a seed step once: a marker row in blade_setting, written in the same transaction, skips it later. */
async function once(trx: AnyTrx, step: string, work: () => Promise<void>): Promise<boolean> {
  const marked = await sql`
    insert into blade_setting (key, value) values (${`seed.${step}`}, now()::text)
    on conflict (key) do nothing returning key`.execute(trx);
  if (marked.rows.length === 0) return false;
  await work();
  return true;
}

async function seedTenantAndAdministrator(trx: AnyTrx, password: string): Promise<void> {
  await trx
    .insertInto('blade_tenant')
    .values({ id: nextId(), tenant_id: PLATFORM_TENANT_ID, tenant_name: '管理组', account_number: -1 })
    .execute();
  await trx
    .insertInto('blade_role')
    .values({
      id: ADMIN_ROLE_ID,
      tenant_id: PLATFORM_TENANT_ID,
      parent_id: 0,
      role_name: '超级管理员',
      sort: 1,
      role_alias: ADMINISTRATOR_ROLE,
    })
    .execute();
  await trx
    .insertInto('blade_user')
    .values({
      id: ADMIN_USER_ID,
      tenant_id: PLATFORM_TENANT_ID,
      code: 'admin',
      user_type: 1,
      account: 'admin',
      password: await hashPassword(md5Hex(password)),
      name: '管理员',
      real_name: '管理员',
      email: 'admin@example.com',
      sex: 1,
      role_id: ADMIN_ROLE_ID,
      dept_id: ADMIN_DEPT_ID,
      post_id: ADMIN_POST_ID,
    })
    .execute();
  await trx
    .insertInto('blade_param')
    .values(
      SEED_PARAMS.map(([name, key, value]) => ({
        id: nextId(),
        param_name: name,
        param_key: key,
        param_value: value,
        create_user: ADMIN_USER_ID,
        update_user: ADMIN_USER_ID,
      })),
    )
    .execute();
}

/**
 * Seeds the platform once, step by step: tenant 000000 with its administrator and parameters; then
 * the access model (clients, menus, dictionaries, the root dept and posts, the tenant admin role).
 * Each step runs in the same transaction as its marker, so a half-seeded database cannot happen.
 */
export async function seedPlatform(
  db: AnyDb,
  adminPassword: string | undefined,
  options: SeedOptions = {},
): Promise<SeedResult> {
  let wrote = false;
  const result = await db.transaction().execute(async (trx) => {
    // The seed writes rows of tenant-owned tables as the owner; should the owner be subject to
    // row-level security (a non-superuser DATABASE_URL), this is the platform's cross-tenant path.
    await sql`select set_config('app.all_tenants', 'on', true)`.execute(trx);
    const run = async (step: string, work: () => Promise<void>) => {
      const ran = await once(trx, step, work);
      wrote ||= ran;
      return ran;
    };
    const password = adminPassword ?? generatePassword();
    const created = await run('platform', () => seedTenantAndAdministrator(trx, password));
    await run('access', async () => {
      await seedClients(trx);
      await seedMenus(trx);
      await seedDictionaries(trx);
      await seedOrganisation(trx, ADMIN_USER_ID);
      const menuCodes = SEED_PARAMS.find(([, key]) => key === 'tenant.default.menuCode')![2].split(',');
      await createTenantAdminRole(trx, PLATFORM_TENANT_ID, menuCodes);
    });
    await run('warehouse-grants', () => grantWarehouseToTenantAdmins(trx));
    await run('tenant-default-password', () => fixTenantDefaultPassword(trx));
    await run('role-menu-ancestors', () => grantMenuAncestors(trx));
    await run('guest-pending', () => markPendingGuests(trx));
    await run('flow', () => seedFlow(trx));
    await run('monitor-logs', () => seedMonitorLogs(trx, ADMIN_USER_ID));
    if (options.regions !== false) await run('regions', () => seedRegions(trx));
    // The demo admin's password is never a built-in one: ADMIN_PASSWORD, else the one just printed
    // for the platform administrator, else (an older installation) a new one printed once.
    const demoPassword = adminPassword ?? (created ? password : generatePassword());
    const demo =
      options.demo && (await run('demo', () => seedDemoTenant(trx, PLATFORM_ADMIN, demoPassword)))
        ? { tenantId: DEMO_TENANT_ID, generatedPassword: adminPassword ? undefined : demoPassword }
        : undefined;
    // After the demo: its warehouse gets the seeded report too.
    await run('report-designer', () => seedReportDesigner(trx));
    await run('social-sign-in', () => seedSocialSignIn(trx));
    return { created, generatedPassword: created && !adminPassword ? password : undefined, demo };
  });
  // Once committed: the embedded database has no autovacuum to notice the seeded rows.
  if (wrote) await refreshStatistics(db);
  return result;
}
