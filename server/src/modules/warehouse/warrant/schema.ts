import { z } from 'zod';
import { DOCUMENT_DATES, dateValue } from '../../../platform/http/dates.ts';
import { choice, nullish, optional, optionalText } from '../../../platform/http/fields.ts';
import { idSchema } from '../../../platform/http/ids.ts';
import { nonNegativeQuantity, optionalId } from '../inputs.ts';
import { warrantMessages as m } from './messages.ts';

/**
 * A warrant: who (a person) may take what (a material, or every material of a type subtree) where
 * (a device and the devices below it; none: everywhere), how much per day and month, and when.
 */
export const warrantInput = z.object({
  personId: z.union([z.string(), z.number()], { error: m['warehouse.warrant.personId.required'] }).pipe(idSchema),
  deviceId: optionalId,
  materialTypeId: optionalId,
  materialCodeId: optionalId,
  maxPerDay: nullish(nonNegativeQuantity),
  maxPerMonth: nullish(nonNegativeQuantity),
  validFrom: nullish(dateValue(DOCUMENT_DATES)),
  validTo: nullish(dateValue(DOCUMENT_DATES)),
  enabled: optional(choice(0, 1)),
  remark: optionalText(255),
});
