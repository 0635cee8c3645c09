import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerCrudRoutes } from '../../../platform/crud/routes.ts';
import { answers } from '../../../platform/http/envelope.ts';
import { registerSmsEndpointRoutes } from './endpoint-routes.ts';
import { enableSms } from './repository.ts';
import { smsResource } from './resource.ts';
import { enableQuery } from './schema.ts';

const PREFIX = '/api/blade-resource/sms';
const TAG = 'resource/sms';

/**
 * `/api/blade-resource/sms` (BladeX SmsController): list, page, detail, submit, remove, and
 * `enable?id=`, which makes the configuration the tenant's one enabled; plus the endpoint's sends.
 */
export function registerSmsRoutes(app: FastifyInstance): void {
  registerCrudRoutes(app, {
    prefix: PREFIX,
    resource: smsResource(app.platform.sealer),
    tag: TAG,
    routes: ['list', 'page', 'detail', 'submit', 'remove'],
  });
  app.withTypeProvider<ZodTypeProvider>().post(
    `${PREFIX}/enable`,
    {
      config: { access: { permission: 'sms_enable' }, audit: { title: 'enable sms configuration' } },
      schema: {
        tags: [TAG],
        summary: "Makes the configuration the tenant's enabled one (the others are disabled)",
        querystring: enableQuery,
        response: answers(z.null(), 400, 403, 404, 409),
      },
    },
    async (request, reply) => {
      const caller = request.ctx.caller!;
      await request.inTenant((trx) => enableSms(trx, caller.tenantId, request.query.id));
      return reply.ok(null);
    },
  );
  registerSmsEndpointRoutes(app, `${PREFIX}/endpoint`, TAG);
}
