import { z } from 'zod';
import { optionalText } from '../../../platform/http/fields.ts';
import { idSchema, isId } from '../../../platform/http/ids.ts';
import { optionalId, positiveQuantity } from '../inputs.ts';
import { warehouseMessages as w } from '../messages.ts';
import { deliveryMessages as m } from './messages.ts';

export const deliveryItemInput = z.object({ materialCodeId: idSchema, quantity: positiveQuantity });
export type DeliveryItemInput = z.infer<typeof deliveryItemInput>;

/** An outbound as its form (or the kiosk) sends it; unit prices are the stock's moving average. */
export const deliveryInput = z.object({
  deviceId: z.union([z.string(), z.number()], { error: m['warehouse.delivery.deviceId.required'] }).pipe(idSchema),
  // Who takes the materials is part of every outbound (the ledger, warrants and reports name them).
  personId: z
    .union([z.string(), z.number()], { error: w['warehouse.person.required'] })
    .transform((v) => String(v).trim())
    .refine(isId, { error: w['warehouse.person.required'] }),
  userId: optionalId,
  deptId: optionalId,
  purpose: optionalText(255),
  remark: optionalText(255),
  items: z
    .array(deliveryItemInput, { error: w['warehouse.items.required'] })
    .min(1, { error: w['warehouse.items.required'] })
    .max(500),
});
export type DeliveryInput = z.infer<typeof deliveryInput>;

/** What a posted delivery may still change. */
export const deliveryUpdate = z.object({ purpose: optionalText(255), remark: optionalText(255) });
