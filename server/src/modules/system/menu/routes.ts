import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { buildTree } from '../../../platform/crud/tree.ts';
import { notFound } from '../../../platform/http/errors.ts';
import { idListSchema, idSchema } from '../../../platform/http/ids.ts';
import { chosenTenant } from '../../../platform/tenancy/context.ts';
import { registerCallerMenuRoutes } from './caller-routes.ts';
import { inPackage } from './grantable.ts';
import { findMenu, lazyMenus, listMenus, menuNodes } from './repository.ts';
import { lazyQuery, menuSubmitBody, treeQuery } from './schema.ts';
import { removeMenus, submitMenu } from './service.ts';
import { nestMenus } from './vo.ts';

const BASE = '/api/blade-system/menu';
const tags = ['system/menu'];
const read = { permission: ['menu', 'menu_view'] } as const;
// The data and API scope screens list the menus their scopes hang on.
const readMenusForScopes = { permission: ['menu', 'menu_view', 'data_scope', 'api_scope'] } as const;

/**
 * `/api/blade-system/menu/*` (BladeX MenuController). The menu screens read with `menu`/`menu_view`;
 * writes change what every tenant sees, so they need the platform tenant; the caller's own reads are in caller-routes.ts.
 */
export function registerMenuRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.platform.db;

  for (const [path, menusOnly] of [
    ['list', false],
    ['menu-list', true],
  ] as const) {
    api.get(
      `${BASE}/${path}`,
      { config: { access: read }, schema: { tags, querystring: z.looseObject({}) } },
      async (request, reply) => reply.ok(nestMenus(await listMenus(db, request.query, menusOnly))),
    );
  }

  for (const [path, menusOnly, access] of [
    ['lazy-list', false, read],
    ['lazy-menu-list', true, readMenusForScopes],
  ] as const) {
    api.get(
      `${BASE}/${path}`,
      { config: { access }, schema: { tags, querystring: lazyQuery } },
      async (request, reply) => reply.ok(await lazyMenus(db, request.query, request.query.parentId, menusOnly)),
    );
  }

  api.get(
    `${BASE}/tree`,
    { config: { access: read }, schema: { tags, querystring: treeQuery } },
    async (request, reply) => {
      const caller = request.ctx.caller!;
      // Another tenant's view (its package) is for the platform administrator to ask; others see their own.
      const tenantId = chosenTenant(caller, request.query.tenantId);
      const rows = await menuNodes(db, inPackage(tenantId, sql.ref('m.id')), request.query.buttons === 'true');
      return reply.ok(buildTree(rows));
    },
  );

  api.get(
    `${BASE}/detail`,
    { config: { access: read }, schema: { tags, querystring: z.object({ id: idSchema }) } },
    async (request, reply) => {
      const menu = await findMenu(db, request.query.id);
      if (!menu) throw notFound();
      return reply.ok(menu);
    },
  );

  api.post(
    `${BASE}/submit`,
    {
      config: { access: { permission: ['menu_add', 'menu_edit'], platform: true } },
      schema: { tags, body: menuSubmitBody },
    },
    async (request, reply) => {
      const { id } = request.body;
      await request.requirePermission(id ? 'menu_edit' : 'menu_add');
      const saved = await db.transaction().execute((trx) => submitMenu(trx, request.body, request.ctx.caller!));
      app.platform.caches.clear();
      return reply.ok(saved);
    },
  );

  api.post(
    `${BASE}/remove`,
    {
      config: { access: { permission: 'menu_delete', platform: true } },
      schema: { tags, querystring: z.object({ ids: idListSchema }) },
    },
    async (request, reply) => {
      await db.transaction().execute((trx) => removeMenus(trx, request.query.ids));
      app.platform.caches.clear();
      return reply.ok(null);
    },
  );

  registerCallerMenuRoutes(app);
}
