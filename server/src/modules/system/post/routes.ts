import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerCrudRoutes } from '../../../platform/crud/routes.ts';
import { answers } from '../../../platform/http/envelope.ts';
import { chosenTenant } from '../../../platform/tenancy/context.ts';
import { postOptions } from './repository.ts';
import { POST_READ, postResource } from './resource.ts';
import { postSelectQuery } from './schema.ts';

const PREFIX = '/api/blade-system/post';
// The user form picks posts, so whoever manages users may read the dropdown too.
const PICK = [...POST_READ, 'user', 'user_add', 'user_edit', 'user_view'];

/** `/api/blade-system/post`: list, page, detail, submit, save, update, remove (BladeX PostController), and select. */
export function registerPostRoutes(app: FastifyInstance): void {
  registerCrudRoutes(app, {
    prefix: PREFIX,
    resource: postResource,
    tag: 'system/post',
    routes: ['list', 'page', 'detail', 'submit', 'save', 'update', 'remove'],
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    `${PREFIX}/select`,
    {
      config: { access: { permission: PICK } },
      schema: {
        tags: ['system/post'],
        summary: "Posts to pick from (id and name), the caller's tenant's or the one named",
        querystring: postSelectQuery,
        response: answers(z.array(z.object({ id: z.string(), postName: z.string() })), 400, 403),
      },
    },
    async (request, reply) => {
      const caller = request.ctx.caller!;
      // Only the platform administrator may look into another tenant (it sets up users there).
      const wanted = chosenTenant(caller, request.query.tenantId);
      if (wanted !== caller.tenantId) {
        return reply.ok(await app.platform.tenantDb.inTenant(wanted, (trx) => postOptions(trx, wanted)));
      }
      return reply.ok(await request.inTenant((trx) => postOptions(trx, caller.tenantId)));
    },
  );
}
