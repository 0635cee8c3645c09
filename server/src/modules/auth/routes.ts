import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { answers, errorSchema, flatAnswers, REFUSALS } from '../../platform/http/envelope.ts';
import { ERROR_KEY_HEADER } from '../../platform/http/error-handler.ts';
import { validationIssues } from '../../platform/http/validation.ts';
import { translate } from '../../platform/i18n/i18n.ts';
import type { Platform } from '../../platform/register.ts';
import { endSession, loginResultOf, recordLoginAttempt, recordSession } from '../log/index.ts';
import { checkCaptcha, newCaptcha } from './captcha.ts';
import type { LoginFailures } from './login-failures.ts';
import { captchaSchema, oauthErrorSchema, successKvSchema, tokenAnswerSchema } from './oauth-answers.ts';
import { invalidGrant, invalidRequest, OAuthError } from './oauth-error.ts';
import { redactSocial, type SocialParams, socialGrantOf, socialParams } from './social/token-params.ts';
import { CODE_GRANT } from './sso/authorize-check.ts';
import { authorizationCodeGrant, codeExchange } from './sso/grant.ts';
import type { TokenAnswer } from './token/answer.ts';
import { clientAuthenticator } from './token/clients.ts';
import { type GrantDeps, type Narrowing, passwordGrant, refreshGrant, requireField } from './token/grants.ts';
import { tokenParamsSchema } from './token/schema.ts';
import { currentUserInfo, userInfoSchema } from './user-info.ts';

const PREFIX = '/api/blade-auth/oauth';
/** Who may empty the server's caches. */
export const CLEAR_CACHE_PERMISSION = 'role_grant';
const SUCCESS = { success: 'true', msg: 'success' } as const;

export const header = (request: FastifyRequest, name: string) => {
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
    .send({
      error: error.error,
      error_description: translate(request.ctx.locale, error.key, error.params),
      ...error.extra,
    });
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

/** A token request in either dialect's names (BladeX's `grant_type`/`username`, SpringBlade's `grantType`/`account`). */
export interface TokenRequest {
  grantType: string | undefined;
  tenantId: string | undefined;
  username: string | undefined;
  /** As sent; `readPassword` makes of it what the grants check (md5 of the typed password). */
  password: string | undefined;
  refreshToken: string | undefined;
  /** The social grant's parameters (the same names in both dialects). */
  social?: SocialParams;
  /** The first parameter the route's schema refused, if any. */
  invalidField?: string;
}

/**
 * Runs a token request of either dialect through the one sign-in: client check, grant (password,
 * captcha, refresh_token), the login log and the usual log. Refusals are OAuthErrors, recorded in
 * the login log; each dialect answers them in its own shape.
 */
export type TokenGranter = (
  request: FastifyRequest,
  params: TokenRequest,
  readPassword: (sent: string) => string,
) => Promise<TokenAnswer>;

function tokenGranter(platform: Platform, failures: LoginFailures): TokenGranter {
  const authenticateClient = clientAuthenticator(platform.db, platform.caches);
  return async (request, params, readPassword) => {
    const deps = grantDeps(platform, failures, request);
    try {
      if (params.invalidField) throw invalidRequest('auth.request.invalid', { field: params.invalidField });
      const client = await authenticateClient(request.headers.authorization);
      const grantType = requireField(params.grantType, 'grant_type');
      if (!client.grantTypes.includes(grantType)) throw invalidRequest('auth.grant.unsupported', { grantType });
      const narrowing: Narrowing = { deptId: header(request, 'dept-id'), roleId: header(request, 'role-id') };
      if (grantType === 'refresh_token') {
        const answer = await refreshGrant(deps, client, requireField(params.refreshToken, 'refresh_token'), narrowing);
        await recordSuccess(request, answer, grantType);
        return answer;
      }
      if (grantType === CODE_GRANT) {
        const answer = await authorizationCodeGrant(deps, client, codeExchange(tokenParams(request), params.tenantId));
        await signedIn(request, answer, grantType);
        return answer;
      }
      if (grantType === 'social') {
        if (!params.tenantId) throw invalidGrant('auth.tenant.missing');
        const password = params.password ? readPassword(params.password) : undefined;
        const answer = await socialGrantOf(deps, client, request, params.tenantId, { ...params, password }, narrowing);
        await signedIn(request, answer, grantType);
        return answer;
      }
      if (grantType !== 'password' && grantType !== 'captcha')
        throw invalidRequest('auth.grant.unsupported', { grantType });
      if (!params.tenantId) throw invalidGrant('auth.tenant.missing');
      if (grantType === 'captcha') {
        await checkCaptcha(platform.store, header(request, 'captcha-key'), header(request, 'captcha-code'));
      }
      const answer = await passwordGrant(deps, client, {
        tenantId: params.tenantId,
        address: request.ip,
        captchaPassed: grantType === 'captcha',
        username: requireField(params.username, 'username'),
        password: readPassword(requireField(params.password, 'password')),
        ...narrowing,
      });
      await signedIn(request, answer, grantType);
      return answer;
    } catch (error) {
      if (!(error instanceof OAuthError)) throw error;
      // A refresh names no tenant or account: its token does, and a refused one tells nothing sure.
      const refresh = params.grantType === 'refresh_token';
      await recordLoginAttempt(request, {
        tenantId: refresh ? undefined : params.tenantId,
        account: refresh ? undefined : params.username,
        grantType: params.grantType,
        result: loginResultOf(error.key),
        message: translate(request.ctx.locale, error.key, error.params),
      });
      throw error;
    }
  };
}

/** A sign-in (not a refresh) in the login log and the usual log, whichever grant made it. */
async function signedIn(request: FastifyRequest, answer: TokenAnswer, grantType: string): Promise<void> {
  await recordSuccess(request, answer, grantType);
  request.logEvent({
    logId: 'auth.signIn',
    tenantId: answer.tenant_id,
    account: answer.account,
    userId: answer.user_id,
    data: { clientId: answer.client_id, grantType },
  });
}

/** How a token route of one dialect reads its request, and answers. */
export interface TokenDialect {
  /** The request in the granter's names, from the query and form fields. */
  read(params: Record<string, string | undefined>, request: FastifyRequest): Omit<TokenRequest, 'invalidField'>;
  /** What the grants check (md5 of the typed password) from the password as sent. */
  readPassword(sent: string): string;
  answer(reply: FastifyReply, answer: TokenAnswer): FastifyReply;
  refuse(error: OAuthError, request: FastifyRequest, reply: FastifyReply): FastifyReply;
}

/** The handler of a token route: the one sign-in, read and answered in the dialect's names and shapes. */
export function tokenHandler(grant: TokenGranter, dialect: TokenDialect) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      const raw = tokenParams(request);
      const params = { ...dialect.read(raw, request), social: socialParams(raw), invalidField: refusedField(request) };
      return dialect.answer(reply, await grant(request, params, dialect.readPassword));
    } catch (error) {
      if (!(error instanceof OAuthError)) throw error;
      return dialect.refuse(error, request, reply);
    }
  };
}

