import { notFound } from '../../platform/http/errors.ts';
import type { Platform } from '../../platform/register.ts';
import type { Caller } from '../../platform/tenancy/context.ts';
import { findLoginUserById } from '../user/account.ts';

/** The signed-in user as `GET /oauth/user-info` answers it: who, which tenant, roles and depts of the session. */
export async function currentUserInfo(platform: Platform, caller: Caller) {
  const user = await platform.tenantDb.inTenant(caller.tenantId, (trx) =>
    findLoginUserById(trx, caller.tenantId, caller.userId),
  );
  if (!user) throw notFound();
  return {
    tenantId: caller.tenantId,
    userId: user.id,
    account: user.account,
    userName: user.account,
    nickName: user.name,
    realName: user.realName,
    avatar: user.avatar,
    roleId: caller.roleIds.join(','),
    roleName: caller.roleAliases.join(','),
    deptId: caller.deptIds.join(','),
    postId: caller.postIds.join(','),
    clientId: caller.clientId,
  };
}
