import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerCrudRoutes } from '../../../platform/crud/routes.ts';
import { optional, updateOf } from '../../../platform/http/fields.ts';
import { idSchema } from '../../../platform/http/ids.ts';
import { clientResource } from './resource.ts';
import { clientInput } from './schema.ts';
import { saveClient } from './service.ts';

const PREFIX = '/api/blade-system/client';
const TAG = 'system/client';

/** `/api/blade-system/client`: list, detail, submit, remove (BladeX AuthClientController), plus page. */
export function registerClientRoutes(app: FastifyInstance): void {
  app.register(async (scope) => {
    // Whatever remembers verified client credentials must forget them once a change is committed.
    scope.addHook('onSend', async (request, reply, payload) => {
      if (request.method === 'POST' && reply.statusCode === 200) app.platform.caches.clear();
      return payload;
    });
    registerCrudRoutes(scope, {
      prefix: PREFIX,
      resource: clientResource,
      tag: TAG,
      routes: ['list', 'page', 'detail', 'remove'],
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      `${PREFIX}/submit`,
      {
        config: { access: { permission: ['client_add', 'client_edit'], platform: true } },
        schema: {
          tags: [TAG],
          body: updateOf(clientInput)
            .extend({ id: optional(idSchema) })
            .loose(),
        },
      },
      async (request, reply) => {
        const caller = request.ctx.caller!;
        const { id } = request.body;
        await request.requirePermission(id ? 'client_edit' : 'client_add');
        const values = (id ? clientInput.partial() : clientInput).parse(request.body);
        const record = await request.inTenant((trx) => saveClient(trx, caller, id, values));
        return reply.ok(record);
      },
    );
  });
}
