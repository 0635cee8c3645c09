import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerCrudRoutes } from '../../../platform/crud/routes.ts';
import { answers, dateTimeText } from '../../../platform/http/envelope.ts';
import { badRequest, notFound } from '../../../platform/http/errors.ts';
import { idSchema } from '../../../platform/http/ids.ts';
import { deleteLink, linksOfUser } from '../../user/oauth-links.ts';
import { socialMessages as m } from './messages.ts';
import { providerResource } from './provider-resource.ts';
import { enabledProviders, providerNames } from './providers.ts';
import { registerRenderRoutes } from './render-routes.ts';

const PROVIDER_PREFIX = '/api/blade-system/social-provider';
const OAUTH_PREFIX = '/api/blade-auth/oauth';

const buttonSchema = z.object({ source: z.string(), name: z.string().describe('the button’s text') });
const linkedSchema = z.object({
  id: z.string().describe('the link’s id (blade_user_oauth)'),
  source: z.string(),
  sourceName: z.string().describe('the provider’s display name, or its source when it was removed'),
  username: z.string(),
  nickname: z.string(),
  email: z.string(),
  createTime: dateTimeText,
});

/**
 * Third-party sign-in: the providers' screen (platform administrators), the login page's buttons, the
 * render and callback redirects, and the signed-in user's linked accounts with unlink.
 */
export function registerSocialRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { platform } = app;
  registerCrudRoutes(app, {
    prefix: PROVIDER_PREFIX,
    resource: providerResource(platform.sealer),
    tag: 'system/social-provider',
    name: { one: 'third-party sign-in provider', many: 'third-party sign-in providers' },
    routes: ['list', 'page', 'detail', 'submit', 'save', 'update', 'remove'],
  });
  registerRenderRoutes(app);

  api.get(
    `${OAUTH_PREFIX}/providers`,
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        operationId: 'socialProviders',
        summary: "The login page's buttons: the tenant's enabled third-party providers (source and name only)",
        querystring: z.object({ tenantId: z.string().trim().max(12).optional() }),
        response: answers(z.array(buttonSchema), 400),
      },
    },
    async (request, reply) => {
      const tenantId = request.query.tenantId;
      if (!tenantId) throw badRequest(m['social.providers.tenant']);
      return reply.ok(await enabledProviders(platform.db, tenantId));
    },
  );

  api.get(
    `${OAUTH_PREFIX}/linked`,
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['auth'],
        operationId: 'socialLinked',
        summary: "The signed-in user's linked third-party accounts",
        response: answers(z.array(linkedSchema)),
      },
    },
    async (request, reply) => {
      const { tenantId, userId } = request.ctx.caller!;
      const links = await request.inTenant((trx) => linksOfUser(trx, tenantId, userId));
      const names = await providerNames(platform.db, tenantId);
      return reply.ok(links.map((link) => ({ ...link, sourceName: names.get(link.source) ?? link.source })));
    },
  );

  api.post(
    `${OAUTH_PREFIX}/unlink`,
    {
      config: { access: 'signedIn', audit: { title: 'unlink third-party account' } },
      schema: {
        tags: ['auth'],
        operationId: 'socialUnlink',
        summary: "Removes one of the signed-in user's links (the provider then no longer signs in as the user)",
        querystring: z.object({ id: idSchema }),
        response: answers(z.null(), 400, 404),
      },
    },
    async (request, reply) => {
      const { tenantId, userId } = request.ctx.caller!;
      const removed = await request.inTenant((trx) => deleteLink(trx, tenantId, userId, request.query.id));
      if (!removed) throw notFound(m['social.link.missing']);
      return reply.ok(null);
    },
  );
}
