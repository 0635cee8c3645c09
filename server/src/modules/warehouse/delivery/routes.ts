import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { perKiosk } from '../../../platform/auth/kiosk.ts';
import { registerDocumentRoutes } from '../document-routes.ts';
import { kioskOutbound } from './kiosk.ts';
import { DELIVERY_READ, deliveryResource } from './resource.ts';
import { deliveryInput, deliveryUpdate } from './schema.ts';
import { applyOutbound, cancelDeliveries, deliveries, deliveryItems, updateDelivery } from './service.ts';

const PREFIX = '/api/warehouse/delivery';
const TAG = 'warehouse/delivery';

/**
 * `/api/warehouse/delivery`: list, page, detail, submit, remove, cancel (see document-routes.ts) and
 * `save`, BladeX's "apply outbound": the same as submitting a new delivery. Back-office outbounds
 * are not limited by warrants (the caller holds delivery_add) and record the caller as operator;
 * a kiosk's are, for the person its outbound ticket names.
 */
export function registerDeliveryRoutes(app: FastifyInstance): void {
  const web = { source: 'web', checkWarrants: false } as const;
  registerDocumentRoutes(app, {
    prefix: PREFIX,
    tag: TAG,
    resource: deliveryResource,
    read: DELIVERY_READ,
    codes: { add: 'delivery_add', edit: 'delivery_edit', cancel: 'delivery_cancel' },
    input: deliveryInput,
    create: (trx, caller, body) => applyOutbound(trx, caller, deliveryInput.parse(body), web),
    update: (trx, caller, id, body) => updateDelivery(trx, caller, id, body, deliveryUpdate.strip().parse(body)),
    cancel: cancelDeliveries,
    items: deliveryItems,
  });

  // A kiosk (its Kiosk-Key and an Outbound-Ticket, no staff token) may call it too: see kiosk.ts.
  app.withTypeProvider<ZodTypeProvider>().post(
    `${PREFIX}/save`,
    {
      config: {
        access: { permission: 'delivery_add', kiosk: true },
        audit: { title: 'apply outbound' },
        rateLimit: perKiosk(60),
      },
      schema: { tags: [TAG], body: deliveryInput.partial({ deviceId: true, personId: true }) },
    },
    async (request, reply) => {
      if (request.ctx.kiosk) return reply.ok(await kioskOutbound(request));
      const caller = request.ctx.caller!;
      const input = deliveryInput.parse(request.body);
      const record = await request.inTenant(async (trx) => {
        const id = await applyOutbound(trx, caller, input, web);
        return deliveryResource.hooks!.decorate!(trx, caller, [(await deliveries.find(trx, caller, id))!]);
      });
      return reply.ok(record[0]);
    },
  );
}
