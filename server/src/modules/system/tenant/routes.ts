import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordSchema } from '../../../platform/crud/answers.ts';
import { crudRepository } from '../../../platform/crud/repository.ts';
import { registerCrudRoutes } from '../../../platform/crud/routes.ts';
import { answers } from '../../../platform/http/envelope.ts';
import { optional } from '../../../platform/http/fields.ts';
import { idListSchema } from '../../../platform/http/ids.ts';
import { createTenant } from './creation.ts';
import { closedTenants, endSessions, removeTenants, updateTenant } from './manage.ts';
import { tenantResource } from './resource.ts';
import { tenantCreateInput, tenantInput, tenantSubmitBody } from './schema.ts';
import { findTenantByDomain, tenantChoices } from './service.ts';
import { registerTenantSettingRoutes, type TenantSettingOptions } from './setting-routes.ts';

const PREFIX = '/api/blade-system/tenant';
const TAG = 'system/tenant';
const SELECT_CODES = [
  'tenant',
  'tenant_view',
  'role',
  'role_view',
  'dept',
  'dept_view',
  'post',
  'post_view',
  'user',
  'user_view',
];

/**
 * `/api/blade-system/tenant`: the public `info`, and for the platform tenant list, page, detail,
 * submit, remove, setting, datasource, package-detail and package-setting (BladeX TenantController).
 */
export function registerTenantRoutes(app: FastifyInstance, options: TenantSettingOptions): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tenants = crudRepository(tenantResource);

  // Public, so the login page can show a tenant's own page.
  api.get(
    `${PREFIX}/info`,
    {
      config: { access: 'public' },
      schema: {
        tags: [TAG],
        summary:
          "The tenant a domain belongs to, for the login page ({} when none: BladeX's clients read data.tenantId)",
        querystring: z.object({ domain: z.string().trim().max(255).default('') }),
        response: answers(
          z.object({ tenantId: z.string(), domain: z.string(), backgroundUrl: z.string().nullable() }).partial(),
          400,
        ),
      },
    },
    async (request, reply) => {
      const { domain } = request.query;
      const tenant = domain ? await findTenantByDomain(app.platform.db, domain) : undefined;
      // BladeX answers an empty object: its clients read `data.tenantId` without a null check.
      if (!tenant) return reply.ok({});
      return reply.ok({ tenantId: tenant.tenantId, domain: tenant.domain, backgroundUrl: tenant.backgroundUrl });
    },
  );

  api.get(
    `${PREFIX}/select`,
    {
      // The tenant column and select of the role, dept, post and user screens (and the tenant screen's own).
      config: { access: { permission: SELECT_CODES } },
      schema: {
        tags: [TAG],
        summary: 'The tenants to choose from: all for the platform administrator, else the caller’s own',
        querystring: z.looseObject({}),
        response: answers(z.array(z.object({ id: z.string(), tenantId: z.string(), tenantName: z.string() }))),
      },
    },
    async (request, reply) => reply.ok(await request.readInTenant((trx) => tenantChoices(trx, request.ctx.caller!))),
  );

  registerCrudRoutes(app, { prefix: PREFIX, resource: tenantResource, tag: TAG, routes: ['list', 'page', 'detail'] });

  api.get(
    `${PREFIX}/find-by-name`,
    {
      // As the tenant list (BladeX: admin only): platform-wide rows, for the platform tenant's tenant screen.
      config: { access: { permission: tenantResource.permissions.read, platform: true } },
      schema: {
        tags: [TAG],
        summary: 'The tenants whose name contains name (all when blank), by tenant id',
        querystring: z.object({ name: optional(z.string().trim().max(64)) }),
        response: answers(z.array(recordSchema(tenantResource)), 400, 403),
      },
    },
    async (request, reply) => {
      const caller = request.ctx.caller!;
      const query = { tenantName: request.query.name };
      return reply.ok(await request.readInTenant((trx) => tenants.all(trx, caller, query)));
    },
  );

  api.post(
    `${PREFIX}/submit`,
    {
      config: { access: { permission: ['tenant_add', 'tenant_edit'], platform: true } },
      schema: {
        tags: [TAG],
        summary: 'Submit a tenant (adds it, with its administrator, roles and depts, without id; updates it with one)',
        body: tenantSubmitBody,
        response: answers(recordSchema(tenantResource), 400, 403, 404, 409),
      },
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
      schema: {
        tags: [TAG],
        summary: 'Remove tenants (ids comma-separated; all or none; never the platform tenant); their sessions end',
        querystring: z.object({ ids: idListSchema }),
        response: answers(z.null(), 400, 403, 404, 409),
      },
    },
    async (request, reply) => {
      await removeTenants(app.platform, request.ctx.caller!, request.query.ids);
      request.logEvent({ logId: 'tenant.remove', level: 'warn', data: { ids: request.query.ids } });
      return reply.ok(null);
    },
  );

  registerTenantSettingRoutes(app, PREFIX, TAG, options);
}
