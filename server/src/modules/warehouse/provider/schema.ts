import { z } from 'zod';
import { choice, nullish, optional, optionalText, requiredText } from '../../../platform/http/fields.ts';
import { warehouseMessages as w } from '../messages.ts';

/** A provider (supplier) as its form sends it. */
export const providerInput = z.object({
  code: requiredText(w['warehouse.code.required'], 64),
  name: requiredText(w['warehouse.name.required'], 200),
  contactName: optionalText(64),
  phone: optionalText(32),
  email: nullish(z.email().max(128)),
  address: optionalText(255),
  taxNo: optionalText(64),
  bankName: optionalText(128),
  bankAccount: optionalText(64),
  remark: optionalText(255),
  status: optional(choice(0, 1)),
});
