import type { Platform } from '../../../platform/register.ts';
import type { Caller } from '../../../platform/tenancy/context.ts';
import type { LoginUser } from '../../user/account.ts';
import type { OAuthClient } from './clients.ts';

/** The flat token answer of BladeX (api-contract.md, Auth), which its clients read field by field. */
export interface TokenAnswer {
  access_token: string;
  token_type: 'bearer';
  refresh_token: string;
  expires_in: number;
  scope: 'all';
  tenant_id: string;
  user_id: string;
  user_name: string;
  account: string;
  nick_name: string;
  real_name: string;
  role_id: string;
  role_name: string;
  dept_id: string;
  post_id: string;
  avatar: string;
  oauth_id: string;
  client_id: string;
  detail: { type: 'web' };
  license: string;
}

/** Signs an access and a refresh token of one session for the user, with the roles and depts chosen. */
export async function issueTokens(
  platform: Platform,
  client: OAuthClient,
  user: LoginUser,
  roles: { id: string; alias: string }[],
  deptIds: string[],
  sessionId: string,
): Promise<TokenAnswer> {
  const caller: Caller = {
    tenantId: user.tenantId,
    userId: user.id,
    account: user.account,
    roleIds: roles.map((r) => r.id),
    roleAliases: roles.map((r) => r.alias),
    deptIds,
    postIds: user.postIds,
    clientId: client.clientId,
  };
  const names = { user_name: user.account, nick_name: user.name ?? '', real_name: user.realName ?? '' };
  const [access, refresh] = await Promise.all([
    platform.tokens.sign('access', caller, sessionId, client.accessTokenValidity, names),
    platform.tokens.sign('refresh', caller, sessionId, client.refreshTokenValidity),
  ]);
  return {
    access_token: access,
    token_type: 'bearer',
    refresh_token: refresh,
    expires_in: client.accessTokenValidity,
    scope: 'all',
    tenant_id: caller.tenantId,
    user_id: caller.userId,
    account: user.account,
    ...names,
    role_id: caller.roleIds.join(','),
    role_name: caller.roleAliases.join(','),
    dept_id: deptIds.join(','),
    post_id: user.postIds.join(','),
    avatar: user.avatar ?? '',
    oauth_id: '',
    client_id: client.clientId,
    detail: { type: 'web' },
    license: 'powered by bladex',
  };
}
