import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../platform/http/envelope.ts';
import { OAuthError } from '../oauth-error.ts';
import { socialMessages as m } from './messages.ts';
import { findProvider } from './providers.ts';
import { authorizationRequest, configOf } from './relying-party.ts';
import { BINDING_COOKIE, hashBinding, newBinding, STATE_TTL_MS, startSignIn } from './state.ts';

const PREFIX = '/api/blade-auth/oauth';
/** The tenant of a client that names none (Saber's `website.tenantId`). */
const DEFAULT_TENANT = '000000';
/** The web client's page that finishes a sign-in (posts the social grant); BladeX's Saber has the same route. */
export const REDIRECT_PAGE = '/oauth/redirect';

const sourceParam = z.object({ source: z.string().regex(/^[a-z0-9_-]{1,16}$/) });
const renderQuery = z.object({ tenantId: z.string().trim().max(12).optional() }).loose();
const redirected = z.null().describe('302 Found: Location is where the browser goes next');

/** The browser's binding cookie, if it has one. */
export function bindingOf(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === BINDING_COOKIE) return value.join('=') || undefined;
  }
  return undefined;
}

const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** Back to the login page, which says the refusal (by its key: the page shows only texts it knows). */
const backToLogin = (reply: FastifyReply, key: string, source: string) =>
  reply.redirect(`/login?${new URLSearchParams({ social_error: key, source })}`, 302);

/**
 * `render/{source}` sends the browser to the provider with a new state (in the shared store, ten
 * minutes, bound to this browser by a cookie), PKCE and, for OIDC, a nonce; `callback/{source}` takes
 * the provider's redirect (for providers registered with the server's address) to the web page that
 * finishes the sign-in.
 */
export function registerRenderRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { platform } = app;

  api.get(
    `${PREFIX}/render/:source`,
    {
      config: { access: 'public', rateLimit: { max: 60, windowMs: 60_000 } },
      schema: {
        tags: ['auth'],
        operationId: 'socialRender',
        summary:
          'Starts a third-party sign-in: redirects to the provider (or back to /login?social_error=<key> when it is ' +
          'unknown, disabled or cannot be reached)',
        params: sourceParam,
        querystring: renderQuery,
        response: { 302: redirected, 400: errorSchema.describe('a source that is no source code') },
      },
    },
    async (request, reply) => {
      const { source } = request.params;
      const tenantId = request.query.tenantId || DEFAULT_TENANT;
      const provider = await findProvider(platform.db, tenantId, source);
      if (!provider) return backToLogin(reply, m['auth.social.source.unknown'], source);
      if (provider.enabled !== 1) return backToLogin(reply, m['auth.social.source.disabled'], source);
      try {
        const config = await configOf(provider, platform.sealer);
        const redirectUri = provider.redirectUri || `${originOf(request)}${REDIRECT_PAGE}/${source}`;
        const binding = bindingOf(request) ?? newBinding();
        const authorization = await authorizationRequest(config, provider, redirectUri);
        const state = await startSignIn(platform.store, {
          tenantId,
          source,
          binding: hashBinding(binding),
          ...authorization.checks,
        });
        const secure = request.protocol === 'https' ? '; Secure' : '';
        reply.header(
          'set-cookie',
          `${BINDING_COOKIE}=${binding}; Path=${PREFIX}; HttpOnly; SameSite=Lax; Max-Age=${STATE_TTL_MS / 1000}${secure}`,
        );
        return reply.redirect(authorization.urlFor(state).href, 302);
      } catch (error) {
        if (error instanceof OAuthError) return backToLogin(reply, error.key, source);
        throw error;
      }
    },
  );

  api.get(
    `${PREFIX}/callback/:source`,
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        operationId: 'socialCallback',
        summary: "The provider's redirect, passed on to the web client's page that finishes the sign-in",
        params: sourceParam,
        querystring: z.object({}).loose(),
        response: { 302: redirected, 400: errorSchema.describe('a source that is no source code') },
      },
    },
    async (request, reply) => {
      const query = new URLSearchParams(request.query as Record<string, string>);
      return reply.redirect(`${REDIRECT_PAGE}/${request.params.source}?${query}`, 302);
    },
  );
}
