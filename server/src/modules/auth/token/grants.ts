import { randomUUID } from 'node:crypto';
import { checkPassword, hashPassword, md5Hex } from '../../../platform/auth/passwords.ts';
import { newSessionId } from '../../../platform/auth/tokens.ts';
import type { Platform } from '../../../platform/register.ts';
import type { SessionStart } from '../../log/index.ts';
import { readParam } from '../../system/param/service.ts';
import { findTenant, isExpired } from '../../system/tenant/service.ts';
import {
  findLoginUser,
  findLoginUserById,
  type LoginUser,
  liveRoles,
  replacePasswordHash,
} from '../../user/account.ts';
import { USER_PENDING } from '../../user/guest.ts';
import type { LoginFailures } from '../login-failures.ts';
import { invalidGrant, invalidRequest, invalidToken } from '../oauth-error.ts';
import { issueTokens, type TokenAnswer } from './answer.ts';
import type { OAuthClient } from './clients.ts';

let decoy: Promise<string> | undefined;
const decoyHash = () => {
  decoy ??= hashPassword(md5Hex(randomUUID()));
  return decoy;
};

/** Optional narrowing of the session to one of the user's depts and roles (switch mode). */
export interface Narrowing {
  deptId?: string;
  roleId?: string;
}

/** A session a grant started or renewed, for the sessions' list (the log module's record of it). */
export type GrantedSession = SessionStart;

export interface GrantDeps {
  platform: Platform;
  failures: LoginFailures;
  /** Told of each session a grant issues tokens for (the route lists it). */
  onSession?(session: GrantedSession): Promise<void>;
  /** Told when an attempt locks an account (the route writes it to the usual log). */
  onLockout?(tenantId: string, account: string): void;
}

/** Tokens of a new session (or of the renewed `sessionId`), told to the sessions' list. */
export async function issue(
  deps: GrantDeps,
  client: OAuthClient,
  user: LoginUser,
  scope: { roles: { id: string; alias: string }[]; deptIds: string[] },
  sessionId: string = newSessionId(),
): Promise<TokenAnswer> {
  const answer = await issueTokens(deps.platform, client, user, scope.roles, scope.deptIds, sessionId);
  await deps.onSession?.({
    sessionId,
    tenantId: user.tenantId,
    userId: user.id,
    account: user.account,
    userName: user.realName || user.name || null,
    clientId: client.clientId,
    refreshValiditySeconds: client.refreshTokenValidity,
  });
  return answer;
}

export async function checkTenant(platform: Platform, tenantId: string): Promise<void> {
  const tenant = await findTenant(platform.db, tenantId);
  if (!tenant) throw invalidGrant('auth.tenant.unknown');
  if (isExpired(tenant)) throw invalidGrant('auth.tenant.expired');
  if (tenant.status !== 1) throw invalidGrant('auth.tenant.disabled');
}

/** The user's live roles and depts, narrowed to the chosen ones; refuses a user without roles. */
export async function sessionScope(platform: Platform, user: LoginUser, narrowing: Narrowing) {
  if (user.status === USER_PENDING) throw invalidGrant('auth.user.pending');
  if (user.status !== 1) throw invalidGrant('auth.user.disabled');
  let roles = await platform.tenantDb.inTenant(user.tenantId, (trx) => liveRoles(trx, user.tenantId, user.roleIds));
  if (roles.length === 0) throw invalidGrant('auth.user.noRole');
  let deptIds = user.deptIds;
  if (narrowing.roleId) {
    roles = roles.filter((r) => r.id === narrowing.roleId);
    if (roles.length === 0) throw invalidGrant('auth.user.roleNotOwn');
  }
  if (narrowing.deptId) {
    if (!deptIds.includes(narrowing.deptId)) throw invalidGrant('auth.user.deptNotOwn');
    deptIds = [narrowing.deptId];
  }
  return { roles, deptIds };
}

/**
 * The password grant (and the captcha grant after its captcha check), in BladeX's order: lockout
 * (or, from an address the account never signed in from, the captcha; see login-failures.ts),
 * tenant, account and password (one message for both), account state, roles. Unknown accounts and
 * wrong passwords both count as failures.
 */
export async function passwordGrant(
  deps: GrantDeps,
  client: OAuthClient,
  input: {
    tenantId: string;
    username: string;
    password: string;
    address: string;
    captchaPassed: boolean;
    /** Work once the user is known and may sign in, before any token (a social link; its refusal starts no session). */
    beforeIssue?: (user: LoginUser) => Promise<void>;
  } & Narrowing,
): Promise<TokenAnswer> {
  const { platform, failures } = deps;
  const { tenantId, username } = input;
  const limit = Number(await readParam(platform.db, 'account.failCount', '5')) || 5;
  const attempt = { tenantId, account: username, address: input.address, limit, captchaPassed: input.captchaPassed };
  const verdict = await failures.attempt(attempt);
  if (verdict === 'locks') deps.onLockout?.(tenantId, username);
  if (verdict === 'locked' || verdict === 'locks') throw invalidGrant('auth.locked');
  if (verdict === 'captcha') throw invalidGrant('auth.captcha.required');
  await checkTenant(platform, tenantId);

  const user = await platform.tenantDb.inTenant(tenantId, (trx) => findLoginUser(trx, tenantId, username));
  // An unknown account costs the same hash check as a known one, so timing does not tell them apart.
  const check = await checkPassword(user?.password ?? (await decoyHash()), input.password);
  if (!user || !check.ok) {
    if (await failures.failed(attempt)) deps.onLockout?.(tenantId, username);
    throw invalidGrant('auth.credentials.bad');
  }
  if (check.upgrade) {
    const hash = await hashPassword(input.password);
    await platform.tenantDb.inTenant(tenantId, (trx) => replacePasswordHash(trx, tenantId, user.id, hash));
  }
  const scope = await sessionScope(platform, user, input);
  await input.beforeIssue?.(user);
  await failures.succeeded(tenantId, username, input.address);
  return issue(deps, client, user, scope);
}

/**
 * The refresh grant: a refresh token is good once. Its reuse means it was stolen or replayed, so
 * the whole session is revoked. The user is read again, so a disabled or deleted user gets nothing.
 */
export async function refreshGrant(
  deps: GrantDeps,
  client: OAuthClient,
  refreshToken: string,
  narrowing: Narrowing,
): Promise<TokenAnswer> {
  const { platform } = deps;
  const verified = await platform.tokens.verify(refreshToken, 'refresh');
  if (!verified || verified.caller.clientId !== client.clientId) throw invalidToken('auth.refresh.invalid');
  const { caller, sessionId, issuedAt, tokenId, expiresAt } = verified;
  if (!(await platform.sessions.isLive(caller.tenantId, caller.userId, sessionId, issuedAt))) {
    throw invalidToken('auth.refresh.invalid');
  }
  if (!(await platform.sessions.useRefreshToken(tokenId, expiresAt))) {
    await platform.sessions.revokeSession(sessionId);
    throw invalidToken('auth.refresh.invalid');
  }
  await checkTenant(platform, caller.tenantId);
  const user = await platform.tenantDb.inTenant(caller.tenantId, (trx) =>
    findLoginUserById(trx, caller.tenantId, caller.userId),
  );
  if (!user) throw invalidToken('auth.refresh.invalid');
  return issue(deps, client, user, await sessionScope(platform, user, narrowing), sessionId);
}

export function requireField(value: string | undefined, field: string): string {
  if (!value) throw invalidRequest('auth.request.invalid', { field });
  return value;
}
