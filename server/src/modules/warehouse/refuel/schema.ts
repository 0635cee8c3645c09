import { z } from 'zod';
import { DOCUMENT_DATES, dateValue, dayValue } from '../../../platform/http/dates.ts';
import { nullish, optionalText } from '../../../platform/http/fields.ts';
import { idSchema } from '../../../platform/http/ids.ts';
import { optionalId, positiveQuantity, price } from '../inputs.ts';
import { warehouseMessages as w } from '../messages.ts';
import { refuelMessages as m } from './messages.ts';

const MAX_ITEMS = 1000;

export const refuelItemInput = z.object({
  materialCodeId: idSchema,
  quantity: positiveQuantity,
  /** Absent: the material's reference price. */
  unitPrice: nullish(price),
  batchNo: optionalText(64),
  expiryDate: nullish(dayValue(DOCUMENT_DATES)),
});

/** A refuel (inbound) as its form sends it: the header and its item lines. */
export const refuelInput = z.object({
  deviceId: z.union([z.string(), z.number()], { error: m['warehouse.refuel.deviceId.required'] }).pipe(idSchema),
  providerId: optionalId,
  // blank means now (null must not coerce to 1970)
  refuelTime: nullish(dateValue(DOCUMENT_DATES)),
  remark: optionalText(255),
  items: z
    .array(refuelItemInput, { error: w['warehouse.items.required'] })
    .min(1, { error: w['warehouse.items.required'] })
    .max(MAX_ITEMS),
});
export type RefuelInput = z.infer<typeof refuelInput>;

/** What a posted refuel may still change; anything else is refused (see service). */
export const refuelUpdate = z.object({
  providerId: optionalId,
  remark: optionalText(255),
});