/** The first field a route's schema refused (token routes answer it in their own shape, not the envelope). */
const refusedField = (request: FastifyRequest) =>
  request.validationError ? validationIssues(request.validationError)?.[0]?.path || 'request' : undefined;

// Logging out with a token that is already invalid still answers success: the session is over either way.
export async function endCallerSession(platform: Platform, request: FastifyRequest): Promise<void> {
  const { sessionId, caller } = request.ctx;
  if (sessionId) await platform.sessions.revokeSession(sessionId);
  if (sessionId && caller) {
    await endSession(request, caller.tenantId, sessionId);
    request.logEvent({ logId: 'auth.signOut', data: { clientId: caller.clientId } });
  }
}

/**
 * `/api/blade-auth/oauth/*`: token (password, captcha, refresh_token), captcha, logout, user-info,
 * clear-cache. Returns the one sign-in, for SpringBlade's dialect of the token endpoint.
 */
export function registerAuthRoutes(app: FastifyInstance, platform: Platform, failures: LoginFailures): TokenGranter {
  const grant = tokenGranter(platform, failures);

  app.post(
    `${PREFIX}/token`,
    {
      config: {
        access: 'public',
        audit: { title: 'oauth token', redact: redactSocial },
        rateLimit: PUBLIC_LIMITS.token,
      },
      schema: {
        tags: ['auth'],
        summary:
          'Signs in (grant_type password or captcha, md5 of the typed password; authorization_code) or refreshes (refresh_token)',
        querystring: tokenParamsSchema,
        body: tokenParamsSchema.nullish(),
        security: [{ clientBasic: [] }],
        response: flatAnswers(tokenAnswerSchema, {
          400: oauthErrorSchema.describe(
            'a refused sign-in: wrong account or password, locked, bad captcha, bad input',
          ),
          401: oauthErrorSchema.describe('bad client credentials, or a refresh token expired or revoked'),
        }),
      },
      // Refused parameters answer in OAuth's shape, as every other refusal of this endpoint.
      attachValidation: true,
    },
    tokenHandler(grant, {
      read: (params, request) => ({
        grantType: params.grant_type,
        tenantId: header(request, 'tenant-id') ?? params.tenantId ?? params.tenant_id,
        username: params.username,
        password: params.password,
        refreshToken: params.refresh_token,
      }),
      readPassword: (sent) => sent,
      answer: (reply, answer) => reply.send(answer),
      refuse: sendOAuthError,
    }),
  );

  app.get(
    `${PREFIX}/captcha`,
    {
      config: { access: 'public', rateLimit: PUBLIC_LIMITS.captcha },
      schema: { tags: ['auth'], summary: 'A captcha for the sign-in', response: flatAnswers(captchaSchema) },
    },
    async () => newCaptcha(platform.store),
  );

  const logout = async (request: FastifyRequest) => {
    await endCallerSession(platform, request);
    return SUCCESS;
  };
  const logoutSchema = {
    tags: ['auth'],
    summary: "Ends the caller's session (success also when the token was already invalid)",
    response: flatAnswers(successKvSchema),
  };
  app.get(`${PREFIX}/logout`, { config: { access: 'public' }, schema: logoutSchema }, logout);
  app.post(`${PREFIX}/logout`, { config: { access: 'public' }, schema: logoutSchema }, logout);

  app.get(
    `${PREFIX}/user-info`,
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user: who, which tenant, and the roles, depts and posts of the session',
        response: answers(userInfoSchema, 404),
      },
    },
    async (request, reply) => reply.ok(await currentUserInfo(platform, request.ctx.caller!)),
  );

  // The caches hold roles' grants: whoever may change grants (角色配置, administrators) may empty them.
  app.get(
    `${PREFIX}/clear-cache`,
    {
      config: { access: { permission: CLEAR_CACHE_PERMISSION } },
      schema: {
        tags: ['auth'],
        summary: "Empties the server's caches of grants (whoever may grant roles)",
        response: flatAnswers(successKvSchema, { 403: errorSchema.describe(REFUSALS[403]) }),
      },
    },
    async () => {
      platform.caches.clear();
      return SUCCESS;
    },
  );
  return grant;
}
