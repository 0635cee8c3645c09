import { sql } from 'kysely';
import { generatePassword, hashPassword, md5Hex } from '../platform/auth/passwords.ts';
import { nextId } from '../platform/db/snowflake.ts';
import { ADMINISTRATOR_ROLE, PLATFORM_TENANT_ID } from '../platform/tenancy/context.ts';
import type { AnyDb } from '../platform/tenancy/tenant-db.ts';

// The ids of BladeX's seed, so that data and links made for the original keep working.
export const ADMIN_ROLE_ID = '1123598816738675201';
export const ADMIN_USER_ID = '1123598821738675201';
export const ADMIN_DEPT_ID = '1123598813738675201';
export const ADMIN_POST_ID = '1123598817738675201';

/** The parameters of BladeX's seed (facts §1). */
export const SEED_PARAMS: readonly [name: string, key: string, value: string][] = [
  ['是否开启注册功能', 'account.registerUser', 'true'],
  ['账号初始密码', 'account.initPassword', '123456'],
  ['账号错误锁定次数', 'account.failCount', '5'],
  ['租户默认管理密码', 'tenant.default.password', 'admin'],
  ['租户默认账号额度', 'tenant.default.accountNumber', '100'],
  [
    '租户默认菜单集合',
    'tenant.default.menuCode',
    'desk,flow,work,monitor,resource,role,user,dept,post,dictbiz,topmenu',
  ],
];

export interface SeedResult {
  /** True on the first start, when the platform rows were created. */
  created: boolean;
  /** The administrator's password when it was generated (ADMIN_PASSWORD unset); shown once. */
  generatedPassword?: string;
}

/**
 * Seeds tenant 000000, its administrator role and the `admin` user, and the system parameters,
 * once: a marker row in blade_setting makes later starts skip it, in the same transaction.
 */
export async function seedPlatform(db: AnyDb, adminPassword: string | undefined): Promise<SeedResult> {
  return db.transaction().execute(async (trx) => {
    const marked = await sql`
      insert into blade_setting (key, value) values ('seed.platform', now()::text)
      on conflict (key) do nothing returning key`.execute(trx);
    if (marked.rows.length === 0) return { created: false };

    const password = adminPassword ?? generatePassword();
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
    return { created: true, generatedPassword: adminPassword ? undefined : password };
  });
}
