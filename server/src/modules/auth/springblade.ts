import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { md5Hex } from '../../platform/auth/passwords.ts';
import { type Sm2KeyPair, sm2Decrypt } from '../../platform/auth/sm2.ts';
import { answers, envelope, errorSchema } from '../../platform/http/envelope.ts';
import { ERROR_KEY_HEADER } from '../../platform/http/error-handler.ts';
import { translate } from '../../platform/i18n/i18n.ts';
import type { Platform } from '../../platform/register.ts';
import { newCaptcha } from './captcha.ts';
import { invalidRequest, type OAuthError } from './oauth-error.ts';
import { endCallerSession, header, PUBLIC_LIMITS, type TokenGranter, tokenHandler } from './routes.ts';
import { redactSocial } from './social/token-params.ts';
import type { TokenAnswer } from './token/answer.ts';

const PREFIX = '/api/blade-auth';
/** SpringBlade's default tenant when a client names none (its AuthController's `defaultValue`). */
const DEFAULT_TENANT = '000000';

const text = (max: number) => z.string().max(max).optional();

/** SpringBlade's token parameters, in the query (as Saber sends them) or a form body. */
const springTokenParams = z
  .object({
    grantType: text(32),
    tenantId: text(12),
    account: text(100),
    // the SM2 ciphertext in hex: 97 bytes of C1 and C3 plus the password's
    password: text(1024),
    refreshToken: text(4096),
    type: text(32),
    scope: text(100),
  })
  .loose();

/** SpringBlade's AuthInfo (camelCase), which Saber stores whole as the user's info. */
const authInfoSchema = z.object({
  accessToken: z.string(),
  tokenType: z.literal('bearer'),
  refreshToken: z.string(),
  expiresIn: z.number().int(),
  userId: z.string(),
  tenantId: z.string(),
  oauthId: z.string(),
  account: z.string(),
  userName: z.string().describe('the real name'),
  avatar: z.string(),
  authority: z.string().describe('the role aliases, comma-joined'),
  license: z.string(),
});

const authInfoOf = (answer: TokenAnswer): z.infer<typeof authInfoSchema> => ({
  accessToken: answer.access_token,
  tokenType: answer.token_type,
  refreshToken: answer.refresh_token,
  expiresIn: answer.expires_in,
  userId: answer.user_id,
  tenantId: answer.tenant_id,
  oauthId: answer.oauth_id,
  account: answer.account,
  userName: answer.real_name,
  avatar: answer.avatar,
  authority: answer.role_name,
  license: answer.license,
});

/** SpringBlade answers refusals in the R envelope (BladeX's oauth endpoint in OAuth's flat shape). */
function sendRefusal(error: OAuthError, request: FastifyRequest, reply: FastifyReply) {
  const msg = translate(request.ctx.locale, error.key, error.params);
  return reply
    .code(error.status)
    .header(ERROR_KEY_HEADER, error.key)
    .send(envelope(error.status, null, msg));
}

/**
 * SpringBlade's dialect of blade-auth (the open-source Saber client's): `token` (grantType password,
 * captcha or refresh_token; the password SM2-encrypted), `captcha`, `logout`, and the SM2 public key
 * the password is encrypted with. The same sign-in as `/oauth/token`, answered as `R<AuthInfo>`.
 */
export function registerSpringBladeAuthRoutes(
  app: FastifyInstance,
  platform: Platform,
  grant: TokenGranter,
  keys: Sm2KeyPair,
): void {
  // The password as typed in the client, encrypted; the grants check the md5 of what was typed.
  const readPassword = (sent: string) => {
    const typed = sm2Decrypt(keys, sent);
    if (typed === null) throw invalidRequest('auth.password.undecryptable');
    return md5Hex(typed);
  };

  app.post(
    `${PREFIX}/token`,
    {
      config: {
        access: 'public',
        audit: { title: 'token', redact: redactSocial },
        rateLimit: PUBLIC_LIMITS.token,
        // one count with BladeX's token endpoint
        alias: { prefix: `${PREFIX}/token`, canonical: `${PREFIX}/oauth/token` },
      },
      schema: {
        tags: ['auth'],
        summary:
          'Signs in (SpringBlade dialect): grantType password or captcha with an SM2-encrypted password, or refresh_token',
        querystring: springTokenParams,
        body: springTokenParams.nullish(),
        security: [{ clientBasic: [] }],
        response: {
          ...answers(authInfoSchema, 400),
          401: errorSchema.describe('bad client credentials or refresh token'),
        },
      },
      // Refused parameters answer in the envelope with the other refusals of the sign-in.
      attachValidation: true,
    },
    tokenHandler(grant, {
      read: (params, request) => ({
        grantType: params.grantType || 'password',
        tenantId: params.tenantId || header(request, 'tenant-id') || DEFAULT_TENANT,
        username: params.account,
        password: params.password,
        refreshToken: params.refreshToken,
      }),
      readPassword,
      answer: (reply, answer) => reply.ok(authInfoOf(answer)),
      refuse: sendRefusal,
    }),
  );

  app.get(
    `${PREFIX}/captcha`,
    {
      config: {
        access: 'public',
        rateLimit: PUBLIC_LIMITS.captcha,
        alias: { prefix: `${PREFIX}/captcha`, canonical: `${PREFIX}/oauth/captcha` },
      },
      schema: {
        tags: ['auth'],
        summary: 'A captcha (SpringBlade dialect): its key for the Captcha-Key header, and its image as a data URL',
        response: answers(z.object({ key: z.string(), image: z.string() })),
      },
    },
    async (_request, reply) => reply.ok(await newCaptcha(platform.store)),
  );

  app.post(
    `${PREFIX}/logout`,
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Ends the caller’s session (SpringBlade dialect)',
        response: answers(z.null()),
      },
    },
    async (request, reply) => {
      await endCallerSession(platform, request);
      return reply.ok(null);
    },
  );

  app.get(
    `${PREFIX}/sm2-public-key`,
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'The SM2 public key SpringBlade clients encrypt the password with (Saber: website.auth.publicKey)',
        response: answers(z.object({ publicKey: z.string().describe('uncompressed, hex: 04‖x‖y') })),
      },
    },
    async (_request, reply) => reply.ok({ publicKey: keys.publicKey }),
  );
}
