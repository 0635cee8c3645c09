import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findTenantByDomain } from './service.ts';

/** `GET /api/blade-system/tenant/info?domain=`: public, so the login page can show a tenant's own page. */
export function registerTenantRoutes(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/blade-system/tenant/info',
    {
      config: { access: 'public' },
      schema: { tags: ['system/tenant'], querystring: z.object({ domain: z.string().trim().max(255).default('') }) },
    },
    async (request, reply) => {
      const { domain } = request.query;
      const tenant = domain ? await findTenantByDomain(app.platform.db, domain) : undefined;
      if (!tenant) return reply.ok(null, 'ok.noData');
      return reply.ok({ tenantId: tenant.tenantId, domain: tenant.domain, backgroundUrl: tenant.backgroundUrl });
    },
  );
}
