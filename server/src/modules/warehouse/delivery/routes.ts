import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { perKiosk } from '../../../platform/auth/kiosk.ts';
import { recordSchema } from '../../../platform/crud/answers.ts';
import { answers } from '../../../platform/http/envelope.ts';
import { notFound } from '../../../platform/http/errors.ts';
import { updateOf } from '../../../platform/http/fields.ts';
import { DEFAULT_LOCALE, translate } from '../../../platform/i18n/i18n.ts';
import type { Caller } from '../../../platform/tenancy/context.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import { assertInstanceVisible, WORK_MENUS } from '../../flow/index.ts';
import { registerDocumentRoutes } from '../document-routes.ts';
import { DELIVERY_STATUS, requestApproval } from './approval.ts';
import { registerApprovalSettingRoutes } from './approval-routes.ts';
import { withApproval } from './approval-view.ts';
import { kioskOutbound } from './kiosk.ts';
import { deliveryMessages as m } from './messages.ts';
import { DELIVERY_READ, deliveryResource } from './resource.ts';
import { type DeliveryInput, deliveryInput, deliveryUpdate } from './schema.ts';
import { applyOutbound, cancelDeliveries, deliveries, deliveryItems, updateDelivery } from './service.ts';

const PREFIX = '/api/warehouse/delivery';
const TAG = 'warehouse/delivery';

/**
 * `/api/warehouse/delivery`: list, page, detail, submit, remove, cancel (see document-routes.ts),
 * `save`, BladeX's "apply outbound": the same as submitting a new delivery, and the approval
 * setting. Back-office outbounds are not limited by warrants (the caller holds delivery_add) and
 * record the caller as operator; over the tenant's approval threshold they wait for its process
 * (approval.ts). A kiosk's are limited by warrants, for the person its outbound ticket names, and
 * never wait: the person stands at the cabinet, and the warrants are the approval given beforehand.
 */
export function registerDeliveryRoutes(app: FastifyInstance): void {
  const web = { source: 'web', checkWarrants: false } as const;
  /** A back-office outbound: waiting for approval when the tenant's setting says so, else posted now. */
  const saveOutbound = async (trx: AnyTrx, caller: Caller, input: DeliveryInput) =>
    (await requestApproval(trx, caller, input)) ?? applyOutbound(trx, caller, input, web);
  // Stored in the default language, as the warehouse's notices are.
  const withdrawn = translate(DEFAULT_LOCALE, m['warehouse.delivery.withdrawn']);
  registerDocumentRoutes(app, {
    prefix: PREFIX,
    tag: TAG,
    resource: deliveryResource,
    read: DELIVERY_READ,
    codes: { add: 'delivery_add', edit: 'delivery_edit', cancel: 'delivery_cancel' },
    input: deliveryInput,
    create: (trx, caller, body) => saveOutbound(trx, caller, deliveryInput.parse(body)),
    update: (trx, caller, id, body) => updateDelivery(trx, caller, id, body, deliveryUpdate.strip().parse(body)),
    cancel: (trx, caller, ids) => cancelDeliveries(trx, caller, ids, withdrawn),
    items: deliveryItems,
    detail: withApproval,
    // An approver reads the request they decide on (its lines, the stock now) without the delivery menu.
    alsoReadBy: {
      codes: WORK_MENUS,
      async check(trx, caller, record) {
        if (!record.processInstanceId) throw notFound();
        await assertInstanceVisible(trx, app.platform.permissions, caller, String(record.processInstanceId));
      },
    },
  });
  registerApprovalSettingRoutes(app, PREFIX, TAG);

  // A kiosk (its Kiosk-Key and an Outbound-Ticket, no staff token) may call it too: see kiosk.ts.
  app.withTypeProvider<ZodTypeProvider>().post(
    `${PREFIX}/save`,
    {
      config: {
        access: { permission: 'delivery_add', kiosk: true },
        audit: { title: 'apply outbound' },
        rateLimit: perKiosk(60),
      },
      schema: {
        tags: [TAG],
        summary: 'Applies an outbound: staff for a person, or a kiosk for the person its ticket names',
        body: updateOf(deliveryInput, ['deviceId', 'personId']),
        response: answers(recordSchema(deliveryResource), 400, 403, 404, 409),
      },
    },
    async (request, reply) => {
      if (request.ctx.kiosk) return reply.ok(await kioskOutbound(request));
      const caller = request.ctx.caller!;
      const input = deliveryInput.parse(request.body);
      const [record] = await request.inTenant(async (trx) => {
        const id = await saveOutbound(trx, caller, input);
        return deliveryResource.hooks!.decorate!(trx, caller, [(await deliveries.find(trx, caller, id))!]);
      });
      return reply.ok(
        record,
        record?.status === DELIVERY_STATUS.waiting ? m['warehouse.delivery.awaiting'] : undefined,
      );
    },
  );
}
