import { sql } from 'kysely';
import { splitCsv } from '../../platform/http/ids.ts';
import type { AnyTrx } from '../../platform/tenancy/tenant-db.ts';

/** A user as sign-in needs it. Only the sign-in code ever reads `password`. */
export interface LoginUser {
  id: string;
  tenantId: string;
  account: string;
  password: string;
  name: string | null;
  realName: string | null;
  avatar: string | null;
  roleIds: string[];
  deptIds: string[];
  postIds: string[];
  status: number;
}

interface UserRow extends Omit<LoginUser, 'roleIds' | 'deptIds' | 'postIds'> {
  roleId: string | null;
  deptId: string | null;
  postId: string | null;
}

const toLoginUser = ({ roleId, deptId, postId, ...user }: UserRow): LoginUser => ({
  ...user,
  roleIds: splitCsv(roleId),
  deptIds: splitCsv(deptId),
  postIds: splitCsv(postId),
});

const columns = sql`id, tenant_id as "tenantId", account, password, name, real_name as "realName", avatar,
  role_id as "roleId", dept_id as "deptId", post_id as "postId", status`;

/** The live user of a tenant by account (the transaction is the tenant's). */
export async function findLoginUser(trx: AnyTrx, tenantId: string, account: string): Promise<LoginUser | undefined> {
  const { rows } = await sql<UserRow>`
    select ${columns} from blade_user where tenant_id = ${tenantId} and account = ${account} and is_deleted = 0`.execute(
    trx,
  );
  return rows[0] && toLoginUser(rows[0]);
}

export async function findLoginUserById(trx: AnyTrx, tenantId: string, id: string): Promise<LoginUser | undefined> {
  const { rows } = await sql<UserRow>`
    select ${columns} from blade_user where tenant_id = ${tenantId} and id = ${id} and is_deleted = 0`.execute(trx);
  return rows[0] && toLoginUser(rows[0]);
}

export async function replacePasswordHash(trx: AnyTrx, tenantId: string, userId: string, hash: string): Promise<void> {
  await sql`update blade_user set password = ${hash}, update_time = now()
    where tenant_id = ${tenantId} and id = ${userId}`.execute(trx);
}

/** The live roles among `roleIds`, with their aliases, in the tenant. */
export async function liveRoles(
  trx: AnyTrx,
  tenantId: string,
  roleIds: string[],
): Promise<{ id: string; alias: string }[]> {
  if (roleIds.length === 0) return [];
  const { rows } = await sql<{ id: string; alias: string }>`
    select id, role_alias as alias from blade_role
    where tenant_id = ${tenantId} and is_deleted = 0 and id in (${sql.join(roleIds)}) order by sort, id`.execute(trx);
  return rows;
}

/** Accounts of live users of the tenant, for clearing their sign-in failures. */
export async function accountsOf(
  trx: AnyTrx,
  tenantId: string,
  userIds: string[],
): Promise<{ id: string; account: string }[]> {
  const { rows } = await sql<{ id: string; account: string }>`
    select id, account from blade_user
    where tenant_id = ${tenantId} and is_deleted = 0 and id in (${sql.join(userIds)})`.execute(trx);
  return rows;
}
