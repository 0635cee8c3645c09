import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { serverInfo } from '../../../platform/audit/server-info.ts';
import { nextId } from '../../../platform/db/snowflake.ts';
import { PLATFORM_TENANT_ID } from '../../../platform/tenancy/context.ts';

/** How a grant attempt ended; the screens translate these codes. */
export const LOGIN_RESULTS = [
  'success',
  'bad_password',
  'locked',
  'captcha_required',
  'bad_captcha',
  'disabled',
  'pending',
  'no_role',
  'tenant_unknown',
  'tenant_expired',
  'tenant_disabled',
  'bad_client',
  'bad_token',
  'bad_request',
] as const;
export type LoginResult = (typeof LOGIN_RESULTS)[number];

const BY_MESSAGE: Record<string, LoginResult> = {
  'auth.credentials.bad': 'bad_password',
  'auth.locked': 'locked',
  'auth.captcha.required': 'captcha_required',
  'auth.captcha.bad': 'bad_captcha',
  'auth.user.disabled': 'disabled',
  'auth.user.pending': 'pending',
  'auth.user.noRole': 'no_role',
  'auth.user.roleNotOwn': 'no_role',
  'auth.user.deptNotOwn': 'no_role',
  'auth.tenant.unknown': 'tenant_unknown',
  'auth.tenant.missing': 'tenant_unknown',
  'auth.tenant.expired': 'tenant_expired',
  'auth.tenant.disabled': 'tenant_disabled',
  'auth.client.bad': 'bad_client',
  'auth.refresh.invalid': 'bad_token',
};

/** The result a refusal of the token endpoint stands for, by its message key. */
export const loginResultOf = (messageKey: string): LoginResult => BY_MESSAGE[messageKey] ?? 'bad_request';

export interface LoginAttempt {
  /** The tenant asked for (or the session's, for a refresh). */
  tenantId?: string;
  account?: string;
  userId?: string;
  grantType?: string;
  result: LoginResult;
  /** What the caller was told. */
  message?: string;
}

/**
 * The client id of a Basic header, never its secret: the part before the colon, when there is one
 * (without a colon the whole value could be a secret someone pasted).
 */
function clientIdOf(header: string | undefined): string | null {
  const match = header?.match(/^basic\s+(\S+)$/i);
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon > 0 ? decoded.slice(0, Math.min(colon, 64)) : null;
}

const cut = (value: string | undefined | null, max: number) => (value ? value.slice(0, max) : null);

/**
 * Writes one grant attempt to the login log; never its password, token or captcha. An attempt on a
 * tenant that does not exist is filed under the platform tenant, with the name asked for kept in
 * `login_tenant`. A failed write is logged by the server, never answered to the caller.
 */
export async function recordLoginAttempt(request: FastifyRequest, attempt: LoginAttempt): Promise<void> {
  const { db, tenantDb } = request.server.platform;
  try {
    const asked = cut(attempt.tenantId, 64);
    const known = asked
      ? (await sql`select 1 from blade_tenant where tenant_id = ${asked} and is_deleted = 0`.execute(db)).rows.length >
        0
      : false;
    const tenantId = known && asked ? asked : PLATFORM_TENANT_ID;
    const row = {
      id: nextId(),
      tenant_id: tenantId,
      login_tenant: asked,
      account: cut(attempt.account, 100),
      user_id: attempt.userId ?? null,
      client_id: clientIdOf(request.headers.authorization),
      grant_type: cut(attempt.grantType, 32),
      result: attempt.result,
      message: cut(attempt.message, 500),
      remote_ip: request.ip,
      user_agent: cut(request.headers['user-agent'], 1000),
      server_host: serverInfo.server_host,
    };
    await tenantDb.inTenant(tenantId, (trx) => trx.insertInto('blade_log_login').values(row).execute());
  } catch (error) {
    request.log.error({ err: error }, 'could not write the login log');
  }
}
