import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_KEY_HEADER } from '../../platform/http/error-handler.ts';
import { validationIssues } from '../../platform/http/validation.ts';
import { translate } from '../../platform/i18n/i18n.ts';
import type { Platform } from '../../platform/register.ts';
import { endSession, loginResultOf, recordLoginAttempt, recordSession } from '../log/index.ts';
import { checkCaptcha, newCaptcha } from './captcha.ts';
import type { LoginFailures } from './login-failures.ts';
import { invalidGrant, invalidRequest, OAuthError } from './oauth-error.ts';
import type { TokenAnswer } from './token/answer.ts';
import { clientAuthenticator } from './token/clients.ts';
import { type GrantDeps, type Narrowing, passwordGrant, refreshGrant, requireField } from './token/grants.ts';
import { tokenParamsSchema } from './token/schema.ts';
import { currentUserInfo } from './user-info.ts';

const PREFIX = '/api/blade-auth/oauth';
/** Who may empty the server's caches. */
export const CLEAR_CACHE_PERMISSION = 'role_grant';
const SUCCESS = { success: 'true', msg: 'success' } as const;

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() || undefined;
};

/** Token parameters come as query or form fields (Saber sends them in the query). */
function tokenParams(request: FastifyRequest): Record<string, string | undefined> {
  const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
  const merged = { ...(request.query as Record<string, unknown>), ...body };
  return Object.fromEntries(Object.entries(merged).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : undefined]));
}

function sendOAuthError(error: OAuthError, request: FastifyRequest, reply: FastifyReply) {
  return reply
    .code(error.status)
    .header(ERROR_KEY_HEADER, error.key)
    .send({ error: error.error, error_description: translate(request.ctx.locale, error.key, error.params) });
}

/**
 * Per client address, per minute. Guessing passwords is also stopped per account (the lockout); these
 * stop one address from trying many accounts, or minting captchas to fill the store.
 */
export const PUBLIC_LIMITS = {
  token: { max: 60, windowMs: 60_000 },
  captcha: { max: 60, windowMs: 60_000 },
} as const;

/** What the grants tell the route: sessions for the sessions' list, lockouts for the usual log. */
function grantDeps(platform: Platform, failures: LoginFailures, request: FastifyRequest): GrantDeps {
  return {
    platform,
    failures,
    onSession: (session) => recordSession(request, session),
    onLockout: (tenantId, account) =>
      request.logEvent({
        logId: 'auth.lockout',
        level: 'warn',
        tenantId: tenantId.slice(0, 12),
        account: account.slice(0, 64),
        data: { account },
      }),
  };
}

const recordSuccess = (request: FastifyRequest, answer: TokenAnswer, grantType: string) =>
  recordLoginAttempt(request, {
    tenantId: answer.tenant_id,
    account: answer.account,
    userId: answer.user_id,
    grantType,
    result: 'success',
  });

/** `/api/blade-auth/oauth/*`: token (password, captcha, refresh_token), captcha, logout, user-info, clear-cache. */
export function registerAuthRoutes(app: FastifyInstance, platform: Platform, failures: LoginFailures): void {
  const authenticateClient = clientAuthenticator(platform.db, platform.caches);

  app.post(
    `${PREFIX}/token`,
    {
      config: { access: 'public', audit: { title: 'oauth token' }, rateLimit: PUBLIC_LIMITS.token },
      schema: { tags: ['auth'], querystring: tokenParamsSchema, body: tokenParamsSchema.nullish() },
      // Refused parameters answer in OAuth's shape, as every other refusal of this endpoint.
      attachValidation: true,
    },
    async (request, reply) => {
      const params = tokenParams(request);
      const tenantAsked = header(request, 'tenant-id') ?? params.tenantId ?? params.tenant_id;
      const deps = grantDeps(platform, failures, request);
      try {
        if (request.validationError) {
          const field = validationIssues(request.validationError)?.[0]?.path || 'request';
          throw invalidRequest('auth.request.invalid', { field });
        }
        const client = await authenticateClient(request.headers.authorization);
        const grantType = requireField(params.grant_type, 'grant_type');
        if (!client.grantTypes.includes(grantType)) throw invalidRequest('auth.grant.unsupported', { grantType });
        const narrowing: Narrowing = { deptId: header(request, 'dept-id'), roleId: header(request, 'role-id') };
        if (grantType === 'refresh_token') {
          const answer = await refreshGrant(
            deps,
            client,
            requireField(params.refresh_token, 'refresh_token'),
            narrowing,
          );
          await recordSuccess(request, answer, grantType);
          return reply.send(answer);
        }
        if (grantType !== 'password' && grantType !== 'captcha')
          throw invalidRequest('auth.grant.unsupported', { grantType });
        if (!tenantAsked) throw invalidGrant('auth.tenant.missing');
        if (grantType === 'captcha') {
          await checkCaptcha(platform.store, header(request, 'captcha-key'), header(request, 'captcha-code'));
        }
        const answer = await passwordGrant(deps, client, {
          tenantId: tenantAsked,
          address: request.ip,
          captchaPassed: grantType === 'captcha',
          username: requireField(params.username, 'username'),
          password: requireField(params.password, 'password'),
          ...narrowing,
        });
        await recordSuccess(request, answer, grantType);
        request.logEvent({
          logId: 'auth.signIn',
          tenantId: answer.tenant_id,
          account: answer.account,
          userId: answer.user_id,
          data: { clientId: answer.client_id, grantType },
        });
        return reply.send(answer);
      } catch (error) {
        if (!(error instanceof OAuthError)) throw error;
        // A refresh names no tenant or account: its token does, and a refused one tells nothing sure.
        const refresh = params.grant_type === 'refresh_token';
        await recordLoginAttempt(request, {
          tenantId: refresh ? undefined : tenantAsked,
          account: refresh ? undefined : params.username,
          grantType: params.grant_type,
          result: loginResultOf(error.key),
          message: translate(request.ctx.locale, error.key, error.params),
        });
        return sendOAuthError(error, request, reply);
      }
    },
  );

  app.get(
    `${PREFIX}/captcha`,
    { config: { access: 'public', rateLimit: PUBLIC_LIMITS.captcha }, schema: { tags: ['auth'] } },
    async () => newCaptcha(platform.store),
  );

  // Logging out with a token that is already invalid still answers success: the session is over either way.
  const logout = async (request: FastifyRequest) => {
    const { sessionId, caller } = request.ctx;
    if (sessionId) await platform.sessions.revokeSession(sessionId);
    if (sessionId && caller) {
      await endSession(request, caller.tenantId, sessionId);
      request.logEvent({ logId: 'auth.signOut', data: { clientId: caller.clientId } });
    }
    return SUCCESS;
  };
  app.get(`${PREFIX}/logout`, { config: { access: 'public' }, schema: { tags: ['auth'] } }, logout);
  app.post(`${PREFIX}/logout`, { config: { access: 'public' }, schema: { tags: ['auth'] } }, logout);

  app.get(
    `${PREFIX}/user-info`,
    { config: { access: 'signedIn' }, schema: { tags: ['auth'] } },
    async (request, reply) => reply.ok(await currentUserInfo(platform, request.ctx.caller!)),
  );

  // The caches hold roles' grants: whoever may change grants (角色配置, administrators) may empty them.
  app.get(
    `${PREFIX}/clear-cache`,
    { config: { access: { permission: CLEAR_CACHE_PERMISSION } }, schema: { tags: ['auth'] } },
    async () => {
      platform.caches.clear();
      return SUCCESS;
    },
  );
}
