import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { buildTree } from '../../../platform/crud/tree.ts';
import { answers } from '../../../platform/http/envelope.ts';
import { notFound } from '../../../platform/http/errors.ts';
import { idListSchema, idSchema } from '../../../platform/http/ids.ts';
import { isPlatformAdministrator } from '../../../platform/tenancy/context.ts';
import { roleRecordSchema, roleTreeSchema } from './answers.ts';
import { grantRoles } from './grant.ts';
import { findRole, listRoles, roleNodes } from './repository.ts';
import { grantInput, roleSubmitBody, treeQuery } from './schema.ts';
import { registerRoleSelectRoute } from './select.ts';
import { removeRoles, submitRole } from './service.ts';

const BASE = '/api/blade-system/role';
const tags = ['system/role'];
const read = { permission: ['role', 'role_view'] } as const;
// The user form picks roles from this tree, so the user screen's codes reach it too.
const treeAccess = { permission: ['role', 'role_view', 'user', 'user_add', 'user_edit', 'user_role'] } as const;

const titled = <T extends { roleName: string }>(rows: T[]) => rows.map((r) => ({ ...r, title: r.roleName }));

/** `/api/blade-system/role/*` (BladeX RoleController): the caller's tenant's roles and their grants. */
export function registerRoleRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  registerRoleSelectRoute(app);

  api.get(
    `${BASE}/list`,
    {
      config: { access: read },
      schema: {
        tags,
        summary: "The tenant's roles the filters match (BladeX suffix operators), as a tree",
        querystring: z.looseObject({}),
        response: answers(roleTreeSchema, 400, 403),
      },
    },
    async (request, reply) => {
      const { tenantId } = request.ctx.caller!;
      const rows = await request.inTenant((trx) => listRoles(trx, tenantId, request.query));
      return reply.ok(buildTree(titled(rows)));
    },
  );

  api.get(
    `${BASE}/detail`,
    {
      config: { access: read },
      schema: {
        tags,
        summary: 'A role',
        querystring: z.object({ id: idSchema }),
        response: answers(roleRecordSchema, 400, 403, 404),
      },
    },
    async (request, reply) => {
      const { tenantId } = request.ctx.caller!;
      const role = await request.inTenant((trx) => findRole(trx, tenantId, request.query.id));
      if (!role) throw notFound();
      return reply.ok(role);
    },
  );

  api.get(
    `${BASE}/tree`,
    {
      config: { access: treeAccess },
      schema: {
        tags,
        summary: "The tenant's roles as a tree (the platform administrator may name a tenant)",
        querystring: treeQuery,
        response: answers(roleTreeSchema, 400, 403),
      },
    },
    async (request, reply) => {
      const caller = request.ctx.caller!;
      const admin = isPlatformAdministrator(caller);
      // Only the platform administrator may look into another tenant; everyone else gets their own.
      const tenantId = admin && request.query.tenantId ? request.query.tenantId : caller.tenantId;
      const rows = await app.platform.tenantDb.inTenant(tenantId, (trx) =>
        roleNodes(trx, tenantId, { hideAdministrator: !admin }),
      );
      return reply.ok(buildTree(rows));
    },
  );

  api.get(
    `${BASE}/tree-by-id`,
    {
      config: { access: read },
      schema: {
        tags,
        summary: 'The roles as a tree, without roleId (the parents a role may take)',
        querystring: z.object({ roleId: idSchema }),
        response: answers(roleTreeSchema, 400, 403, 404),
      },
    },
    async (request, reply) => {
      const caller = request.ctx.caller!;
      const { roleId } = request.query;
      const rows = await request.inTenant(async (trx) => {
        if (!(await findRole(trx, caller.tenantId, roleId))) throw notFound();
        return roleNodes(trx, caller.tenantId, {
          hideAdministrator: !isPlatformAdministrator(caller),
          without: roleId,
        });
      });
      return reply.ok(buildTree(rows));
    },
  );

  api.post(
    `${BASE}/submit`,
    {
      config: { access: { permission: ['role_add', 'role_edit'] } },
      schema: {
        tags,
        summary: 'Submit a role (adds it without id, updates it with one)',
        body: roleSubmitBody,
        response: answers(roleRecordSchema, 400, 403, 404, 409),
      },
    },
    async (request, reply) => {
      const caller = request.ctx.caller!;
      await request.requirePermission(request.body.id ? 'role_edit' : 'role_add');
      const role = await request.inTenant((trx) => submitRole(trx, caller, request.body));
      app.platform.caches.clear();
      return reply.ok(role);
    },
  );

  api.post(
    `${BASE}/remove`,
    {
      config: { access: { permission: 'role_delete' } },
      schema: {
        tags,
        summary: 'Remove roles (ids comma-separated; all or none; not one a user holds)',
        querystring: z.object({ ids: idListSchema }),
        response: answers(z.null(), 400, 403, 404, 409),
      },
    },
    async (request, reply) => {
      await request.inTenant((trx) => removeRoles(trx, request.ctx.caller!, request.query.ids));
      app.platform.caches.clear();
      return reply.ok(null);
    },
  );

  api.post(
    `${BASE}/grant`,
    {
      config: { access: { permission: 'role_grant' } },
      schema: {
        tags,
        summary: 'Grant roles their menus, data scopes and API scopes (replacing what they held)',
        body: grantInput,
        response: answers(z.null(), 400, 403, 404),
      },
    },
    async (request, reply) => {
      await request.inTenant((trx) => grantRoles(trx, request.ctx.caller!, request.body));
      // New grants apply at once, not when the permission caches expire.
      app.platform.caches.clear();
      const { roleIds, menuIds, dataScopeIds, apiScopeIds } = request.body;
      const count = (ids: readonly unknown[] | undefined) => ids?.length ?? 0;
      request.logEvent({
        logId: 'role.grant',
        data: { roleIds, menus: count(menuIds), dataScopes: count(dataScopeIds), apiScopes: count(apiScopeIds) },
      });
      return reply.ok(null);
    },
  );
}
