import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Row } from '../../../platform/crud/repository.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { optionalText } from '../../../platform/http/fields.ts';
import { giveBack, ticketOf } from '../face/ticket.ts';
import { deliveryResource } from './resource.ts';
import { deliveryInput } from './schema.ts';
import { applyOutbound, deliveries, deliveryItems } from './service.ts';

/** What the kiosk sends: the lines (and a purpose); the device and the person come from the ticket. */
export const kioskDeliveryInput = z.object({
  purpose: optionalText(255),
  remark: optionalText(255),
  items: deliveryInput.shape.items,
});

/**
 * The kiosk's outbound: uses up the request's ticket (one outbound per recognition), applies the
 * outbound for the ticket's person at the kiosk's device within their warrants, and answers the
 * receipt (the delivery with its lines). A refused outbound (warrant, stock) gives the ticket back
 * for the rest of its time, so the person may take less without looking at the camera again.
 */
export async function kioskOutbound(request: FastifyRequest): Promise<Row> {
  const input = kioskDeliveryInput.parse(request.body);
  const held = await ticketOf(request, { take: true });
  const caller = request.ctx.caller!;
  try {
    return await request.inTenant(async (trx) => {
      const id = await applyOutbound(
        trx,
        caller,
        { ...input, deviceId: held.deviceId, personId: held.personId },
        { source: 'kiosk', checkWarrants: true },
      );
      const [header] = await deliveryResource.hooks!.decorate!(trx, caller, [
        (await deliveries.find(trx, caller, id))!,
      ]);
      return { ...header, items: await deliveryItems(trx, caller, id) };
    });
  } catch (error) {
    if (error instanceof AppError && error.status === 400) await giveBack(request, held);
    throw error;
  }
}
