import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perKiosk } from '../../../platform/auth/kiosk.ts';
import { registerCrudRoutes } from '../../../platform/crud/routes.ts';
import { answers } from '../../../platform/http/envelope.ts';
import { idSchema } from '../../../platform/http/ids.ts';
import { findTenant } from '../../system/tenant/service.ts';
import { createKioskKey, revokeKioskKey } from './kiosk-key.ts';
import { deviceResource } from './resource.ts';
import { kioskDeviceSchema } from './schema.ts';

const PREFIX = '/api/blade-warehouse/device';

/**
 * `/api/blade-warehouse/device`: list, page, detail, submit, remove, listTree (and the lazy tree),
 * and the kiosk key: `kiosk-key?id=` makes a new one (replacing any) and answers it this once;
 * `kiosk-key/revoke?id=` ends it. `GET kiosk` is the kiosk's own call: which device (and tenant) its key
 * pairs it with, so a kiosk can check a key before keeping it.
 */
export function registerDeviceRoutes(app: FastifyInstance): void {
  registerCrudRoutes(app, {
    prefix: PREFIX,
    resource: deviceResource,
    tag: 'warehouse/device',
    routes: ['list', 'page', 'detail', 'submit', 'remove', 'listTree', 'lazy-tree'],
  });

  const api = app.withTypeProvider<ZodTypeProvider>();
  const options = (title: string, summary: string, answer: z.ZodType) => ({
    config: { access: { permission: 'device_kiosk_key' }, audit: { title } },
    schema: {
      tags: ['warehouse/device'],
      summary,
      querystring: z.object({ id: idSchema }),
      response: answers(answer, 400, 403, 404),
    },
  });
  const newKey = z.string().describe('the kiosk key, shown this once');
  api.post(
    `${PREFIX}/kiosk-key`,
    options('create kiosk key', "A new key for the device's kiosk", newKey),
    async (request, reply) => {
      const key = await request.inTenant((trx) => createKioskKey(trx, request.ctx.caller!, request.query.id));
      return reply.ok(key);
    },
  );
  api.post(
    `${PREFIX}/kiosk-key/revoke`,
    options('revoke kiosk key', "Revoke the device's kiosk key", z.null()),
    async (request, reply) => {
      await request.inTenant((trx) => revokeKioskKey(trx, request.ctx.caller!, request.query.id));
      return reply.ok(null);
    },
  );

  app.get(
    `${PREFIX}/kiosk`,
    {
      config: { access: 'kiosk', rateLimit: perKiosk(60) },
      schema: {
        tags: ['warehouse/device'],
        summary: 'The device a kiosk key belongs to (the kiosk page shows it)',
        response: answers(kioskDeviceSchema),
      },
    },
    async (request, reply) => {
      const { tenantId, deviceId, code, name } = request.ctx.kiosk!;
      const tenant = await request.inTenant((trx) => findTenant(trx, tenantId));
      return reply.ok({ id: deviceId, code, name, tenantId, tenantName: tenant?.tenantName ?? '' });
    },
  );
}
