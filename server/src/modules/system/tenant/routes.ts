import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerCrudRoutes } from '../../../platform/crud/routes.ts';
import { idListSchema } from '../../../platform/http/ids.ts';
import { createTenant } from './creation.ts';
import { closedTenants, endSessions, removeTenants, updateTenant } from './manage.ts';
import { tenantResource } from './resource.ts';
import { tenantCreateInput, tenantInput, tenantSubmitBody } from './schema.ts';
import { findTenantByDomain } from './service.ts';
import { registerTenantSettingRoutes } from './setting-routes.ts';

const PREFIX = '/api/blade-system/tenant';
const TAG = 'system/tenant';

/**
 * `/api/blade-system/tenant`: the public `info`, and for the platform tenant list, page, detail,
 * submit, remove, setting, datasource, package-detail and package-setting (BladeX TenantController).
 */
export function registerTenantRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Public, so the login page can show a tenant's own page.
  api.get(
    `${PREFIX}/info`,
    {
      config: { access: 'public' },
      schema: { tags: [TAG], querystring: z.object({ domain: z.string().trim().max(255).default('') }) },
    },
    async (request, reply) => {
      const { domain } = request.query;
      const tenant = domain ? await findTenantByDomain(app.platform.db, domain) : undefined;
      if (!tenant) return reply.ok(null, 'ok.noData');
      return reply.ok({ tenantId: tenant.tenantId, domain: tenant.domain, backgroundUrl: tenant.backgroundUrl });
    },
  );

  registerCrudRoutes(app, { prefix: PREFIX, resource: tenantResource, tag: TAG, routes: ['list', 'page', 'detail'] });

  api.post(
    `${PREFIX}/submit`,
    {
      config: { access: { permission: ['tenant_add', 'tenant_edit'], platform: true } },
      schema: { tags: [TAG], body: tenantSubmitBody },
    },
    async (request, reply) => {
      const caller = request.ctx.caller!;
      const { id } = request.body;
      await request.requirePermission(id ? 'tenant_edit' : 'tenant_add');
      if (!id) {
        const created = await createTenant(app.platform, caller, tenantCreateInput.parse(request.body));
        request.logEvent({ logId: 'tenant.create', data: { tenantId: created.tenantId, name: created.tenantName } });
        return reply.ok(created);
      }
      const { record, closed } = await request.inTenant(async (trx) => ({
        record: await updateTenant(trx, caller, id, tenantInput.partial().parse(request.body)),
        closed: await closedTenants(trx, [id]),
      }));
      await endSessions(app.platform, closed);
      request.logEvent({ logId: 'tenant.update', data: { id, tenantId: record.tenantId, closed } });
      return reply.ok(record);
    },
  );

  api.post(
    `${PREFIX}/remove`,
    {
      config: { access: { permission: 'tenant_delete', platform: true } },
      schema: { tags: [TAG], querystring: z.object({ ids: idListSchema }) },
    },
    async (request, reply) => {
      await removeTenants(app.platform, request.ctx.caller!, request.query.ids);
      request.logEvent({ logId: 'tenant.remove', level: 'warn', data: { ids: request.query.ids } });
      return reply.ok(null);
    },
  );

  registerTenantSettingRoutes(app, PREFIX, TAG);
}
