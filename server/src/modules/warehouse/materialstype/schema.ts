import { z } from 'zod';
import { optionalText, requiredText } from '../../../platform/http/fields.ts';
import { parentIdInput } from '../inputs.ts';
import { warehouseMessages as w } from '../messages.ts';

/** A material type as its form sends it. */
export const materialsTypeInput = z.object({
  parentId: parentIdInput,
  code: requiredText(w['warehouse.code.required'], 64),
  name: requiredText(w['warehouse.name.required'], 100),
  sort: z.coerce.number().int().min(0).max(999_999).optional(),
  remark: optionalText(255),
  status: z.coerce.number().int().min(0).max(1).optional(),
});
