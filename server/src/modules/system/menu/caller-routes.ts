import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answers } from '../../../platform/http/envelope.ts';
import { notFound } from '../../../platform/http/errors.ts';
import { idListSchema, idSchema } from '../../../platform/http/ids.ts';
import { topMenusOf } from '../topmenu/repository.ts';
import { topMenuKeys } from '../topmenu/service.ts';
import { authRoutesSchema, grantTreesSchema, menuListSchema, topMenusSchema, treeKeysSchema } from './answers.ts';
import {
  authRoutesOf,
  buttonsOf,
  grantableMenuTree,
  grantTrees,
  roleKeys,
  routesOf,
  unknownRoles,
} from './caller-menus.ts';

const BASE = '/api/blade-system/menu';
const tags = ['system/menu'];
const signedIn = { access: 'signedIn' } as const;

/** The menu reads every signed-in user makes: their routes, buttons, top menus, and what they may grant. */
export function registerCallerMenuRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    `${BASE}/routes`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: "The caller's menus (within a top menu when topMenuId is given), nested: the client's routes",
        querystring: z.object({ topMenuId: z.union([z.literal(''), idSchema]).optional() }),
        response: answers(menuListSchema, 400),
      },
    },
    async (request, reply) => {
      const { topMenuId } = request.query;
      const caller = request.ctx.caller!;
      return reply.ok(await request.inTenant((trx) => routesOf(trx, caller, topMenuId || undefined)));
    },
  );

  const own = (summary: string, answer: z.ZodType) => ({ tags, summary, response: answers(answer, 400) });

  api.get(
    `${BASE}/buttons`,
    { config: signedIn, schema: own("The caller's buttons, nested under their menus", menuListSchema) },
    async (request, reply) => reply.ok(await request.inTenant((trx) => buttonsOf(trx, request.ctx.caller!))),
  );

  api.get(
    `${BASE}/auth-routes`,
    { config: signedIn, schema: own("The caller's route paths with the roles that grant them", authRoutesSchema) },
    async (request, reply) => reply.ok(await request.inTenant((trx) => authRoutesOf(trx, request.ctx.caller!))),
  );

  api.get(
    `${BASE}/top-menu`,
    { config: signedIn, schema: own("The tenant's top menus", topMenusSchema) },
    async (request, reply) => reply.ok(await request.inTenant((trx) => topMenusOf(trx, request.ctx.caller!.tenantId))),
  );

  api.get(
    `${BASE}/grant-tree`,
    { config: signedIn, schema: own('The menus, data scopes and API scopes the caller may grant', grantTreesSchema) },
    async (request, reply) => {
      return reply.ok(await request.inTenant((trx) => grantTrees(trx, request.ctx.caller!)));
    },
  );

  api.get(
    `${BASE}/grant-top-tree`,
    { config: signedIn, schema: own('The menus the caller may put in a top menu', grantTreesSchema) },
    async (request, reply) =>
      reply.ok({ menu: await request.inTenant((trx) => grantableMenuTree(trx, request.ctx.caller!, true)) }),
  );

  api.get(
    `${BASE}/role-tree-keys`,
    // The role screen's grant dialog reads them: its codes, and only roles the caller may see.
    {
      config: { access: { permission: ['role', 'role_view', 'role_grant'] } },
      schema: {
        tags,
        summary: 'The menus, data scopes and API scopes the roles hold (ids)',
        querystring: z.object({ roleIds: idListSchema }),
        response: answers(treeKeysSchema, 400, 403, 404),
      },
    },
    async (request, reply) => {
      const { roleIds } = request.query;
      const keys = await request.inTenant(async (trx) => {
        const unknown = await unknownRoles(trx, request.ctx.caller!, roleIds);
        if (unknown.length) throw notFound('error.notFound.records', { ids: unknown.join(',') });
        return roleKeys(trx, roleIds);
      });
      return reply.ok(keys);
    },
  );

  api.get(
    `${BASE}/top-tree-keys`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'The menus the top menus hold (ids)',
        querystring: z.object({ topMenuIds: idListSchema }),
        response: answers(treeKeysSchema, 400, 404),
      },
    },
    async (request, reply) => {
      const { topMenuIds } = request.query;
      const menu = await request.inTenant((trx) => topMenuKeys(trx, request.ctx.caller!.tenantId, topMenuIds));
      return reply.ok({ menu });
    },
  );
}
