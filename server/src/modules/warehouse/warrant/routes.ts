import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { crudRepository } from '../../../platform/crud/repository.ts';
import { registerCrudRoutes } from '../../../platform/crud/routes.ts';
import { answers } from '../../../platform/http/envelope.ts';
import { notFound } from '../../../platform/http/errors.ts';
import { idListSchema } from '../../../platform/http/ids.ts';
import { warrantResource } from './resource.ts';

const PREFIX = '/api/warehouse/warrant';
const warrants = crudRepository(warrantResource);

/** `/api/warehouse/warrant`: list, page, detail, submit, remove, and updateEnable / updateDisable `?ids=`. */
export function registerWarrantRoutes(app: FastifyInstance): void {
  registerCrudRoutes(app, {
    prefix: PREFIX,
    resource: warrantResource,
    tag: 'warehouse/warrant',
    routes: ['list', 'page', 'detail', 'submit', 'remove'],
  });
  for (const [route, enabled, code] of [
    ['updateEnable', 1, 'warrant_enable'],
    ['updateDisable', 0, 'warrant_disable'],
  ] as const) {
    app.withTypeProvider<ZodTypeProvider>().post(
      `${PREFIX}/${route}`,
      {
        config: { access: { permission: code } },
        schema: {
          tags: ['warehouse/warrant'],
          summary: enabled ? 'Enable warrants (all or none)' : 'Disable warrants (all or none)',
          querystring: z.object({ ids: idListSchema }),
          response: answers(z.null(), 400, 403, 404),
        },
      },
      async (request, reply) => {
        const caller = request.ctx.caller!;
        await request.inTenant(async (trx) => {
          // All or none: an id the caller cannot see refuses the call.
          for (const id of request.query.ids) {
            if (!(await warrants.find(trx, caller, id))) throw notFound('error.notFound.records', { ids: id });
          }
          for (const id of request.query.ids) await warrants.update(trx, caller, id, { enabled });
        });
        return reply.ok(null);
      },
    );
  }
}
