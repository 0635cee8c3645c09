import { hashPassword, md5Hex } from '../../platform/auth/passwords.ts';
import { nextId } from '../../platform/db/snowflake.ts';
import type { AnyTrx } from '../../platform/tenancy/tenant-db.ts';

export const TENANT_ADMIN_ACCOUNT = 'admin';

export interface TenantAdminInput {
  tenantId: string;
  roleId: string;
  deptId: string;
  postId: string;
  /** The typed password (param tenant.default.password); stored as argon2id of its md5, as sign-in checks it. */
  password: string;
  createUser: string;
}

/**
 * The first user of a new tenant, `admin`, linked to its admin role, root dept and post (BladeX
 * TenantServiceImpl: name and real name `admin`, sex 1, web user). The transaction is the new tenant's.
 */
export async function createTenantAdminUser(trx: AnyTrx, input: TenantAdminInput): Promise<string> {
  const id = nextId();
  await trx
    .insertInto('blade_user')
    .values({
      id,
      tenant_id: input.tenantId,
      user_type: 1,
      account: TENANT_ADMIN_ACCOUNT,
      password: await hashPassword(md5Hex(input.password)),
      name: 'admin',
      real_name: 'admin',
      sex: 1,
      role_id: input.roleId,
      dept_id: input.deptId,
      post_id: input.postId,
      create_user: input.createUser,
      update_user: input.createUser,
      create_dept: input.deptId,
    })
    .execute();
  await trx.insertInto('blade_user_dept').values({ id: nextId(), user_id: id, dept_id: input.deptId }).execute();
  return id;
}
