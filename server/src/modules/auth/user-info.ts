import { z } from 'zod';
import { notFound } from '../../platform/http/errors.ts';
import type { Platform } from '../../platform/register.ts';
import type { Caller } from '../../platform/tenancy/context.ts';
import { findLoginUserById } from '../user/account.ts';

const text = z.string().nullable();
const commaIds = z.string().describe('ids, comma-joined');

/** What `user-info` answers (for the API document). */
export const userInfoSchema = z.object({
  tenantId: z.string(),
  userId: z.string(),
  account: z.string(),
  userName: z.string().describe('the account'),
  nickName: text,
  realName: text,
  avatar: text,
  roleId: commaIds,
  roleName: z.string().describe('the role aliases, comma-joined'),
  deptId: commaIds,
  postId: commaIds,
  clientId: z.string(),
});

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
