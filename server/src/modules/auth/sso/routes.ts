import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answers, errorSchema, REFUSALS } from '../../../platform/http/envelope.ts';
import { badRequest } from '../../../platform/http/errors.ts';
import type { Platform } from '../../../platform/register.ts';
import { checkAuthorize, redirectWith } from './authorize-check.ts';
import { ssoMessages as m } from './messages.ts';
import { ssoStore } from './store.ts';

const PREFIX = '/api/blade-auth/oauth/authorize';
/** The web client's page of a sign-in request: sign in (or confirm), or the problem shown. */
const SSO_PAGE = '/sso';
/** As the token endpoint's: per address, per minute. */
const LIMIT = { max: 60, windowMs: 60_000 } as const;

const text = (max: number) => z.string().max(max).optional();
const authorizeQuery = z
  .object({
    client_id: text(48),
    redirect_uri: text(2048),
    response_type: text(32),
    state: text(1024),
    code_challenge: text(128),
    code_challenge_method: text(16),
    scope: text(256),
  })
  .loose();
const requestRef = z.object({ request: z.string().min(1).max(64) });
const redirectAnswer = z.object({ redirect: z.string().describe("the client's redirect URI with its answer") });
const requestInfo = z.object({
  clientId: z.string(),
  redirectOrigin: z.string().describe('where the user will be sent back'),
  autoApprove: z.boolean().describe("the client's autoapprove: a signed-in user is not asked"),
});

/**
 * Single sign-on with this server as the authorization server (RFC 6749 §4.1): the authorize
 * endpoint checks the client's request and sends the user to the web client's /sso page, which
 * signs the user in (or asks to continue) and answers the request here with a code, or refuses it.
 */
export function registerSsoRoutes(app: FastifyInstance, platform: Platform): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const sso = ssoStore(platform.store);
  const pending = async (id: string) => {
    const found = await sso.takeRequest(id);
    if (!found) throw badRequest(m['auth.sso.request.expired']);
    return found;
  };

  api.get(
    PREFIX,
    {
      config: { access: 'public', rateLimit: LIMIT },
      schema: {
        tags: ['auth'],
        summary: "Starts a client's sign-in (authorization code, PKCE S256): redirects to the sign-in page",
        querystring: authorizeQuery,
        response: {
          // no body: the Location header is the answer
          302: z
            .null()
            .describe(
              "a redirect (Location): to /sso (sign in, or the problem with the client or its redirect URI), or to the client's redirect URI with `error` and `state`",
            ),
          429: errorSchema.describe(REFUSALS[429]),
        },
      },
      // a refused parameter is shown on the page, as a bad client is
      attachValidation: true,
    },
    async (request, reply) => {
      if (request.validationError) return reply.redirect(`${SSO_PAGE}?error=request`);
      const checked = await checkAuthorize(platform.db, request.query);
      if ('shown' in checked) return reply.redirect(`${SSO_PAGE}?error=${checked.shown}`);
      if ('redirect' in checked) {
        return reply.redirect(redirectWith(checked.redirect, { error: checked.error, state: checked.state }));
      }
      return reply.redirect(`${SSO_PAGE}?request=${await sso.saveRequest(checked)}`);
    },
  );

  api.get(
    `${PREFIX}/request`,
    {
      config: { access: 'public', rateLimit: LIMIT },
      schema: {
        tags: ['auth'],
        summary: 'A waiting sign-in request: which client asks, and where the user goes back to',
        querystring: requestRef,
        response: answers(requestInfo, 400),
      },
    },
    async (request, reply) => {
      const found = await sso.readRequest(request.query.request);
      if (!found) throw badRequest(m['auth.sso.request.expired']);
      const { clientId, redirectUri, autoApprove } = found;
      return reply.ok({ clientId, redirectOrigin: new URL(redirectUri).origin, autoApprove });
    },
  );

  api.post(
    `${PREFIX}/approve`,
    {
      config: { access: 'signedIn', rateLimit: LIMIT },
      schema: {
        tags: ['auth'],
        summary: "Answers a sign-in request with a code for the caller: the client's redirect URI with code and state",
        body: requestRef,
        response: answers(redirectAnswer, 400),
      },
    },
    async (request, reply) => {
      const found = await pending(request.body.request);
      const { tenantId, userId } = request.ctx.caller!;
      const code = await sso.issueCode({ ...found, tenantId, userId });
      request.logEvent({ logId: 'auth.ssoCode', data: { clientId: found.clientId } });
      return reply.ok({ redirect: redirectWith(found.redirectUri, { code, state: found.state }) });
    },
  );

  api.post(
    `${PREFIX}/deny`,
    {
      config: { access: 'public', rateLimit: LIMIT },
      schema: {
        tags: ['auth'],
        summary: "Refuses a sign-in request: the client's redirect URI with error=access_denied and state",
        body: requestRef,
        response: answers(redirectAnswer, 400),
      },
    },
    async (request, reply) => {
      const found = await pending(request.body.request);
      return reply.ok({ redirect: redirectWith(found.redirectUri, { error: 'access_denied', state: found.state }) });
    },
  );
}
