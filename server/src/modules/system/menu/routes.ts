import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { buildTree } from '../../../platform/crud/tree.ts';
import { answers } from '../../../platform/http/envelope.ts';
import { notFound } from '../../../platform/http/errors.ts';
import { idListSchema, idSchema } from '../../../platform/http/ids.ts';
import { chosenTenant } from '../../../platform/tenancy/context.ts';
import { menuListSchema, menuRecordSchema, menuTreeSchema } from './answers.ts';
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

  for (const [path, menusOnly, summary] of [
    ['list', false, 'The menus and buttons the filters match (BladeX suffix operators), nested'],
    ['menu-list', true, 'The menus (no buttons) the filters match, nested'],
  ] as const) {
    api.get(
      `${BASE}/${path}`,
      {
        config: { access: read },
        schema: { tags, summary, querystring: z.looseObject({}), response: answers(menuListSchema, 400, 403) },
      },
      async (request, reply) => reply.ok(nestMenus(await listMenus(db, request.query, menusOnly))),
    );
  }

  for (const [path, menusOnly, access, summary] of [
    ['lazy-list', false, read, 'The menus and buttons one level below parentId (a search without it: every match)'],
    ['lazy-menu-list', true, readMenusForScopes, 'The menus (no buttons) one level below parentId'],
  ] as const) {
    api.get(
      `${BASE}/${path}`,
      {
        config: { access },
        schema: { tags, summary, querystring: lazyQuery, response: answers(menuListSchema, 400, 403) },
      },
      async (request, reply) => reply.ok(await lazyMenus(db, request.query, request.query.parentId, menusOnly)),
    );
  }

  api.get(
    `${BASE}/tree`,
    {
      config: { access: read },
      schema: {
        tags,
        summary: "The menus of the tenant's package as a tree (buttons=true: with buttons)",
        querystring: treeQuery,
        response: answers(menuTreeSchema, 400, 403),
      },
    },
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
    {
      config: { access: read },
      schema: {
        tags,
        summary: 'A menu or button',
        querystring: z.object({ id: idSchema }),
        response: answers(menuRecordSchema, 400, 403, 404),
      },
    },
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
      schema: {
        tags,
        summary: 'Submit a menu or button (adds it without id, updates it with one)',
        body: menuSubmitBody,
        response: answers(menuRecordSchema, 400, 403, 404, 409),
      },
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
      schema: {
        tags,
        summary: 'Remove menus or buttons (ids comma-separated; all or none; not one with children)',
        querystring: z.object({ ids: idListSchema }),
        response: answers(z.null(), 400, 403, 404, 409),
      },
    },
    async (request, reply) => {
      await db.transaction().execute((trx) => removeMenus(trx, request.query.ids));
      app.platform.caches.clear();
      return reply.ok(null);
    },
  );

  registerCallerMenuRoutes(app);
}
