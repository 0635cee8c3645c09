import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerCrudRoutes } from '../../../platform/crud/routes.ts';
import { answers } from '../../../platform/http/envelope.ts';
import { topMenuResource } from './resource.ts';
import { topMenuGrantInput } from './schema.ts';
import { grantTopMenus } from './service.ts';

const BASE = '/api/blade-system/topmenu';

/** `/api/blade-system/topmenu`: list, detail, submit, save, update, remove (BladeX TopMenuController), and grant. */
export function registerTopMenuRoutes(app: FastifyInstance): void {
  registerCrudRoutes(app, {
    prefix: BASE,
    resource: topMenuResource,
    tag: 'system/topmenu',
    routes: ['list', 'detail', 'submit', 'save', 'update', 'remove'],
  });

  app.withTypeProvider<ZodTypeProvider>().post(
    `${BASE}/grant`,
    {
      config: { access: { permission: 'topmenu_setting' } },
      schema: {
        tags: ['system/topmenu'],
        summary: 'Grant top menus to roles',
        body: topMenuGrantInput,
        response: answers(z.null(), 400, 403, 404),
      },
    },
    async (request, reply) => {
      const { tenantId } = request.ctx.caller!;
      await request.inTenant((trx) => grantTopMenus(trx, tenantId, request.body));
      app.platform.caches.clear();
      return reply.ok(null);
    },
  );
}
