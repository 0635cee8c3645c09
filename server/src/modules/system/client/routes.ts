import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordSchema } from '../../../platform/crud/answers.ts';
import { refuseIdOnSave, registerCrudRoutes, WRITES } from '../../../platform/crud/routes.ts';
import { answers } from '../../../platform/http/envelope.ts';
import { updateOf } from '../../../platform/http/fields.ts';
import { clientResource } from './resource.ts';
import { clientInput } from './schema.ts';
import { saveClient } from './service.ts';

const PREFIX = '/api/blade-system/client';
const TAG = 'system/client';

/** `/api/blade-system/client`: list, detail, submit, save, update, remove (BladeX AuthClientController), plus page. */
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
    // submit, save and update are one handler with the route's id rule (the factory's WRITES), so the
    // secret is kept, drawn and hashed alike whichever a client calls.
    const answer = recordSchema(clientResource).extend({
      clientSecret: z.string().optional().describe('in plain, only in the answer of the call that set it'),
    });
    for (const route of ['submit', 'save', 'update'] as const) {
      const write = WRITES[route];
      scope.withTypeProvider<ZodTypeProvider>().post(
        `${PREFIX}/${route}`,
        {
          config: { access: { permission: write.codes('client_add', 'client_edit'), platform: true } },
          schema: {
            tags: [TAG],
            summary: write.summary('client'),
            description: 'A blank secret keeps the stored one on update and draws one on creation.',
            body: updateOf(clientInput).extend({ id: write.id }).loose(),
            response: answers(answer, 400, 403, 404, 409),
          },
        },
        async (request, reply) => {
          const caller = request.ctx.caller!;
          const { id } = request.body;
          refuseIdOnSave(route, id);
          await request.requirePermission(id ? 'client_edit' : 'client_add');
          const values = (id ? clientInput.partial() : clientInput).parse(request.body);
          const record = await request.inTenant((trx) => saveClient(trx, caller, id, values));
          return reply.ok(record);
        },
      );
    }
  });
}
